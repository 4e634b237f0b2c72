import Foundation
import Testing
@testable import PlistKit

/// `PlistEncoder` writing binary straight from its tree (`PlistEncodingBinaryWriter`) against
/// the general path, which finishes the tree into a `PlistValue` and hands it to the binary
/// writer: the same bytes for every tree, and the same errors.
@Suite struct PlistEncoderDirectWriterTests {
    /// Encodes a value tree through every way Codable offers to build one: keyed, nested keyed
    /// and unkeyed containers, super encoders (named and not), single values, repeated keys
    /// and containers asked for twice, chosen from the tree's shape so each run is replayable.
    struct Replay: Encodable {
        var value: PlistValue
        /// Picks among the ways of writing a child; varied by position.
        var style: Int

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .dictionary(let dictionary):
                var container = encoder.container(keyedBy: PlistCodingKey.self)
                for (offset, (key, child)) in zip(dictionary.keys, dictionary.values).enumerated() {
                    try encodeEntry(child, key: PlistCodingKey(stringValue: key), in: &container, way: (style + offset) % 7)
                }
                if style % 5 == 1, let first = dictionary.keys.first {
                    // A key encoded again: the finished dictionary keeps its first position
                    // and this last value.
                    try container.encode("again", forKey: PlistCodingKey(stringValue: first))
                }
                if style % 4 == 2 {
                    // A second keyed container from the same encoder adds to the same
                    // dictionary.
                    var more = encoder.container(keyedBy: PlistCodingKey.self)
                    try more.encode(style, forKey: PlistCodingKey(stringValue: "added \(style)"))
                }
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for (offset, element) in elements.enumerated() {
                    let child = Replay(value: element, style: style + offset + 1)
                    switch (style + offset) % 5 {
                    case 0 where element.isContainer:
                        try child.encode(to: container.superEncoder())
                    case 1 where element.dictionary != nil:
                        let nested = container.nestedContainer(keyedBy: PlistCodingKey.self)
                        try child.fill(nested)
                    default:
                        try container.encode(child)
                    }
                }
            case .string(let text): var single = encoder.singleValueContainer(); try single.encode(text)
            case .integer(let integer):
                var single = encoder.singleValueContainer()
                if let signed = integer.int64Value { try single.encode(signed) } else { try single.encode(integer.uint64Value ?? 0) }
            case .real(let real): var single = encoder.singleValueContainer(); try single.encode(real)
            case .boolean(let flag): var single = encoder.singleValueContainer(); try single.encode(flag)
            case .date(let date): var single = encoder.singleValueContainer(); try single.encode(date)
            case .data(let data): var single = encoder.singleValueContainer(); try single.encode(data)
            case .uid(let uid): var single = encoder.singleValueContainer(); try single.encode(uid)
            }
        }

        /// Writes a dictionary's entries into a keyed container made by the caller.
        func fill(_ container: KeyedEncodingContainer<PlistCodingKey>) throws {
            var container = container
            guard case .dictionary(let dictionary) = value else { return }
            for (offset, (key, child)) in zip(dictionary.keys, dictionary.values).enumerated() {
                try encodeEntry(child, key: PlistCodingKey(stringValue: key), in: &container, way: (style + offset) % 7)
            }
        }

        private func encodeEntry(
            _ child: PlistValue, key: PlistCodingKey, in container: inout KeyedEncodingContainer<PlistCodingKey>, way: Int
        ) throws {
            let replay = Replay(value: child, style: style &+ way &+ 3)
            switch (way, child) {
            case (0, .dictionary):
                try replay.fill(container.nestedContainer(keyedBy: PlistCodingKey.self, forKey: key))
            case (1, .array(let elements)):
                var nested = container.nestedUnkeyedContainer(forKey: key)
                for element in elements { try nested.encode(Replay(value: element, style: style + 1)) }
            case (2, _):
                try replay.encode(to: container.superEncoder(forKey: key))
            case (3, .string(let text)):
                try container.encode(text, forKey: key)
            case (4, .integer(let integer)) where integer.int64Value != nil:
                try container.encode(integer.int64Value ?? 0, forKey: key)
            case (5, .data(let data)):
                try container.encode(data, forKey: key)
            default:
                try container.encode(replay, forKey: key)
            }
            if way == 6, style % 3 == 0 {
                // An unnamed super encoder that encodes nothing: an empty dictionary under
                // "super".
                _ = container.superEncoder()
            }
        }
    }

    /// Both paths of one encoder, or the same error from both (also used by
    /// `PlistEncoderXMLDirectWriterTests`).
    static func compare(_ value: some Encodable, _ encoder: PlistEncoder) throws {
        var general = encoder
        general.fastPaths.encoderWritesFromItsTree = false
        let direct = Result { try encoder.encode(value) }
        let expected = Result { try general.encode(value) }
        switch (direct, expected) {
        case (.success(let bytes), .success(let expectedBytes)):
            #expect(bytes == expectedBytes)
            // And it reads back as the value the general path finishes the tree into (XML
            // sorts keys and drops fractions of seconds, so equal bytes are its whole check).
            if encoder.outputFormat == .binary {
                #expect(try PlistValue(decoding: bytes) == general.encodeValue(value))
            }
        case (.failure(let error), .failure(let expectedError)):
            #expect(String(describing: error) == String(describing: expectedError))
        default:
            Issue.record("direct \(direct) but general \(expected)")
        }
    }

    @Test(arguments: 0..<4)
    func randomTreesWriteTheSameBytes(batch: UInt64) throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.includesUIDs = false
        configuration.maximumDepth = 5
        for seed in (batch * 100)..<(batch * 100 + 100) {
            var generator = RandomPlistGenerator(seed: seed, configuration: configuration)
            let tree = generator.makeTree()
            try Self.compare(Replay(value: tree, style: Int(seed % 11)), PlistEncoder())
        }
    }

    /// The library-like shape the benchmark writes: many records with the same keys, repeated
    /// and unique scalars, optional fields.
    @Test func recordsWithRepeatedKeysAndValues() throws {
        struct Track: Encodable {
            var id: Int, name: String, genre: String, added: Date, gain: Double, loved: Bool?, digest: Data?
        }
        let genres = ["Rock", "Jazz", "Électro", "Kraut 🎸"]
        let tracks = (0..<600).map { i in
            Track(id: i, name: "Track \(i % 250)", genre: genres[i % 4], added: Date(timeIntervalSinceReferenceDate: Double(i % 37)),
                  gain: Double(i % 5) - 2, loved: i % 3 == 0 ? nil : i % 2 == 0,
                  digest: i % 4 == 0 ? nil : Data([UInt8(i % 7), 1, 2]))
        }
        let library = Dictionary(uniqueKeysWithValues: tracks.map { (String($0.id), $0) })
        try Self.compare(library, PlistEncoder())
        try Self.compare(tracks, PlistEncoder())
        // Large dictionaries (past the size the finished value indexes) with a repeated key.
        struct Wide: Encodable {
            var count: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: PlistCodingKey.self)
                for i in 0..<count { try container.encode(i, forKey: PlistCodingKey(stringValue: "k\(i % (count - 1))")) }
            }
        }
        try Self.compare(Wide(count: 40), PlistEncoder())
        try Self.compare([Wide(count: 3), Wide(count: 100)], PlistEncoder())
    }

    /// Options the direct writer does not handle go to the general path; limits fail the same
    /// way on both.
    @Test func optionsAndLimitsBehaveAsTheGeneralPath() throws {
        let value = Replay(value: ["b": 1, "a": ["x", "y", ["z": true]], "c": .data(Data([1]))], style: 0)
        var sorted = PlistEncoder()
        sorted.keyOrder = .sorted
        try Self.compare(value, sorted)
        for limit in [0, 1, 4, 7, 8, 9, 100] {
            var limited = PlistEncoder()
            limited.writingOptions.maximumValueCount = limit
            try Self.compare(value, limited)
        }
        // A value the general path cannot write either (a 128-bit integer out of range is
        // refused while encoding, before any writer).
        try Self.compare(UInt128.max, PlistEncoder())
        try Self.compare("top-level string", PlistEncoder())
    }

    /// The direct writer is the one taken by default for binary (its numbering is what the
    /// counts in Docs/Performance.md measure), and a repeated key leaves it for the general
    /// path, which resolves it.
    @Test func directWriterTakesWhatItCanWrite() throws {
        let options = PlistWritingOptions()
        var state = PlistEncodingState(options: PlistEncoder())
        let plain = try #require(try state.encodeTopLevel(["a": 1, "b": 2]))
        #expect(PlistEncodingBinaryWriter.write(plain, options: options) != nil)
        state = PlistEncodingState(options: PlistEncoder())
        let repeated = try #require(try state.encodeTopLevel(Replay(value: ["a": 1, "b": 2], style: 1)))
        #expect(PlistEncodingBinaryWriter.write(repeated, options: options) == nil)
        var sorting = options
        sorting.keyOrder = .sorted
        #expect(PlistEncodingBinaryWriter.write(plain, options: sorting) == nil)
    }
}
