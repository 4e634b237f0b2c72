import Foundation
import Testing
@testable import PlistKit

/// Hostile and broken binary plists: each gives its exact typed error and place; none traps,
/// hangs, recurses without bound or allocates by a claimed count. (Foundation on Linux is not
/// run on any of these: it crashes on some hostile input.)
@Suite struct BinaryPlistMalformedTests {
    static func read(_ bytes: [UInt8], options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistValue {
        try PlistValue(decoding: Data(bytes), format: .binary, options: options)
    }

    /// The error reading `bytes` gives, or `nil` when it reads.
    static func error(_ bytes: [UInt8], options: PlistReadingOptions = PlistReadingOptions()) -> PlistError? {
        do {
            _ = try read(bytes, options: options)
            return nil
        } catch let error as PlistError {
            return error
        } catch {
            Issue.record("Unexpected error type: \(error)")
            return nil
        }
    }

    /// `{"a": [1, "b"]}`: objects dict, "a", array, 1, "b".
    static let sample = BinaryPlistBuilder([[0xD1, 1, 2], [0x51, 0x61], [0xA2, 3, 4], [0x10, 1], [0x51, 0x62]])

    @Test func readsTheSample() throws {
        let value = try Self.read(Self.sample.build())
        #expect(value == .dictionary(PlistDictionary([("a", .array([.integer(1), .string("b")]))])))
    }

    // MARK: Header and trailer

    struct TrailerCase: CustomStringConvertible, Sendable {
        let name: String
        let field: Int
        let bytes: [UInt8]
        let code: PlistError.Code
        /// The trailer field the error points at, when not the one patched: a table that does
        /// not end where the trailer starts is reported at the object count.
        var reportedField: Int? = nil
        var description: String { name }
    }

    static let trailerCases: [TrailerCase] = [
        TrailerCase(name: "offset size 0", field: 6, bytes: [0], code: .corruptData),
        TrailerCase(name: "offset size 9", field: 6, bytes: [9], code: .corruptData),
        TrailerCase(name: "reference size 0", field: 7, bytes: [0], code: .corruptData),
        TrailerCase(name: "reference size 9", field: 7, bytes: [9], code: .corruptData),
        TrailerCase(name: "object count 0", field: 8, bytes: [0, 0, 0, 0, 0, 0, 0, 0], code: .corruptData),
        TrailerCase(name: "object count 2^60", field: 8, bytes: [0x10, 0, 0, 0, 0, 0, 0, 0], code: .corruptData),
        TrailerCase(name: "object count 2^64-1", field: 8, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], code: .corruptData),
        TrailerCase(name: "object count one too many", field: 8, bytes: [0, 0, 0, 0, 0, 0, 0, 6], code: .corruptData),
        TrailerCase(name: "top object = count", field: 16, bytes: [0, 0, 0, 0, 0, 0, 0, 5], code: .corruptData),
        TrailerCase(name: "top object 2^63", field: 16, bytes: [0x80, 0, 0, 0, 0, 0, 0, 0], code: .corruptData),
        TrailerCase(name: "offset table in the header", field: 24, bytes: [0, 0, 0, 0, 0, 0, 0, 8], code: .corruptData),
        TrailerCase(name: "offset table in the trailer", field: 24, bytes: [0, 0, 0, 0, 0, 0, 0, 35], code: .corruptData),
        TrailerCase(name: "offset table past the end", field: 24, bytes: [0x7F, 0, 0, 0, 0, 0, 0, 0], code: .corruptData),
        TrailerCase(name: "offset table one byte early", field: 24, bytes: [0, 0, 0, 0, 0, 0, 0, 18], code: .corruptData, reportedField: 8),
    ]

    @Test(arguments: trailerCases)
    func rejectsTrailerFieldOutOfRange(_ testCase: TrailerCase) throws {
        let bytes = Self.sample.build().patchingTrailer(testCase.field, testCase.bytes)
        let error = try #require(Self.error(bytes))
        #expect(error.code == testCase.code)
        #expect(error.location == .byteOffset(bytes.count - 32 + (testCase.reportedField ?? testCase.field)), "\(error)")
    }

    @Test func rejectsReferenceSizeTooSmallForObjectCount() throws {
        // 256 objects cannot be named by 1-byte references.
        var builder = BinaryPlistBuilder([[0xA0]] + Array(repeating: [0x08], count: 255))
        builder.offsetSize = 2
        let bytes = builder.build()
        let error = try #require(Self.error(bytes))
        #expect(error.code == .corruptData)
        #expect(error.location == .byteOffset(bytes.count - 32 + 7))
        builder.refSize = 2
        #expect(try Self.read(builder.build()) == .array([]))
    }

