import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Hand-written inputs for every form the XML reader accepts and every rejection, with its
/// exact location.
///
/// Locations are libxml2's position when it reports the event: for a start tag, the column of
/// the `>` (or `/` of `/>`) that ends it; for an end tag, the column just past it; for a
/// value's text, the start tag's `>`; for stray text, just past the text (Docs/XML.md).
@Suite struct XMLReaderAcceptanceTests {
    struct Acceptance: CustomTestStringConvertible, Sendable {
        let xml: String
        let expected: PlistValue
        init(_ xml: String, _ expected: PlistValue) {
            self.xml = xml
            self.expected = expected
        }
        var testDescription: String { xml.debugDescription }
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let xml: String
        let code: PlistError.Code
        let line: Int
        let column: Int
        let reason: String
        init(_ xml: String, _ code: PlistError.Code, _ line: Int, _ column: Int, _ reason: String) {
            self.xml = xml
            self.code = code
            self.line = line
            self.column = column
            self.reason = reason
        }
        var testDescription: String { xml.debugDescription }
    }

    static let appleHeader = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    static func plist(_ body: String) -> String { "<plist version=\"1.0\">\(body)</plist>" }

    static let accepted: [Acceptance] = [
        // Markup Apple's reader takes.
        Acceptance(appleHeader + plist("<true/>"), true),
        Acceptance("<!-- c --><plist><!-- c --><array><!-- c --><true/></array><!-- c --></plist><!-- c -->", [true]),
        Acceptance(plist("<string>a<![CDATA[<&>]]>b</string>"), "a<&>b"),
        Acceptance(plist("<string>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;</string>"), "<>&\"'AB😀"),
        Acceptance("<string>no plist element</string>", "no plist element"),
        Acceptance("<dict><key>a</key><true/></dict>", ["a": true]),
        Acceptance("<plist version=\"9\" extra=\"x\" ><true /></plist >", true),
        Acceptance("\u{FEFF}<plist><true/></plist>", true),
        Acceptance("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><plist><true/></plist>", true),
        // Beyond Apple: a processing instruction or comment inside text is skipped.
        Acceptance(plist("<string>a<!-- c -->b<?pi x?>c</string>"), "abc"),
        // Empty and short forms.
        Acceptance(plist("<string/>"), ""),
        Acceptance(plist("<string></string>"), ""),
        Acceptance(plist("<dict/>"), .dictionary([:])),
        Acceptance(plist("<array/>"), []),
        Acceptance(plist("<dict></dict>"), .dictionary([:])),
        Acceptance(plist("<true></true>"), true),
        Acceptance(plist("<false/>"), false),
        Acceptance(plist("<true> </true>"), true),
        Acceptance(plist("<dict><key/><string>a</string></dict>"), ["": "a"]),
        Acceptance(plist("<data></data>"), .data(Data())),
        Acceptance(plist("<data/>"), .data(Data())),
        // Integers.
        Acceptance(plist("<integer>0x1F</integer>"), 31),
        Acceptance(plist("<integer>-0x1F</integer>"), -31),
        Acceptance(plist("<integer>0X1f</integer>"), 31),
        Acceptance(plist("<integer>+0x10</integer>"), 16),
        Acceptance(plist("<integer>+5</integer>"), 5),
        Acceptance(plist("<integer> \n 42</integer>"), 42),
        Acceptance(plist("<integer>- 5</integer>"), -5),
        Acceptance(plist("<integer>017</integer>"), 17),
        Acceptance(plist("<integer>-0</integer>"), 0),
        Acceptance(plist("<integer>18446744073709551615</integer>"), .integer(PlistInteger(UInt64.max))),
        Acceptance(plist("<integer>0xFFFFFFFFFFFFFFFF</integer>"), .integer(PlistInteger(UInt64.max))),
        Acceptance(plist("<integer>-9223372036854775808</integer>"), .integer(PlistInteger(Int64.min))),
        Acceptance(plist("<integer>-0x8000000000000000</integer>"), .integer(PlistInteger(Int64.min))),
        // Reals.
        Acceptance(plist("<real>nan</real>"), .real(.nan)),
        Acceptance(plist("<real>NaN</real>"), .real(.nan)),
        Acceptance(plist("<real>NAN</real>"), .real(.nan)),
        Acceptance(plist("<real>inf</real>"), .real(.infinity)),
        Acceptance(plist("<real>INF</real>"), .real(.infinity)),
        Acceptance(plist("<real>infinity</real>"), .real(.infinity)),
        Acceptance(plist("<real>Infinity</real>"), .real(.infinity)),
        Acceptance(plist("<real>+infinity</real>"), .real(.infinity)),
        Acceptance(plist("<real>-infinity</real>"), .real(-.infinity)),
        Acceptance(plist("<real>+inf</real>"), .real(.infinity)),
        Acceptance(plist("<real>-inf</real>"), .real(-.infinity)),
        Acceptance(plist("<real> \n\t1.5</real>"), .real(1.5)),
        Acceptance(plist("<real>.5</real>"), .real(0.5)),
        Acceptance(plist("<real>5.</real>"), .real(5)),
        Acceptance(plist("<real>+1</real>"), .real(1)),
        Acceptance(plist("<real>1.5e3</real>"), .real(1500)),
        Acceptance(plist("<real>1E-2</real>"), .real(0.01)),
        Acceptance(plist("<real>1e400</real>"), .real(.infinity)),
        Acceptance(plist("<real>1e-400</real>"), .real(0)),
        Acceptance(plist("<real>-0.0</real>"), .real(-0.0)),
        Acceptance(plist("<real>0.10000000000000001</real>"), .real(0.1)),
        Acceptance(plist("<real>4.9406564584124654e-324</real>"), .real(.leastNonzeroMagnitude)),
        // Data: whitespace anywhere in the base64.
        Acceptance(plist("<data> AQID\n\tBA== </data>"), .data(Data([1, 2, 3, 4]))),
        Acceptance(plist("<data>AQI=</data>"), .data(Data([1, 2]))),
        // Dates: Apple's one form, any year length, a sign, the proleptic Gregorian calendar.
        Acceptance(plist("<date>2001-01-01T00:00:00Z</date>"), .date(Date(timeIntervalSinceReferenceDate: 0))),
        Acceptance(plist("<date>1970-01-01T00:00:00Z</date>"), .date(Date(timeIntervalSinceReferenceDate: -978_307_200))),
        Acceptance(plist("<date>2000-02-29T23:59:59Z</date>"), .date(Date(timeIntervalSinceReferenceDate: -26_438_401))),
        Acceptance(plist("<date>0000-12-30T00:00:00Z</date>"), .date(Date(timeIntervalSinceReferenceDate: -63_114_076_800))),
        Acceptance(plist("<date>-001-12-30T00:00:00Z</date>"), .date(Date(timeIntervalSinceReferenceDate: -63_145_699_200))),
        Acceptance(plist("<date>10000-01-01T00:00:00Z</date>"), .date(Date(timeIntervalSinceReferenceDate: 252_423_993_600))),
        // UIDs: exactly one key CF$UID with an integer in 0...UInt32.max.
        Acceptance(plist("<dict><key>CF$UID</key><integer>5</integer></dict>"), .uid(5)),
        Acceptance(plist("<dict><key>CF$UID</key><integer>4294967295</integer></dict>"), .uid(UInt32.max)),
        Acceptance(plist("<dict><key>CF$UID</key><integer>4294967296</integer></dict>"), ["CF$UID": .integer(4_294_967_296)]),
        Acceptance(plist("<dict><key>CF$UID</key><integer>-1</integer></dict>"), ["CF$UID": -1]),
        Acceptance(plist("<dict><key>CF$UID</key><string>5</string></dict>"), ["CF$UID": "5"]),
        Acceptance(plist("<dict><key>CF$UID</key><real>5</real></dict>"), ["CF$UID": .real(5)]),
        Acceptance(plist("<dict><key>CF$UID</key><integer>5</integer><key>x</key><true/></dict>"), ["CF$UID": 5, "x": true]),
        // Duplicate keys: the last value wins, in the first key's place.
        Acceptance(plist("<dict><key>a</key><string>1</string><key>b</key><true/><key>a</key><string>2</string></dict>"), ["a": "2", "b": true]),
    ]

