import Foundation
import Testing
@testable import PlistKit

/// Which writer `PlistEncoder` takes: straight from its tree of containers
/// (`PlistEncodingBinaryWriter`, `PlistEncodingXMLWriter`) when it can write the tree under
/// the options, the general path (the finished `PlistValue` through the format's writer)
/// otherwise; and containers used in ways the direct writers must follow. That both paths
/// give the same bytes and errors is ``ShortcutEquivalenceTests/encoderWritingFromItsTree(batch:)``.
@Suite struct PlistEncoderDirectWriterTests {
    /// An XML encoder with the given key order.
    private static func encoder(_ keyOrder: PlistWritingOptions.KeyOrder = .formatDefault) -> PlistEncoder {
        var encoder = PlistEncoder(outputFormat: .xml)
        encoder.keyOrder = keyOrder
        return encoder
    }

    private static func writesDirectly(_ value: some Encodable, _ encoder: PlistEncoder) throws -> Bool {
        try ShortcutEquivalenceTests.writesDirectly(value, encoder)
    }

    private static let keyOrders: [PlistWritingOptions.KeyOrder] = [.formatDefault, .preserved, .sorted]

    /// The direct writer is the one taken by default for binary (its numbering is what the
    /// counts in Docs/Performance.md measure), and a repeated key leaves it for the general
    /// path, which resolves it.
    @Test func directWriterTakesWhatItCanWrite() throws {
        let options = PlistWritingOptions()
        var state = PlistEncodingState(options: PlistEncoder())
        let plain = try #require(try state.encodeTopLevel(["a": 1, "b": 2]))
        #expect(PlistEncodingBinaryWriter.write(plain, options: options) != nil)
        state = PlistEncodingState(options: PlistEncoder())
        let repeated = try #require(try state.encodeTopLevel(CodableReplay(value: ["a": 1, "b": 2], style: 1)))
        #expect(PlistEncodingBinaryWriter.write(repeated, options: options) == nil)
        var sorting = options
        sorting.keyOrder = .sorted
        #expect(PlistEncodingBinaryWriter.write(plain, options: sorting) == nil)
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

    /// The XML writer writes a tree within the value-count and depth limits and strict
    /// writing's rules itself, and hands the rest to the general path, which reports it.
    @Test func theXMLWriterTakesWhatItCanWrite() throws {
        for limit in [0, 1, 4, 11, 12, 13, 100] {
            var limited = Self.encoder()
            limited.writingOptions.maximumValueCount = limit
            #expect(try Self.writesDirectly(Sample(), limited) == (limit >= 12))
        }
        for depth in [-1, 0, 1, 2, 3, 4] {
            var limited = Self.encoder()
            limited.writingOptions.maximumDepth = depth
            #expect(try Self.writesDirectly(Sample(), limited) == (depth >= 3))
            #expect(try Self.writesDirectly(42, limited) == (depth >= 0))
        }
        // Strict writing: a fraction of a second is a loss the general path reports; outside
        // strict writing the losses are warnings, which encode drops.
        let fraction = CodableReplay(value: ["a": .date(Date(timeIntervalSinceReferenceDate: 0.5))], style: 3)
        let whole = CodableReplay(value: ["a": .date(Date(timeIntervalSinceReferenceDate: 7)), "b": [1, 2]], style: 3)
        for keyOrder in Self.keyOrders {
            var strict = Self.encoder(keyOrder)
            strict.writingOptions.isStrict = true
            #expect(try Self.writesDirectly(fraction, Self.encoder(keyOrder)))
            #expect(try !Self.writesDirectly(whole, strict))
        }
        // A key encoded twice, and a character XML cannot hold, go to the general path.
        #expect(try !Self.writesDirectly(CodableReplay(value: ["a": 1, "b": 2], style: 1), Self.encoder()))
        #expect(try !Self.writesDirectly(CodableReplay(value: ["z": "fine", "b": "\u{1}"], style: 0), Self.encoder()))
        // Dates at the edge of what XML writes, and before year 1.
        let edges = [9_007_199_254_740_992, -9_007_199_254_740_992, -63_114_076_800.5, 0.999].map {
            Date(timeIntervalSinceReferenceDate: $0)
        }
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

    /// Nesting around the writer's depth limit, raised and not: the direct writer recurses
    /// within the limit, checked at each container. Run on a thread with a large stack, as a
    /// caller raising the limit must.
    @Test func deepNestingIsWrittenDirectlyWithinTheLimit() throws {
        let cases = [(511, 512), (512, 512), (513, 512), (3_000, 2_999), (3_000, 3_000), (3_000, 3_001)]
        let found = try LargeStack.result {
            try cases.map { depth, limit -> (writesDirectly: Bool, wrote: Bool) in
                var encoder = Self.encoder()
                encoder.maximumDepth = 10_000
                encoder.writingOptions.maximumDepth = limit
                return (try Self.writesDirectly(Nest(depth: depth), encoder), (try? encoder.encode(Nest(depth: depth))) != nil)
            }
        }.get()
        for ((depth, limit), found) in zip(cases, found) {
            #expect(found.writesDirectly == (depth + 1 <= limit), "\(depth) deep, limit \(limit)")
            #expect(found.wrote == (depth + 1 <= limit), "\(depth) deep, limit \(limit)")
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

    /// Large containers are written directly, unless a late entry holds what XML cannot (a
    /// control character); the direct writer counts the values as the general path does, so
    /// it writes at exactly the tree's count and gives up one below.
    @Test func largeContainersAreWrittenDirectlyUpToTheirCount() throws {
        var random = SeededRandom(seed: 0x5B117)
        var tracks: [String: LargeTrack] = [:]
        for index in 0..<5_000 {
            tracks["track \(Int.random(in: 0..<1_000_000, using: &random))"] = LargeTrack(name: "é \(index)", size: index, gain: Double(index) / 7)
        }
        let library = LargeLibrary(tracks: tracks, list: (0..<3_000).map { [$0, 1] }, name: "library")
        var damaged = library
        damaged.tracks["zzz last"] = LargeTrack(name: "control \u{1} character", size: 0, gain: 0)
        for keyOrder in Self.keyOrders {
            #expect(try Self.writesDirectly(library, Self.encoder(keyOrder)), "\(keyOrder)")
            #expect(try !Self.writesDirectly(damaged, Self.encoder(keyOrder)), "\(keyOrder)")
        }
        let encoder = Self.encoder()
        let node = try #require(try PlistEncodingState(options: encoder).encodeTopLevel(library))
        let count = try ExpandedSizeCounter.size(of: encoder.encodeValue(library), valueLimit: .max).get().count
        #expect(count > 40_000)
        var options = encoder.writingOptions
        for limit in [100, count / 2, count - 1, count] {
            options.maximumValueCount = limit
            #expect((PlistEncodingXMLWriter.write(node, options: options) != nil) == (limit == count), "limit \(limit)")
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
        #expect(ShortcutEquivalenceTests.encoderPathsDisagreement(value, Self.encoder()) == nil)
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
        #expect(ShortcutEquivalenceTests.encoderPathsDisagreement(value, Self.encoder()) == nil)
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
        #expect(ShortcutEquivalenceTests.encoderPathsDisagreement(["tracks": tracks], Self.encoder()) == nil)
        #expect(ShortcutEquivalenceTests.encoderPathsDisagreement(ForgivingLibrary(tracks: tracks), Self.encoder()) == nil)
    }
}
