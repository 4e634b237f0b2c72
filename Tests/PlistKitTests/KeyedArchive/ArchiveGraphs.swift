import Foundation
import Testing
@testable import PlistKit

/// Random object graphs for `KeyedArchiver`, from a seed (the same seed builds the same
/// graph): shared objects, cycles, nested collections, custom classes, repeated and `$` keys
/// and every built-in type. ``ShortcutEquivalenceTests`` archives them with and without the
/// archiver's shortcuts.
enum ArchiveGraphs {
    /// A reference type, so graphs can share instances and form cycles.
    final class Shape: KeyedArchivable {
        static let archiveClassNames = ["Shape"]
        var name: String
        var next: Shape?
        var parts: [Shape] = []

        init(name: String) { self.name = name }

        init(from unarchiver: KeyedUnarchiver) throws {
            name = try unarchiver.decodeString(forKey: "name")
        }

        func encode(to archiver: KeyedArchiver) throws {
            try archiver.encode(name, forKey: "name")
            try archiver.encode(next, forKey: "next")
            if !parts.isEmpty { try archiver.encode(parts, forKey: "parts") }
        }
    }

    /// One field of a `Record`, of any kind the archiver takes.
    indirect enum Field {
        case string(String), optionalString(String?), integer(Int), integer64(Int64), real(Double)
        case boolean(Bool), bytes(Data), data(Data), date(Date), uuid(UUID), url(URL)
        case strings([String]), numbers([Int: Double]), set(Set<String>), ordered(ArchiveOrderedSet<String>)
        case range(ArchiveRange), point(ArchivePoint), null(ArchiveNull), tree(PlistValue)
        case generic(ArchiveGenericObject), shape(Shape?), shapes([Shape]), records([Record])
        case recordMap([String: Record])
        /// Calls `encodedData()` in the middle of archiving and keeps the bytes.
        case snapshot
    }

    /// A struct whose fields (keys, kinds, order, repeats) are drawn at random.
    struct Record: KeyedArchivable {
        static let archiveClassNames = ["Record", "Entry"]
        var className = "Record"
        var fields: [(key: String, value: Field)]
        var snapshots: SnapshotBox

        var archiveClassChain: [String] { className == "Record" ? ["Record", "NSObject"] : [className, "Record", "NSObject"] }

        init(from unarchiver: KeyedUnarchiver) throws { throw KeyedArchiveError(.invalidValue, "write-only") }

        init(className: String, fields: [(key: String, value: Field)], snapshots: SnapshotBox) {
            self.className = className
            self.fields = fields
            self.snapshots = snapshots
        }

        func encode(to archiver: KeyedArchiver) throws {
            for (key, value) in fields {
                switch value {
                case .string(let v): try archiver.encode(v, forKey: key)
                case .optionalString(let v): try archiver.encode(v, forKey: key)
                case .integer(let v): archiver.encode(v, forKey: key)
                case .integer64(let v): archiver.encode(v, forKey: key)
                case .real(let v): archiver.encode(v, forKey: key)
                case .boolean(let v): archiver.encode(v, forKey: key)
                case .bytes(let v): archiver.encodeBytes(v, forKey: key)
                case .data(let v): try archiver.encode(v, forKey: key)
                case .date(let v): try archiver.encode(v, forKey: key)
                case .uuid(let v): try archiver.encode(v, forKey: key)
                case .url(let v): try archiver.encode(v, forKey: key)
                case .strings(let v): try archiver.encode(v, forKey: key)
                case .numbers(let v): try archiver.encode(v, forKey: key)
                case .set(let v): try archiver.encode(v, forKey: key)
                case .ordered(let v): try archiver.encode(v, forKey: key)
                case .range(let v): try archiver.encode(v, forKey: key)
                case .point(let v): try archiver.encode(v, forKey: key)
                case .null(let v): try archiver.encode(v, forKey: key)
                case .tree(let v): try archiver.encode(v, forKey: key)
                case .generic(let v): try archiver.encode(v, forKey: key)
                case .shape(let v): try archiver.encode(v, forKey: key)
                case .shapes(let v): try archiver.encode(v, forKey: key)
                case .records(let v): try archiver.encodeArrayOfObjects(v, forKey: key)
                case .recordMap(let v): try archiver.encode(v, forKey: key)
                case .snapshot: snapshots.data.append(try archiver.encodedData())
                }
            }
        }
    }

    /// Collects the bytes of `encodedData()` calls made while archiving.
    final class SnapshotBox {
        var data: [Data] = []
    }

    /// Builds random graphs from a seed; the same seed builds the same graph.
    struct GraphMaker {
        var random: SeededRandom
        var shapes: [Shape] = []
        let snapshots = SnapshotBox()
        var trees: RandomPlistGenerator

