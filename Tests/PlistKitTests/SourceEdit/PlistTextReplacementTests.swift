import Foundation
import Testing
import PlistKit

/// Many values and keys replaced at once: in a tree (`PlistValue.replacing`) and spliced into
/// a file's text, where only the replaced bytes change.
@Suite struct PlistTextReplacementTests {
    private let tree: PlistValue = [
        "name": "$(NAME)",
        "$(KEY)": ["inner": "$(INNER)", "keep": 1],
        "list": ["a", "$(B)"],
    ]

    /// `replacements` spliced into `text`, or a recorded issue.
    private func spliced(_ replacements: [PlistTextReplacement], into text: String, format: PlistFormat) throws -> String {
        let bytes = Data(text.utf8)
        let original = try PlistDocument(decoding: bytes, format: format).value
        switch PlistSourceEditor.splice(replacements, into: bytes, format: format, original: original) {
        case .success(let result):
            return String(decoding: result, as: UTF8.self)
        case .failure(let unavailable):
            Issue.record("not spliced: \(unavailable)")
            return text
        }
    }

    @Test func renamedKeysKeepTheirPlaceAndPathsNameTheOriginal() throws {
        let result = try tree.replacing([
            .key("Key", at: "$(KEY)"),
            .value("inner value", at: "$(KEY).inner"),
            .value("b", at: "list.1"),
            .value("Name", at: "name"),
        ])
        #expect(result == ["name": "Name", "Key": ["inner": "inner value", "keep": 1], "list": ["a", "b"]])
        #expect(result.dictionary?.keys == ["name", "Key", "list"])
        #expect(result["Key"]?.dictionary?.keys == ["inner", "keep"])
    }

    @Test func noReplacementsGiveTheValueBack() throws {
        #expect(try tree.replacing([]) == tree)
        // A root that is not a container has nothing to walk either.
        #expect(try PlistValue.string("plain").replacing([]) == "plain")
        #expect(try PlistValue.integer(7).replacing([]) == .integer(7))
    }

    @Test(arguments: [
        ([PlistTextReplacement.value("x", at: "missing")], PlistError.Code.keyPathNotFound, "No value for key 'missing' at key path 'missing'."),
        ([.key("name", at: "list")], .invalidEdit, "Key 'name' already exists at key path 'name'."),
        ([.value("x", at: "name"), .value("y", at: "name")], .invalidEdit, "Two replacements name one value at key path 'name'."),
        ([.value("x", at: "$(KEY)"), .value("y", at: "$(KEY).inner")], .invalidEdit, "A replaced value has replacements inside it too at key path '$(KEY)'."),
        ([.key("x", at: "")], .invalidEdit, "The root has no key to rename at the root."),
        ([.key("x", at: "list.0")], .keyPathTypeMismatch, "An array element has no key to rename at key path 'list.0'."),
        ([.value("x", at: "name.deeper")], .keyPathTypeMismatch, "The path goes through a string, not a container at key path 'name'."),
    ])
    func impossibleReplacementsFailWithTheirPath(replacements: [PlistTextReplacement], code: PlistError.Code, message: String) {
        #expect {
            _ = try tree.replacing(replacements)
        } throws: { error in
            guard let error = error as? PlistError else { return false }
            return error.code == code && error.description == message
        }
    }

    @Test func xmlSpliceChangesOnlyTheReplacedStringsAndKeys() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <!-- kept -->
            <dict>
              <key>name</key>   <string>$(NAME)</string>
              <key>$(KEY)</key>
              <dict><key>inner</key><string>$(INNER)</string></dict>
            </dict>
            </plist>

            """
        let result = try spliced(
            [.value("A & B", at: "name"), .key("Key", at: "$(KEY)"), .value("<x>", at: "$(KEY).inner")], into: text, format: .xml)
        #expect(result == text
            .replacingOccurrences(of: "<string>$(NAME)</string>", with: "<string>A &amp; B</string>")
            .replacingOccurrences(of: "<key>$(KEY)</key>", with: "<key>Key</key>")
            .replacingOccurrences(of: "<string>$(INNER)</string>", with: "<string>&lt;x&gt;</string>"))
    }

    @Test func openStepSpliceQuotesWhereTheOldTextDidOrTheNewTextNeeds() throws {
        let text = "{\n    bare = value;\n    \"quoted\" = \"$(Q)\";\n    list = (one, two);\n}\n"
        let result = try spliced(
            [.value("two words", at: "bare"), .key("renamed", at: "quoted"), .value("q", at: "quoted"), .value("three", at: "list.1")],
            into: text, format: .openStep)
        #expect(result == "{\n    bare = \"two words\";\n    \"renamed\" = \"q\";\n    list = (one, three);\n}\n")
    }

    @Test func stringsShorthandGetsItsValueWithAnEqualsSign() throws {
        let text = "\"other\" = \"x\";\n\"$(GREETING)\";\n"
        let result = try spliced([.key("hello", at: "$(GREETING)"), .value("Hello", at: "$(GREETING)")], into: text, format: .openStep)
        #expect(result == "\"other\" = \"x\";\n\"hello\" = \"Hello\";\n")
    }

    @Test func jsonSpliceKeepsSpacingAndOrder() throws {
        let text = "{ \"z\" :  \"$(Z)\",\n  \"$(A)\": [ \"$(A)\" ] }"
        let result = try spliced([.value("zed", at: "z"), .key("a", at: "$(A)"), .value("\"quoted\"", at: "$(A).0")], into: text, format: .json)
        #expect(result == "{ \"z\" :  \"zed\",\n  \"a\": [ \"\\\"quoted\\\"\" ] }")
    }

    @Test func binaryAndOverlappingReplacementsAreNotSpliced() throws {
        let binary = try (["a": "x"] as PlistValue).encoded(as: .binary)
        let refused = PlistSourceEditor.splice([.value("y", at: "a")], into: binary, format: .binary, original: ["a": "x"])
        #expect(throws: PlistSpliceUnavailable.self) { try refused.get() }

        let text = Data("{\"a\": {\"b\": \"c\"}}".utf8)
        let original = try PlistDocument(decoding: text, format: .json).value
        let overlapping = PlistSourceEditor.splice(
            [.value(["b": "d"], at: "a"), .value("e", at: "a.b")], into: text, format: .json, original: original)
        #expect(throws: PlistSpliceUnavailable.self) { try overlapping.get() }
    }
}
