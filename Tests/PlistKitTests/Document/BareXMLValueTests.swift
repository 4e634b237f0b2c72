import Foundation
import Testing
@testable import PlistKit

/// A bare XML value, without `<?xml` or `<plist>`, is detected and read as XML, as
/// Foundation's readers take `<` followed by an XML name; OpenStep data stays OpenStep.
@Suite struct BareXMLValueTests {
    static let bareValues: [(String, PlistValue)] = [
        ("<integer>127</integer>", 127),
        ("  \n<real>1.5</real>", 1.5),
        ("<string><![CDATA[x]]></string>", "x"),
        ("<string>plain</string>", "plain"),
        ("<true/>", true),
        ("<array><integer>1</integer></array>", [1]),
        ("<dict><key>a</key><string>b</string></dict>", ["a": "b"]),
        ("<data>AQI=</data>", .data(Data([1, 2]))),
    ]

    @Test(arguments: bareValues.map(\.0))
    func bareValueReadsAsFoundationReadsIt(text: String) throws {
        let expected = try #require(Self.bareValues.first { $0.0 == text }?.1)
        let data = Data(text.utf8)
        #expect(PlistFormat(detecting: data) == .xml)
        #expect(try PlistValue(decoding: data) == expected)
        #expect(try FoundationBridge.value(data) == expected)
    }

    @Test func codableDecodersReadBareValues() throws {
        for (text, value) in [("<integer>127</integer>", 127), ("<integer>-3</integer>", -3)] {
            let data = Data(text.utf8)
            #expect(try PlistDecoder().decode(Int.self, from: data) == value)
            #expect(try PropertyListDecoder().decode(Int.self, from: data) == value)
        }
        let real = Data("<real>1.5</real>".utf8)
        #expect(try PlistDecoder().decode(Double.self, from: real) == 1.5)
        #expect(try PropertyListDecoder().decode(Double.self, from: real) == 1.5)
        let cdata = Data("<string><![CDATA[x]]></string>".utf8)
        #expect(try PlistDecoder().decode(String.self, from: cdata) == "x")
        #expect(try PropertyListDecoder().decode(String.self, from: cdata) == "x")
    }

    @Test(arguments: ["<0fbd 77>", "<abcd 0123>", "<ABCD>", "  <ab\n cd>", "<*I5>", "<>"])
    func openStepDataStaysOpenStep(text: String) throws {
        let data = Data(text.utf8)
        #expect(PlistFormat(detecting: data) == .openStep)
        if text != "<*I5>" {
            #expect(try PlistValue(decoding: data) == FoundationBridge.value(data))
        }
    }
}
