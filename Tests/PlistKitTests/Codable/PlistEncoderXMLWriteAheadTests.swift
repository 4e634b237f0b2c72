import Foundation
import Testing
@testable import PlistKit

/// `PlistEncoder` writing a large `[String: Value]` as XML on a helper thread while it encodes
/// (`PlistEncodingXMLWriteAhead`): the same bytes and errors as without it and as the general
/// path, for every case where the helper's bytes are used, and for every case where they must
/// not be (a value that can still change, a dictionary reached again, an encoding that failed
/// part way). Each case also checks which way it went, so that a comparison cannot pass by
/// never writing ahead.
@Suite struct PlistEncoderXMLWriteAheadTests {
    typealias Outcome = PlistEncodingXMLWriteAhead.Outcome

    /// Encodes `value` with the write-ahead forced on, and compares with the same encoder
    /// without it and with the general path: equal bytes, or equal errors. Returns how the
    /// write-ahead ended (`nil` when none was made).
    @discardableResult
    private static func compare(_ value: some Encodable, _ encoder: PlistEncoder, _ label: String = "") throws -> Outcome? {
        var ahead = encoder
        ahead.writesXMLAhead = .always
        let outcomes = Outcomes()
        ahead.writeAheadObserver = { outcome in outcomes.append(outcome) }
        var without = encoder
        without.writesXMLAhead = .never
        var general = encoder
        general.usesDirectWriters = false
        let written = Result { try ahead.encode(value) }
        for (name, other) in [("without", without), ("general", general)] {
            let expected = Result { try other.encode(value) }
            switch (written, expected) {
            case (.success(let bytes), .success(let expectedBytes)):
                #expect(bytes == expectedBytes, "\(label): \(name)")
            case (.failure(let error), .failure(let expectedError)):
                #expect(String(describing: error) == String(describing: expectedError), "\(label): \(name)")
            default:
                Issue.record("\(label): written ahead \(written) but \(name) \(expected)")
            }
        }
        let seen = outcomes.all
        #expect(seen.count <= 1, "\(label)")
        return seen.first
    }

    /// The outcomes an encoder's observer was told.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Outcome] = []

