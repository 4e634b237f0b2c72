import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// The XML writer's pointer-written buffer must hold exactly the bytes appended, in order,
/// across its growth, whichever way they were appended.
@Suite struct XMLOutputBufferTests {
    @Test func holdsWhatWasAppendedAcrossGrowth() {
        let buffer = XMLOutputBuffer(initialCapacity: 1)
        var expected: [UInt8] = []
        var random = SeededRandom(seed: 0x0B0F)
        for round in 0..<5_000 {
            switch random.next() % 5 {
            case 0:
                let byte = UInt8(truncatingIfNeeded: random.next())
                buffer.append(byte)
                expected.append(byte)
            case 1:
                let repetitions = Int(random.next() % 40)
                buffer.append(0x09, repetitions: repetitions)
                expected += repeatElement(0x09, count: repetitions)
            case 2:
                buffer.append("<string>")
                expected += Array("<string>".utf8)
                // Indents of every length, the short ones stored as one word.
                let tabs = Int(random.next() % 12)
                buffer.appendTabs(tabs)
                expected += repeatElement(0x09, count: tabs)
            case 3:
                let piece = (0..<Int(random.next() % 300)).map { UInt8(truncatingIfNeeded: $0 &+ round) }
                piece.withUnsafeBytes { buffer.append($0) }
                expected += piece
            default:
                // Written in place after reserving, as the number and base64 writers do.
                let length = Int(random.next() % 20)
                buffer.reserve(length)
                for i in 0..<length { buffer.end[i] = UInt8(i) }
                buffer.advance(by: length)
                expected += (0..<length).map { UInt8($0) }
            }
        }
        #expect(buffer.count == expected.count)
        // Bytes taken back from the end, as the key-line cache does.
        buffer.append("<key>k</key>\n")
        #expect(buffer.takeBytes(from: expected.count) == Array("<key>k</key>\n".utf8))
        #expect(buffer.takeBytes(from: expected.count + 1).isEmpty)
        let data = buffer.takeData()
        #expect(data == Data(expected))
        #expect(buffer.count == 0)
        buffer.append("after")
        #expect(buffer.takeData() == Data("after".utf8))
        // The first Data still owns its bytes after the buffer moved on.
        #expect(data == Data(expected))
    }

    @Test func writesNumbersAndTextAsTheFoundationWriterDoes() throws {
        // Integers of every digit count, reals printed by the C helper, dates with padded
        // fields, escapes: compared with Foundation's XML writer byte for byte.
        var integers: [PlistValue] = [.integer(0), .integer(9), .integer(10), .integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max))]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            integers += [.integer(PlistInteger(power - 1)), .integer(PlistInteger(power)), .integer(PlistInteger(-power))]
        }
        let value: PlistValue = .dictionary(PlistDictionary([
            ("integers", .array(integers)),
            ("reals", .array([.real(0.1), .real(-1e-300), .real(1.7976931348623157e308), .real(123456789.125), .real(.leastNonzeroMagnitude)])),
            ("dates", .array([.date(Date(timeIntervalSinceReferenceDate: -62_000_000_000)), .date(Date(timeIntervalSinceReferenceDate: 86_399))])),
            ("text", .string("a & b < c > d \" ' é 😀")),
        ]))
        let ours = try value.encoded(as: .xml)
        let foundation = try PropertyListSerialization.data(fromPropertyList: value.propertyListObject, format: .xml, options: 0)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }
}
