import Foundation
import Testing
@testable import PlistKit

/// The lazy view gives exactly what the eager reader gives, at every key path, on random trees
/// and on the real-world binaries of the corpus.
@Suite struct BinaryPlistViewTests {
    /// Every key path of `value`, root first, breadth-first, at most `limit` of them.
    static func paths(of value: PlistValue, limit: Int) -> [PlistKeyPath] {
        var result: [PlistKeyPath] = []
        var queue: [(PlistKeyPath, PlistValue)] = [(.root, value)]
        var head = 0
        while head < queue.count, result.count < limit {
            let (path, current) = queue[head]
            head += 1
            result.append(path)
            switch current {
            case .array(let elements):
                for (i, element) in elements.enumerated() { queue.append((path.appending(index: i), element)) }
            case .dictionary(let dictionary):
                for (key, element) in dictionary { queue.append((path.appending(key), element)) }
            default:
                break
            }
        }
        return result
    }

    /// Checks the view against the eager value at up to `limit` paths.
    static func expectViewMatches(_ view: BinaryPlistView, _ eager: PlistValue, limit: Int, _ context: String) throws {
        for path in paths(of: eager, limit: limit) {
            let expected = try eager.value(at: path)
            #expect(try view.value(at: path) == expected, "\(context) at '\(path)'")
            #expect(try view.kind(at: path) == expected.kind, "\(context) at '\(path)'")
            switch expected {
            case .array(let elements):
                let children = try view.children(at: path)
                #expect(children.map(\.kind) == elements.map(\.kind), "\(context) at '\(path)'")
                #expect(children.allSatisfy { $0.key == nil })
                #expect(try view.count(at: path) == elements.count)
            case .dictionary(let dictionary):
                #expect(try view.keys(at: path) == dictionary.keys, "\(context) at '\(path)'")
                let children = try view.children(at: path)
                #expect(children.map(\.key) == dictionary.keys.map(Optional.some))
                #expect(children.map(\.kind) == dictionary.values.map(\.kind))
            default:
                #expect(throws: PlistError.self) { try view.children(at: path) }
            }
        }
    }

