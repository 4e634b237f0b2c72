import Foundation
import Testing
@testable import PlistKit

/// Every read of the cursor is checked: offsets and lengths outside the bytes, or large enough
/// to overflow, give an error or `nil`, never a trap or a read outside the buffer.
@Suite struct ByteCursorTests {
    static let bytes: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0xFF]

    /// The error `body` throws, or `nil`.
    static func error(_ body: () throws -> Void) -> ByteCursor.OutOfBounds? {
        do {
            try body()
            return nil
        } catch {
            return error as? ByteCursor.OutOfBounds
        }
    }

    @Test func peeksAtAnyOffsetWithoutTrapping() {
        ByteCursor.withBytes(of: Self.bytes) { cursor in
            #expect((try? cursor.peekByte(at: 4)) == 0xFF)
            for offset in [5, -1, Int.max, Int.min] {
                let failure = Self.error { _ = try cursor.peekByte(at: offset) }
                #expect(failure == ByteCursor.OutOfBounds(offset: offset, length: 1, bufferCount: 5))
                #expect(failure.map(PlistError.init)?.description
                    == "A read of 1 bytes runs past the end of the 5-byte input at byte offset \(offset).")
                #expect(cursor.byte(at: offset) == nil)
            }
        }
    }

    @Test(arguments: [(0, 0), (0, 9), (-1, 1), (Int.max, 1), (Int.max - 2, 4), (4, 2), (2, 4)])
    func refusesIntegersOutsideTheBytes(offset: Int, size: Int) {
        ByteCursor.withBytes(of: Self.bytes) { cursor in
            #expect(Self.error { _ = try cursor.peekUInt(at: offset, size: size) } != nil)
        }
    }

    @Test func readsBigEndianIntegersNearTheEnd() {
        ByteCursor.withBytes(of: Self.bytes) { cursor in
            #expect((try? cursor.peekUInt(at: 0, size: 5)) == 0x00_0102_03FF)
            #expect((try? cursor.peekUInt(at: 3, size: 2)) == 0x03FF)
            #expect((try? cursor.peekUInt(at: 4, size: 1)) == 0xFF)
        }
    }

    @Test func rangeChecksDoNotOverflow() {
        ByteCursor.withBytes(of: Self.bytes) { cursor in
            #expect(cursor.contains(0, 5) == true)
            #expect(cursor.contains(5, 0) == true)
            #expect(cursor.contains(1, Int.max) == false)
            #expect(cursor.contains(Int.max, Int.max) == false)
            #expect(cursor.contains(-1, 2) == false)
            #expect(cursor.hasBytes([0xFF, 0x00], at: 4) == false)
            #expect(cursor.hasBytes([0x03, 0xFF], at: 3) == true)
        }
    }

    @Test func refusesReadsOfClaimedLengthsThatAreNotThere() {
        ByteCursor.withBytes(of: Self.bytes) { input in
            var cursor = input
            #expect(Self.error { _ = try cursor.readData(count: Int.max) } != nil)
            #expect(Self.error { _ = try cursor.readData(count: -1) } != nil)
            #expect(Self.error { _ = try cursor.readASCIIString(count: 6) } != nil)
            var bad = 0
            // `count × 2` overflows.
            #expect(Self.error { _ = try cursor.readUTF16BEString(count: Int.max / 2 + 1, badOffset: &bad) } != nil)
            #expect(Self.error { _ = try cursor.readUTF16BEString(count: 3, badOffset: &bad) } != nil)
            var sink: [UInt8] = []
            #expect(Self.error { _ = try cursor.readUnicode(count: Int.max / 4 + 1, form: .utf32(bigEndian: true), into: &sink) } != nil)
            #expect(Self.error { try cursor.seek(to: 6) } != nil)
            #expect(Self.error { try cursor.seek(to: -1) } != nil)
            #expect(cursor.position == 0)
            #expect((try? cursor.readData(count: 5)) == Data(Self.bytes))
            #expect(cursor.isAtEnd == true)
            #expect(Self.error { _ = try cursor.readDouble() } != nil)
        }
    }

    @Test func scannersStopAtTheEndWhereverThePositionIs() {
        ByteCursor.withBytes(of: Self.bytes) { input in
            var cursor = input
            cursor.skip { $0 < 0x03 }
            #expect(cursor.position == 3)
            #expect(cursor.peek() == 0x03)
            #expect(cursor.peek(ahead: 1) == 0xFF)
            #expect(cursor.peek(ahead: 2) == nil)
            #expect(cursor.peek(ahead: Int.max) == nil)
            #expect(cursor.peek(ahead: -4) == nil)
            cursor.skip { _ in true }
            #expect(cursor.isAtEnd == true)
            #expect(cursor.remaining == 0)
            #expect(cursor.peek() == nil)
            cursor.advance(by: Int.max)
            #expect(cursor.position == Int.max)
            #expect(cursor.peek() == nil)
            #expect(cursor.remaining == 0)
            cursor.skip { _ in true }
            #expect(cursor.peek() == nil)
            // One more byte wraps the position to a negative one, which is outside too.
            cursor.advance()
            #expect(cursor.isAtEnd == true)
            #expect(cursor.remaining == 0)
            #expect(cursor.peek() == nil)
            #expect(cursor.peek(ahead: 1) == nil)
            #expect(cursor.text(from: 0) == "")
            #expect(Self.error { _ = try cursor.readDouble() } != nil)
        }
    }

    @Test(arguments: [
        ([0x61, 0xC3, 0xA9], nil), ([0xC3], 0), ([0x61, 0xC0, 0x80], 1), ([0xE0, 0x80, 0x80], 0),
        ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF0, 0x9F, 0x98, 0x80], nil),
        (Array("eight by".utf8) + [0xFF], 8), ([0x80], 0), ([0xE2, 0x82], 0),
    ] as [([UInt8], Int?)])
    func findsTheFirstInvalidUTF8(bytes: [UInt8], expected: Int?) {
        ByteCursor.withBytes(of: bytes) { cursor in
            #expect(cursor.firstInvalidUTF8(from: 0, to: .max) == expected)
            #expect(cursor.firstInvalidUTF8(from: -7, to: bytes.count) == expected)
        }
    }

    @Test func validatesOnlyTheRangeAsked() {
        // A sequence cut by the range's end is invalid there, whatever follows.
        ByteCursor.withBytes(of: [0x61, 0xC3, 0xA9, 0xFF]) { cursor in
            #expect(cursor.firstInvalidUTF8(from: 0, to: 3) == nil)
            #expect(cursor.firstInvalidUTF8(from: 0, to: 2) == 1)
            #expect(cursor.firstInvalidUTF8(from: 2, to: 4) == 2)
            #expect(cursor.firstInvalidUTF8(from: Int.max, to: Int.max) == nil)
            #expect(cursor.firstInvalidUTF8(from: 0, to: Int.min) == nil)
        }
    }

    @Test func textRangesAreCutToTheBytes() {
        ByteCursor.withBytes(of: Array("hello".utf8)) { input in
            var cursor = input
            #expect(cursor.text(from: -5, to: 2) == "he")
            #expect(cursor.text(from: 3, to: Int.max) == "lo")
            #expect(cursor.text(from: 4, to: 1) == "")
            #expect(cursor.text(from: Int.min, to: Int.min) == "")
            cursor.advance(by: 100)
            #expect(cursor.text(from: 2) == "llo")
            #expect(cursor.validatedText(from: 0) == "hello")
            var appended: [UInt8] = []
            cursor.appendBytes(from: 3, to: &appended)
            #expect(appended == Array("lo".utf8))
        }
        ByteCursor.withBytes(of: [0x61, 0xFF]) { input in
            var cursor = input
            cursor.advance(by: 2)
            #expect(cursor.validatedText(from: 0) == nil)
            #expect(cursor.text(from: 0) == "a\u{FFFD}")
        }
    }

    @Test func readsUTF16StringsAndLocatesUnpairedSurrogates() {
        // "aé😀" big-endian, then a lone high surrogate.
        let good: [UInt8] = [0x00, 0x61, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00]
        ByteCursor.withBytes(of: good + [0xD8, 0x00, 0x00, 0x62]) { input in
            var cursor = input
            var bad = -1
            #expect((try? cursor.readUTF16BEString(count: 4, badOffset: &bad)) == "aé😀")
            #expect(cursor.position == 8)
            #expect((try? cursor.readUTF16BEString(count: 2, badOffset: &bad)) == nil)
            #expect(bad == 8)
            #expect(cursor.position == 8)
        }
    }

    @Test func comparesAndHashesBytesWhateverTheirLength() {
        for length in 0..<40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            var b = a
            #expect(ByteHashing.sameBytes(Data(a), Data(b)))
            #expect(ByteHashing.sampledHash(Data(a), seed: 7) == ByteHashing.sampledHash(Data(b), seed: 7))
            if length > 0 {
                b[length - 1] ^= 1
                #expect(!ByteHashing.sameBytes(Data(a), Data(b)))
                #expect(ByteHashing.sampledHash(Data(a), seed: 7) != ByteHashing.sampledHash(Data(b), seed: 7))
            }
            #expect(!ByteHashing.sameBytes(Data(a), Data(a + [0])))
        }
        #expect(ByteHashing.sameUTF8("é", "é"))
        #expect(!ByteHashing.sameUTF8("\u{E9}", "e\u{301}"))
        #expect(ByteHashing.hash(utf8: "key", seed: 1) == ByteHashing.hash(utf8: String("xkey".dropFirst()), seed: 1))
    }

    @Test func samplesTheEndsOfLargeData() {
        var a = [UInt8](repeating: 1, count: 1000)
        let b = a
        a[500] = 2
        // Only the length and the first and last 64 bytes are hashed; the bytes still differ.
        #expect(ByteHashing.sampledHash(Data(a), seed: 3) == ByteHashing.sampledHash(Data(b), seed: 3))
        #expect(!ByteHashing.sameBytes(Data(a), Data(b)))
        a[999] = 2
        #expect(ByteHashing.sampledHash(Data(a), seed: 3) != ByteHashing.sampledHash(Data(b), seed: 3))
    }
}
