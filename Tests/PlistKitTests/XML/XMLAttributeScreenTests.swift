import Foundation
import Testing
@testable import PlistKit

/// Elements with very many attributes, which libxml2 checks in time quadratic in their
/// number, are refused by a linear scan before libxml2 sees them, with the element's line and
/// column; attribute-like text elsewhere is not counted.
@Suite struct XMLAttributeScreenTests {
    static func read(_ text: String) throws -> PlistValue {
        try PlistValue(decoding: Data(text.utf8), format: .xml)
    }

    static func attributes(_ count: Int, prefix: String = "a") -> String {
        (0..<count).map { " \(prefix)\($0)=\"v\"" }.joined()
    }

    static func refusal(_ text: String) throws -> PlistError {
        try #require(throws: PlistError.self) { try read(text) }
    }

    @Test func eightyThousandAttributesOnTheRootAreRefusedWithItsPosition() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist\(Self.attributes(80_000))><true/></plist>"
        let error = try Self.refusal(xml)
        #expect(error.code == .limitExceeded)
        #expect(error.location == .line(2, column: 1))
        #expect(error.reason.contains("more than 64 attributes"))
    }

    @Test func fortyThousandNamespaceDeclarationsOnAnInnerElementAreRefused() throws {
        let xml = "<plist version=\"1.0\">\n<array>\n  <string\(Self.attributes(40_000, prefix: "xmlns:n"))>x</string></array></plist>"
        let error = try Self.refusal(xml)
        #expect(error.code == .limitExceeded)
        #expect(error.location == .line(3, column: 3))
    }

    /// UTF-16 input is screened after it is transcoded, at the same position.
    @Test func utf16InputIsScreenedToo() throws {
        let xml = "<plist>\n <dict\(Self.attributes(1_000))/></plist>"
        var bytes = Data([0xFF, 0xFE])
        for unit in xml.utf16 { bytes.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: bytes, format: .xml) }
        #expect(error.code == .limitExceeded)
        #expect(error.location == .line(2, column: 2))
    }

    @Test func theLimitItselfIsAccepted() throws {
        let xml = "<plist\(Self.attributes(XMLAttributeScreen.maximumAttributesPerElement))><integer>1</integer></plist>"
        #expect(try Self.read(xml) == .integer(1))
    }

    /// `=` and quotes in text, comments, CDATA, processing instructions and the document type
    /// declaration are not attributes.
    @Test func attributeLikeTextOutsideStartTagsIsNotCounted() throws {
        let many = String(repeating: "a=\"b\" ", count: 500)
        let xml = """
            <?xml version="1.0"?>
            <?app \(many)?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- \(many) -->
            <plist version="1.0"><array><string>\(many.replacingOccurrences(of: "\"", with: "&quot;"))</string>
            <string><![CDATA[\(many) <x \(many)> ]]></string></array></plist>
            """
        let value = try Self.read(xml)
        #expect(value.array?.count == 2)
        #expect(value.array?.last?.string?.hasPrefix(many) == true)
    }

    /// The exact scan runs only where more than the limit of `=` signs have no `<` between
    /// them; `=` separated by tags, however many, never need it.
    @Test func onlyLongRunsOfEqualsSignsWithoutATagBetweenThemAreScanned() {
        func mayExceed(_ text: String) -> Bool {
            XMLAttributeScreen.mayExceedLimit(Data(text.utf8))
        }
        let limit = XMLAttributeScreen.maximumAttributesPerElement
        let padded = String(repeating: "<data>AAAAAA==</data>", count: 10_000)
        #expect(!mayExceed("<plist version=\"1.0\"><array>\(padded)</array></plist>"))
        #expect(!mayExceed(String(repeating: "=", count: limit) + "<" + String(repeating: "=", count: limit)))
        #expect(mayExceed("<" + String(repeating: "=", count: limit + 1)))
        #expect(mayExceed("<plist\(Self.attributes(limit + 1))>"))
        #expect(!mayExceed(""))
    }

    /// Attributes whose values hold `<` break every run of `=` signs, so the exact scan does
    /// not run; libxml2 stops at the first such value, so the others are never read: the
    /// document is refused as malformed, at once.
    @Test func attributesWithAngleBracketsInTheirValuesAreNeverAllParsed() throws {
        let attributes = (0..<80_000).map { " a\($0)=\"<\"" }.joined()
        let xml = "<plist\(attributes)><true/></plist>"
        let error = try Self.refusal(xml)
        #expect(error.code == .corruptData)
        // Refused inside the first attribute's value: the other 79,999 are never read (parsed
        // to the end, libxml2's duplicate check would take minutes).
        guard case .line(let line, let column) = error.location else {
            Issue.record("no line and column: \(error)")
            return
        }
        #expect(line == 1 && column <= 20, "\(error)")
    }

    /// A quoted `>` inside an attribute value does not end the tag early.
    @Test func quotedAngleBracketsStayInsideTheTag() throws {
        let xml = "<plist version=\"1>0\"\(Self.attributes(100))><true/></plist>"
        #expect(try Self.refusal(xml).code == .limitExceeded)
    }
}