    @Test func matchesTheEagerReaderOnRandomTrees() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 4
        configuration.maximumChildren = 5
        var generator = RandomPlistGenerator(seed: 0xB1_0003, configuration: configuration)
        for seed in 0..<1_000 {
            let tree = generator.makeTree()
            let bytes = try tree.encoded(as: .binary)
            let eager = try PlistValue(decoding: bytes, format: .binary)
            try Self.expectViewMatches(try BinaryPlistView(bytes: bytes), eager, limit: 200, "tree \(seed)")
        }
    }

    @Test func matchesTheEagerReaderOnCorpusBinaries() throws {
        var checked = 0
        for entry in CorpusEntry.entries(ofKinds: ["binary", "keyed-archive-binary"]) {
            let bytes = try entry.data()
            guard let eager = try? PlistValue(decoding: bytes, format: .binary) else { continue }
            // Fewer paths in the few large files: each lookup in a 50,000-key dictionary scans
            // its keys, which debug builds make slow; the small files cover every shape.
            let limit = bytes.count > 100_000 ? 12 : 300
            try Self.expectViewMatches(try BinaryPlistView(bytes: bytes), eager, limit: limit, entry.path)
            checked += 1
        }
        // The corpus may be absent; when present it holds well over 100 readable binaries.
        if Fixtures.corpus != nil { #expect(checked > 100) }
    }

    @Test func reportsMissingKeysAndWrongTypesAsValueLookupsDo() throws {
        let value: PlistValue = .dictionary(PlistDictionary([
            ("list", .array([.integer(1), .string("two")])), ("name", .string("x")),
        ]))
        let view = try BinaryPlistView(bytes: try value.encoded(as: .binary))
        for path: PlistKeyPath in ["missing", "list.2", "list.x", "list.-1", "name.inner", "list.1.deeper"] {
            var eagerError: PlistError?
            do { _ = try value.value(at: path) } catch let error as PlistError { eagerError = error }
            var viewError: PlistError?
            do { _ = try view.value(at: path) } catch let error as PlistError { viewError = error }
            #expect(viewError != nil)
            #expect(viewError == eagerError, "at '\(path)'")
        }
        #expect(throws: PlistError(.keyPathTypeMismatch, "Expected a dictionary, found array", at: .keyPath("list"))) {
            try view.keys(at: "list")
        }
    }

    @Test func resolvesDuplicateKeysToTheLastValueLikeTheEagerReader() throws {
        let builder = BinaryPlistBuilder([[0xD3, 1, 1, 4, 2, 3, 5], [0x51, 0x6B], [0x10, 1], [0x10, 2], [0x51, 0x6A], [0x10, 3]])
        let bytes = Data(builder.build())
        let view = try BinaryPlistView(bytes: bytes)
        let eager = try PlistValue(decoding: bytes, format: .binary)
        #expect(try view.value(at: "k") == .integer(2))
        #expect(try view.value(at: "k") == eager["k"])
        #expect(try view.keys(at: .root) == eager.dictionary?.keys)
    }

    @Test func rejectsCyclesAndDepthOnThePathAndBelowIt() throws {
        // [[<ref to 0>]]: object 1 holds the root.
        let cycle = try BinaryPlistView(bytes: Data(BinaryPlistBuilder([[0xA1, 1], [0xA1, 0]]).build()))
        #expect(throws: PlistError("Object 0 contains itself (a reference cycle)", code: .corruptData, index: 0, offset: 8)) {
            try cycle.value(at: "0")
        }
        #expect(throws: PlistError("Object 0 contains itself (a reference cycle)", code: .corruptData, index: 0, offset: 8)) {
            try cycle.value(at: "0.0")
        }
        let deep = try BinaryPlistView(bytes: Data(BinaryPlistMalformedTests.nested(600).build()))
        #expect(try deep.kind(at: "0.0.0") == .array)
        #expect { try deep.value(at: "0") } throws: { ($0 as? PlistError)?.code == .limitExceeded }
    }

    @Test func checksOffsetEntriesWhenItFollowsThem() throws {
        // [1, 2] where object 2's offset points into the header.
        let builder = BinaryPlistBuilder([[0xA2, 1, 2], [0x10, 1], [0x10, 2]])
        var bytes = builder.build()
        let entry = builder.offsetTableOffset + 2
        bytes[entry] = 3
        let expected = PlistError(.corruptData, "Object 2 has offset 3, inside the 8-byte header", at: .byteOffset(entry))
        #expect(throws: expected) { try PlistValue(decoding: Data(bytes), format: .binary) }
        let view = try BinaryPlistView(bytes: Data(bytes))
        #expect(try view.value(at: "0") == .integer(1))
        #expect(throws: expected) { try view.value(at: "1") }
        #expect(throws: expected) { try view.value(at: .root) }
    }

    @Test func readsMemoryMappedFiles() throws {
        let value: PlistValue = .dictionary(PlistDictionary([("a", .array([.string("é"), .data(Data([1, 2, 3]))]))]))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-view-\(UUID().uuidString).plist")
        try value.encoded(as: .binary).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let view = try BinaryPlistView(contentsOf: url)
        #expect(try view.value(at: .root) == value)
        #expect(try view.value(at: "a.0") == .string("é"))
        #expect(try view.children(at: "a").map(\.kind) == [.string, .data])
        #expect(try BinaryPlistView(contentsOfFile: url.path).value(at: "a.0") == .string("é"))
        let missing = url.appendingPathExtension("absent")
        #expect { try BinaryPlistView(contentsOf: missing) } throws: { ($0 as? PlistError)?.code == .invalidArgument }
        #expect { try BinaryPlistView(contentsOfFile: missing.path) } throws: { ($0 as? PlistError)?.code == .invalidArgument }
        #expect { try BinaryPlistView(contentsOf: FileManager.default.temporaryDirectory) } throws: {
            ($0 as? PlistError)?.code == .invalidArgument
        }
        #expect { try BinaryPlistView(contentsOf: URL(string: "https://example.com/a.plist")!) } throws: {
            ($0 as? PlistError)?.code == .invalidArgument
        }
        let empty = url.appendingPathExtension("empty")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect { try BinaryPlistView(contentsOf: empty) } throws: { ($0 as? PlistError)?.code == .corruptData }
    }
}

extension PlistError {
    /// An object-located error, for comparisons in tests.
    init(_ reason: String, code: Code, index: Int, offset: Int) {
        self.init(code, reason, at: .object(index: index, byteOffset: offset))
    }
}