    @Test func rejectsOffsetSizeTooSmallForTable() throws {
        var builder = BinaryPlistBuilder([Array(repeating: 0x08, count: 300), [0x09]])
        builder.top = 1
        builder.offsetSize = 2
        #expect(try Self.read(builder.build()) == .boolean(true))
        // Offsets of 1 byte cannot reach an offset table at byte 309. (The entries written in
        // one byte are wrong too, but the size check comes first, as in CoreFoundation.)
        builder.offsetSize = 1
        let bytes = builder.build()
        let error = try #require(Self.error(bytes))
        #expect(error.location == .byteOffset(bytes.count - 32 + 6))
    }

    @Test func rejectsUnsupportedAndUnknownVersions() throws {
        for version in ["15", "16", "17"] {
            var builder = Self.sample
            builder.version = Array(version.utf8)
            let error = try #require(Self.error(builder.build()))
            #expect(error.code == .unsupportedFormat)
            #expect(error.location == .byteOffset(6))
        }
        var builder = Self.sample
        builder.version = Array("x0".utf8)
        let error = try #require(Self.error(builder.build()))
        #expect(error.code == .corruptData)
        // Any 'bplist0?' reads, as in CoreFoundation since 10.6.
        builder.version = Array("01".utf8)
        #expect(try Self.read(builder.build()).dictionary?.count == 1)
    }

