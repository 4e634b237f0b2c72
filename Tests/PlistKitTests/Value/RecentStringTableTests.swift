import Testing
@testable import PlistKit

/// `RecentStringTable` and `ExactKey.Fingerprint`: strings told apart by their exact bytes,
/// whatever their storage, length or normalization.
@Suite struct RecentStringTableTests {
    /// Pairs that differ in one byte, in every length class of the fingerprint (one to three
    /// bytes, four to seven, eight to sixteen, longer, where only the middle differs), and
    /// keys equal up to normalization.
    static let distinctPairs: [(String, String)] = [
        ("a", "b"), ("ab", "ac"), ("abc", "abd"),
        ("abcd", "abce"), ("abcdefg", "abXdefg"),
        ("Track ID", "Track IE"), ("abcdefghijkl", "abcdeXghijkl"), ("sixteen bytes ok", "sixteen bytXs ok"),
        ("a long key built at run time", "a long key built Xt run time"),
        ("\u{E9}", "e\u{301}"), ("caf\u{E9}", "cafe\u{301}"),
    ]

    /// A table no text was stored in finds nothing (its slots are made by the first store),
    /// and finds what the first store put there.
    @Test func aNewTableFindsNothingUntilItsFirstStore() {
        var table = RecentStringTable(slotCount: 64)
        let lookup = table.lookup("Track ID")
        #expect(table.number(at: lookup, text: "Track ID") == nil)
        table.store(7, for: "Track ID", at: lookup)
        #expect(table.number(at: lookup, text: "Track ID") == 7)
        #expect(table.number(at: table.lookup("Name"), text: "Name") == nil)
    }

    @Test func fingerprintsOfEqualStringsAreEqualWhateverTheirStorage() {
        for (text, _) in Self.distinctPairs {
            let rebuilt = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(ExactKey.Fingerprint(text) == ExactKey.Fingerprint(rebuilt), "\(text)")
        }
    }

    @Test func fingerprintsTellShortStringsApart() {
        for (a, b) in Self.distinctPairs where max(a.utf8.count, b.utf8.count) <= ExactKey.Fingerprint.identifyingLength {
            #expect(ExactKey.Fingerprint(a) != ExactKey.Fingerprint(b), "\(a) / \(b)")
        }
    }

    @Test func tableAnswersOnlyTheStringItStored() {
        for (a, b) in Self.distinctPairs {
            var table = RecentStringTable(slotCount: 1)
            let lookupA = table.lookup(a)
            #expect(table.number(at: lookupA, text: a) == nil)
            table.store(7, for: a, at: lookupA)
            let rebuilt = String(decoding: Array(a.utf8), as: UTF8.self)
            #expect(table.number(at: table.lookup(rebuilt), text: rebuilt) == 7, "\(a)")
            // One slot: b lands where a is, and must not be taken for it.
            #expect(table.number(at: table.lookup(b), text: b) == nil, "\(a) / \(b)")
        }
    }

    @Test func emptyStringIsNotAnEmptySlot() {
        var table = RecentStringTable(slotCount: 4)
        let lookup = table.lookup("")
        #expect(table.number(at: lookup, text: "") == nil)
        table.store(3, for: "", at: lookup)
        #expect(table.number(at: table.lookup(""), text: "") == 3)
    }
}
