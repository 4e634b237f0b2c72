import Foundation
import Testing
@testable import PlistKit

/// The binary writer's own uniquing tables (cheap seeded hashes, open addressing) must number
/// objects exactly as `Hasher`-keyed dictionaries do: the same writer with its tables forced
/// onto their `Hasher` fallback from the first collision is the general path compared here.
@Suite struct BinaryPlistUniquingTests {
    /// The bytes of `value` written with the fast tables, and with every table on its fallback.
    static func bothWays(_ value: PlistValue, sortsKeys: Bool = false) -> (fast: Data, fallback: Data, fellBack: Bool) {
        var fast = BinaryPlistWriterState(sortsKeys: sortsKeys)
        fast.flatten(value)
        // A negative probe limit puts every table on its fallback from the start.
        var general = BinaryPlistWriterState(sortsKeys: sortsKeys, probeLimit: -1)
        general.flatten(value)
        // (`encode()` fails only for output beyond the address space; empty bytes fail the checks.)
        return (fast.encode() ?? Data(), general.encode() ?? Data(), general.usesFallbackHashing)
    }

    /// Scalars that are equal only in some senses: canonically equivalent strings, integers
    /// sharing a bit pattern, zeros of both signs, NaNs with different payloads.
    static let lookalikes: [PlistValue] = [
        .string("\u{E9}"), .string("e\u{301}"), .string("\u{E9}"), .string(""), .string("é"),
        .string("a longer key that spans several words"), .string("a longer key that spans several wordz"),
        .string("😀 outside the BMP"), .string("1"),
        .integer(-1), .integer(PlistInteger(UInt64.max)), .integer(1), .integer(PlistInteger(UInt64(Int64.max) + 1)),
        .real(0.0), .real(-0.0), .real(.nan), .real(Double(bitPattern: 0x7FF8_0000_0000_0001)), .real(1),
        .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: -0.0)),
        .date(Date(timeIntervalSinceReferenceDate: .nan)), .date(Date(timeIntervalSinceReferenceDate: 1)),
        .uid(1), .uid(0x1_0000), .boolean(true), .boolean(false), .data(Data([1])), .data(Data()),
    ]

    @Test func fastTablesNumberLookalikeScalarsAsTheFallbackDoes() throws {
        let value: PlistValue = .array(Self.lookalikes + Self.lookalikes.reversed() + [.dictionary(PlistDictionary(
            Self.lookalikes.enumerated().map { ("k\($0.offset % 7)\u{301}", $0.element) }))])
        let written = Self.bothWays(value)
        #expect(written.fellBack)
        #expect(written.fast == written.fallback)
        #expect(try PlistValue(decoding: written.fast, format: .binary) == value)
    }

    @Test func fastTablesMatchTheFallbackOnRandomTrees() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 4
        configuration.maximumChildren = 12
        var generator = RandomPlistGenerator(seed: 0xB1_7AB1E, configuration: configuration)
        for round in 0..<400 {
            // Each tree twice over, so every scalar in the second copy is a repeat.
            let tree = generator.makeTree()
            let value: PlistValue = .array([tree, tree, .dictionary(PlistDictionary([("tree", tree)]))])
            let written = Self.bothWays(value, sortsKeys: round.isMultiple(of: 2))
            #expect(written.fast == written.fallback)
        }
    }

    /// The object list keeps an entry per object and a reference per child: 16 and 4 bytes,
    /// with strings and other scalars in side tables, so that a large write holds about half
    /// what 32-byte entries and 8-byte references took.
    @Test func objectEntriesAndReferencesStayCompact() {
        #expect(MemoryLayout<BinaryPlistObjectList.Entry>.stride == 16)
        var list = BinaryPlistObjectList()
        let start = list.openArray(count: 2)
        list.setReference(list.numberScalar(.string("a long string that is not small")), at: start)
        list.setReference(list.numberScalar(.data(Data([1, 2, 3]))), at: start + 1)
        #expect(list.reference(at: start) == 1 && list.reference(at: start + 1) == 2)
        let bytes = list.encode()
        #expect(bytes.flatMap { try? PlistValue(decoding: $0, format: .binary) } == .array(["a long string that is not small", .data(Data([1, 2, 3]))]))
    }

    /// A write whose value count passes the object list's 32-bit numbering is refused with a
    /// limit error, not truncated.
    @Test func valueCountsBeyondThirtyTwoBitsAreRefused() {
        let error = #expect(throws: PlistError.self) {
            try BinaryPlistWriter.write(.array([]), options: PlistWritingOptions(), valueCount: BinaryPlistObjectList.maximumObjects + 1)
        }
        #expect(error?.code == .limitExceeded)
    }

    @Test func tablesGrowPastManyKeysAndFourByteReferences() throws {
        // 70,000 distinct strings and integers need several doublings of each table and
        // 4-byte object references; each appears twice, so every second lookup is a hit.
        let strings: [PlistValue] = (0..<35_000).map { .string("string number \($0)") }
        let integers: [PlistValue] = (0..<35_000).map { .integer(PlistInteger(Int64($0) * 1_000_003)) }
        let value: PlistValue = .array(strings + integers + strings + integers)
        let written = Self.bothWays(value)
        #expect(written.fast == written.fallback)
        let trailer = Array(written.fast.suffix(32))
        #expect(trailer[7] == 4)
        // 1 array + 70,000 unique scalars.
        #expect(trailer[8..<16].elementsEqual(withUnsafeBytes(of: UInt64(70_001).bigEndian, Array.init)))
        #expect(try PlistValue(decoding: written.fast, format: .binary) == value)
    }

    @Test func recentKeysAreSharedByBytesNotByRepresentation() throws {
        // Past 256 objects the writer remembers keys by their `String` representation. Keys
        // with the same bytes but different storage (built afresh for each dictionary), and
        // keys equal only up to normalization, must still be numbered by their bytes.
        let records: [PlistValue] = (0..<300).map { serial in
            let longKey = String(repeating: "long key ", count: 2) + "built at run time"
            return .dictionary(PlistDictionary([
                ("name", .integer(PlistInteger(Int64(serial)))),
                (longKey, .integer(PlistInteger(Int64(serial)))),
                ("\u{E9}", .integer(PlistInteger(Int64(serial)))),
                ("e\u{301}", .integer(PlistInteger(Int64(serial)))),
            ]))
        }
        let value: PlistValue = .array(records)
        let written = Self.bothWays(value)
        #expect(written.fast == written.fallback)
        // 1 array, 300 dictionaries, 4 distinct keys, 300 distinct integers.
        let trailer = Array(written.fast.suffix(32))
        #expect(trailer[8..<16].elementsEqual(withUnsafeBytes(of: UInt64(605).bigEndian, Array.init)))
        let back = try PlistValue(decoding: written.fast, format: .binary)
        #expect(back == value)
        #expect(back[299]?.dictionary?.keys.map { Array($0.unicodeScalars) } == records[299].dictionary?.keys.map { Array($0.unicodeScalars) })
    }

    @Test func hashesDependOnlyOnTheExactBytes() {
        let seed: UInt64 = 0x1234_5678_9ABC_DEF0
        // Equal keys hash alike whether their strings are small (inline) or on the heap.
        let heap = String(repeating: "x", count: 40)
        let built = String(repeating: "x", count: 20) + String(repeating: "x", count: 20)
        #expect(ExactKey(heap).quickHash(seed: seed) == ExactKey(built).quickHash(seed: seed))
        #expect(ExactKey.sameKey(ExactKey(heap), ExactKey(built)))
        // Canonically equivalent but different bytes: different keys.
        #expect(!ExactKey.sameKey(ExactKey("\u{E9}"), ExactKey("e\u{301}")))
        #expect(ExactKey("\u{E9}").quickHash(seed: seed) != ExactKey("e\u{301}").quickHash(seed: seed))
        // A prefix padded with zero bytes is not the same key.
        #expect(ExactKey("ab").quickHash(seed: seed) != ExactKey("ab\u{0}").quickHash(seed: seed))
    }

    /// Looking keys up without inserting (the Codable source's key-text table) finds exactly
    /// the numbers inserted, and nothing for keys never inserted, in both the table's own mode
    /// and its `Hasher` fallback; canonically equivalent texts stay distinct keys.
    @Test func lookupsFindWhatWasInsertedAndNothingElse() {
        for probeLimit in [128, -1] {
            var table = BinaryPlistUniquingTable<ExactKey>(probeLimit: probeLimit)
            var expected: [ExactKey: Int] = [:]
            var random = SeededRandom(seed: 0x100C_0B)
            for round in 0..<5_000 {
                let text = ["k\(Int.random(in: 0..<3_000, using: &random))", "é", "e\u{301}", ""].randomElement(using: &random)!
                let key = ExactKey(text)
                if Bool.random(using: &random) {
                    let number = table.number(for: key, orInsert: round)
                    if let known = expected[key] {
                        #expect(number == known)
                    } else {
                        #expect(number == round)
                        expected[key] = round
                    }
                } else {
                    #expect(table.number(for: key) == expected[key], "\(text)")
                }
            }
            _ = table.number(for: ExactKey("é"), orInsert: -1)
            _ = table.number(for: ExactKey("e\u{301}"), orInsert: -2)
            #expect(table.number(for: ExactKey("é")) != table.number(for: ExactKey("e\u{301}")))
            #expect(expected.count > 400)
        }
    }

    /// A table allocates nothing until its first key, and then the slots it was told to
    /// expect: a writer keeps one table per scalar type, and a small document uses few.
    @Test func tablesAllocateAtTheirFirstKeyAsManySlotsAsExpected() {
        var plain = BinaryPlistUniquingTable<UInt64>()
        #expect(plain.slotCount == 0)
        #expect(plain.number(for: 7) == nil)
        #expect(plain.number(for: 7, orInsert: 0) == 0)
        #expect(plain.slotCount == 16)
        var sized = BinaryPlistUniquingTable<ExactKey>()
        sized.reserveCapacity(100)
        #expect(sized.slotCount == 0)
        for number in 0..<100 { #expect(sized.number(for: ExactKey("key \(number)"), orInsert: number) == number) }
        #expect(sized.slotCount == 256)
        #expect(sized.number(for: ExactKey("key 42")) == 42)
    }

    /// Strings are written as ASCII bytes exactly when every character is ASCII, otherwise
    /// as UTF-16 with the right number of units (two for a scalar beyond U+FFFF).
    @Test func stringsAreCountedAsASCIIOrInUTF16Units() {
        let cases: [(String, Int)] = [
            ("", -1), ("CFBundleIdentifier", -1), ("a longer ASCII key past fifteen bytes", -1),
            ("é", 1), ("e\u{301}", 2), ("Démo Notes", 10), ("東京", 2), ("😀", 2), ("a😀b", 4),
            ("\u{7F}", -1), ("\u{80}", 1),
        ]
        for (text, expected) in cases {
            #expect(BinaryPlistObjectList.utf16CountUnlessASCII(text) == expected, "\(text.debugDescription)")
            #expect(BinaryPlistObjectList.utf16CountUnlessASCII(String(text.unicodeScalars)) == expected)
        }
    }

    /// Words (whose hash identifies them, so a matching slot is not compared) and data give
    /// each distinct key one number, in the table's own mode, in its fallback, and across a
    /// switch to the fallback in the middle (a probe limit of 0 or 1 forces one early), which
    /// must carry every number over.
    @Test func wordAndDataKeysKeepTheirNumbersAcrossTheFallback() {
        for probeLimit in [128, 1, 0, -1] {
            var words = BinaryPlistUniquingTable<UInt64>(probeLimit: probeLimit)
            var data = BinaryPlistUniquingTable<ExactData>(probeLimit: probeLimit)
            var expectedWords: [UInt64: Int] = [:]
            var expectedData: [Data: Int] = [:]
            var random = SeededRandom(seed: 0xDA7A)
            for round in 0..<4_000 {
                // Few distinct values, so most lookups find an earlier one; extremes included.
                let word = [UInt64.max, 0, 1 << 63, UInt64.random(in: 0..<600, using: &random)].randomElement(using: &random)!
                #expect(words.number(for: word, orInsert: round) == expectedWords[word, default: round])
                expectedWords[word] = expectedWords[word] ?? round
                let bytes = Data((0..<Int.random(in: 0..<20, using: &random)).map { _ in UInt8.random(in: 0..<2, using: &random) })
                #expect(data.number(for: ExactData(data: bytes), orInsert: round) == expectedData[bytes, default: round])
                expectedData[bytes] = expectedData[bytes] ?? round
            }
            for (word, number) in expectedWords { #expect(words.number(for: word) == number) }
            for (bytes, number) in expectedData { #expect(data.number(for: ExactData(data: bytes)) == number) }
            #expect(words.number(for: 12_345) == nil)
            #expect(data.number(for: ExactData(data: Data(repeating: 7, count: 3))) == nil)
            if probeLimit <= 1 { #expect(words.usesFallback && data.usesFallback) }
        }
    }

    /// Large data is hashed by its length and both ends only: blobs alike there but not in
    /// the middle share a hash and must still get numbers of their own (and equal blobs one).
    @Test func largeDataAlikeAtBothEndsStaysDistinct() throws {
        let seed: UInt64 = 0xB10B
        var blob = Data(repeating: 7, count: 4_096)
        var other = blob
        other[2_000] = 8
        #expect(ExactData(data: blob).quickHash(seed: seed) == ExactData(data: other).quickHash(seed: seed))
        #expect(!ExactData.sameKey(ExactData(data: blob), ExactData(data: other)))
        var table = BinaryPlistUniquingTable<ExactData>()
        #expect(table.number(for: ExactData(data: blob), orInsert: 1) == 1)
        #expect(table.number(for: ExactData(data: other), orInsert: 2) == 2)
        #expect(table.number(for: ExactData(data: Data(blob)), orInsert: 3) == 1)
        // Lengths differ: different hashes; an end differs: different hashes.
        blob.append(7)
        #expect(ExactData(data: blob).quickHash(seed: seed) != ExactData(data: other).quickHash(seed: seed))
        var end = other
        end[4_095] = 9
        #expect(ExactData(data: end).quickHash(seed: seed) != ExactData(data: other).quickHash(seed: seed))
        // Through the writer: the three blobs are three objects, the repeat one more reference.
        let value: PlistValue = .array([.data(other), .data(end), .data(Data(other)), .data(blob)])
        #expect(try PlistValue(decoding: value.encoded(as: .binary)) == value)
    }

    /// Many distinct blobs alike at both ends (and in `Data`'s own hashed prefix) crowd the
    /// table into its fallback, which hashes whole blobs: the write stays linear and every
    /// blob keeps its own object.
    @Test func blobsAlikeAtTheEndsDoNotMakeWritingQuadratic() async throws {
        let count = 20_000
        let blobs = Self.blobsAlikeAtTheEnds(count: count)
        var state = BinaryPlistWriterState(sortsKeys: false)
        state.flatten(.array(blobs + blobs.prefix(10)))
        #expect(state.usesFallbackHashing)
        // Linear: a fraction of a second of processor time; a quadratic fallback compared
        // 2 × 10⁸ blob pairs, minutes of it, and the child's cap ends it.
        await #expect(processExitsWith: .exitCode(0), "signal \(IsolatedRun.cpuLimitSignal): writing was not linear") { [count = count as Int] in
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                let blobs = Self.blobsAlikeAtTheEnds(count: count)
                guard let bytes = try? PlistValue.array(blobs).encoded(as: .binary) else { return 1 }
                return (try? PlistValue(decoding: bytes)) == .array(blobs) ? 0 : 2
            }
        }
    }

    /// `count` distinct 300-byte blobs that differ only in two bytes in the middle.
    static func blobsAlikeAtTheEnds(count: Int) -> [PlistValue] {
        (0..<count).map { i in
            var bytes = Data(repeating: 0xAB, count: 300)
            bytes[150] = UInt8(truncatingIfNeeded: i)
            bytes[151] = UInt8(truncatingIfNeeded: i >> 8)
            return .data(bytes)
        }
    }
}
