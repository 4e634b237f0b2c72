import Testing
import PlistKit

@Suite struct PlistDictionaryTests {
    @Test func keepsInsertionOrder() {
        var dictionary = PlistDictionary()
        for key in ["zeta", "alpha", "mid"] { dictionary[key] = .string(key) }
        #expect(dictionary.keys == ["zeta", "alpha", "mid"])
        #expect(dictionary.map(\.key) == ["zeta", "alpha", "mid"])
    }

    @Test func duplicateKeyKeepsFirstPositionAndLastValue() {
        let dictionary = PlistDictionary([("a", 1), ("b", 2), ("a", 3)])
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"] == 3)
        #expect(dictionary.count == 2)
    }

    @Test func removalKeepsLookupConsistent() {
        var dictionary: PlistDictionary = ["a": 1, "b": 2, "c": 3, "d": 4]
        #expect(dictionary.removeValue(forKey: "b") == 2)
        #expect(dictionary.removeValue(forKey: "b") == nil)
        #expect(dictionary.keys == ["a", "c", "d"])
        #expect(dictionary["c"] == 3)
        #expect(dictionary["d"] == 4)
        #expect(dictionary.index(forKey: "d") == 2)
        dictionary["c"] = nil
        #expect(dictionary.keys == ["a", "d"])
    }

    @Test func insertsAtAPosition() {
        var dictionary: PlistDictionary = ["a": 1, "c": 3]
        dictionary.insert(2, forKey: "b", at: 1)
        #expect(dictionary.keys == ["a", "b", "c"])
        #expect(dictionary["c"] == 3)
        dictionary.insert(9, forKey: "a", at: 2)
        #expect(dictionary.keys == ["a", "b", "c"])
        #expect(dictionary["a"] == 9)
    }

    @Test func equalityAndHashIgnoreOrder() {
        let one: PlistDictionary = ["a": 1, "b": [1, 2]]
        let other: PlistDictionary = ["b": [1, 2], "a": 1]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != ["a": 1, "b": [2, 1]])
        #expect(one != ["a": 1])
    }

    @Test func sortsByKey() {
        let dictionary: PlistDictionary = ["b": 1, "a": 2, "B": 3, "é": 4]
        #expect(dictionary.sortedByKey().keys == ["B", "a", "b", "é"])
    }
}

@Suite struct ExactStringTests {
    @Test func canonicallyEquivalentKeysStayApart() {
        var dictionary = PlistDictionary()
        dictionary["\u{E9}"] = 1
        dictionary["e\u{301}"] = 2
        #expect(dictionary.count == 2)
        #expect(dictionary["\u{E9}"] == 1)
        #expect(dictionary["e\u{301}"] == 2)
        #expect(dictionary.removeValue(forKey: "e\u{301}") == 2)
        #expect(dictionary.keys == ["\u{E9}"])
    }

    @Test func canonicallyEquivalentStringsAreDifferentValues() {
        #expect(PlistValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(PlistValue.string("\u{E9}") == .string("\u{E9}"))
        let nfc: PlistValue = ["k": "\u{E9}"], nfd: PlistValue = ["k": "e\u{301}"]
        #expect(nfc != nfd)
    }
}
