import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// The XML writer's output (a ``ByteWriter``) must hold exactly the bytes put, in order,
/// across its growth, whichever way they were put; and the numbers, dates and text it formats
/// must be Foundation's.
@Suite struct XMLWriterOutputTests {
    @Test func holdsWhatWasPutAcrossGrowth() {
        var output = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        var random = SeededRandom(seed: 0x0B0F)
        for round in 0..<5_000 {
            switch random.next() % 6 {
            case 0:
                let byte = UInt8(truncatingIfNeeded: random.next())
                output.put(byte)
                expected.append(byte)
            case 1:
                // Indents of every length, the short ones stored as one word.
                let repetitions = Int(random.next() % 40)
                output.put(0x09, repetitions: repetitions)
                expected += repeatElement(0x09, count: repetitions)
            case 2:
                output.put("<string>")
                expected += Array("<string>".utf8)
            case 3:
                // Pieces of every length up to 300, the short ones copied by word stores.
                let piece = (0..<Int(random.next() % 300)).map { UInt8(truncatingIfNeeded: $0 &+ round) }
                let start = piece.isEmpty ? 0 : Int(random.next() % UInt64(piece.count))
                ByteCursor.withBytes(of: piece) { $0.copyBytes(from: start, to: piece.count, into: &output) }
                expected += piece[start...]
            case 4:
                let value = random.next() >> (random.next() % 64)
                let digits = Int(random.next() % 24)
                output.putDecimal(value, minimumDigits: digits)
                let text = String(value)
                expected += Array((String(repeating: "0", count: max(0, min(digits, 20) - text.count)) + text).utf8)
            default:
                let data = Data((0..<Int(random.next() % 70)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
                let start = Int(random.next() % UInt64(data.count + 1))
                output.put(base64Of: data, from: start, to: data.count)
                expected += Array(data[data.startIndex + start ..< data.endIndex].base64EncodedData())
            }
        }
        #expect(output.count == expected.count)
        // Bytes taken back from the end, as the key-line cache does.
        output.put("<key>k</key>\n")
        #expect(output.removeBytes(from: expected.count) == Array("<key>k</key>\n".utf8))
        #expect(output.removeBytes(from: expected.count + 1).isEmpty)
        var drained: [Data] = []
        output.drain { drained.append($0) }
        #expect(drained == [Data(expected)])
        #expect(output.count == 0)
        output.put("after")
        #expect(output.finish() == Data("after".utf8))
        // The drained Data owns its bytes after the output moved on.
        #expect(drained == [Data(expected)])
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