        init(seed: UInt64) {
            random = SeededRandom(seed: seed)
            var configuration = RandomPlistGenerator.Configuration()
            configuration.includesUIDs = false
            configuration.maximumDepth = 3
            trees = RandomPlistGenerator(seed: seed ^ 0xA5A5, configuration: configuration)
            // A pool of instances wired into shared references and cycles (one may point at
            // itself).
            shapes = (0..<Int.random(in: 1...6, using: &random)).map { Shape(name: "shape \($0)") }
            for shape in shapes {
                if Bool.random(using: &random) { shape.next = shapes.randomElement(using: &random) }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    shape.parts = (0..<Int.random(in: 1...3, using: &random)).map { _ in shapes.randomElement(using: &random)! }
                }
            }
        }

        /// Strings that collide in interesting ways: equal to keys, class names and header
        /// strings, canonically equivalent but not identical, `$`-prefixed, long, astral.
        static let strings = [
            "", "title", "$class", "$null", "NSKeyedArchiver", "Record", "NSObject", "NS.objects", "é", "e\u{301}",
            "K", "\u{212A}", "日記", "café", "a string longer than fifteen bytes", "😀 astral", "$", "$$x", "root",
        ]
        static let keys = [
            "title", "count", "score", "tags", "clé", "e\u{301}", "é", "$odd", "$class", "$", "$\u{301}x", "NS.objects",
            "a key longer than fifteen bytes", "", "root",
        ]
        static let integers = [0, 1, -1, 255, 256, 65_535, 65_536, 100_000, Int.max, Int.min, 4_294_967_296]
        static let reals = [0.0, -0.0, .nan, .infinity, -.infinity, 1.5, 100_000, 255, 1e300, .leastNonzeroMagnitude]
        static let dates = [0.0, -0.0, .nan, 1e9, -1e9, 0.5].map { Date(timeIntervalSinceReferenceDate: $0) }

        mutating func string() -> String { Self.strings.randomElement(using: &random)! }
        mutating func key() -> String { Self.keys.randomElement(using: &random)! }

        mutating func record(depth: Int) -> Record {
            let count = Int.random(in: 0...7, using: &random)
            var fields: [(key: String, value: Field)] = []
            for _ in 0..<count { fields.append((key(), field(depth: depth))) }
            let className = ["Record", "Record", "Entry", "Note"].randomElement(using: &random)!
            return Record(className: className, fields: fields, snapshots: snapshots)
        }

