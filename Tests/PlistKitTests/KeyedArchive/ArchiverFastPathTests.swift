import Foundation
import Testing
@testable import PlistKit

/// What `KeyedArchiver`'s shortcuts (scalars uniqued in typed tables, binary bytes written
/// straight from the objects) do at their edges: a UID inside a tree, the value limit, a
/// shared subtree that expands past it, `$` keys. That they give what the general path gives
/// on random graphs is ``ShortcutEquivalenceTests/keyedArchiverShortcuts(batch:)``.
@Suite struct ArchiverFastPathTests {
    @Test func aUIDInATreeFailsWithTheSameKeyPath() throws {
        let errors = [true, false].map { fastPaths -> String in
            let archiver = KeyedArchiver()
            archiver.fastPaths.keyedArchiverShortcuts = fastPaths
            do {
                let tree: PlistValue = ["a": [PlistValue.string("x"), .uid(3)]]
                try archiver.encode(tree, forKey: "root")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(errors[0] == errors[1])
        #expect(errors[0].contains("UID (3)"))
    }

    /// The direct writer counts the tree's values as the writer's guard does: it writes at
    /// exactly the count and gives up one below.
    @Test(arguments: 0..<30)
    func valueLimitMatchesTheWritersCount(seed: Int) throws {
        var maker = ArchiveGraphs.GraphMaker(seed: UInt64(seed) &+ 5000)
        let archiver = KeyedArchiver()
        try archiver.encode(maker.record(depth: 0), forKey: "root")
        let count = try ExpandedSizeCounter.size(of: archiver.archiveValue, valueLimit: .max).get().count
        #expect(archiver.directBinaryData(valueLimit: count) == (try archiver.archiveValue.encoded(as: .binary)))
        #expect(archiver.directBinaryData(valueLimit: count - 1) == nil)
    }

    /// A shared subtree that expands to 2⁴⁰ values, set at the top: refused at once with the
    /// writer's own error, not expanded.
    @Test func aReferenceBombIsRefusedAsTheWriterRefusesIt() throws {
        var bomb: PlistValue = .array([1, 2])
        for _ in 0..<40 { bomb = .array([bomb, bomb]) }
        let errors = [true, false].map { fastPaths -> String in
            let archiver = KeyedArchiver()
            archiver.fastPaths.keyedArchiverShortcuts = fastPaths
            archiver.setField(bomb, forKey: "bomb")
            do {
                _ = try archiver.encodedData()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(errors[0] == errors[1])
        #expect(errors[0].contains("maximumValueCount"))
    }

    /// The escaping test looks at the first byte before asking `hasPrefix`: the same answer
    /// as `hasPrefix("$")` alone, for keys whose first character is or is not a lone `$`.
    @Test(arguments: ["", "$", "$$", "$class", "$\u{301}", "$\u{301}x", "a$", "\u{FE69}x", "\u{FF04}x", "é", "title", "$日記"])
    func escapingMatchesHasPrefix(key: String) {
        #expect(KeyedArchiver.escaped(key) == (key.hasPrefix("$") ? "$" + key : key))
    }
}
