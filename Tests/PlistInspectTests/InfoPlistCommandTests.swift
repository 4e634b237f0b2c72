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
        #expect(lines.count == 13)
        #expect(lines.first == "bad-info.plist: warning: At 'CFBundleName': The build setting reference '$(PRODUCT_NAME)' is not expanded.")
        #expect(lines.contains("bad-info.plist: error: At 'CFBundleVersion': Expected a string, found an integer."))
        #expect(lines.last == "bad-info.plist: warning: At 'LSSupportsOpeningDocumentsInPlace': The app opens documents but does not say whether it opens them in place: iOS needs LSSupportsOpeningDocumentsInPlace or UISupportsDocumentBrowser.")
        // Without --info-plist the file is a valid property list.
        #expect(try CLIRunner.run(["lint", "bad-info.plist"], in: try scratch()).status == 0)
    }

    @Test func aSourceInfoPlistPassesWithItsReferencesAsWarnings() throws {
        let directory = try scratch()
        let source = try CLIRunner.run(["lint", "--info-plist", "ios-app-source.plist"], in: directory)
        #expect(source.status == 0, "\(source.stderrText)")
        #expect(source.stdoutText == "ios-app-source.plist: OK\n")
        #expect(source.stderrText.hasPrefix("ios-app-source.plist: warning: At 'CFBundleDevelopmentRegion': The build setting reference '$(DEVELOPMENT_LANGUAGE)' is not expanded.\n"))
        let silent = try CLIRunner.run(["lint", "-s", "--info-plist", "ios-app-source.plist"], in: directory)
        #expect(silent.status == 0)
        #expect(silent.stdout.isEmpty && silent.stderr.isEmpty)
    }

    @Test func aBuiltInfoPlistFailsOnAReferenceUnlessAllowed() throws {
        let directory = try scratch()
        // The DT… keys only a build writes make the file a built one.
        var value = try PlistValue(decoding: try contents(directory, "ios-app-source.plist"))
        try value.setValue("iphoneos", at: "DTPlatformName")
        try value.encoded(as: .xml).write(to: directory.appendingPathComponent("built.plist"))
        let strict = try CLIRunner.run(["lint", "--info-plist", "built.plist"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.stderrText.contains("built.plist: error: At 'CFBundleDevelopmentRegion': The build setting reference '$(DEVELOPMENT_LANGUAGE)' is not expanded.\n"))
        let lenient = try CLIRunner.run(["lint", "--info-plist", "--allow-build-settings", "built.plist"], in: directory)
        #expect(lenient.status == 0, "\(lenient.stderrText)")
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
        #expect(findings.count == 13)
        #expect(findings[1] == ["severity": "error", "rule": "wrongType", "keyPath": "CFBundleVersion", "message": "Expected a string, found an integer."])
        #expect(files[1]["error"] as? String
            == "error: At 'CFBundleVersion': Expected a string, found an integer. (and 8 more errors)")
        let lines = String(decoding: try contents(directory, "report.jsonl"), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains("\"verdict\":\"failed\""))
        #expect(lines[1].contains("(and 8 more errors)"))
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

/// `lint --info-plist`, `info` and `expand --generate` on the Info.plist Xcode would produce
/// from a file and its build settings, and on hostile files, which they refuse before walking.
@Suite struct InfoPlistSettingsCommandTests {
    /// A scratch folder holding iina's real Info.plists and settings files.
    private func iina() throws -> URL {
        try CLIRunner.scratch(
            copying: ["Info.plist", "OpenInIINA-Info.plist", "iina.xcconfig", "OpenInIINA.xcconfig", "Deployment.xcconfig"],
            from: "../InfoPlist/real/iina")
    }

    private static let iinaSettings = [
        "--settings", "Deployment.xcconfig", "--settings", "iina.xcconfig", "-D", "TARGET_NAME=iina", "-D", "SDKROOT=macosx",
    ]

    /// iina keeps its identifier and versions in its settings (GENERATE_INFOPLIST_FILE): the
    /// file alone fails, the file with its settings passes.
    @Test func iinaLintsCleanWithItsSettings() throws {
        let directory = try iina()
        let alone = try CLIRunner.run(["lint", "--info-plist", "Info.plist"], in: directory)
        #expect(alone.status == 1)
        #expect(alone.stderrText.contains("Info.plist: error: At 'CFBundleIdentifier': The key CFBundleIdentifier is missing"))
        let built = try CLIRunner.run(["lint", "--info-plist"] + Self.iinaSettings + ["Info.plist"], in: directory)
        #expect(built.status == 0, "\(built.stderrText)")
        #expect(built.stdoutText == "Info.plist: OK\n")
        #expect(!built.stderrText.contains("error"))
        let extensionResult = try CLIRunner.run(
            ["lint", "--info-plist", "--settings", "Deployment.xcconfig", "--settings", "OpenInIINA.xcconfig", "-D", "TARGET_NAME=OpenInIINA",
             "-D", "SDKROOT=macosx", "OpenInIINA-Info.plist"], in: directory)
        #expect(extensionResult.status == 0, "\(extensionResult.stderrText)")
    }

    @Test func infoSummarizesWhatXcodeWouldBuild() throws {
        let result = try CLIRunner.run(["info"] + Self.iinaSettings + ["Info.plist"], in: try iina())
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("IINA (com.colliderli.iina)\n  Kind:          app\n  Version:       1.3.3 (build 138)\n  Platforms:     macOS 10.13 or later\n"))
        let tv = try CLIRunner.run(
            ["info", "--json", "-D", "SDKROOT=appletvos", "-D", "TARGETED_DEVICE_FAMILY=3", "-"],
            stdin: Data("<plist><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>".utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: tv.stdout) as? [String: Any])
        #expect((object["platforms"] as? [[String: String]])?.map { $0["name"] } == ["tvOS"])
        #expect(object["deviceFamilies"] as? [String] == ["Apple TV"])
    }

    @Test func expandGenerateWritesTheInfoPlistXcodeWouldProduce() throws {
        let directory = try iina()
        let result = try CLIRunner.run(["expand", "--keep-undefined", "-o", "-"] + Self.iinaSettings + ["Info.plist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        let value = try PlistValue(decoding: result.stdout)
        #expect(value["CFBundleIdentifier"] == "com.colliderli.iina")
        #expect(value["CFBundleSupportedPlatforms"] == ["MacOSX"])
        #expect(result.stderrText.contains("The build setting 'CONFIGURATION' is not defined"))
        // --generate asks for it without GENERATE_INFOPLIST_FILE in the settings.
        let generated = try CLIRunner.run(
            ["expand", "--generate", "-D", "PRODUCT_BUNDLE_IDENTIFIER=org.example.a", "-D", "INFOPLIST_KEY_LSUIElement=YES", "-o", "-", "-"],
            stdin: Data("<plist><dict/></plist>".utf8))
        #expect(generated.status == 0, "\(generated.stderrText)")
        #expect(try PlistValue(decoding: generated.stdout) == [
            "CFBundleIdentifier": "org.example.a", "LSUIElement": true, "CFBundleInfoDictionaryVersion": "6.0",
        ])
        // Without --keep-undefined an undefined setting fails, as expand's do.
        let undefined = try CLIRunner.run(["expand", "-o", "-"] + Self.iinaSettings + ["Info.plist"], in: directory)
        #expect(undefined.status == 1)
        #expect(undefined.stdout.isEmpty)
    }

    /// Conditional assignments (`NAME[config=Release]`) apply wherever settings are read:
    /// `info`, `lint --info-plist` and `expand --generate` take --sdk, --arch and --config as
    /// the plain expansion does.
    @Test func conditionalSettingsApplyWhereverSettingsAreRead() throws {
        let directory = try CLIRunner.scratch()
        try Data("""
            GENERATE_INFOPLIST_FILE = YES
            PRODUCT_BUNDLE_IDENTIFIER = org.example.bad_id
            PRODUCT_BUNDLE_IDENTIFIER[config=Release] = org.example.release
            PRODUCT_BUNDLE_IDENTIFIER[config=Beta][sdk=iphoneos*] = org.example.beta

            """.utf8).write(to: directory.appendingPathComponent("s.xcconfig"))
        try Data("<plist><dict/></plist>".utf8).write(to: directory.appendingPathComponent("Info.plist"))
        let settings = ["--settings", "s.xcconfig"]
        let generated = try CLIRunner.run(["expand", "-o", "-"] + settings + ["--config", "Release", "Info.plist"], in: directory)
        #expect(generated.status == 0, "\(generated.stderrText)")
        #expect(try PlistValue(decoding: generated.stdout)["CFBundleIdentifier"] == "org.example.release")
        let info = try CLIRunner.run(["info"] + settings + ["--config", "Beta", "--sdk", "iphoneos18.0", "Info.plist"], in: directory)
        #expect(info.status == 0, "\(info.stderrText)")
        #expect(info.stdoutText.contains("(org.example.beta)"), "\(info.stdoutText)")
        let debug = try CLIRunner.run(["lint", "--info-plist"] + settings + ["Info.plist"], in: directory)
        #expect(debug.stderrText.contains("bad_id"), "\(debug.stderrText)")
        let release = try CLIRunner.run(["lint", "--info-plist"] + settings + ["--config", "Release", "Info.plist"], in: directory)
        #expect(release.status != 64, "\(release.stderrText)")
        #expect(!release.stderrText.contains("bad_id"), "\(release.stderrText)")
    }

    @Test func settingsAndGenerateGoWithInfoPlist() throws {
        let directory = try iina()
        let generate = try CLIRunner.run(["lint", "--generate", "Info.plist"], in: directory)
        #expect(generate.status == 64)
        #expect(generate.stderrText.hasPrefix("Error: --generate goes with --info-plist.\n"))
        let settings = try CLIRunner.run(["lint", "-D", "A=1", "Info.plist"], in: directory)
        #expect(settings.status == 64)
        #expect(settings.stderrText.hasPrefix("Error: Build settings go with --info-plist.\n"))
        let badDefinition = try CLIRunner.run(["info", "-D", "1A", "Info.plist"], in: directory)
        #expect(badDefinition.status == 64)
        #expect(badDefinition.stderrText.contains("Usage: plist-inspect info "))
        let missing = try CLIRunner.run(["info", "--settings", "none.xcconfig", "Info.plist"], in: directory)
        #expect(missing.status == 66)
    }

    // MARK: - Hostile files

    /// Runs the tool bounded by work, not by the clock: at most 4 GiB of address space and 60
    /// seconds of processor time (a refusal takes a fraction of one; a walk of the expanded
    /// tree takes minutes or the memory).
    private func bounded(_ arguments: [String], in directory: URL) throws -> CLIRunner.Result {
        let limits = ExpansionBombTests.underAddressSanitizer ? ["--cpu=60"] : ["--as=\(4 << 30)", "--cpu=60"]
        return try CLIRunner.run(limits + [CLIRunner.binary.path] + arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/prlimit"))
    }

    /// A 32-bit big-endian count, as a binary plist's long collection header has it.
    private static func count(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// An ASCII string object.
    private static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return (bytes.count < 15 ? [0x50 | UInt8(bytes.count)] : [0x5F, 0x10, UInt8(bytes.count)]) + bytes
    }

    /// A dictionary whose key `key` holds `levels` arrays, each holding the next twice, down to
    /// the string `leaf`: a few hundred bytes standing for 2^levels strings.
    static func pairBomb(key: String, levels: Int, leaf: String) -> Data {
        var objects: [[UInt8]] = [[0xD1, 1, 2], string(key)]
        objects += (0..<levels).map { [0xA2, UInt8(3 + $0), UInt8(3 + $0)] }
        objects.append(string(leaf))
        return ExpansionBombTests.file(objects, top: 0)
    }

    /// An Info.plist whose `CFBundleURLTypes` refers `types` times to one URL type whose
    /// `CFBundleURLSchemes` refers `schemes` times to one scheme.
    static func urlTypeBomb(types: Int, schemes: Int) -> Data {
        let objects: [[UInt8]] = [
            [0xD1, 1, 2], string("CFBundleURLTypes"), [0xAF, 0x12] + count(types) + [UInt8](repeating: 3, count: types),
            [0xD1, 4, 5], string("CFBundleURLSchemes"), [0xAF, 0x12] + count(schemes) + [UInt8](repeating: 6, count: schemes),
            string("x"),
        ]
        return ExpansionBombTests.file(objects, top: 0)
    }

    @Test(arguments: [
        ("pairs.bplist", ["lint", "--info-plist"], "checking an Info.plist"),
        ("references.bplist", ["lint", "--info-plist"], "checking an Info.plist"),
        ("schemes.bplist", ["info"], "summarizing an Info.plist"),
        ("schemes.bplist", ["lint", "--info-plist"], "checking an Info.plist"),
        ("schemes.bplist", ["info", "-D", "SDKROOT=iphoneos"], "processing an Info.plist"),
        ("pairs.bplist", ["expand", "--generate", "-o", "-"], "processing an Info.plist"),
    ])
    func sharedReferenceBombsAreRefusedBeforeAnyWalk(file: String, arguments: [String], operation: String) throws {
        let directory = try CLIRunner.scratch()
        let pairs = Self.pairBomb(key: "UIBackgroundModes", levels: 60, leaf: "audio")
        let references = Self.pairBomb(key: "CFBundleName", levels: 40, leaf: "$(X)")
        try pairs.write(to: directory.appendingPathComponent("pairs.bplist"))
        try references.write(to: directory.appendingPathComponent("references.bplist"))
        try Self.urlTypeBomb(types: 60_000, schemes: 60_000).write(to: directory.appendingPathComponent("schemes.bplist"))
        #expect(pairs.count <= 520 && references.count <= 420, "\(pairs.count), \(references.count)")
        let result = try bounded(arguments + [file], in: directory)
        // lint exits 1 for any file that fails, whatever the reason; the others exit 65 for bad data.
        let status: Int32 = arguments[0] == "lint" ? 1 : 65
        #expect(result.status == status, "\(arguments) \(file): exit \(result.status), \(result.stderrText.prefix(300))")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains(
            "once its shared references are expanded, more than \(operation) allows (PlistWritingOptions.maximumValueCount)"),
            "\(result.stderrText.prefix(300))")
    }

    /// The limit options move the bound, as for the other commands.
    @Test func theLimitOptionsMoveTheBound() throws {
        let directory = try CLIRunner.scratch()
        try Self.pairBomb(key: "UIBackgroundModes", levels: 4, leaf: "audio").write(to: directory.appendingPathComponent("small.bplist"))
        let refused = try bounded(["lint", "--info-plist", "--max-expanded-values", "20", "small.bplist"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderrText.contains("more than 20 values"))
        let raised = try bounded(["info", "--max-expanded-bytes", "100000", "small.bplist"], in: directory)
        #expect(raised.status == 0, "\(raised.stderrText)")
    }
}