        mutating func field(depth: Int) -> Field {
            let nested = depth < 3
            switch Int.random(in: 0..<(nested ? 26 : 22), using: &random) {
            case 0: return .string(string())
            case 1: return .optionalString(Bool.random(using: &random) ? nil : string())
            case 2: return .integer(Self.integers.randomElement(using: &random)!)
            case 3: return .integer64(Int64(Self.integers.randomElement(using: &random)!))
            case 4: return .real(Self.reals.randomElement(using: &random)!)
            case 5: return .boolean(Bool.random(using: &random))
            case 6: return .bytes(Data(string().utf8))
            case 7: return .data(Data((0..<Int.random(in: 0...20, using: &random)).map { UInt8($0 % 3) }))
            case 8: return .date(Self.dates.randomElement(using: &random)!)
            case 9: return .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, UInt8.random(in: 0...2, using: &random))))
            case 10: return .url(URL(string: "https://example.com/\(Int.random(in: 0...2, using: &random))")!)
            case 11: return .strings((0..<Int.random(in: 0...20, using: &random)).map { _ in string() })
            case 12:
                var map: [Int: Double] = [:]
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    map[Self.integers.randomElement(using: &random)!] = Self.reals.randomElement(using: &random)!
                }
                return .numbers(map)
            case 13: return .set(Set((0..<Int.random(in: 0...5, using: &random)).map { _ in string() }))
            case 14: return .ordered(ArchiveOrderedSet((0..<Int.random(in: 0...4, using: &random)).map { "item \($0)" }))
            case 15: return .range(ArchiveRange(location: Int.random(in: 0...3, using: &random), length: 2))
            case 16: return .point(ArchivePoint(x: Self.reals.randomElement(using: &random)!, y: 1))
            case 17: return .null(ArchiveNull())
            case 18: return .tree(trees.makeTree())
            case 19:
                var fields = PlistDictionary()
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    fields[key()] = [PlistValue.integer(7), .real(-0.0), .boolean(true), .string(string()), trees.makeTree()]
                        .randomElement(using: &random)!
                }
                return .generic(ArchiveGenericObject(className: ["Widget", "Record"].randomElement(using: &random)!, fields: fields))
            case 20: return .shape(Bool.random(using: &random) ? shapes.randomElement(using: &random) : nil)
            case 21: return Int.random(in: 0..<4, using: &random) == 0 ? .snapshot : .shapes(shapes.shuffled(using: &random))
            case 22, 23: return .records((0..<Int.random(in: 0...4, using: &random)).map { _ in record(depth: depth + 1) })
            default:
                var map: [String: Record] = [:]
                for _ in 0..<Int.random(in: 0...3, using: &random) { map[string()] = record(depth: depth + 1) }
                return .recordMap(map)
            }
        }
    }

    /// The graph of a seed: a few records and what else goes to the top level. Built once
    /// and archived both ways, since sets and dictionaries iterate in a per-instance order.
    struct Graph {
        var roots: [Record]
        var extraVersion: Bool
        var shape: Shape?
        var snapshots: SnapshotBox
        /// Values set in `$top` beside the objects, as the archiver's own conformances set fields.
        var scalars: [PlistValue] = []

        init(seed: UInt64) {
            var maker = GraphMaker(seed: seed)
            roots = (0..<Int.random(in: 1...3, using: &maker.random)).map { _ in maker.record(depth: 0) }
            extraVersion = Bool.random(using: &maker.random)
            shape = Bool.random(using: &maker.random) ? maker.shapes.first : nil
            snapshots = maker.snapshots
        }
    }

    /// Archives a graph with or without the shortcuts, returning the bytes (or the error) in
    /// `format`, the snapshots taken on the way and the archive's tree.
    static func archive(_ graph: Graph, fastPaths: Bool, format: PlistFormat = .binary, maximumDepth: Int = 512)
        -> (result: Result<Data, any Error>, snapshots: [Data], archiveValue: PlistValue) {
        graph.snapshots.data = []
        let archiver = KeyedArchiver()
        archiver.fastPaths.keyedArchiverShortcuts = fastPaths
        archiver.outputFormat = format
        archiver.maximumDepth = maximumDepth
        let result = Result<Data, any Error> {
            try archiver.encode(graph.roots, forKey: "root")
            if graph.extraVersion { archiver.encode(42, forKey: "$version") }
            try archiver.encode(graph.shape, forKey: "shape")
            for (i, value) in graph.scalars.enumerated() { archiver.setField(value, forKey: "value \(i)") }
            return try archiver.encodedData()
        }
        return (result, graph.snapshots.data, archiver.archiveValue)
    }

    static func describe(_ result: Result<Data, any Error>) -> String {
        switch result {
        case .success(let data): return "\(data.count) bytes"
        case .failure(let error): return "error: \(error)"
        }
    }

    /// 3,000 records: enough objects for two-byte UIDs, references and offsets.
    static func manyRecords() -> [Record] {
        (0..<3_000).map { index in
            Record(
                className: "Record",
                fields: [("title", .string("record \(index)")), ("n", .integer(index)), ("tags", .strings(["a", "\(index % 7)"]))],
                snapshots: SnapshotBox())
        }
    }

    /// A record of 30 fields (past the pairwise check for repeats), and keys repeated.
    static func manyFields(repeats: Bool) -> Record {
        var fields: [(key: String, value: Field)] = (0..<30).map { ("field \($0)", .integer($0)) }
        if repeats {
            fields.append(("field 3", .string("again")))
            fields.append(("field 29", .real(-0.0)))
        }
        return Record(className: "Record", fields: fields, snapshots: SnapshotBox())
    }

    /// Values of every scalar kind, and containers of them: UIDs past the objects in 1, 2 and
    /// 4 bytes, integers past `Int64.max`, NaN payloads, both zero dates, repeated data.
    static let edgeScalars: [PlistValue] = {
        let nan = Double(bitPattern: 0x7FF8_0000_0000_0001)
        return [
            .uid(0), .uid(255), .uid(256), .uid(70_000), .uid(UInt32.max), .uid(70_000),
            .integer(PlistInteger(UInt64.max)), .integer(PlistInteger(UInt64.max)), .integer(-1), .integer(70_000),
            .real(nan), .real(.nan), .real(-0.0), .real(0.0),
            .date(Date(timeIntervalSinceReferenceDate: -0.0)), .date(Date(timeIntervalSinceReferenceDate: 0)),
            .date(Date(timeIntervalSinceReferenceDate: .nan)), .data(Data([1, 2])), .data(Data([1, 2])), .data(Data()),
            .boolean(true), .boolean(false), .boolean(true), .string("root"), .string("$class"),
            .array([.uid(3), .integer(5), .array([.string("nested"), .uid(70_000)])]),
            .dictionary(["k": .uid(70_000), "$class": .real(nan), "nested": ["a": [1, 2]]]),
        ]
    }()
}