    @Test(arguments: accepted)
    func acceptsForm(_ acceptance: Acceptance) throws {
        let value = try PlistValue(decoding: Data(acceptance.xml.utf8), format: .xml)
        #expect(value == acceptance.expected)
    }

    @Test func duplicateKeysKeepTheFirstPositionAndTheLastValue() throws {
        let value = try PlistValue(decoding: Data(Self.plist("<dict><key>a</key><string>1</string><key>b</key><true/><key>a</key><string>2</string></dict>").utf8), format: .xml)
        #expect(value.dictionary?.keys == ["a", "b"])
        #expect(value["a"] == "2")
    }

    @Test(arguments: [
        ("UTF-16", String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])),
        ("UTF-16", .utf16BigEndian, [0xFE, 0xFF]),
        ("UTF-16", .utf16LittleEndian, []),
        ("UTF-16", .utf16BigEndian, []),
        ("UTF-32", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
        ("UTF-32", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
        ("UTF-32", .utf32LittleEndian, []),
        ("UTF-32", .utf32BigEndian, []),
        ("UTF-8", .utf8, [0xEF, 0xBB, 0xBF]),
    ])
    func readsUnicodeEncodings(declared: String, encoding: String.Encoding, byteOrderMark: [UInt8]) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n<plist><dict><key>é</key><string>😀 ü</string></dict></plist>"
        let bytes = Data(byteOrderMark) + (try #require(text.data(using: encoding)))
        #expect(try PlistValue(decoding: bytes, format: .xml) == ["é": "😀 ü"])
    }