        func append(_ outcome: Outcome) { lock.withLock { list.append(outcome) } }
        var all: [Outcome] { lock.withLock { list } }
    }

    private static func encoder(
        _ keyOrder: PlistWritingOptions.KeyOrder = .formatDefault, keys: PlistEncoder.KeyEncodingStrategy = .useDefaultKeys
    ) -> PlistEncoder {
        var encoder = PlistEncoder(format: .xml)
        encoder.keyOrder = keyOrder
        encoder.keyEncodingStrategy = keys
        return encoder
    }

    struct Track: Encodable {
        var name: String
        var size: Int
        var gain: Double
        var added: Date
        var loved: Bool?
        var artwork: Data?
        var tags: [String]?
        var credits: [String: String]?
    }

    struct Library<Entry: Encodable>: Encodable {
        var version = 1
        var tracks: [String: Entry]
        var playlists: [[Int]] = [[1, 2], [3]]
        var zeta = "after the tracks"
    }

    /// `count` tracks under keys in no particular order (some of them integers, which keep
    /// their integer value in the coding path), some with nested containers.
    private static func tracks(_ count: Int, seed: UInt64 = 0x7A11, nested: Bool = false) -> [String: Track] {
        var random = SeededRandom(seed: seed)
        var tracks: [String: Track] = [:]
        while tracks.count < count {
            let index = tracks.count
            let key = index % 3 == 0 ? String(Int.random(in: 0..<10_000_000, using: &random)) : "track é\(Int.random(in: 0..<10_000_000, using: &random))"
            tracks[key] = Track(
                name: "Name \(index) <&>", size: index * 31, gain: Double(index) / 7,
                added: Date(timeIntervalSinceReferenceDate: Double(index * 977)),
                loved: index % 3 == 0 ? nil : index % 2 == 0, artwork: index % 5 == 0 ? Data([1, 2, UInt8(index % 256)]) : nil,
                tags: nested && index % 4 == 0 ? ["a", "b\(index)"] : nil,
                credits: nested && index % 7 == 0 ? ["Producer": "P\(index)", "Mix": "M"] : nil)
        }
        return tracks
    }

    /// The library shape, in every key order and both key strategies the encoder writes
    /// `[String: Value]` itself under: the helper's bytes are used, and are the bytes of the
    /// other paths. Also as the root, and one level deeper.
    @Test func largeDictionariesAreWrittenAheadAsTheyWouldBeWritten() throws {
        let library = Library(tracks: Self.tracks(3_000, nested: true))
        for keyOrder: PlistWritingOptions.KeyOrder in [.formatDefault, .sorted, .preserved] {
            for keys: PlistEncoder.KeyEncodingStrategy in [.useDefaultKeys, .convertToSnakeCase] {
                let encoder = Self.encoder(keyOrder, keys: keys)
                #expect(try Self.compare(library, encoder, "library \(keyOrder) \(keys)") == .used)
            }
        }
        #expect(try Self.compare(library.tracks, Self.encoder(), "root") == .used)
        #expect(try Self.compare(["outer": library], Self.encoder(), "deeper") == .used)
        var seventeenDigits = Self.encoder()
        seventeenDigits.writingOptions.xmlRealStyle = .seventeenDigits
        #expect(try Self.compare(library, seventeenDigits, "seventeen-digit reals") == .used)
    }

    /// Only XML written from the encoder's tree is written ahead: not binary, not strict
    /// writing (the general path's loss analysis), not under a custom key strategy (whose
    /// closure sees the standard library's keys).
    @Test func otherFormatsAndOptionsAreNotWrittenAhead() throws {
        let library = Library(tracks: Self.tracks(2_500))
        #expect(try Self.compare(library, PlistEncoder(format: .binary), "binary") == nil)
        var strict = Self.encoder()
        strict.writingOptions.isStrict = true
        #expect(try Self.compare(library, strict, "strict") == nil)
        let custom = Self.encoder(keys: .custom { path in path.last! })
        #expect(try Self.compare(library, custom, "custom keys") == nil)
    }

    /// Dictionaries of scalars, of arrays and of dictionaries, each value a node of its own
    /// kind; and the same class instance under every key (each entry encodes it afresh).
    @Test func dictionariesOfEveryKindOfValue() throws {
        let count = 2_200
        let strings = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", "value \($0) & more") })
        let dates = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", Date(timeIntervalSinceReferenceDate: Double($0) * 3_600.25)) })
        let arrays = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", Array(0..<($0 % 4))) })
        let nested = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", ["inner \($0 % 3)": $0, "b": 2]) })
        final class Shared: Encodable, @unchecked Sendable {
            var hits = 0
            func encode(to encoder: any Encoder) throws {
                hits += 1
                var container = encoder.container(keyedBy: PlistCodingKey.self)
                try container.encode(hits, forKey: PlistCodingKey(stringValue: "encodedSoFar"))
            }
        }
        #expect(try Self.compare(strings, Self.encoder(), "strings") == .used)
        #expect(try Self.compare(dates, Self.encoder(), "dates") == .used)
        #expect(try Self.compare(arrays, Self.encoder(), "arrays") == .used)
        #expect(try Self.compare(nested, Self.encoder(), "dictionaries") == .used)
        // The instance counts its encodings, so each path's bytes depend on the order the
        // entries are encoded in: compared here only for being written ahead, and read back.
        let shared = Shared()
        let sharedEverywhere = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", shared) })
        var ahead = Self.encoder()
        ahead.writesXMLAhead = .always
        let bytes = try ahead.encode(sharedEverywhere)
        let decoded = try PlistDecoder().decode([String: [String: Int]].self, from: bytes)
        #expect(Set(decoded.values.compactMap { $0["encodedSoFar"] }) == Set(1...count))
    }

    /// The size from which a dictionary is written ahead.
    @Test func onlyDictionariesFromTheThresholdAreWrittenAhead() throws {
        let smallest = PlistEncodingXMLWriteAhead.smallestDictionary
        #expect(try Self.compare(Library(tracks: Self.tracks(smallest - 1)), Self.encoder(), "below") == .notStarted)
        #expect(try Self.compare(Library(tracks: Self.tracks(smallest)), Self.encoder(), "at") == .used)
        // Only the first large dictionary: the second is written by the writer.
        let two = ["a": Self.tracks(smallest, seed: 1), "b": Self.tracks(smallest, seed: 2)]
        #expect(try Self.compare(two, Self.encoder(), "two") == .used)
    }

    /// When the document before the dictionary is larger than the room in front of the
    /// helper's bytes, the writer copies them after it instead.
    @Test func aLargePrefixIsCopiedInFront() throws {
        var encoder = Self.encoder()
        encoder.writeAheadRoom = 64
        #expect(try Self.compare(Library(tracks: Self.tracks(2_500)), encoder, "small room") == .used)
        encoder.writeAheadRoom = 0
        #expect(try Self.compare(Library(tracks: Self.tracks(2_500)), encoder, "no room") == .used)
    }

    /// When the helper has not taken every entry by the time the tree is complete, the
    /// encoding thread writes the rest: none, some or all of them left to it, and an entry XML
    /// cannot hold in either part.
    @Test func theEncodingThreadWritesWhatTheHelperHasNotTaken() throws {
        let library = Library(tracks: Self.tracks(2_500, nested: true))
        // One damaged entry each (with two, which one is reported follows the order they are
        // encoded in, which the write-ahead changes): first and last in key order.
        let damaged = ["00 control", "zz control"].map { key in
            var damaged = library
            damaged.tracks[key] = Track(name: "bell \u{7}", size: 0, gain: 0, added: Date(timeIntervalSinceReferenceDate: 0))
            return damaged
        }
        for share in [0, 1, 100, 2_499, 2_500] {
            var encoder = Self.encoder()
            encoder.writeAheadHelperShare = share
            #expect(try Self.compare(library, encoder, "helper share \(share)") == .used)
            for (index, value) in damaged.enumerated() {
                #expect(try Self.compare(value, encoder, "helper share \(share), damaged \(index)") == .unused)
            }
        }
    }

    /// Keeps a container of a value's encoder after its `encode(to:)` returned.
    final class Stash: @unchecked Sendable {
        var container: KeyedEncodingContainer<PlistCodingKey>?
    }

    /// A track that keeps its container when it is `keeper`.
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

    /// A value whose container outlives its `encode(to:)` can still change: nothing is written
    /// ahead from it on, and the late write is in the document.
    @Test func aValueWhoseContainerWasKeptIsNotWrittenAhead() throws {
        let stash = Stash()
        var tracks: [String: KeepingTrack] = [:]
        for index in 0..<3_000 { tracks["t\(index)"] = KeepingTrack(name: "n\(index)", stash: index == 1_500 ? stash : nil) }
        let value = LateWriter(tracks: tracks, stash: stash)
        #expect(try Self.compare(value, Self.encoder(), "kept container") == .abandoned)
        let text = String(decoding: try Self.encoder().encode(value), as: UTF8.self)
        #expect(text.contains("written late"))
    }

    /// A library that opens its tracks dictionary again after encoding it, and adds to it or
    /// to one of its values.
    struct ReopeningLibrary: Encodable {
        var tracks: [String: Track]
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

    /// A dictionary reached again through its parent's nested container may change: the
    /// writer writes it as it ends up.
    @Test func aDictionaryOpenedAgainIsNotWrittenAhead() throws {
        for addsToTrack in [false, true] {
            let value = ReopeningLibrary(tracks: Self.tracks(2_500), addsToTrack: addsToTrack)
            #expect(try Self.compare(value, Self.encoder(), "reopened, adds to a track: \(addsToTrack)") == .abandoned)
            let text = String(decoding: try Self.encoder().encode(value), as: UTF8.self)
            #expect(text.contains("added later"))
        }
    }

    /// A track with a super encoder, whose value is read only when the tree is written.
    struct SuperTrack: Encodable {
        var name: String
        var hasSuper: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(name, forKey: PlistCodingKey(stringValue: "name"))
            if hasSuper {
                var single = container.superEncoder().singleValueContainer()
                try single.encode("from super")
            }
        }
    }

    @Test func aValueWithASuperEncoderIsNotWrittenAhead() throws {
        var tracks: [String: SuperTrack] = [:]
        for index in 0..<2_500 { tracks["t\(index)"] = SuperTrack(name: "n\(index)", hasSuper: index == 7) }
        #expect(try Self.compare(Library(tracks: tracks), Self.encoder(), "super encoder") == .abandoned)
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

    /// A value's error ends the dictionary's encoding part way: thrown as without the
    /// write-ahead, or, when a type catches it, the writer writes what was encoded.
    @Test func aDictionaryWhoseEncodingFailedIsNotWrittenAhead() throws {
        var tracks: [String: FailingTrack] = [:]
        for index in 0..<2_500 { tracks["t\(index)"] = FailingTrack(name: "n\(index)", fails: index == 1_234) }
        // Thrown: no writer runs, so nothing is reported (the helper is stopped on the way out).
        #expect(try Self.compare(Library(tracks: tracks), Self.encoder(), "thrown") == nil)
        #expect(try Self.compare(ForgivingLibrary(tracks: tracks), Self.encoder(), "caught") == .abandoned)
    }

    /// Keys the snake-case strategy makes equal: the writer resolves them, as without the
    /// write-ahead.
    @Test func keysMadeEqualByTheStrategyAreLeftToTheWriter() throws {
        var tracks = Self.tracks(2_500)
        tracks["someKey"] = tracks.values.first
        tracks["some_key"] = tracks.values.first
        let encoder = Self.encoder(keys: .convertToSnakeCase)
        #expect(try Self.compare(Library(tracks: tracks), encoder, "snake-case collision") == .abandoned)
    }

    /// What XML cannot hold, and the writer's limits, met in the helper's part: the same
    /// errors or bytes as without it.
    @Test func errorsAndLimitsInTheHelpersPart() throws {
        var tracks = Self.tracks(2_500)
        tracks["zz control"] = Track(name: "bell \u{7}", size: 0, gain: 0, added: Date(timeIntervalSinceReferenceDate: 0))
        #expect(try Self.compare(Library(tracks: tracks), Self.encoder(), "control character") == .unused)

        let library = Library(tracks: Self.tracks(2_500, nested: true))
        var encoder = Self.encoder()
        // The tracks hold about 20,000 values: limits on either side of that and of the whole.
        for limit in [5_000, 20_000, 30_000, 1_000_000] {
            encoder.writingOptions.maximumValueCount = limit
            try Self.compare(library, encoder, "value limit \(limit)")
        }
        encoder.writingOptions.maximumValueCount = PlistWritingOptions().maximumValueCount
        // Nested track containers sit at depth 3: limits below, at and above.
        for depth in [2, 3, 4] {
            encoder.writingOptions.maximumDepth = depth
            try Self.compare(library, encoder, "depth limit \(depth)")
        }
    }

    /// The room in front of a buffer: absorbing puts the other buffer's bytes after this one's
    /// without copying them when there is room, copies them when there is not, and the data
    /// taken from an absorbing buffer is its bytes alone.
    private static func append(_ text: String, to buffer: XMLOutputBuffer) {
        var text = text
        text.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
    }

    @Test func buffersAbsorbWhatFollowsThem() {
        for (room, prefix) in [(16, "<head>"), (6, "<head>"), (3, "<head>"), (0, "")] {
            let head = XMLOutputBuffer()
            Self.append(prefix, to: head)
            let tail = XMLOutputBuffer(roomInFront: room, initialCapacity: 8)
            let body = String(repeating: "entry;", count: 1_000)
            Self.append(body, to: tail)
            let absorbed = head.absorb(tail)
            #expect(absorbed == (prefix.utf8.count <= room), "room \(room)")
            if !absorbed { head.append(contentsOf: tail) }
            head.append("</end>")
            #expect(String(decoding: head.takeData(), as: UTF8.self) == prefix + body + "</end>", "room \(room)")
        }
    }
}
