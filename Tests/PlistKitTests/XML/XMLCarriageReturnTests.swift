import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Raw carriage returns: kept in text as Apple's reader keeps them, untouched in markup, and
/// errors in CR-ended files still reported at the input's own lines and columns.
@Suite struct XMLCarriageReturnTests {
    static func read(_ text: String) throws -> PlistValue {
        try PlistValue(decoding: Data(text.utf8), format: .xml)
    }

    @Test(arguments: [
        ("<plist><string>a\rb\r\nc</string></plist>", PlistValue.string("a\rb\r\nc")),
        ("<plist><dict><key>k\r</key><string>v</string></dict></plist>", ["k\r": "v"]),
        ("<plist><string><![CDATA[x\ry\r\n]]></string></plist>", "x\ry\r\n"),
        ("<plist><string>a<!-- c\r\n -->b</string></plist>", "ab"),
        ("<plist\r\n version=\"1.0\"\r><string\r>t</string\r\n></plist>", "t"),
        ("<plist><string attr=\"x>\ry\">t\r</string></plist>", "t\r"),
        ("<?xml version=\"1.0\"?>\r\n<!DOCTYPE plist [\r\n<!ELEMENT plist ANY>\r\n<!-- ']' \" -->\r\n]>\r\n<plist>\r\n<string>a\r\nb</string>\r\n</plist>\r\n", "a\r\nb"),
        ("<plist>\r<array>\r<integer>\r5</integer>\r<true/>\r</array>\r</plist>\r", [5, true]),
        ("<plist><data>AQ\r\nID</data></plist>", PlistValue.data(Data([1, 2, 3]))),
    ] as [(String, PlistValue)])
    func keepsCarriageReturnsInTextOnly(xml: String, expected: PlistValue) throws {
        #expect(try Self.read(xml) == expected)
    }

    /// Errors are reported from a parse of the input as given, so positions are the input's:
    /// CR LF files count lines as usual; libxml2 counts only LF as a line end, so a file with
    /// CR-only line ends (classic Mac OS) is one long line to it.
    @Test func errorsInCarriageReturnFilesKeepTheirLines() throws {
        let xml = "<plist>\r<array>\r<integer>12x</integer>\r</array>\r</plist>\r"
        let error = try #require(throws: PlistError.self) { try Self.read(xml) }
        #expect(error.location == .line(1, column: 25))
        let crlf = "<plist>\r\n<dict>\r\n<key>a</key>\r\n</dict>\r\n</plist>\r\n"
        let missing = try #require(throws: PlistError.self) { try Self.read(crlf) }
        #expect(missing.location == .line(4, column: 8))
        #expect(missing.reason == "The key 'a' has no value before </dict>")
    }

    /// Foundation reads the same CRs the same way.
    @Test func matchesFoundationOnCarriageReturns() throws {
        let xml = "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a\rb</key>\r\n\t<string>one\r\ntwo\rthree</string>\r\n</dict>\r\n</plist>\r\n"
        let foundation = try PlistValue(propertyList: try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil))
        #expect(try Self.read(xml) == foundation)
        #expect(foundation == ["a\rb": "one\r\ntwo\rthree"])
    }

    /// UTF-16 and UTF-32 are converted to UTF-8 first, so they keep CRs the same way.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian])
    func wideEncodingsKeepCarriageReturnsToo(encoding: String.Encoding) throws {
        let data = try #require("<plist><string>a\r\nb</string></plist>".data(using: encoding))
        #expect(try PlistValue(decoding: data, format: .xml) == "a\r\nb")
    }
}
