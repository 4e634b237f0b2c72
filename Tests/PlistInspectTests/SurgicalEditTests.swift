import Foundation
import Testing
import PlistKit

/// The edit verbs on text files change only what they edit; `--reformat` and plutil mode
/// rewrite the whole file; an edit that cannot be spliced rewrites it with a warning.
@Suite struct SurgicalEditTests {
    private func text(_ directory: URL, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func setChangesOneLineOfAnInfoPlist() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"], from: "../Examples")
        let before = try text(directory, "Info.plist")
        let result = try CLIRunner.run(["set", "CFBundleShortVersionString", "--string", "2.5", "Info.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        let after = try text(directory, "Info.plist")
        #expect(after == before.replacingOccurrences(of: "<string>2.4.1</string>", with: "<string>2.5</string>"))
        #expect(after.contains("<real>29.97</real>"))
    }

    @Test func reformatRewritesTheWholeFile() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"], from: "../Examples")
        var expected = try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("Info.plist")))
        let result = try CLIRunner.run(["set", "--reformat", "CFBundleVersion", "--integer", "242", "Info.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        try expected.setValue(.integer(242), at: "CFBundleVersion")
        #expect(try text(directory, "Info.plist") == String(decoding: try expected.encoded(as: .xml), as: UTF8.self))
    }

    @Test func stringsAndProjectFilesKeepTheirShape() throws {
        let directory = try CLIRunner.scratch(copying: ["Localizable.strings", "project.pbxproj"], from: "../OpenStep")
        let strings = try Data(contentsOf: directory.appendingPathComponent("Localizable.strings"))
        #expect(try CLIRunner.run(["set", "--string", "Salut", "greeting", "Localizable.strings"], in: directory).status == 0)
        let edited = try Data(contentsOf: directory.appendingPathComponent("Localizable.strings"))
        let before = try #require(String(data: strings, encoding: .utf16LittleEndian))
        #expect(String(data: edited, encoding: .utf16LittleEndian) == before.replacingOccurrences(of: "Hello, %@!", with: "Salut"))

        let project = try text(directory, "project.pbxproj")
        #expect(try CLIRunner.run(["set", "--string", "99", "objectVersion", "project.pbxproj"], in: directory).status == 0)
        #expect(try text(directory, "project.pbxproj") == project.replacingOccurrences(of: "objectVersion = 56;", with: "objectVersion = 99;"))
    }

    @Test func anEditThatCannotBeSplicedRewritesWithAWarning() throws {
        let directory = try CLIRunner.scratch()
        let file = directory.appendingPathComponent("repeated.plist")
        try Data("{ a = 1; a = 2; b = 3; }".utf8).write(to: file)
        let result = try CLIRunner.run(["set", "--string", "4", "b", "repeated.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("The whole file was rewritten"))
        #expect(try PlistValue(decoding: Data(contentsOf: file)) == ["a": "2", "b": "4"])
        let silent = try CLIRunner.run(["set", "-s", "--string", "5", "b", "repeated.plist"], in: directory)
        #expect(silent.status == 0)
        #expect(silent.stderrText.isEmpty)
    }

    @Test func aValueTheFormatCannotHoldLeavesTheFileUntouched() throws {
        let directory = try CLIRunner.scratch(copying: ["project.pbxproj"], from: "../OpenStep")
        let before = try text(directory, "project.pbxproj")
        let result = try CLIRunner.run(["set", "--integer", "7", "objects.added", "project.pbxproj"], in: directory)
        #expect(result.status != 0)
        #expect(result.stderrText.contains("objects.added"))
        #expect(try text(directory, "project.pbxproj") == before)
    }

    @Test func plutilModeRewritesAsPlutilDoes() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"], from: "../Examples")
        let result = try CLIRunner.run(["plutil", "-replace", "CFBundleVersion", "-integer", "242", "Info.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(!(try text(directory, "Info.plist")).contains("<real>29.97</real>"))
    }
}
