import Foundation
import Testing
import PlistKit

/// Surgical edits of real file shapes: a UTF-16 `.strings` file, a `project.pbxproj`, an
/// `Info.plist` with a comment and a `29.97`, CR LF line ends; and the cases that are not
/// spliced.
@Suite struct SourceEditFixtureTests {
    /// `edit` spliced into `bytes`, or a recorded issue.
    private func spliced(_ edit: PlistEdit, into bytes: Data, format: PlistFormat) throws -> Data {
        let original = try PlistDocument(decoding: bytes, format: format).value
        switch PlistSourceEditor.splice(edit, into: bytes, format: format, original: original) {
        case .success(let result):
            var expected = original
            try expected.apply(edit)
            #expect(try PlistDocument(decoding: result, format: format).value == expected)
            return result
        case .failure(let unavailable):
            Issue.record("not spliced: \(unavailable)")
            return bytes
        }
    }

    /// The lines of `old` and `new` that differ, as (old, new) pairs, when both have as many.
    private func changedLines(_ old: String, _ new: String) -> [(String, String)] {
        let (before, after) = (old.components(separatedBy: "\n"), new.components(separatedBy: "\n"))
        guard before.count == after.count else { return [("\(before.count) lines", "\(after.count) lines")] }
        return zip(before, after).filter { $0 != $1 }
    }

    @Test func utf16StringsFileKeepsItsEncodingCommentsAndLayout() throws {
        let bytes = try Fixtures.data("OpenStep/Localizable.strings")
        let result = try spliced(.set(.string("Salut"), at: "greeting"), into: bytes, format: .openStep)
        #expect(result.starts(with: [0xFF, 0xFE]))
        let oldText = try #require(String(data: bytes, encoding: .utf16LittleEndian))
        let newText = try #require(String(data: result, encoding: .utf16LittleEndian))
        #expect(changedLines(oldText, newText).map(\.1) == [#""greeting" = "Salut";"#])
        #expect(newText.contains("/* Localizable.strings, UTF-16LE with BOM */"))

        let added = try spliced(.insert(.string("Bonjour"), at: "hello"), into: result, format: .openStep)
        let addedText = try #require(String(data: added, encoding: .utf16LittleEndian))
        #expect(addedText.hasPrefix(newText.trimmingCharacters(in: .newlines)))
        #expect(addedText.contains("\n\"hello\" = \"Bonjour\";"))
        let removed = try spliced(.remove(at: "emoji"), into: added, format: .openStep)
        let removedText = try #require(String(data: removed, encoding: .utf16LittleEndian))
        #expect(!removedText.contains("emoji"))
        #expect(removedText.contains("shorthand;"))
    }

    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian])
    func utf16JSONWithoutAByteOrderMarkStaysSo(encoding: String.Encoding) throws {
        let text = "{\n  \"name\": \"Zoë\"\n}\n"
        let bytes = try #require(text.data(using: encoding))
        let result = try spliced(.set(.string("日本"), at: "city"), into: bytes, format: .json)
        #expect(String(data: result, encoding: encoding) == "{\n  \"name\": \"Zoë\",\n  \"city\": \"日本\"\n}\n")
        #expect(try spliced(.remove(at: "city"), into: result, format: .json) == bytes)
    }

    @Test func projectFileKeepsItsHeaderAndAnnotations() throws {
        let bytes = try Fixtures.data("OpenStep/project.pbxproj")
        let result = try spliced(.set(.string("99"), at: "objectVersion"), into: bytes, format: .openStep)
        let (old, new) = (String(decoding: bytes, as: UTF8.self), String(decoding: result, as: UTF8.self))
        #expect(changedLines(old, new).map(\.1) == ["\tobjectVersion = 99;"])
        #expect(new.hasPrefix("// !$*UTF8*$!\n"))

        let object: PlistKeyPath = PlistKeyPath(components: ["objects", "0A1B2C3D4E5F60718293A4B5"])
        let inserted = try spliced(.insert(.string("Swift"), at: object.appending("settings")), into: result, format: .openStep)
        let lines = changedLines(new, String(decoding: inserted, as: UTF8.self))
        #expect(lines.count == 1)
        #expect(lines.first?.1.hasSuffix("fileRef = 1A1B2C3D4E5F60718293A4B5 /* main.swift */; settings = Swift; };") == true)
    }

    @Test func infoPlistEditIsOneLine() throws {
        var text = String(decoding: try Fixtures.data("Examples/Info.plist"), as: UTF8.self)
        text = text.replacingOccurrences(of: "<dict>\n", with: "<dict>\n\t<!-- Edited by hand. -->\n")
        let bytes = Data(text.utf8)
        let result = try spliced(.set(.integer(242), at: "CFBundleVersion"), into: bytes, format: .xml)
        let new = String(decoding: result, as: UTF8.self)
        #expect(changedLines(text, new).map(\.1) == ["\t<integer>242</integer>"])
        #expect(new.contains("<real>29.97</real>"))
        #expect(new.contains("<!-- Edited by hand. -->"))

        let removed = try spliced(.remove(at: "UIBackgroundModes.0"), into: result, format: .xml)
        #expect(String(decoding: removed, as: UTF8.self) == new.replacingOccurrences(of: "\t\t<string>fetch</string>\n", with: ""))
        let filled = try spliced(.set(.string("LaunchScreen"), at: "UILaunchScreen.UIImageName"), into: result, format: .xml)
        #expect(
            String(decoding: filled, as: UTF8.self)
                == new.replacingOccurrences(
                    of: "\t<dict/>\n", with: "\t<dict>\n\t\t<key>UIImageName</key>\n\t\t<string>LaunchScreen</string>\n\t</dict>\n"))
    }

    @Test func newLinesEndLikeTheFilesLines() throws {
        let bytes = try Fixtures.data("XML/crlf-line-ends.plist")
        let result = try spliced(.insert(.array([.string("x")]), at: "added"), into: bytes, format: .xml)
        let text = [UInt8](result)
        let bareLineFeeds = text.indices.filter { text[$0] == 0x0A && ($0 == 0 || text[$0 - 1] != 0x0D) }
        #expect(bareLineFeeds.isEmpty)
        #expect(result.count > bytes.count)
    }

    @Test func openStepSyntaxSurvivesAnEdit() throws {
        let bytes = try Fixtures.data("OpenStep/sample.plist")
        let original = try PlistDocument(decoding: bytes, format: .openStep).value
        guard case .dictionary(let root) = original, let last = root.keys.last else {
            Issue.record("sample.plist is not a dictionary")
            return
        }
        let result = try spliced(.remove(at: PlistKeyPath(components: [last])), into: bytes, format: .openStep)
        #expect(result.count < bytes.count)
        // The result is the original with one stretch of it taken out.
        let old = [UInt8](bytes), new = [UInt8](result)
        var prefix = 0
        while prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        #expect(old.reversed().starts(with: new[prefix...].reversed()))
    }

    @Test func whatIsNotSplicedSaysWhy() throws {
        let binary = try PlistValue.dictionary(["a": "b"]).encoded(as: .binary)
        let edit = PlistEdit.set(.string("c"), at: "a")
        guard case .failure(let binaryRefusal) = PlistSourceEditor.splice(edit, into: binary, format: .binary, original: ["a": "b"]) else {
            Issue.record("a binary file was spliced")
            return
        }
        #expect(binaryRefusal.reason.contains("binary"))
        // The tree holds one 'a' where the text has two: the layout and the tree disagree.
        let duplicate = Data("{ a = 1; a = 2; }".utf8)
        let read = try PlistDocument(decoding: duplicate, format: .openStep).value
        guard case .failure = PlistSourceEditor.splice(edit, into: duplicate, format: .openStep, original: read) else {
            Issue.record("a dictionary with a repeated key was spliced")
            return
        }
        // A value the tree does not hold at the path it is given.
        let mismatched = PlistSourceEditor.splice(edit, into: Data("{ b = 1; }".utf8), format: .openStep, original: ["a": "b"])
        guard case .failure = mismatched else {
            Issue.record("an edit was spliced into a text that is not the given tree")
            return
        }
    }
}

