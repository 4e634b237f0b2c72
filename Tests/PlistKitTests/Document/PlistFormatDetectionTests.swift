import Foundation
import Testing
@testable import PlistKit

@Suite struct PlistFormatDetectionTests {
    @Test(arguments: [
        ("bplist00\u{0}", PlistFormat.binary),
        ("<?xml version=\"1.0\"?><plist/>", .xml),
        ("  \n<plist version=\"1.0\"><true/></plist>", .xml),
        ("<!DOCTYPE plist><plist/>", .xml),
        ("<!-- c --><plist/>", .xml),
        ("<0fab>", .openStep),
        ("<integer>1</integer>", .xml),
        ("<_a/>", .xml),
        ("<abcd 0123>", .openStep),
        ("<abcd 0123", .openStep),
        ("{ a = b; }", .openStep),
        ("{ \"a\" = \"b\"; }", .openStep),
        ("\"key\" = \"value\";", .openStep),
        ("/* comment */ \"k\" = \"v\";", .openStep),
        ("(a, b)", .openStep),
        ("{\"a\": 1}", .json),
        ("{ \"a\\\"b\" : 1}", .json),
        ("[1, 2]", .json),
        ("42", .json),
        ("-1.5e3", .json),
        ("true", .json),
        ("{}", .json),
        ("truest", .openStep),
        ("1.0.0", .openStep),
        ("0x10", .openStep),
        ("007", .openStep),
        ("-", .openStep),
        ("1e", .openStep),
        ("0", .json),
        ("-0.5E+2\n", .json),
        ("12 34", .openStep),
        ("<*I5>", .openStep),
        ("// !$*UTF8*$!\n{ a = b; }", .openStep),
        ("{ /* c */ \"a\" = b; }", .openStep),
        ("{ \"a:b\" = c; }", .openStep),
        ("\"just a string\"", .openStep),
        ("\u{FEFF}[1]", .json),
    ])
    func detectsFromLeadingText(text: String, format: PlistFormat) {
        #expect(PlistFormat(detecting: Data(text.utf8)) == format)
    }

    @Test func detectsThroughByteOrderMarks() {
        let xml = "<?xml version=\"1.0\"?><plist/>"
        #expect(PlistFormat(detecting: Data([0xEF, 0xBB, 0xBF]) + Data(xml.utf8)) == .xml)
        #expect(PlistFormat(detecting: Data([0xFE, 0xFF]) + xml.data(using: .utf16BigEndian)!) == .xml)
        #expect(PlistFormat(detecting: Data([0xFF, 0xFE]) + xml.data(using: .utf16LittleEndian)!) == .xml)
        #expect(PlistFormat(detecting: xml.data(using: .utf16LittleEndian)!) == .xml)
        #expect(PlistFormat(detecting: Data([0xFF, 0xFE, 0, 0]) + xml.data(using: .utf32LittleEndian)!) == .xml)
        #expect(PlistFormat(detecting: Data([0xFF, 0xFE]) + "\"a\" = \"b\";".data(using: .utf16LittleEndian)!) == .openStep)
        // A bare XML value and OpenStep data through the general path too.
        #expect(PlistFormat(detecting: Data([0xFF, 0xFE]) + "<integer>1</integer>".data(using: .utf16LittleEndian)!) == .xml)
        #expect(PlistFormat(detecting: Data([0xFF, 0xFE]) + "<abcd 0123>".data(using: .utf16LittleEndian)!) == .openStep)
    }

    /// Every fixture of the text formats is detected as its format, and reads the same through
    /// the detecting entry point as through its own reader.
    @Test(arguments: [
        ("JSON/sample.plutil.json", PlistFormat.json), ("JSON/sample.plutil-r.json", .json),
        ("OpenStep/sample.plist", .openStep), ("OpenStep/Localizable.strings", .openStep),
        ("OpenStep/gnustep.plist", .openStep), ("OpenStep/project.pbxproj", .openStep),
    ])
    func detectsFixtures(path: String, format: PlistFormat) throws {
        let data = try Fixtures.data(path)
        #expect(PlistFormat(detecting: data) == format)
        let document = try PlistDocument(decoding: data)
        #expect(document.format == format)
        #expect(try document.value == PlistValue(decoding: data, format: format))
    }

    @Test func reportsUnknownFormatForEmptyInput() throws {
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: Data("  ".utf8)) }
        #expect(error.code == .unknownFormat)
    }

    /// The byte-level fast path decides exactly as the general path on every input it
    /// decides at all.
    @Test func fastPathAgreesWithTheGeneralPath() {
        let pieces = ["{", "}", "[", "(", "<", "\"", "\\", ":", "=", ";", " ", "\n", "a", "1", "<?xml", "<plist", "<!--", "é", "\"k\""]
        var random = SeededRandom(seed: 5)
        var decided = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            guard let fast = ByteCursor.withBytes(of: bytes, FormatSniffer.classifyUTF8) else { continue }
            decided += 1
            #expect(fast == FormatSniffer.classify(Substring(text)), "\(text.debugDescription)")
        }
        #expect(decided > 5_000)
    }

    @Test func findsNothingInEmptyInput() {
        #expect(PlistFormat(detecting: Data()) == nil)
        #expect(PlistFormat(detecting: Data("   \n".utf8)) == nil)
    }
}
