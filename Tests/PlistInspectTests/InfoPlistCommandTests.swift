import Foundation
import Testing
import PlistKit

/// `info`, `lint --info-plist` and `expand` run as the built binary, on the Info.plists of
/// TestData/InfoPlist.
@Suite struct InfoPlistCommandTests {
    private static let fixtures = ["ios-app.plist", "macos-app.plist", "framework.bplist", "app-extension.plist"]

    private func scratch(_ files: [String] = fixtures + ["bad-info.plist", "ios-app-source.plist", "ios-app-source.xcconfig"]) throws -> URL {
        try CLIRunner.scratch(copying: files, from: "../InfoPlist")
    }

    private func contents(_ directory: URL, _ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    private func golden(_ name: String) throws -> Data {
        try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("TestData/InfoPlist/\(name)"))
    }

    // MARK: - info

    @Test func infoPrintsAFewLinesAboutTheBundle() throws {
        let result = try CLIRunner.run(["info", "ios-app.plist"], in: try scratch())
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try golden("ios-app.info.txt")))
    }

    @Test func infoPrintsSeveralFilesAndStandardInput() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["info", "framework.bplist", "-"], in: directory, stdin: try contents(directory, "app-extension.plist"))
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("LedgerKit (org.plistkit.LedgerKit)\n"))
        #expect(result.stdoutText.contains("  Executable:    LedgerKit\n\nField Notes Widget (org.plistkit.field-notes.widget)\n"))
    }

    @Test func infoJSONNamesTheFileFirst() throws {
        let result = try CLIRunner.run(["info", "--json", "app-extension.plist"], in: try scratch())
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("{\n  \"file\" : \"app-extension.plist\",\n  \"name\" : \"Field Notes Widget\",\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["kind"] as? String == "appExtension")
        #expect(object["extensionPoint"] as? String == "com.apple.widgetkit-extension")
        #expect(object["deviceFamilies"] as? [String] == ["iPhone", "iPad"])
    }

    @Test(arguments: [
        ("list.plist", "<plist><array/></plist>", 65, "Error: list.plist: An Info.plist is a dictionary, but the root is an array at the root.\n"),
        ("broken.plist", "<plist><dict>", 65, nil),
        ("missing.plist", nil, 66, "Error: Cannot read 'missing.plist': No such file.\n"),
    ] as [(String, String?, Int32, String?)])
    func infoFailsOnWhatIsNoInfoPlist(name: String, text: String?, status: Int32, stderr: String?) throws {
        let directory = try CLIRunner.scratch()
        if let text { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let result = try CLIRunner.run(["info", name], in: directory)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        if let stderr { #expect(result.stderrText == stderr) } else { #expect(result.stderrText.hasPrefix("Error: \(name): ")) }
    }

    // MARK: - lint --info-plist

    @Test func goodInfoPlistsLintOK() throws {
        let result = try CLIRunner.run(["lint", "--info-plist"] + Self.fixtures, in: try scratch())
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == Self.fixtures.map { "\($0): OK\n" }.joined())
        #expect(result.stderrText == "4 of 4 files passed, 0 failed.\n")
    }

    @Test func aBadInfoPlistPrintsEveryFindingAndExits1() throws {
        let result = try CLIRunner.run(["lint", "--info-plist", "bad-info.plist"], in: try scratch())
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "bad-info.plist: error: At 'CFBundleName': The build setting reference '$(PRODUCT_NAME)' is not expanded.")
        #expect(lines.contains("bad-info.plist: error: At 'CFBundleVersion': Expected a string, found an integer."))
        #expect(lines.last == "bad-info.plist: error: At 'UIRequiredDeviceCapabilities.1': The required capability 'microphone' needs NSMicrophoneUsageDescription, the sentence the system shows when it asks for access.")
        // Without --info-plist the file is a valid property list.
        #expect(try CLIRunner.run(["lint", "bad-info.plist"], in: try scratch()).status == 0)
    }

    @Test func aSourceInfoPlistPassesWithItsReferencesAsWarnings() throws {
        let directory = try scratch()
        let strict = try CLIRunner.run(["lint", "--info-plist", "ios-app-source.plist"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.stderrText.split(separator: "\n").count == 13)
        let lenient = try CLIRunner.run(["lint", "--info-plist", "--allow-build-settings", "ios-app-source.plist"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.stdoutText == "ios-app-source.plist: OK\n")
        #expect(lenient.stderrText.hasPrefix("ios-app-source.plist: warning: At 'CFBundleDevelopmentRegion': The build setting reference '$(DEVELOPMENT_LANGUAGE)' is not expanded.\n"))
        let silent = try CLIRunner.run(["lint", "-s", "--info-plist", "--allow-build-settings", "ios-app-source.plist"], in: directory)
        #expect(silent.status == 0)
        #expect(silent.stdout.isEmpty && silent.stderr.isEmpty)
    }

    @Test func allowingBuildSettingsGoesWithInfoPlist() throws {
        let result = try CLIRunner.run(["lint", "--allow-build-settings", "ios-app.plist"], in: try scratch())
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("Error: --allow-build-settings goes with --info-plist.\nUsage: plist-inspect lint "))
    }

    @Test func lintJSONAndReportCarryTheFindings() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["lint", "--info-plist", "--json", "--report", "report.jsonl", "ios-app.plist", "bad-info.plist"], in: directory)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["ok"] as? Bool } == [true, false])
        #expect((files[0]["findings"] as? [Any])?.isEmpty == true)
        let findings = try #require(files[1]["findings"] as? [[String: String]])
        #expect(findings.count == 10)
        #expect(findings[1] == ["severity": "error", "rule": "wrongType", "keyPath": "CFBundleVersion", "message": "Expected a string, found an integer."])
        #expect(files[1]["error"] as? String
            == "error: At 'CFBundleName': The build setting reference '$(PRODUCT_NAME)' is not expanded. (and 9 more errors)")
        let lines = String(decoding: try contents(directory, "report.jsonl"), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains("\"verdict\":\"failed\""))
        #expect(lines[1].contains("(and 9 more errors)"))
    }

    // MARK: - expand

    @Test func expandWritesTheReviewedFileChangingOnlyTheExpandedText() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["expand", "--settings", "ios-app-source.xcconfig", "ios-app-source.plist", "-o", "-"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try golden("ios-app-source.expanded.plist")))
        #expect(try contents(directory, "ios-app-source.plist") == (try golden("ios-app-source.plist")))
    }

    @Test func expandInPlaceReplacesTheFileKeepingItsPermissions() throws {
        let directory = try scratch()
        let path = directory.appendingPathComponent("ios-app-source.plist").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let result = try CLIRunner.run(["expand", "--settings", "ios-app-source.xcconfig", "ios-app-source.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(try contents(directory, "ios-app-source.plist") == (try golden("ios-app-source.expanded.plist")))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func aFileWithNothingToExpandIsLeftAlone() throws {
        let directory = try scratch()
        let path = directory.appendingPathComponent("ios-app.plist").path
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let result = try CLIRunner.run(["expand", "ios-app.plist"], in: directory)
        #expect(result.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
    }

    @Test func definitionsWinOverSettingsFilesWhichWinOverTheEnvironment() throws {
        let directory = try CLIRunner.scratch()
        try Data("{\"a\": \"$(FROM_ENV)\", \"b\": \"$(FROM_FILE)\", \"c\": \"$(FROM_D)\"}".utf8).write(to: directory.appendingPathComponent("x.json"))
        try Data("FROM_FILE = file\nFROM_D = file\n".utf8).write(to: directory.appendingPathComponent("s.xcconfig"))
        let environment = ["FROM_ENV": "env", "FROM_FILE": "env", "FROM_D": "env"]
        let result = try CLIRunner.run(
            ["expand", "--environment", "--settings", "s.xcconfig", "-D", "FROM_D=d", "-o", "-", "x.json"], in: directory,
            environment: environment)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "{\"a\": \"env\", \"b\": \"file\", \"c\": \"d\"}")
        let withoutEnvironment = try CLIRunner.run(["expand", "-DFROM_D=d", "--settings", "s.xcconfig", "-o", "-", "x.json"], in: directory, environment: environment)
        #expect(withoutEnvironment.status == 1)
        #expect(withoutEnvironment.stderrText == "Error: x.json: The build setting 'FROM_ENV' is not defined (at key path 'a').\n")
    }

    @Test func undefinedSettingsFailAndLeaveTheFileAsItWas() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["expand", "-D", "PRODUCT_NAME=Notes", "ios-app-source.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix(
            "Error: ios-app-source.plist: 9 references name build settings that are not defined: 'DEVELOPMENT_LANGUAGE' (at key path 'CFBundleDevelopmentRegion'), 'EXECUTABLE_NAME' (at key path 'CFBundleExecutable'), "))
        #expect(result.stderrText.hasSuffix("'FEATURE_FLAG_KEY' (in the key at key path '$(FEATURE_FLAG_KEY)').\n"))
        #expect(try contents(directory, "ios-app-source.plist") == (try golden("ios-app-source.plist")))
    }

    @Test func keptUndefinedSettingsAreWarnings() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["expand", "--keep-undefined", "-D", "PRODUCT_NAME=Notes", "ios-app-source.plist"], in: directory)
        #expect(result.status == 0)
        let warnings = result.stderrText.split(separator: "\n")
        #expect(warnings.count == 9)
        #expect(warnings.first == "warning: ios-app-source.plist: The build setting 'DEVELOPMENT_LANGUAGE' is not defined (at key path 'CFBundleDevelopmentRegion'); the reference is left as it is.")
        let text = String(decoding: try contents(directory, "ios-app-source.plist"), as: UTF8.self)
        #expect(text.contains("<string>Notes</string>"))
        #expect(text.contains("<string>$(EXECUTABLE_NAME)</string>"))
        #expect(try CLIRunner.run(["expand", "-s", "--keep-undefined", "ios-app-source.plist"], in: directory).stderr.isEmpty)
    }

    @Test func binaryFilesStayBinary() throws {
        let directory = try scratch()
        #expect(try CLIRunner.run(["convert", "-f", "binary", "ios-app-source.plist", "-o", "source.bplist"], in: directory).status == 0)
        let result = try CLIRunner.run(["expand", "--settings", "ios-app-source.xcconfig", "source.bplist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        let document = try PlistDocument(decoding: try contents(directory, "source.bplist"))
        #expect(document.format == .binary)
        #expect(document.value == (try PlistValue(decoding: try golden("ios-app-source.expanded.plist"))))
    }

    @Test func standardInputGoesToStandardOutput() throws {
        let result = try CLIRunner.run(["expand", "-D", "NAME=Zoë", "-"], stdin: Data("{ title = \"$(NAME:upper)\"; }".utf8))
        #expect(result.status == 0)
        #expect(result.stdoutText == "{ title = \"ZOË\"; }")
    }

    @Test func reformatWritesTheWholeFile() throws {
        let directory = try scratch()
        let result = try CLIRunner.run(["expand", "--reformat", "--settings", "ios-app-source.xcconfig", "ios-app-source.plist", "-o", "-"], in: directory)
        #expect(result.status == 0)
        let expanded = try PlistValue(decoding: try golden("ios-app-source.expanded.plist"))
        #expect(result.stdout == (try expanded.encoded(as: .xml)))
    }

    @Test func aFileTheSpliceCannotFollowIsRewrittenWithAWarning() throws {
        let directory = try CLIRunner.scratch()
        try Data("{ a = \"$(X)\"; a = \"$(X)\"; }".utf8).write(to: directory.appendingPathComponent("twice.plist"))
        let result = try CLIRunner.run(["expand", "-D", "X=1", "twice.plist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stderrText
            == "warning: twice.plist: The whole file was rewritten: the expansion could not change only its own text (a dictionary's entries do not match its layout).\n")
        #expect(try PlistValue(decoding: try contents(directory, "twice.plist")) == ["a": "1"])
    }

    @Test(arguments: [
        (["expand", "-o", "out.plist", "a.plist", "b.plist"], 64, "Error: -o takes one input file.\n"),
        (["expand", "-D", "NAME", "ios-app.plist"], 64, "Error: The definition 'NAME' is not NAME=value with a name of letters, digits and '_'.\n"),
        (["expand", "--settings", "bad.xcconfig", "ios-app.plist"], 65, "Error: bad.xcconfig: Expected '=' after the setting name 'not', found 'a' at line 2, column 5.\n"),
        (["expand", "--settings", "none.xcconfig", "ios-app.plist"], 66, "Error: Cannot read 'none.xcconfig': No such file.\n"),
        (["expand", "-D", "A=$(B)", "-D", "B=$(A)", "cycle.json"], 65, "Error: cycle.json: The build setting 'A' refers to itself with nothing lower to inherit: A → B → A at key path 'k'.\n"),
        (["expand", "-D", "A=1", "-D", "B=$(A:title)", "cycle.json"], 65,
         "Error: cycle.json: The operator 'title' of '$(A:title)' is not one of quote, upper, lower, identifier, rfc1034identifier, c99extidentifier, __md5, "),
    ] as [([String], Int32, String)])
    func badCommandLinesAndSettingsFailWithTheirStatus(arguments: [String], status: Int32, stderrStart: String) throws {
        let directory = try scratch(["ios-app.plist"])
        try Data("A = 1\nnot a setting\n".utf8).write(to: directory.appendingPathComponent("bad.xcconfig"))
        try Data("{\"k\": \"$(A)$(B)\"}".utf8).write(to: directory.appendingPathComponent("cycle.json"))
        let result = try CLIRunner.run(arguments, in: directory)
        #expect(result.status == status)
        #expect(result.stderrText.hasPrefix(stderrStart))
        #expect(try contents(directory, "ios-app.plist") == (try golden("ios-app.plist")))
    }

    @Test func aReadOnlyFileIsExpandedOnlyWithForce() throws {
        let directory = try scratch()
        let path = directory.appendingPathComponent("ios-app-source.plist").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let refused = try CLIRunner.run(["expand", "--settings", "ios-app-source.xcconfig", "ios-app-source.plist"], in: directory)
        #expect(refused.status == 74)
        #expect(refused.stderrText == "Error: You don't have permission to write 'ios-app-source.plist': it is read-only (--force expands it anyway).\n")
        let forced = try CLIRunner.run(["expand", "--force", "--settings", "ios-app-source.xcconfig", "ios-app-source.plist"], in: directory)
        #expect(forced.status == 0)
        #expect(try contents(directory, "ios-app-source.plist") == (try golden("ios-app-source.expanded.plist")))
    }
}
