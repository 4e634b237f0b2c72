import Foundation
import Testing
@testable import PlistKit

/// The writer checks its room on every put: too small a capacity grows, never writes past
/// the storage, and the bytes come out as put.
@Suite struct ByteWriterTests {
    @Test func growsFromAnyCapacity() throws {
        for capacity in [-5, 0, 1, 7, 8, 9, 100] {
            var writer = ByteWriter(capacity: capacity)
            var expected: [UInt8] = []
            for i in 0..<300 {
                switch i % 4 {
                case 0:
                    writer.put(UInt8(truncatingIfNeeded: i))
                    expected.append(UInt8(truncatingIfNeeded: i))
                case 1:
                    writer.putBigEndian(0x0102_0304_0506_0708, size: 3)
                    expected += [0x06, 0x07, 0x08]
                case 2:
                    writer.put(contentsOf: Data([0xAA, 0xBB]))
                    expected += [0xAA, 0xBB]
                default:
                    writer.put(utf8Of: "é")
                    expected += [0xC3, 0xA9]
                }
            }
            #expect(writer.count == expected.count)
            #expect(writer.finish() == Data(expected), "capacity \(capacity)")
        }
    }

    @Test func putsEveryBigEndianWidthAndIgnoresOthers() throws {
        var writer = ByteWriter(capacity: 0)
        for size in 1...8 { writer.putBigEndian(0x1122_3344_5566_7788, size: size) }
        for size in [0, 9, -1, Int.max, Int.min] { writer.putBigEndian(0xFFFF_FFFF_FFFF_FFFF, size: size) }
        let finished = writer.finish()
        let bytes = try #require(finished)
        var expected: [UInt8] = []
        let all: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]
        for size in 1...8 { expected += all.suffix(size) }
        #expect(bytes == Data(expected))
    }

    @Test func writesExactlySizedOutputWithoutGrowing() throws {
        // The binary writer's habit: exact size plus seven spare bytes for the last word.
        var writer = ByteWriter(capacity: 16 + 7)
        writer.putBigEndian(0x6270_6C69_7374_3030, size: 8)
        writer.putBigEndian(UInt64.max, size: 8)
        #expect(writer.finish() == Data(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 8)))
    }

    @Test func writesNothingForEmptyInput() throws {
        var writer = ByteWriter(capacity: 4)
        writer.put(contentsOf: Data())
        writer.put(utf8Of: "")
        writer.reserve(-10)
        #expect(writer.hasOverflowed == false)
        #expect(writer.finish()?.isEmpty == true)
    }

    @Test func binaryPlistsMatchTheirCountedLayout() throws {
        // A miscounted size would only cost a reallocation; the trailer must still name where
        // the table really is.
        let value = PlistValue.dictionary(PlistDictionary([
            ("text", .string("ünïcödé 😀")), ("n", .integer(PlistInteger(UInt64.max))), ("d", .data(Data(count: 300))),
            ("a", .array((0..<300).map { .integer(PlistInteger(Int64($0))) })),
        ]))
        let bytes: Data = try value.encoded(as: PlistFormat.binary)
        #expect(try PlistValue(decoding: bytes, format: PlistFormat.binary) == value)
    }
}