    @Test func rejectsTruncationAtEveryByte() throws {
        let bytes = Self.sample.build()
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            let error = try #require(Self.error(prefix), "prefix of \(length) bytes")
            #expect(error.code == .corruptData)
            switch length {
            case 0..<8:
                #expect(error.location == .byteOffset(0))
            case 8..<41:
                #expect(error.location == .byteOffset(length), "\(error)")
            default:
                // The last 32 bytes are then read as a trailer; some field of it is wrong.
                guard case .byteOffset(let offset) = error.location else {
                    Issue.record("Expected a trailer offset for \(length) bytes, got \(error)")
                    continue
                }
                #expect(offset >= length - 32 && offset < length, "\(error)")
            }
        }
    }

    @Test func rejectsOffsetsIntoHeaderAndOffsetTable() throws {
        var bytes = Self.sample.build()
        let table = Self.sample.offsetTableOffset
        bytes[table + 2] = 3
        var error = try #require(Self.error(bytes))
        #expect(error.location == .byteOffset(table + 2))
        #expect(error.reason == "Object 2 has offset 3, inside the 8-byte header")
        bytes[table + 2] = UInt8(table)
        error = try #require(Self.error(bytes))
        #expect(error.location == .byteOffset(table + 2))
        #expect(error.code == .corruptData)
    }

    // MARK: Objects

    struct ObjectCase: CustomStringConvertible, Sendable {
        let name: String
        let objects: [[UInt8]]
        let code: PlistError.Code
        /// The object the error names.
        let object: Int
        var description: String { name }
    }

    static let objectCases: [ObjectCase] = [
        ObjectCase(name: "reference out of range", objects: [[0xA1, 2], [0x08]], code: .corruptData, object: 0),
        ObjectCase(name: "self cycle", objects: [[0xA1, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "mutual cycle", objects: [[0xA1, 1], [0xD1, 2, 0], [0x51, 0x6B]], code: .corruptData, object: 0),
        ObjectCase(name: "count claims 2^60 objects", objects: [[0xAF, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "dictionary count claims 2^62 entries", objects: [[0xDF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "negative count", objects: [[0x4F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]], code: .corruptData, object: 0),
        ObjectCase(name: "count marker not an integer", objects: [[0x5F, 0x22, 0, 0, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "data runs into offset table", objects: [[0x4A, 1, 2]], code: .corruptData, object: 0),
        ObjectCase(name: "integer runs into offset table", objects: [[0x13, 1, 2]], code: .corruptData, object: 0),
        ObjectCase(name: "integer of 32 bytes", objects: [[0x15] + Array(repeating: 0, count: 32)], code: .corruptData, object: 0),
        ObjectCase(name: "16-byte integer above UInt64.max", objects: [[0x14, 0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0, count: 8)], code: .corruptData, object: 0),
        ObjectCase(name: "16-byte integer below Int64.min", objects: [[0x14] + Array(repeating: 0xFF, count: 8) + Array(repeating: 0, count: 8)], code: .corruptData, object: 0),
        ObjectCase(name: "real of 2 bytes", objects: [[0x21, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "date marker 0x32", objects: [[0x32, 0, 0, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "UID above UInt32.max", objects: [[0x84, 1, 0, 0, 0, 0]], code: .corruptData, object: 0),
        ObjectCase(name: "null object", objects: [[0xA1, 1], [0x00]], code: .corruptData, object: 1),
        ObjectCase(name: "fill byte", objects: [[0x0F]], code: .corruptData, object: 0),
        ObjectCase(name: "UTF-8 string marker (bplist1x only)", objects: [[0x71, 0x61]], code: .corruptData, object: 0),
        ObjectCase(name: "ordered set marker (bplist1x only)", objects: [[0xB0]], code: .corruptData, object: 0),
        ObjectCase(name: "unused marker 0xE0", objects: [[0xE0]], code: .corruptData, object: 0),
        ObjectCase(name: "integer dictionary key", objects: [[0xD1, 1, 2], [0x10, 1], [0x08]], code: .corruptData, object: 1),
        ObjectCase(name: "array dictionary key", objects: [[0xD1, 1, 1], [0xA0]], code: .corruptData, object: 1),
        ObjectCase(name: "unpaired high surrogate", objects: [[0x62, 0xD8, 0x00, 0x00, 0x61]], code: .corruptData, object: 0),
        ObjectCase(name: "unpaired low surrogate", objects: [[0x61, 0xDC, 0x00]], code: .corruptData, object: 0),
        ObjectCase(name: "high surrogate at the end", objects: [[0x62, 0x00, 0x61, 0xDB, 0xFF]], code: .corruptData, object: 0),
    ]

    @Test(arguments: objectCases)
    func rejectsMalformedObject(_ testCase: ObjectCase) throws {
        let builder = BinaryPlistBuilder(testCase.objects)
        let error = try #require(Self.error(builder.build()))
        #expect(error.code == testCase.code, "\(error)")
        #expect(error.location == .object(index: testCase.object, byteOffset: builder.offsets[testCase.object]), "\(error)")
    }

    @Test func errorsReadAsSentences() throws {
        let error = try #require(Self.error(BinaryPlistBuilder([[0xA1, 0]]).build()))
        #expect(error.description == "Object 0 contains itself (a reference cycle) in object 0 at byte offset 8.")
        let key = try #require(Self.error(BinaryPlistBuilder([[0xD1, 1, 2], [0x10, 1], [0x08]]).build()))
        #expect(key.description == "A dictionary key is not a string (marker 0x10); property list keys must be strings in object 1 at byte offset 11.")
    }

    // MARK: Limits

    /// Object i is an array holding object i + 1; the last is empty.
    static func nested(_ depth: Int) -> BinaryPlistBuilder {
        var builder = BinaryPlistBuilder([])
        builder.refSize = 2
        builder.offsetSize = 4
        builder.objects = (0..<depth).map { i in
            i == depth - 1 ? [0xA0] : [0xA1] + BinaryPlistBuilder.bigEndian(UInt64(i + 1), size: 2)
        }
        return builder
    }

    @Test func rejectsTenThousandDeepNestingWithALimitError() throws {
        let builder = Self.nested(10_000)
        let error = try #require(Self.error(builder.build()))
        #expect(error.code == .limitExceeded)
        // The root is at depth 1, so object 512 is the first beyond the default 512 levels.
        #expect(error.location == .object(index: 512, byteOffset: builder.offsets[512]))
        let deep = PlistReadingOptions(maximumDepth: 10_000)
        #expect(try Self.read(builder.build(), options: deep).kind == .array)
    }

    @Test func decodesAReferenceBombOnceAndSharesIt() throws {
        // 100 arrays, each holding the next one twice: 2^99 leaves if expanded.
        var objects: [[UInt8]] = (0..<100).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x5F, 0x10, 200] + Array(repeating: 0x78, count: 200))
        var builder = BinaryPlistBuilder(objects)
        builder.offsetSize = 2
        // The object limit bounds the work: a reader that decoded each occurrence would pass
        // 101 objects at the third level and fail, not run for 2^99 steps.
        let value = try Self.read(builder.build(), options: PlistReadingOptions(maximumObjectCount: 101))
        var level = value
        var depth = 0
        while case .array(let children) = level {
            #expect(children.count == 2)
            level = children[1]
            depth += 1
        }
        #expect(depth == 100)
        #expect(level.string?.count == 200)
    }

    @Test func rejectsManyObjectsSharingTheSameBytes() throws {
        // 1,000 offset-table entries all point at one 200-byte string, and the root array
        // references each: decoded as 1,000 distinct objects, a 2 KB file would hold 200 KB of
        // text (and a larger one without bound). Distinct objects cannot overlap in a
        // well-formed file, so the third object, the second string, exceeds the table.
        let refs = (1...1000).flatMap { BinaryPlistBuilder.bigEndian(UInt64($0), size: 2) }
        var bytes = Array("bplist00".utf8) + [0xAF, 0x11, 0x03, 0xE8] + refs
        let stringOffset = bytes.count
        bytes += [0x5F, 0x10, 200] + Array(repeating: 0x61, count: 200)
        let table = bytes.count
        bytes += BinaryPlistBuilder.bigEndian(8, size: 2)
        for _ in 0..<1000 { bytes += BinaryPlistBuilder.bigEndian(UInt64(stringOffset), size: 2) }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + BinaryPlistBuilder.bigEndian(1001, size: 8)
            + BinaryPlistBuilder.bigEndian(0, size: 8) + BinaryPlistBuilder.bigEndian(UInt64(table), size: 8)
        let error = try #require(Self.error(bytes))
        #expect(error.code == .limitExceeded)
        #expect(error.location == .object(index: 2, byteOffset: stringOffset))
    }

    @Test func countsDistinctObjectsAgainstTheLimit() throws {
        let builder = BinaryPlistBuilder([[0xA3, 1, 2, 1], [0x10, 1], [0x10, 2]])
        #expect(try Self.read(builder.build(), options: PlistReadingOptions(maximumObjectCount: 3)).array?.count == 3)
        let error = try #require(Self.error(builder.build(), options: PlistReadingOptions(maximumObjectCount: 2)))
        #expect(error.code == .limitExceeded)
        #expect(error.location == .object(index: 2, byteOffset: builder.offsets[2]))
    }

    @Test func rejectsInputAboveTheByteLimit() throws {
        let error = try #require(Self.error(Self.sample.build(), options: PlistReadingOptions(maximumInputBytes: 40)))
        #expect(error.code == .limitExceeded)
    }

    // MARK: Lossy but valid

    @Test func readsSetsAsArraysAndWidensFloatsWithWarnings() throws {
        // {"k": [set{1}, 1.5f]}
        let builder = BinaryPlistBuilder([[0xD1, 1, 2], [0x51, 0x6B], [0xA2, 3, 5], [0xC1, 4], [0x10, 1], [0x22, 0x3F, 0xC0, 0, 0]])
        let document = try PlistDocument(decoding: Data(builder.build()), format: .binary)
        #expect(document.value == .dictionary(PlistDictionary([("k", .array([.array([.integer(1)]), .real(1.5)]))])))
        #expect(document.warnings.map(\.kind) == [.setReadAsArray, .float32Widened])
        #expect(document.warnings.map(\.keyPath) == ["k.0", "k.1"])
    }

    @Test func readsEveryIntegerWidthWithItsSignedness() throws {
        let cases: [([UInt8], PlistInteger)] = [
            ([0x10, 0xFF], 255),
            ([0x11, 0xFF, 0xFF], 65535),
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], PlistInteger(UInt64(UInt32.max))),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], -1),
            ([0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8), PlistInteger(UInt64.max)),
            ([0x14] + Array(repeating: 0xFF, count: 16), -1),
        ]
        for (object, expected) in cases {
            #expect(try Self.read(BinaryPlistBuilder([object]).build()) == .integer(expected))
        }
    }

    @Test func readsThreeByteReferencesAndOffsetsAndLongUIDs() throws {
        var builder = BinaryPlistBuilder([[0xA1, 0, 0, 1], [0x83, 0, 0, 1, 0]])
        builder.refSize = 3
        builder.offsetSize = 3
        #expect(try Self.read(builder.build()) == .array([.uid(256)]))
        let long = BinaryPlistBuilder([[0x8F] + Array(repeating: 0, count: 12) + [0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(try Self.read(long.build()) == .uid(UInt32.max))
    }

    @Test func readsHighBytesInASCIIStringsAsLatin1LikeFoundation() throws {
        // UTF-8 "’" (E2 80 99) under the ASCII marker, as in a corpus file Foundation reads.
        let value = try Self.read(BinaryPlistBuilder([[0x54, 0x61, 0xE2, 0x80, 0x99]]).build())
        #expect(value == .string("a\u{E2}\u{80}\u{99}"))
    }

    @Test func lastDuplicateKeyWins() throws {
        let builder = BinaryPlistBuilder([[0xD2, 1, 1, 2, 3], [0x51, 0x6B], [0x10, 1], [0x10, 2]])
        #expect(try Self.read(builder.build()) == .dictionary(PlistDictionary([("k", .integer(2))])))
    }
}
