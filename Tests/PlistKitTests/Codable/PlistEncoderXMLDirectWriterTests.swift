import Foundation
import Testing
@testable import PlistKit

/// `PlistEncoder` writing XML straight from its tree (`PlistEncodingXMLWriter`) against the
/// general path, which finishes the tree into a `PlistValue`, counts it, checks it for losses
/// and hands it to `XMLPlistWriter`: the same bytes for every tree and option, and the same
/// errors (the direct writer hands what it cannot write to the general path).
@Suite struct PlistEncoderXMLDirectWriterTests {
    typealias Replay = PlistEncoderDirectWriterTests.Replay

    private static func compare(_ value: some Encodable, _ encoder: PlistEncoder) throws {
        try PlistEncoderDirectWriterTests.compare(value, encoder)
    }

    /// An XML encoder with the given key order and real style.
    private static func encoder(
        _ keyOrder: PlistWritingOptions.KeyOrder = .formatDefault, realStyle: PlistWritingOptions.XMLRealStyle = .shortest
    ) -> PlistEncoder {
        var encoder = PlistEncoder(outputFormat: .xml)
        encoder.keyOrder = keyOrder
        encoder.writingOptions.xmlRealStyle = realStyle
        return encoder
    }

    /// Whether the direct writer writes `value`'s tree itself with `encoder`'s options (rather
    /// than handing it to the general path).
    private static func writesDirectly(_ value: some Encodable, _ encoder: PlistEncoder) throws -> Bool {
        guard let node = try PlistEncodingState(options: encoder).encodeTopLevel(value) else { return false }
        return PlistEncodingXMLWriter.write(node, options: encoder.writingOptions) != nil
    }

    /// What `encode` returns, as text, or its error, described.
    private static func outcome(_ encode: () throws -> Data) -> String {
        do { return "bytes: " + String(decoding: try encode(), as: UTF8.self) } catch { return "error: \(error)" }
    }

    private static let keyOrders: [PlistWritingOptions.KeyOrder] = [.formatDefault, .preserved, .sorted]

    /// Random trees of every kind of value (repeated keys, super encoders, nested containers
    /// included), in every key order and real style; a third of them with control characters
    /// XML cannot hold, which both paths must refuse with the same error.
    @Test(arguments: 0..<4)
    func randomTreesWriteTheSameBytes(batch: UInt64) throws {
        var direct = 0
        for seed in (batch * 120)..<(batch * 120 + 120) {
            var configuration = RandomPlistGenerator.Configuration()
            configuration.maximumDepth = 5
            configuration.allowsControlCharacters = seed % 3 == 0
            var generator = RandomPlistGenerator(seed: seed, configuration: configuration)
            let value = Replay(value: generator.makeTree(), style: Int(seed % 11))
            let encoder = Self.encoder(Self.keyOrders[Int(seed % 3)], realStyle: seed % 4 == 1 ? .seventeenDigits : .shortest)
            try Self.compare(value, encoder)
            if try Self.writesDirectly(value, encoder) { direct += 1 }
        }
        // Most trees are written directly (not all: repeated keys, control characters), so
        // the comparison above is about the direct writer's bytes.
        #expect(direct > 40)
    }

