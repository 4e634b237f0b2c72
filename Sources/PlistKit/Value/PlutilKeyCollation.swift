/// The order in which `plutil -convert json -r` (Foundation's `JSONSerialization` with
/// `.sortedKeys`) sorts dictionary keys, for keys of printable ASCII.
///
/// Foundation sorts JSON keys with a localized, numeric, case-insensitive comparison (ICU
/// collation), not CoreFoundation's code-unit order. For printable ASCII it comes down to
/// these rules, derived from and checked against `JSONSerialization` on this platform
/// (`JSONRoundTripTests.sortsKeysAsJSONSerialization`):
///
/// 1. Compare element by element, where a run of digits is one element (a number) and every
///    other character is one: punctuation and space first, in the order of ``punctuation``,
///    then numbers by value (any length), then letters without regard to case; a string that
///    runs out first sorts first.
/// 2. If still equal, compare element by element again: a lowercase letter before its
///    uppercase form, a number with fewer leading zeros before one with more
///    (`a1` < `a01` < `A1`).
///
/// A dictionary with any key outside printable ASCII is sorted in CoreFoundation's order
/// instead (``PlistDictionary/sortedByKey()``): PlistKit does not reproduce ICU's
/// collation of the rest of Unicode, and mixing the two orders in one sort would not be a
/// consistent order.
enum PlutilKeyCollation {
    /// Space and ASCII punctuation in ICU's root collation order.
    static let punctuation: [UInt8] = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)

    private static let punctuationRank: [Int16] = {
        var ranks = [Int16](repeating: -1, count: 128)
        for (rank, byte) in punctuation.enumerated() { ranks[Int(byte)] = Int16(rank) }
        return ranks
    }()

    /// Whether every key is printable ASCII, the keys this collation covers.
    static func covers(_ keys: [String]) -> Bool {
        keys.allSatisfy { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }

    /// The dictionary in plutil's order (or CoreFoundation's, see above).
    ///
    /// Complexity: O(n log n · k) for n keys of length k.
    static func sorted(_ dictionary: PlistDictionary) -> PlistDictionary {
        guard covers(dictionary.keys) else { return dictionary.sortedByKey() }
        let keys = dictionary.keys.map { Array($0.utf8) }
        let order = keys.indices.sorted { precedes(keys[$0], keys[$1]) }
        var result = PlistDictionary(minimumCapacity: dictionary.count)
        for i in order { result[dictionary.keys[i]] = dictionary.values[i] }
        return result
    }

    /// Whether `keys` are already in the order ``sorted(_:)`` gives.
    static func isSorted(_ keys: [String]) -> Bool {
        guard covers(keys) else {
            return zip(keys, keys.dropFirst()).allSatisfy { !PlistDictionary.keyPrecedes($1, $0) }
        }
        let bytes = keys.map { Array($0.utf8) }
        return zip(bytes, bytes.dropFirst()).allSatisfy { !precedes($1, $0) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// One element: a number (its digits without leading zeros, and how many zeros led), or a
    /// character.
    private enum Element {
        case number(significant: ArraySlice<UInt8>, zeros: Int)
        case character(UInt8)
    }

    private static func elements(_ key: [UInt8]) -> [Element] {
        var result: [Element] = []
        var i = 0
        while i < key.count {
            if isDigit(key[i]) {
                let start = i
                while i < key.count, isDigit(key[i]) { i += 1 }
                var first = start
                while first < i - 1, key[first] == 0x30 { first += 1 }
                // "0" is the number zero with one leading zero; "00" has two.
                let significant = key[first] == 0x30 ? key[i..<i] : key[first..<i]
                result.append(.number(significant: significant, zeros: i - start - significant.count))
            } else {
                result.append(.character(key[i]))
                i += 1
            }
        }
        return result
    }

    /// The primary weight class and value of an element: punctuation, then numbers, then
    /// letters.
    private static func primaryOrder(_ a: Element, _ b: Element) -> Int {
        switch (a, b) {
        case let (.number(x, _), .number(y, _)):
            if x.count != y.count { return x.count < y.count ? -1 : 1 }
            for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
            return 0
        case let (.character(x), .character(y)):
            let (cx, cy) = (characterClass(x), characterClass(y))
            if cx != cy { return cx < cy ? -1 : 1 }
            let (wx, wy) = cx == 0 ? (Int(punctuationRank[Int(x)]), Int(punctuationRank[Int(y)])) : (Int(x | 0x20), Int(y | 0x20))
            return wx == wy ? 0 : (wx < wy ? -1 : 1)
        case let (.number, .character(y)):
            return characterClass(y) == 0 ? 1 : -1
        case let (.character(x), .number):
            return characterClass(x) == 0 ? -1 : 1
        }
    }

    /// 0 for space and punctuation, 2 for letters (numbers are class 1).
    private static func characterClass(_ byte: UInt8) -> Int { isLetter(byte) ? 2 : 0 }

    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let x = elements(a), y = elements(b)
        for (p, q) in zip(x, y) {
            let order = primaryOrder(p, q)
            if order != 0 { return order < 0 }
        }
        if x.count != y.count { return x.count < y.count }
        for (p, q) in zip(x, y) {
            switch (p, q) {
            case let (.character(c), .character(d)) where c != d:
                return c > d  // same letter, different case: lowercase (the larger byte) first
            case let (.number(_, m), .number(_, n)) where m != n:
                return m < n
            default:
                continue
            }
        }
        return false
    }
}
