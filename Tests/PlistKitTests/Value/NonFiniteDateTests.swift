import Foundation
import Testing
@testable import PlistKit

/// Dates of NaN or infinite seconds: a binary plist's date is any 64-bit real, and an
/// archived NSDate's `NS.time` any number, as CoreFoundation reads them. PlistKit keeps such a
/// date as it is and renders it without Foundation's `Date.description`, which traps on NaN.
@Suite struct NonFiniteDateTests {
    static let seconds: [Double] = [.nan, .infinity, -.infinity, 1e300]

    /// A binary plist `{"d": date}`, made by hand: PlistKit's writer holds the same double.
    static func binary(_ seconds: Double) -> Data {
        var file = Array("bplist00".utf8)
        file += [0xD1, 0x01, 0x02, 0x51, UInt8(ascii: "d"), 0x33]
        file += (0..<8).reversed().map { UInt8(truncatingIfNeeded: seconds.bitPattern >> (8 * UInt64($0))) }
        file += [8, 11, 13]  // offsets of the three objects
        file += [0, 0, 0, 0, 0, 0, 1, 1] + [UInt8](repeating: 0, count: 7) + [3] + [UInt8](repeating: 0, count: 8)
        file += [UInt8](repeating: 0, count: 7) + [22]
        return Data(file)
    }

    @Test(arguments: seconds)
    func aBinaryDateIsKeptAndEveryRenderingIsSafe(seconds: Double) throws {
        let value = try PlistValue(decoding: Self.binary(seconds), format: .binary)
        let date = try #require(value["d"]?.date)
        #expect(date.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern || (seconds.isNaN && date.timeIntervalSinceReferenceDate.isNaN))
        #expect(try PlistValue(decoding: value.encoded(as: .binary)) == value)
        let text = "\(value)"
        #expect(text.hasPrefix("{\"d\":{\"$date\":"), "\(text)")
        #expect(String(reflecting: value) == text)
        #expect(try PlistTreePrinter().tree(of: value, title: "t").contains("d: date \(seconds)"))
        #expect(try PlutilPrinter.description(of: value).contains("\"d\" => \(seconds)"))
        #expect(try DefaultsDescription.text(of: value).contains("\(seconds)"))
        #expect(try value.swiftLiteral().contains("Date(timeIntervalSinceReferenceDate:"))
        let summary = seconds.isFinite ? "\(seconds)" : "date \(seconds)"
        #expect(try PlistDiff(from: value, to: ["d": 1]).changes.map(\.description) == ["~ d: \(summary) -> 1"])
        #expect(try PlistDiff(from: value, to: value).isEmpty)
        for format in [PlistFormat.xml, .openStep, .json] {
            // Formats that cannot write the date refuse it with the key path; none traps.
            let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
            do {
                _ = try value.encoded(as: format, options: options)
            } catch let error as PlistError {
                #expect(error.code == .unrepresentableValue, "\(format): \(error)")
            }
        }
    }

    @Test func anArchivedDateOfNaNSecondsIsKeptAndPrintable() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(Date(timeIntervalSinceReferenceDate: .nan), forKey: "root")
        let archive = try KeyedArchive(decoding: archiver.encodedData())
        let tree = try archive.genericTree()
        #expect(tree["root"]?.date?.timeIntervalSinceReferenceDate.isNaN == true)
        #expect("\(tree)".contains("{\"$date\":\"nan\"}"), "\(tree)")
        #expect(try PlistTreePrinter().tree(of: tree, title: "t").contains("root: date nan"))
        let date = try KeyedUnarchiver.unarchivedObject(ofClass: Date.self, from: archiver.encodedData())
        #expect(date.timeIntervalSinceReferenceDate.isNaN == true)
    }

    @Test func aTreeBeyondTheLimitsIsDescribedBriefly() {
        var bomb: PlistValue = "x"
        for _ in 0..<64 { bomb = [bomb, bomb] }
        let text = bomb.description
        #expect(text.hasPrefix("<an array of 2 elements: "), "\(text)")
        #expect(text.contains("PlistWritingOptions.maximumValueCount"))
    }

    @Test func diffSummariesUsePlistKitsCalendar() {
        typealias Change = PlistDiff.Change
        #expect(Change.summary(.date(Date(timeIntervalSinceReferenceDate: .nan))) == "date nan")
        #expect(Change.summary(.date(Date(timeIntervalSinceReferenceDate: 1e300))) == "1e+300")
        #expect(Change.summary(.date(Date(timeIntervalSinceReferenceDate: 0.25))) == "2001-01-01T00:00:00.250Z")
    }
}