/// Every text property list of the shared corpus takes surgical edits: a new entry at the
/// root and a changed first value are spliced, not rewritten, except where the splice cannot
/// be made: a dictionary that repeats a key (the tree holds one entry where the text has two)
/// and text in UTF-32 (which JSON allows).
@Suite struct SourceEditCorpusTests {
    @Test func corpusTextFilesAreSpliced() throws {
        var tried = 0
        var refused: [String] = []
        for entry in CorpusEntry.all {
            // The largest files only make the suite slow: what they hold, smaller ones hold too.
            guard let bytes = try? entry.data(), bytes.count <= 100_000, let document = try? PlistDocument(decoding: bytes),
                document.format != .binary
            else { continue }
            var edits: [PlistEdit] = []
            switch document.value {
            case .dictionary(let root):
                edits.append(.set(.string("added by a test"), at: PlistKeyPath(components: ["~splice-test"])))
                if let first = root.keys.first { edits.append(.set(.string("changed"), at: PlistKeyPath(components: [first]))) }
            case .array(let elements):
                edits.append(.append(.string("added by a test"), to: .root))
                if !elements.isEmpty { edits.append(.remove(at: "0")) }
            default:
                continue
            }
            for edit in edits {
                tried += 1
                if case .failure(let unavailable) = PlistSourceEditor.splice(edit, into: bytes, format: document.format, original: document.value),
                    !unavailable.reason.contains("do not match its layout"), !unavailable.reason.contains("UTF-32")
                {
                    refused.append("\(entry.path): \(edit): \(unavailable)")
                }
            }
        }
        guard tried > 0 else { return }  // the corpus is absent
        #expect(refused.isEmpty, "\(refused.count) of \(tried) edits refused:\n\(refused.prefix(20).joined(separator: "\n"))")
    }
}