    @Test func honoursDeclaredLegacyEncoding() throws {
        let bytes = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist><string>"#.utf8) + Data([0xE9, 0xFC])
            + Data("</string></plist>".utf8)
        #expect(try PlistValue(decoding: bytes, format: .xml) == "éü")
    }

    @Test func refusesBadUTF32() throws {
        let bytes = Data([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C, 0x00, 0x11, 0x00, 0x00])
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: bytes, format: .xml) }
        #expect(error.code == .corruptData)
        #expect(error.location == .byteOffset(8))
    }

    static let rejected: [Rejection] = [
        // Apple's reader takes "]]>" in text; XML 1.0 (§2.4) forbids it.
        Rejection("<plist version=\"1.0\"><string>a]]>b</string></plist>", .corruptData, 1, 31, "The XML is not well-formed: libxml2 reports \"Sequence \']]>\' not allowed in content\""),
        Rejection("<plist><foo/></plist>", .corruptData, 1, 12, "Unknown element <foo>, which is not part of a property list"),
        Rejection("<plist>\n  <array>\n    <bar>x</bar>\n  </array>\n</plist>", .corruptData, 3, 9, "Unknown element <bar>, which is not part of a property list"),
        Rejection("<plist><x:string xmlns:x=\"u\">a</x:string></plist>", .corruptData, 1, 29, "Unknown element <x:string>, which is not part of a property list"),
        Rejection("<plist><array><true/></dict></plist>", .corruptData, 1, 29, "The XML is not well-formed: libxml2 reports \"Opening and ending tag mismatch: array line 1 and dict\""),
        Rejection("<plist>\n<dict>\n<key>a</key>\n<string>b</key>\n</dict>\n</plist>", .corruptData, 4, 16, "The XML is not well-formed: libxml2 reports \"Opening and ending tag mismatch: string line 4 and key\""),
        Rejection("<plist><integer>12x</integer></plist>", .corruptData, 1, 16, "The <integer> \'12x\' is not a decimal or 0x-hexadecimal integer"),
        Rejection("<plist><integer>18446744073709551616</integer></plist>", .corruptData, 1, 16, "The <integer> \'18446744073709551616\' is outside the range -9223372036854775808 through 18446744073709551615"),
        Rejection("<plist><integer>-9223372036854775809</integer></plist>", .corruptData, 1, 16, "The <integer> \'-9223372036854775809\' is outside the range -9223372036854775808 through 18446744073709551615"),
        Rejection("<plist><integer>0x10000000000000000</integer></plist>", .corruptData, 1, 16, "The <integer> \'0x10000000000000000\' is outside the range -9223372036854775808 through 18446744073709551615"),
        Rejection("<plist><integer></integer></plist>", .corruptData, 1, 16, "The <integer> is empty"),
        Rejection("<plist><integer>-</integer></plist>", .corruptData, 1, 16, "The <integer> \'-\' has no digits"),
        Rejection("<plist><integer>1.5</integer></plist>", .corruptData, 1, 16, "The <integer> \'1.5\' is not a decimal or 0x-hexadecimal integer"),
        Rejection("<plist><real>1.5.2</real></plist>", .corruptData, 1, 13, "The <real> \'1.5.2\' is not a number"),
        Rejection("<plist><real></real></plist>", .corruptData, 1, 13, "The <real> is empty"),
        Rejection("<plist><real>0x1p3</real></plist>", .corruptData, 1, 13, "The <real> \'0x1p3\' is not a number"),
        Rejection("<plist><real>-nan</real></plist>", .corruptData, 1, 13, "The <real> \'-nan\' is not a number"),
        Rejection("<plist><real>1e</real></plist>", .corruptData, 1, 13, "The <real> \'1e\' is not a number"),
        // Apple's reader refuses white space after a number, and before `inf` and `nan`.
        Rejection("<plist><real>1.5  </real></plist>", .corruptData, 1, 13, "The <real> \'1.5  \' has white space after the number"),
        Rejection("<plist><real> inf</real></plist>", .corruptData, 1, 13, "The <real> \' inf\' is not a number"),
        Rejection("<plist><integer>5\n</integer></plist>", .corruptData, 1, 16, "The <integer> \'5\n\' has white space after its digits"),
        Rejection("<plist><date>2001-01-01</date></plist>", .corruptData, 1, 13, "The <date> \'2001-01-01\' is not of the form YYYY-MM-DDTHH:MM:SSZ"),
        Rejection("<plist><date>2001-01-01T00:00:00</date></plist>", .corruptData, 1, 13, "The <date> \'2001-01-01T00:00:00\' is not of the form YYYY-MM-DDTHH:MM:SSZ"),
        Rejection("<plist><date>2001-00-01T00:00:00Z</date></plist>", .corruptData, 1, 13, "The <date> \'2001-00-01T00:00:00Z\' names no existing day and time"),
        Rejection("<plist><date> 2001-01-01T00:00:00Z</date></plist>", .corruptData, 1, 13, "The <date> \' 2001-01-01T00:00:00Z\' is not of the form YYYY-MM-DDTHH:MM:SSZ"),
        Rejection("<plist><date>2001-01-01T00:00:00.5Z</date></plist>", .corruptData, 1, 13, "The <date> \'2001-01-01T00:00:00.5Z\' is not of the form YYYY-MM-DDTHH:MM:SSZ"),
        Rejection("<plist><date>1234567890-01-01T00:00:00Z</date></plist>", .corruptData, 1, 13, "The <date> \'1234567890-01-01T00:00:00Z\' has a year beyond 999999999"),
        Rejection("<plist><date>999999999-01-01T00:00:00Z</date></plist>", .corruptData, 1, 13, "The <date> \'999999999-01-01T00:00:00Z\' is more than 2^53 seconds from 2001"),
        Rejection("<plist><data>A</data></plist>", .corruptData, 1, 13, "The <data> ends in an incomplete base64 group (its length is not a multiple of 4)"),
        Rejection("<plist><data>A!Q=</data></plist>", .corruptData, 1, 13, "The <data> holds \'!\', which is not base64"),
        Rejection("<plist><data>AQ==AQ==</data></plist>", .corruptData, 1, 13, "The <data> has base64 after its \'=\' padding"),
        Rejection("<plist><data>=AAA</data></plist>", .corruptData, 1, 13, "The <data> has \'=\' where base64 allows no padding"),
        Rejection("<plist>\n\t<dict>\n\t\t<key>a</key>\n\t</dict>\n</plist>", .corruptData, 4, 9, "The key \'a\' has no value before </dict>"),
        Rejection("<plist><dict><key>a</key><key>b</key><true/></dict></plist>", .corruptData, 1, 30, "The key \'a\' has no value before the next <key>"),
        Rejection("<plist><dict><string>a</string></dict></plist>", .corruptData, 1, 21, "A <string> in a <dict> without a <key> before it"),
        Rejection("<plist><dict>x<key>a</key><true/></dict></plist>", .corruptData, 1, 15, "Text \'x\' in <dict>, which holds only elements"),
        Rejection("<plist><array>\n  text\n</array></plist>", .corruptData, 3, 1, "Text \'text\' in <array>, which holds only elements"),
        Rejection("<plist>text<true/></plist>", .corruptData, 1, 12, "Text \'text\' in <plist>, which holds only elements"),
        Rejection("<plist><true/>text</plist>", .corruptData, 1, 19, "Text \'text\' in <plist>, which holds only elements"),
        Rejection("<plist><true>x</true></plist>", .corruptData, 1, 15, "Text \'x\' in <true>, which holds nothing"),
        Rejection("<plist><string>a</string><string>b</string></plist>", .corruptData, 1, 33, "A second value <string> in <plist>, which holds one value"),
        Rejection("<plist><true/></plist><plist><true/></plist>", .corruptData, 1, 23, "The XML is not well-formed: libxml2 reports \"Extra content at the end of the document\""),
        Rejection("<plist><string>a</string></plist>trailing", .corruptData, 1, 34, "The XML is not well-formed: libxml2 reports \"Extra content at the end of the document\""),
        Rejection("", .corruptData, 1, 1, "The document is empty"),
        Rejection(" \n\t", .corruptData, 1, 1, "The document holds only whitespace"),
        Rejection("<plist></plist>", .corruptData, 1, 16, "The <plist> holds no value"),
        Rejection("<plist/>", .corruptData, 1, 9, "The <plist> holds no value"),
        Rejection("<plist><key>a</key></plist>", .corruptData, 1, 12, "A <key> outside a <dict>; keys belong in a dictionary"),
        Rejection("<plist><array><key>a</key></array></plist>", .corruptData, 1, 19, "A <key> outside a <dict>; keys belong in a dictionary"),
        Rejection("<key>a</key>", .corruptData, 1, 5, "A <key> outside a <dict>; keys belong in a dictionary"),
        Rejection("<plist><array><plist/></array></plist>", .corruptData, 1, 21, "A <plist> inside <array>; <plist> can only be the document element"),
        Rejection("<plist><string>a<b/></string></plist>", .corruptData, 1, 19, "Unknown element <b>, which is not part of a property list"),
        Rejection("<plist><string>&bogus;</string></plist>", .corruptData, 1, 23, "The XML is not well-formed: libxml2 reports \"Entity \'bogus\' not defined\""),
        Rejection("<plist><string>&#1;</string></plist>", .corruptData, 1, 20, "The XML is not well-formed: libxml2 reports \"xmlParseCharRef: invalid xmlChar value 1\""),
        Rejection("<plist><string>&#xFFFE;</string></plist>", .corruptData, 1, 24, "The XML is not well-formed: libxml2 reports \"xmlParseCharRef: invalid xmlChar value 65534\""),
        Rejection("<plist><string>a\u{01}b</string></plist>", .corruptData, 1, 17, "The XML is not well-formed: libxml2 reports \"PCDATA invalid Char value 1\""),
        Rejection("<plist><array>", .corruptData, 1, 15, "The document ends inside <array>, before its end tag"),
        Rejection("<plist><dict><key>a", .corruptData, 1, 20, "The document ends inside <key>, before its end tag"),
        Rejection("<plist", .corruptData, 1, 7, "The XML is not well-formed: libxml2 reports \"Couldn\'t find end of Start Tag plist line 1\"")
    ]

    @Test(arguments: rejected)
    func rejectsWithLocation(_ rejection: Rejection) throws {
        let error = try #require(throws: PlistError.self) {
            try PlistValue(decoding: Data(rejection.xml.utf8), format: .xml)
        }
        #expect(error.code == rejection.code)
        #expect(error.location == .line(rejection.line, column: rejection.column))
        #expect(error.reason == rejection.reason)
    }

    @Test func errorDescriptionIsOneSentenceWithTheLocation() throws {
        let error = try #require(throws: PlistError.self) {
            try PlistValue(decoding: Data("<plist>\n  <integer>12x</integer>\n</plist>".utf8), format: .xml)
        }
        #expect(error.description == "The <integer> '12x' is not a decimal or 0x-hexadecimal integer at line 2, column 11.")
    }

    @Test func nestingBeyondTheLimitIsALimitError() throws {
        let xml = "<plist>" + String(repeating: "<array>", count: 5) + String(repeating: "</array>", count: 5) + "</plist>"
        let options = PlistReadingOptions(maximumDepth: 4)
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: Data(xml.utf8), format: .xml, options: options) }
        #expect(error.code == .limitExceeded)
        #expect(error.location == .line(1, column: 42))
        #expect(try PlistValue(decoding: Data(xml.utf8), format: .xml, options: PlistReadingOptions(maximumDepth: 5)).array?.count == 1)
    }

    @Test func valuesBeyondTheObjectCountAreALimitError() throws {
        let xml = Self.plist("<array>" + String(repeating: "<true/>", count: 10) + "</array>")
        let error = try #require(throws: PlistError.self) {
            try PlistValue(decoding: Data(xml.utf8), format: .xml, options: PlistReadingOptions(maximumObjectCount: 10))
        }
        #expect(error.code == .limitExceeded)
        #expect(try PlistValue(decoding: Data(xml.utf8), format: .xml, options: PlistReadingOptions(maximumObjectCount: 11)).array?.count == 10)
    }

    @Test func readsTheExampleFixture() throws {
        let value = try PlistValue(decoding: try Fixtures.data("Examples/Info.plist"), format: .xml)
        let foundation = try PlistValue(propertyList: try PropertyListSerialization.propertyList(
            from: try Fixtures.data("Examples/Info.plist"), options: [], format: nil))
        #expect(value == foundation)
    }
}
