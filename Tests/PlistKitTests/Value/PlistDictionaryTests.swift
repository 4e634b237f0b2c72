import Testing
@testable import PlistKit

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

/// Dictionaries switch from scanning their keys to a hash index above a size; both sides of
/// the switch must behave the same.
@Suite struct PlistDictionaryIndexTests {
    @Test(arguments: [3, PlistDictionary.indexThreshold, PlistDictionary.indexThreshold + 1, 150])
    func lookupInsertAndRemoveAgreeAcrossSizes(count: Int) {
        var dictionary = PlistDictionary()
        for i in 0..<count { dictionary["key\(i)"] = .integer(PlistInteger(Int64(i))) }
        #expect(dictionary.count == count)
        for i in 0..<count { #expect(dictionary["key\(i)"] == .integer(PlistInteger(Int64(i)))) }
        dictionary["key0"] = "replaced"
        #expect(dictionary.keys.first == "key0")
        #expect(dictionary["key0"] == "replaced")
        #expect(dictionary.removeValue(forKey: "key1") == 1)
        #expect(dictionary["key1"] == nil)
        #expect(dictionary.count == count - 1)
        for i in 2..<count { #expect(dictionary.index(forKey: "key\(i)") == i - 1) }
        dictionary.insert("first", forKey: "new", at: 0)
        #expect(dictionary.keys.first == "new")
        for i in 2..<count { #expect(dictionary.index(forKey: "key\(i)") == i) }
    }

    @Test(arguments: [10, PlistDictionary.indexThreshold + 16])
    func equalityHoldsBetweenIndexedAndScannedForms(count: Int) {
        let pairs = (0..<count).map { ("k\($0)", PlistValue.integer(PlistInteger(Int64($0)))) }
        let forward = PlistDictionary(pairs)
        let padding = PlistDictionary.indexThreshold + 6
        var shrunk = PlistDictionary(pairs + [("extra", true)] + (0..<padding).map { ("pad\($0)", PlistValue.boolean(false)) })
        shrunk.removeValue(forKey: "extra")
        for i in 0..<padding { shrunk.removeValue(forKey: "pad\(i)") }
        #expect(forward == PlistDictionary(pairs.reversed()))
        #expect(forward == shrunk)
        #expect(forward.hashValue == shrunk.hashValue)
    }

    @Test(arguments: [5, PlistDictionary.indexThreshold + 26])
    func repeatedKeysKeepFirstPositionAndLastValue(count: Int) {
        var pairs = (0..<count).map { ("k\($0)", PlistValue.integer(PlistInteger(Int64($0)))) }
        pairs.append(("k0", "last"))
        let dictionary = PlistDictionary(pairs)
        #expect(dictionary.count == count)
        #expect(dictionary.keys.first == "k0")
        #expect(dictionary["k0"] == "last")
    }
}