    /// The library-like shape the benchmark writes: many records whose key lists (with and
    /// without optional keys: more lists than the emitter keeps sorted orders for) repeat,
    /// in a dictionary past the size a finished dictionary indexes; a key encoded twice in a
    /// small and a large dictionary.
    @Test func recordsWithRepeatedKeyLists() throws {
        struct Track: Encodable {
            var id: Int, name: String, genre: String, added: Date, gain: Double
            var loved: Bool?, digest: Data?, rating: Int?, album: String?, comment: String?
        }
        let genres = ["Rock", "Jazz", "Électro", "Kraut 🎸", "R&B <live>"]
        let tracks = (0..<700).map { i in
            Track(id: i, name: "Track \(i % 250)", genre: genres[i % 5], added: Date(timeIntervalSinceReferenceDate: Double(i * 86_399 % 99_991) - 40_000.5),
                  gain: Double(i % 7) / 3 - 1, loved: i % 3 == 0 ? nil : i % 2 == 0,
                  digest: i % 4 == 0 ? nil : Data([UInt8(i % 7), 1, 2]), rating: i % 5 == 0 ? nil : i % 100,
                  album: i % 7 == 0 ? nil : "Album \(i % 13)", comment: i % 11 == 0 ? nil : "")
        }
        let library = Dictionary(uniqueKeysWithValues: tracks.map { (String($0.id), $0) })
        for keyOrder in Self.keyOrders {
            try Self.compare(library, Self.encoder(keyOrder))
            try Self.compare(tracks, Self.encoder(keyOrder, realStyle: .seventeenDigits))
        }
        #expect(try Self.writesDirectly(library, Self.encoder()))
        struct Wide: Encodable {
            var count: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: PlistCodingKey.self)
                for i in 0..<count { try container.encode(i, forKey: PlistCodingKey(stringValue: "k\(i % (count - 1))")) }
            }
        }
        for keyOrder in Self.keyOrders {
            try Self.compare(Wide(count: 40), Self.encoder(keyOrder))
            try Self.compare([Wide(count: 3), Wide(count: 100), Wide(count: 3)], Self.encoder(keyOrder))
            #expect(try !Self.writesDirectly(Wide(count: 3), Self.encoder(keyOrder)))
        }
    }

    /// 12 values (a dictionary, its 3 keys, an integer, an array of two strings and a
    /// one-key dictionary, data), 3 levels deep.
    struct Sample: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(1, forKey: PlistCodingKey(stringValue: "b"))
            var array = container.nestedUnkeyedContainer(forKey: PlistCodingKey(stringValue: "a"))
            try array.encode("x")
            try array.encode("y")
            var inner = array.nestedContainer(keyedBy: PlistCodingKey.self)
            try inner.encode(true, forKey: PlistCodingKey(stringValue: "z"))
            try container.encode(Data([1]), forKey: PlistCodingKey(stringValue: "c"))
        }
    }

    /// Value-count and depth limits around the tree's own size and depth, strict writing
    /// with and without losses, and top-level scalars: the same bytes or the same error.
    @Test func limitsAndStrictWritingBehaveAsTheGeneralPath() throws {
        let value = Sample()
        for limit in [0, 1, 4, 11, 12, 13, 100] {
            var limited = Self.encoder()
            limited.writingOptions.maximumValueCount = limit
            try Self.compare(value, limited)
            #expect(try Self.writesDirectly(value, limited) == (limit >= 12))
        }
        for depth in [-1, 0, 1, 2, 3, 4] {
            var limited = Self.encoder()
            limited.writingOptions.maximumDepth = depth
            try Self.compare(value, limited)
            try Self.compare("scalar root", limited)
            #expect(try Self.writesDirectly(value, limited) == (depth >= 3))
            #expect(try Self.writesDirectly(42, limited) == (depth >= 0))
        }
        // Strict writing: sorted keys that were not in order, a fraction of a second, and a
        // tree that loses nothing.
        let fraction = Replay(value: ["a": .date(Date(timeIntervalSinceReferenceDate: 0.5))], style: 3)
        let whole = Replay(value: ["a": .date(Date(timeIntervalSinceReferenceDate: 7)), "b": [1, 2]], style: 3)
        for keyOrder in Self.keyOrders {
            var strict = Self.encoder(keyOrder)
            strict.writingOptions.isStrict = true
            try Self.compare(value, strict)
            try Self.compare(fraction, strict)
            try Self.compare(whole, strict)
            // Outside strict writing the losses are warnings, which encode drops.
            try Self.compare(fraction, Self.encoder(keyOrder))
            #expect(try Self.writesDirectly(fraction, Self.encoder(keyOrder)))
            #expect(try !Self.writesDirectly(whole, strict))
        }
        try Self.compare(UInt128.max, Self.encoder())
        try Self.compare(-0.0, Self.encoder(realStyle: .seventeenDigits))
        try Self.compare([Double.nan, .infinity, -.infinity, 0.1, -0.0, 1e300], Self.encoder())
    }

    /// Strings, keys and dates XML cannot hold, alone and several in one tree (the error
    /// names the first in the general path's walking order, keys stored order, not sorted).
    @Test(arguments: ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "ok\u{0}", "\u{B}tail"])
    func unrepresentableStringsFailAsTheGeneralPath(bad: String) throws {
        let trees: [PlistValue] = [
            .string(bad),
            ["z": "fine", "b": .string(bad), "a": .string("x" + bad)],
            [["k" + bad: "v"], .string(bad)],
            ["m": ["n": [.string(bad)]], "a": [bad: 1]],
        ]
        for (offset, tree) in trees.enumerated() {
            for keyOrder in Self.keyOrders {
                try Self.compare(Replay(value: tree, style: offset), Self.encoder(keyOrder))
            }
        }
        #expect(try !Self.writesDirectly(Replay(value: trees[1], style: 0), Self.encoder()))
    }

    /// A value described without its contents: the errors compared quote the top-level value,
    /// and describing a `Date` that is not finite traps in Foundation.
    struct Opaque<Wrapped: Encodable>: Encodable, CustomStringConvertible, CustomDebugStringConvertible {
        var wrapped: Wrapped
        func encode(to encoder: any Encoder) throws { try wrapped.encode(to: encoder) }
        var description: String { "Opaque" }
        var debugDescription: String { "Opaque" }
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan, 9_007_199_254_740_994, -9_007_199_254_740_994, 1e300])
    func unwritableDatesFailAsTheGeneralPath(seconds: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        try Self.compare(Opaque(wrapped: date), Self.encoder())
        try Self.compare(Opaque(wrapped: ["later": date, "earlier": date]), Self.encoder())
        try Self.compare(Opaque(wrapped: ["b": Replay(value: ["\u{2}": 1], style: 3), "a": Replay(value: .date(date), style: 3)]), Self.encoder())
        // Dates at the edge of what XML writes, and before year 1.
        let edges = [9_007_199_254_740_992, -9_007_199_254_740_992, -63_114_076_800.5, 0.999].map {
            Date(timeIntervalSinceReferenceDate: $0)
        }
        try Self.compare(edges, Self.encoder())
        #expect(try Self.writesDirectly(edges, Self.encoder()))
    }

    /// Arrays nested `depth` deep by nested containers (no recursion in the encoder), the
    /// innermost holding a dictionary.
    struct Nest: Encodable {
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for level in 1..<depth {
                try container.encode(level)
                container = container.nestedUnkeyedContainer()
            }
            var innermost = container.nestedContainer(keyedBy: PlistCodingKey.self)
            try innermost.encode(depth, forKey: PlistCodingKey(stringValue: "depth"))
        }
    }

    /// Nesting around the writer's depth limit, raised and not: both writers recurse, within
    /// the limit checked before they start (the general path) or at each container (the
    /// direct writer). Run on a thread with a large stack, as a caller raising the limit must.
    @Test func deepNestingBehavesAsTheGeneralPath() throws {
        let cases = [(511, 512), (512, 512), (513, 512), (3_000, 2_999), (3_000, 3_000), (3_000, 3_001)]
        // Issues are recorded on the test's own thread, from what the worker returns.
        let result = LargeStack.result {
            try cases.map { depth, limit in
                var encoder = Self.encoder()
                encoder.maximumDepth = 10_000
                encoder.writingOptions.maximumDepth = limit
                var general = encoder
                general.fastPaths.encoderWritesFromItsTree = false
                return (
                    direct: Self.outcome { try encoder.encode(Nest(depth: depth)) },
                    general: Self.outcome { try general.encode(Nest(depth: depth)) },
                    writesDirectly: try Self.writesDirectly(Nest(depth: depth), encoder))
            }
        }
        for ((depth, limit), found) in zip(cases, try result.get()) {
            #expect(found.direct == found.general, "\(depth) deep, limit \(limit)")
            #expect(found.writesDirectly == (depth + 1 <= limit), "\(depth) deep, limit \(limit)")
            #expect(found.direct.hasPrefix("bytes") == (depth + 1 <= limit))
        }
    }

    struct LargeTrack: Encodable {
        var name: String
        var size: Int
        var gain: Double
    }

    struct LargeLibrary: Encodable {
        var tracks: [String: LargeTrack]
        var list: [[Int]]
        var name: String
    }

    /// Large containers write the same bytes as the general path in every key order, and
    /// are refused (for the general path to report) when a late entry holds what XML cannot
    /// (a control character) or when the tree passes the value limit by one.
    @Test func largeContainersWriteTheSame() throws {
        var random = SeededRandom(seed: 0x5B117)
        var tracks: [String: LargeTrack] = [:]
        for index in 0..<5_000 {
            tracks["track \(Int.random(in: 0..<1_000_000, using: &random))"] = LargeTrack(name: "é \(index)", size: index, gain: Double(index) / 7)
        }
        let library = LargeLibrary(tracks: tracks, list: (0..<3_000).map { [$0, 1] }, name: "library")
        var damaged = library
        damaged.tracks["zzz last"] = LargeTrack(name: "control \u{1} character", size: 0, gain: 0)
        for (label, value, writable) in [("library", library, true), ("control character late in the tree", damaged, false)] {
            for keyOrder in Self.keyOrders {
                let encoder = Self.encoder(keyOrder)
                try Self.compare(value, encoder)
                let node = try #require(try PlistEncodingState(options: encoder).encodeTopLevel(value))
                #expect((PlistEncodingXMLWriter.write(node, options: encoder.writingOptions) != nil) == writable, "\(label), \(keyOrder)")
            }
        }
        // The smallest value limit the tree is written under: one less refuses it.
        let encoder = Self.encoder()
        let node = try #require(try PlistEncodingState(options: encoder).encodeTopLevel(library))
        var options = encoder.writingOptions
        var low = 1, high = 1_000_000
        while low < high {
            options.maximumValueCount = (low + high) / 2
            if PlistEncodingXMLWriter.write(node, options: options) == nil { low = options.maximumValueCount + 1 } else { high = options.maximumValueCount }
        }
        #expect(low > 40_000)
        for limit in [100, low / 2, low - 1, low] {
            options.maximumValueCount = limit
            #expect((PlistEncodingXMLWriter.write(node, options: options) != nil) == (limit == low), "limit \(limit)")
        }
    }

    /// Keeps a container of a value's encoder after its `encode(to:)` returned.
    final class Stash: @unchecked Sendable {
        var container: KeyedEncodingContainer<PlistCodingKey>?
    }

    /// A track that keeps its container when it has a stash.
    struct KeepingTrack: Encodable {
        var name: String
        var stash: Stash?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(name, forKey: PlistCodingKey(stringValue: "name"))
            if let stash { stash.container = container }
        }
    }

    /// A library that writes into a kept container once its tracks are encoded.
    struct LateWriter: Encodable {
        var tracks: [String: KeepingTrack]
        var stash: Stash

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(tracks, forKey: PlistCodingKey(stringValue: "tracks"))
            try stash.container?.encode("written late", forKey: PlistCodingKey(stringValue: "late"))
        }
    }

    /// A container that outlives its value's `encode(to:)` still writes into the document, in
    /// a large dictionary as in a small one.
    @Test func aKeptContainerWritesIntoTheDocument() throws {
        let stash = Stash()
        var tracks: [String: KeepingTrack] = [:]
        for index in 0..<3_000 { tracks["t\(index)"] = KeepingTrack(name: "n\(index)", stash: index == 1_500 ? stash : nil) }
        let value = LateWriter(tracks: tracks, stash: stash)
        try Self.compare(value, Self.encoder())
        let text = String(decoding: try Self.encoder().encode(value), as: UTF8.self)
        #expect(text.contains("written late"))
    }

    /// A library that opens its tracks dictionary again after encoding it, and adds to it or
    /// to one of its values.
    struct ReopeningLibrary: Encodable {
        var tracks: [String: LargeTrack]
        var addsToTrack: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            let key = PlistCodingKey(stringValue: "tracks")
            try container.encode(tracks, forKey: key)
            var reopened = container.nestedContainer(keyedBy: PlistCodingKey.self, forKey: key)
            if addsToTrack, let first = tracks.keys.sorted().first {
                var track = reopened.nestedContainer(keyedBy: PlistCodingKey.self, forKey: PlistCodingKey(stringValue: first))
                try track.encode("added later", forKey: PlistCodingKey(stringValue: "note"))
            } else {
                try reopened.encode("added later", forKey: PlistCodingKey(stringValue: "extra"))
            }
        }
    }

    /// A dictionary reached again through its parent's nested container is written as it
    /// ends up.
    @Test(arguments: [false, true])
    func aDictionaryOpenedAgainIsWrittenAsItEndsUp(addsToTrack: Bool) throws {
        var tracks: [String: LargeTrack] = [:]
        for index in 0..<2_500 { tracks["t\(index)"] = LargeTrack(name: "n\(index)", size: index, gain: Double(index) / 7) }
        let value = ReopeningLibrary(tracks: tracks, addsToTrack: addsToTrack)
        try Self.compare(value, Self.encoder())
        let text = String(decoding: try Self.encoder().encode(value), as: UTF8.self)
        #expect(text.contains("added later"))
    }

    struct Failure: Error {}

    /// A track that fails to encode when `fails`.
    struct FailingTrack: Encodable {
        var name: String
        var fails: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(name, forKey: PlistCodingKey(stringValue: "name"))
            if fails { throw Failure() }
        }
    }

    /// A library that encodes its tracks, ignores their error and goes on.
    struct ForgivingLibrary: Encodable {
        var tracks: [String: FailingTrack]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try? container.encode(tracks, forKey: PlistCodingKey(stringValue: "tracks"))
            try container.encode("after", forKey: PlistCodingKey(stringValue: "after"))
        }
    }

    /// A value's error ends a dictionary's encoding part way: thrown as by the general path,
    /// or, when a type catches it, what was encoded is written as the general path writes it.
    @Test func aDictionaryWhoseEncodingFailedPartWay() throws {
        var tracks: [String: FailingTrack] = [:]
        for index in 0..<2_500 { tracks["t\(index)"] = FailingTrack(name: "n\(index)", fails: index == 1_234) }
        #expect(throws: Failure.self) { try Self.encoder().encode(["tracks": tracks]) }
        try Self.compare(["tracks": tracks], Self.encoder())
        try Self.compare(ForgivingLibrary(tracks: tracks), Self.encoder())
    }
}
