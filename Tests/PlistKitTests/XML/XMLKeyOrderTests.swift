import Foundation
import Testing
@testable import PlistKit

/// The XML emitter's key-order cache: sort prefixes (`keyOrderPrefix`) that order keys as
/// `keyPrecedes` does,
/// sorted orders and key lines reused only for exactly the same key lists, and repeated keys
/// found.
@Suite struct XMLKeyOrderTests {
    /// Keys built from pieces that meet every rule of the order: shared prefixes longer and
    /// shorter than eight bytes, NUL (which ties with a shorter key's padding), lead bytes
    /// 0xEE/0xEF (U+E000–U+FFFF) against 0xF0–0xF4 (astral, surrogates in UTF-16), and
    /// two- and three-byte sequences.
    private static func randomKey(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "ab", "abcdefgh", "abcdefg", "\u{0}", "z", "\u{E000}", "\u{FFFD}", "\u{10000}", "😀", "é", "\u{7FF}", "\u{D7FF}", "1", "10", "9"]
        return (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func sortPrefixesOrderKeysAsKeyPrecedes() {
        var random = SeededRandom(seed: 0x50F7)
        var decided = 0
        for _ in 0..<20_000 {
            let a = Self.randomKey(&random), b = Self.randomKey(&random)
            let p = PlistDictionary.keyOrderPrefix(a), q = PlistDictionary.keyOrderPrefix(b)
            if p != q {
                // Differing prefixes decide the order by themselves.
                #expect((p < q) == PlistDictionary.keyPrecedes(a, b), "\(Array(a.utf8)) vs \(Array(b.utf8))")
                decided += 1
            } else {
                // Equal prefixes: the keys agree in their first eight bytes (or differ only
                // by NULs against padding), so nothing there orders them.
                let padded = { (key: String) in Array(key.utf8.prefix(8)) + repeatElement(0, count: max(0, 8 - key.utf8.count)) }
                #expect(padded(a) == padded(b))
            }
        }
        #expect(decided > 10_000)
    }

    /// Whole key lists sorted through the emitter (prefixes, then keys) as `keyPrecedes`
    /// sorts them; repeated keys are found; a list met again at once is answered from the
    /// cache with the same order and its key lines, across more lists than the cache keeps.
    @Test func keyOrdersMatchAFullSortAndFindRepeatedKeys() throws {
        var random = SeededRandom(seed: 0xC0DE)
        var emitter = XMLPlistWriter.Emitter(sortsKeys: true, realStyle: .shortest)
        // Lists of up to 30 keys and a few of hundreds and thousands, whose positions take
        // more of each key's sort integer.
        var lists: [[String]] = (0..<24).map { _ in (0..<Int(random.next() % 30)).map { _ in Self.randomKey(&random) } }
        lists += [300, 2_000, 20_000].map { count in (0..<count).map { _ in Self.randomKey(&random) } }
        for round in 0..<3 {
            for keys in lists {
                let first = emitter.keyOrder(of: keys)
                let order = emitter.keyOrder(of: keys)
                let expected = keys.indices.sorted { PlistDictionary.keyPrecedes(keys[$0], keys[$1]) }
                #expect(order.sorted.map { keys[$0] } == expected.map { keys[$0] }, "round \(round)")
                #expect(first.sorted == order.sorted)
                // Equal keys keep their stored order.
                for (a, b) in zip(order.sorted, order.sorted.dropFirst()) where keys[a] == keys[b] && Array(keys[a].utf8) == Array(keys[b].utf8) {
                    #expect(a < b)
                }
                #expect(order.hasRepeatedKey == (Set(keys.map { Array($0.utf8) }).count != keys.count))
                // Each key's line is its element (none of these needs escaping); a NUL, which
                // XML cannot hold, leaves the list without lines.
                guard !keys.contains(where: { $0.utf8.contains(0) }) else {
                    #expect(order.lines.isEmpty && order.lineStarts.isEmpty)
                    continue
                }
                #expect(order.lineStarts.count == keys.count + 1)
                for (index, key) in keys.enumerated() {
                    let line = Array(order.lines[order.lineStarts[index] ..< order.lineStarts[index + 1]])
                    #expect(line == Array("<key>\(key)</key>\n".utf8))
                }
            }
        }
        // Nothing the cache made was left in the output.
        #expect(emitter.out.count == 0)
        // A key XML cannot hold: no lines, so it is escaped (and refused) where it is written.
        _ = emitter.keyOrder(of: ["fine", "bad\u{1}"])
        let order = emitter.keyOrder(of: ["fine", "bad\u{1}"])
        #expect(order.lines.isEmpty && order.lineStarts.isEmpty)
        #expect(throws: XMLPlistWriter.Unrepresentable.self) { try emitter.emitKey(1, of: order, depth: 1) }
        _ = emitter.out.removeBytes(from: 0)  // what was written before the refusal; the writer drops it
        try emitter.emitKey(0, of: order, depth: 1)
        #expect(emitter.out.removeBytes(from: 0) == Array("\t<key>fine</key>\n".utf8))
    }
}
