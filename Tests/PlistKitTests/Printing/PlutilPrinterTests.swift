import Foundation
import Testing
@testable import PlistKit

@Suite struct PlutilPrinterTests {
    @Test func describesNestedValuesInPlutilLayout() throws {
        let value: PlistValue = .dictionary([
            "name": .string("Demo"),
            "list": .array([.integer(-3), .real(2.5), .boolean(true)]),
            "when": .date(Date(timeIntervalSinceReferenceDate: 60.75)),
            "ref": .uid(7),
            "empty": .dictionary(PlistDictionary()),
        ])
        #expect(try PlutilPrinter.description(of: value) == """
            {
              "empty" => {
              }
              "list" => [
                0 => -3
                1 => 2.5
                2 => true
              ]
              "name" => "Demo"
              "ref" => <CFKeyedArchiverUID>{value = 7}
              "when" => 2001-01-01 00:01:00 +0000
            }
            """)
    }

    @Test func describesShortDataInFullAndLongDataByItsEnds() throws {
        #expect(try PlutilPrinter.description(of: .data(Data([0x01, 0xAB]))) == "{length = 2, bytes = 0x01ab}")
        #expect(try PlutilPrinter.description(of: .data(Data(0..<24))) == "{length = 24, bytes = 0x\((0..<24).map { String(format: "%02x", $0) }.joined())}")
        #expect(try PlutilPrinter.description(of: .data(Data(0..<40))) == "{length = 40, bytes = 0x0001020304050607... 2021222324252627}")
    }

    @Test func sortsKeysInPlutilOrder() throws {
        let keys = ["b", "a10", "a9", "A1", "a1", "a01", "_x", "-y", "~", "1", " ", "a-b", "ab", "Z", "z"]
        let dictionary = PlistDictionary(keys.map { ($0, PlistValue.boolean(true)) })
        // The order `plutil -p` (plutil for Linux) printed for these keys.
        let expected = [" ", "_x", "-y", "~", "1", "a-b", "a1", "a01", "A1", "a9", "a10", "ab", "b", "z", "Z"]
        #expect(PlutilPrinter.rawText(of: .dictionary(dictionary)) == expected.joined(separator: "\n"))
        let lines = try PlutilPrinter.description(of: .dictionary(dictionary)).split(separator: "\n").dropFirst().dropLast()
        #expect(lines.map { String($0.dropFirst(3).prefix { $0 != "\"" }) } == expected)
    }

    /// For printable ASCII, plutil's key order is Foundation's `localizedStandardCompare`
    /// (numeric, case-insensitive, Finder's order).
    @Test func keyOrderIsLocalizedStandardCompareForPrintableASCII() throws {
        var generator = SeededRandom(seed: 18)
        // Mostly digits and letters, so that numbers and case ties are frequent.
        let alphabet = Array(UInt8(0x20)...UInt8(0x7E)) + Array("0123456789aAzZ".utf8)
        for _ in 0..<300 {
            let keys = (0..<12).map { _ in
                String(decoding: (0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            }
            let unique = Array(Set(keys))
            let dictionary = PlistDictionary(unique.map { ($0, PlistValue.boolean(true)) })
            let foundation = unique.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            #expect(PlutilKeyCollation.sorted(dictionary).keys == foundation, "\(unique)")
        }
    }

    @Test(arguments: [
        (PlistValue.string("text\nwith a newline"), "text\nwith a newline"),
        (.integer(PlistInteger(UInt64.max)), "18446744073709551615"),
        (.real(1.5), "1.500000"),
        (.real(-0.0), "-0.000000"),
        (.real(1e20), "100000000000000000000.000000"),
        (.real(0.0000005), "0.000000"),
        (.real(.infinity), "inf"),
        (.real(-.infinity), "-inf"),
        (.real(.nan), "nan"),
        (.boolean(false), "false"),
        (.date(Date(timeIntervalSinceReferenceDate: 0)), "2001-01-01T00:00:00Z"),
        (.date(Date(timeIntervalSinceReferenceDate: 0.25)), "2001-01-01T00:00:00.250Z"),
        (.data(Data([0, 1, 2])), "AAEC"),
        (.array([.integer(1), .integer(2)]), "2"),
        (.uid(12), "12"),
    ])
    func rawTextOfEachKind(value: PlistValue, expected: String) throws {
        #expect(PlutilPrinter.rawText(of: value) == expected)
    }

    @Test func rawTextOfTheLargestRealIsComplete() throws {
        let text = PlutilPrinter.rawText(of: .real(-.greatestFiniteMagnitude))
        #expect(text == String(format: "%f", -Double.greatestFiniteMagnitude))
        #expect(text.count == 317)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func datesOutsideTheCalendarDoNotTrap(seconds: Double) throws {
        let date = PlistValue.date(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(PlutilPrinter.rawText(of: date) == "\(seconds)")
        #expect(try PlutilPrinter.description(of: date) == "\(seconds)")
        #expect(try PlistTreePrinter().tree(of: date, title: "t") == "t: date \(seconds)\n")
    }
}
