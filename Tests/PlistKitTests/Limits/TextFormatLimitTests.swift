import Foundation
import Testing
import PlistKit

/// XML, OpenStep and JSON inputs that claim huge depth or expansion: refused fast with a typed
/// error, with no stack overflow, no entity expansion and no file or network access.
@Suite struct TextFormatLimitTests {
    // MARK: XML entities

    /// "Billion laughs": ten entities, each ten references to the previous one, 10¹⁰ characters
    /// from 700 bytes. The XML reader must not expand entities (STYLE.md: never
    /// XML_PARSE_NOENT); whatever it does, it must end fast without the expansion.
    @Test func billionLaughsIsNotExpanded() async {
        var subset = "<!ENTITY l0 \"lol\">"
        for level in 1...9 {
            subset += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE plist [\(subset)]><plist version=\"1.0\"><string>&l9;</string></plist>"
        #expect(xml.utf8.count < 1024)
        await expectRefusedOrSmall(Data(xml.utf8), maximumStringBytes: 1 << 20)
    }

    /// Quadratic blowup: one 200-character entity referenced 100 times inside a string.
    @Test func repeatedLargeEntityIsNotExpandedWithoutBound() async {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY a \"\(String(repeating: "a", count: 200))\">]>"
            + "<plist version=\"1.0\"><string>" + String(repeating: "&a;", count: 100) + "</string></plist>"
        #expect(xml.utf8.count < 1024)
        await expectRefusedOrSmall(Data(xml.utf8), maximumStringBytes: 1 << 20)
    }

    /// An external entity naming a local file: its content must never appear in the value.
    @Test func externalEntityIsNotLoaded() async {
        let xml = """
            <?xml version="1.0"?><!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <plist version="1.0"><string>&xxe;</string></plist>
            """
        await expectRefusedOrSmall(Data(xml.utf8), maximumStringBytes: 64) { text in
            #expect(!text.contains("root:"), "The external entity was loaded: \(text.prefix(80))")
        }
    }

    /// An external DTD on the network: must not be fetched (XML_PARSE_NONET); a fetch would
    /// hang or fail slowly on a machine without network.
    @Test func externalDTDIsNotFetched() async {
        let xml = """
            <?xml version="1.0"?><!DOCTYPE plist SYSTEM "http://10.255.255.1/evil.dtd">
            <plist version="1.0"><string>ok</string></plist>
            """
        await expectRefusedOrSmall(Data(xml.utf8), maximumStringBytes: 64)
    }

    // MARK: Depth

    @Test(arguments: [PlistFormat.xml, .openStep, .json])
    func refusesNestingDeeperThanTheConfiguredDepth(format: PlistFormat) async {
        let text = nested(depth: 60, format: format)
        #expect(text.utf8.count < 1024)
        await LimitExpectations.expectRefusal(
            Data(text.utf8), format: format, options: PlistReadingOptions(maximumDepth: 50), codes: [.limitExceeded])
    }

    /// 100,000 unclosed openers (100 KB to 700 KB) with the default limits: refused at depth 512,
    /// long before a recursive reader would overflow its stack.
    @Test(arguments: [PlistFormat.xml, .openStep, .json])
    func refusesHundredThousandOpenersWithDefaultLimits(format: PlistFormat) async {
        let opener: String
        switch format {
        case .xml: opener = "<array>"
        case .openStep: opener = "("
        case .json, .binary: opener = "["
        }
        let prefix = format == .xml ? "<?xml version=\"1.0\"?><plist version=\"1.0\">" : ""
        let text = prefix + String(repeating: opener, count: 100_000)
        let error = await LimitExpectations.expectRefusal(Data(text.utf8), format: format)
        if let error, error.code == .corruptData {
            // libxml2 stops at its own depth limit (256 without XML_PARSE_HUGE) before PlistKit's
            // 512; either refusal is fine as long as it is typed and has a position.
            #expect(error.location != nil, "\(error)")
        }
    }

    @Test(arguments: [PlistFormat.xml, .openStep, .json])
    func readsNestingWithinTheConfiguredDepth(format: PlistFormat) throws {
        let value = try PlistValue(
            decoding: Data(nested(depth: 60, format: format).utf8), format: format,
            options: PlistReadingOptions(maximumDepth: 61))
        #expect(value[keyPath: PlistKeyPath(components: Array(repeating: "0", count: 59))]?.array?.isEmpty == true)
    }

    // MARK: Object count

    @Test(arguments: [PlistFormat.xml, .openStep, .json])
    func refusesMoreValuesThanTheConfiguredCount(format: PlistFormat) async {
        let text: String
        switch format {
        case .xml: text = "<plist version=\"1.0\"><array>" + String(repeating: "<string/>", count: 101) + "</array></plist>"
        case .openStep: text = "(" + Array(repeating: "a", count: 101).joined(separator: ",") + ")"
        case .json, .binary: text = "[" + Array(repeating: "1", count: 101).joined(separator: ",") + "]"
        }
        #expect(text.utf8.count < 1024)
        await LimitExpectations.expectRefusal(
            Data(text.utf8), format: format, options: PlistReadingOptions(maximumObjectCount: 50), codes: [.limitExceeded])
    }

    // MARK: Helpers

    /// Arrays nested `depth` deep around an empty array, in the syntax of `format`.
    private func nested(depth: Int, format: PlistFormat) -> String {
        switch format {
        case .xml:
            return "<plist version=\"1.0\">" + String(repeating: "<array>", count: depth - 1) + "<array/>"
                + String(repeating: "</array>", count: depth - 1) + "</plist>"
        case .openStep:
            return String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        case .json, .binary:
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
    }

    /// Reading must end (``LimitExpectations/expectReadingEnds(_:format:options:sourceLocation:)``),
    /// in a ``PlistError`` or in a value whose strings stay under `maximumStringBytes`
    /// (entities left unexpanded, or expanded by libxml2 within its own amplification limits).
    private func expectRefusedOrSmall(
        _ data: Data, maximumStringBytes: Int, check: (String) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        guard await LimitExpectations.expectReadingEnds(data, format: .xml, sourceLocation: sourceLocation) else { return }
        switch LargeStack.result({ try PlistValue(decoding: data, format: .xml) }) {
        case .success(let value):
            let text = value.string ?? ""
            #expect(value.string != nil, "Expected a string, read \(value)", sourceLocation: sourceLocation)
            #expect(text.utf8.count < maximumStringBytes, "The string has \(text.utf8.count) bytes", sourceLocation: sourceLocation)
            check(text)
        case .failure(let error):
            #expect(error is PlistError, "\(type(of: error)): \(error)", sourceLocation: sourceLocation)
        }
    }
}
