import Foundation
import Testing
import PlistKit

/// Expanding files: text formats change only in the expanded strings and keys, binary files
/// stay binary, and a file with nothing to expand comes back as it was.
@Suite struct BuildSettingDocumentExpansionTests {
    private let expander = BuildSettingExpander(settings: try! BuildSettings(
        parsing: String(decoding: try! Fixtures.data("InfoPlist/ios-app-source.xcconfig"), as: UTF8.self)))

    @Test func sourceInfoPlistExpandsToTheReviewedFileChangingOnlyItsStrings() throws {
        let source = try Fixtures.data("InfoPlist/ios-app-source.plist")
        let result = try expander.expand(document: source)
        #expect(result.format == .xml)
        #expect(result.rewriteReason == nil)
        #expect(result.data == (try Fixtures.data("InfoPlist/ios-app-source.expanded.plist")))
        let (old, new) = (String(decoding: source, as: UTF8.self), String(decoding: result.data, as: UTF8.self))
        let changed = zip(old.split(separator: "\n"), new.split(separator: "\n")).filter { $0 != $1 }
        #expect(changed.count == result.expansion.replacements.count)
        #expect(new.contains("<!-- Source Info.plist: the build fills in the $(…) settings. -->"))
        #expect(new.contains("  <key>FNBetaFeatures</key>\n  <true/>"))
        #expect(result.expansion.value["CFBundleIdentifier"] == "org.plistkit.field-notes")
    }

    @Test func binaryFilesStayBinaryWithTheirKeyOrder() throws {
        let value: PlistValue = ["z": "$(ORGANIZATION_IDENTIFIER)", "a": ["$(CURRENCY:upper)"]]
        let binary = try value.encoded(as: .binary)
        let result = try expander.expand(document: binary)
        #expect(result.format == .binary)
        let decoded = try PlistDocument(decoding: result.data)
        #expect(decoded.format == .binary)
        #expect(decoded.value == ["z": "org.plistkit", "a": ["EUR"]])
        #expect(decoded.value.dictionary?.keys == ["z", "a"])
    }

    @Test(arguments: [
        ("{\n    // settings\n    name = \"$(PRODUCT_NAME)\";\n    \"$(CURRENCY)\" = (a, \"${CURRENCY}\");\n}\n",
         "{\n    // settings\n    name = \"Field Notes\";\n    \"eur\" = (a, \"eur\");\n}\n"),
        ("{\"name\":\"$(PRODUCT_NAME)\",  \"list\" : [ \"${CURRENCY}\" ]}", "{\"name\":\"Field Notes\",  \"list\" : [ \"eur\" ]}"),
    ])
    func openStepAndJSONKeepTheirLayout(text: String, expected: String) throws {
        let result = try expander.expand(document: Data(text.utf8))
        #expect(String(decoding: result.data, as: UTF8.self) == expected)
        #expect(result.rewriteReason == nil)
    }

    @Test func utf16TextStaysUTF16() throws {
        let text = "\"title\" = \"$(PRODUCT_NAME)\";\n"
        var bytes = Data([0xFF, 0xFE])
        bytes.append(try #require(text.data(using: .utf16LittleEndian)))
        let result = try expander.expand(document: bytes)
        #expect(result.data.starts(with: [0xFF, 0xFE]))
        #expect(String(data: result.data.dropFirst(2), encoding: .utf16LittleEndian) == "\"title\" = \"Field Notes\";\n")
    }

    @Test func aFileWithNothingToExpandComesBackAsItWas() throws {
        let bytes = try Fixtures.data("InfoPlist/ios-app.plist")
        let result = try expander.expand(document: bytes)
        #expect(result.data == bytes)
        #expect(!result.expansion.changesValue)
    }

    @Test func withoutKeepingTheLayoutTheWriterWritesTheWholeFile() throws {
        let text = "{\n  \"b\": \"$(CURRENCY)\",   \"a\": 1\n}"
        let result = try expander.expand(document: Data(text.utf8), keepingLayout: false)
        #expect(result.data == (try (["b": "eur", "a": 1] as PlistValue).encoded(as: .json)))
        #expect(result.rewriteReason == nil)
    }

    @Test func aLayoutTheSpliceCannotFollowIsRewrittenWithTheReason() throws {
        let text = "{ a = \"$(CURRENCY)\"; a = \"$(CURRENCY)\"; }"
        let result = try expander.expand(document: Data(text.utf8))
        #expect(result.rewriteReason == "a dictionary's entries do not match its layout")
        #expect(try PlistValue(decoding: result.data) == ["a": "eur"])
    }
}
