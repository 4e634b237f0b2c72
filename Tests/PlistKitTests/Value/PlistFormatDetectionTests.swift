import Foundation
import Testing
import PlistKit

@Suite struct PlistFormatDetectionTests {
    @Test(arguments: [
        ("bplist00\u{0}", PlistFormat.binary),
        ("<?xml version=\"1.0\"?><plist/>", .xml),
        ("  \n<plist version=\"1.0\"><true/></plist>", .xml),
        ("<!DOCTYPE plist><plist/>", .xml),
        ("<!-- c --><plist/>", .xml),
        ("<0fab>", .openStep),
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
    }

    @Test func findsNothingInEmptyInput() {
        #expect(PlistFormat(detecting: Data()) == nil)
        #expect(PlistFormat(detecting: Data("   \n".utf8)) == nil)
    }
}
