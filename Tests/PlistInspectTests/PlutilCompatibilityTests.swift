import Foundation
import Testing
import PlistKit

/// One plutil command line from TestData/CLI/plutil/cases.tsv with what Apple's plutil did.
struct PlutilCase: CustomTestStringConvertible, Sendable {
    let name: String
    let comparesStderr: Bool
    let comparesStdoutAsJSON: Bool
    let keptFile: String?
    let arguments: [String]
    var testDescription: String { name }

    static let directory = CLIRunner.testData.appendingPathComponent("plutil")

    static let all: [PlutilCase] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("cases.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { return nil }
            let flags = fields[1].split(separator: ",")
            return PlutilCase(
                name: fields[0], comparesStderr: flags.contains("err"), comparesStdoutAsJSON: flags.contains("json"),
                keptFile: fields[2] == "-" ? nil : fields[2], arguments: Array(fields.dropFirst(3)))
        }
    }()

    func expected(_ suffix: String) -> Data? {
        try? Data(contentsOf: Self.directory.appendingPathComponent("expected/\(name).\(suffix)"))
    }
}

@Suite struct PlutilCompatibilityTests {
    static let inputs = ["Info.plist", "Info.bplist", "bad.plist", "items.json", "items.plist", "list.plist", "Localizable.strings", "project.pbxproj"]

    @Test func casesAreLoaded() {
        #expect(PlutilCase.all.count >= 94)
    }

    /// Each case runs as `plist-inspect plutil ARGS…` in a copy of input/ with Info.plist on
    /// stdin, as capture.sh ran plutil, and must give plutil's exit status, standard output
    /// and (for messages this tool words itself, not a reader's parse error) standard error.
    @Test(arguments: PlutilCase.all)
    func matchesPlutil(_ plutilCase: PlutilCase) throws {
        let directory = try CLIRunner.scratch(copying: Self.inputs)
        let stdin = try Data(contentsOf: PlutilCase.directory.appendingPathComponent("input/Info.plist"))
        let result = try CLIRunner.run(["plutil"] + plutilCase.arguments, in: directory, stdin: stdin)
        let status = try #require(plutilCase.expected("status")).trimmingCharacters()
        #expect(String(result.status) == status, "stderr: \(result.stderrText)")
        let stdout = try #require(plutilCase.expected("out"))
        if plutilCase.comparesStdoutAsJSON {
            // plutil for Linux writes compact JSON in hash order: compare the JSON values.
            let mine = try JSONSerialization.jsonObject(with: result.stdout, options: [.fragmentsAllowed]) as? NSObject
            let theirs = try JSONSerialization.jsonObject(with: stdout, options: [.fragmentsAllowed]) as? NSObject
            #expect(mine == theirs)
        } else {
            #expect(result.stdoutText == String(decoding: stdout, as: UTF8.self))
        }
        if plutilCase.comparesStderr {
            #expect(result.stderrText == String(decoding: try #require(plutilCase.expected("err")), as: UTF8.self))
        } else if status != "0" {
            #expect(!result.stderr.isEmpty)
        }
        if let kept = plutilCase.keptFile, let theirs = plutilCase.expected("file") {
            let mine = try Data(contentsOf: directory.appendingPathComponent(kept))
            if [".swift", ".m", ".h"].contains(where: kept.hasSuffix) {
                #expect(String(decoding: mine, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
                return
            }
            // The file must be in the same format with the same value; XML must also be
            // byte-identical (PlistKit's XML writer matches Apple's).
            #expect(PlistFormat(detecting: mine) == PlistFormat(detecting: theirs))
            #expect(try PlistValue(decoding: mine) == PlistValue(decoding: theirs))
            if PlistFormat(detecting: theirs) == .xml {
                #expect(String(decoding: mine, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
            }
        }
    }

    /// plutil cannot write OpenStep: `-insert`, `-replace` and `-remove` on a `.strings` file
    /// or an Xcode project fail with its message and leave the file as it was (the captured
    /// cases `edit-*-refused` check the status and the file). A second line names the
    /// `plist-inspect` command that makes the edit in place, and that command keeps the file's
    /// comment.
    @Test func openStepEditIsRefusedNamingTheCommandThatMakesIt() throws {
        let directory = try CLIRunner.scratch(copying: ["Localizable.strings"])
        let file = directory.appendingPathComponent("Localizable.strings")
        let before = try Data(contentsOf: file)
        let refused = try CLIRunner.run(["plutil", "-replace", "greeting", "-string", "Salut à toi", "Localizable.strings"], in: directory)
        #expect(refused.status == 1)
        let command = "plist-inspect set greeting --string 'Salut à toi' Localizable.strings"
        #expect(refused.stderrText == """
            Localizable.strings: Conversion to OpenStep format is not supported
            Localizable.strings: to make this edit and keep the file's comments, header and layout, run: \(command)

            """)
        #expect(try Data(contentsOf: file) == before)

        let made = try CLIRunner.run(["set", "greeting", "--string", "Salut à toi", "Localizable.strings"], in: directory)
        #expect(made.status == 0, "\(made.stderrText)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == #"""
            /* Greetings, as the app shows them. */
            "greeting" = "Salut à toi";
            "general.on" = "开启 \"on\"";

            """#)
    }

    @Test(arguments: [
        (["-insert", "flag", "-bool", "true", "-o", "out.pbxproj"], "plist-inspect insert flag --bool YES -o out.pbxproj project.pbxproj"),
        (["-replace", "objects.0A1B2C3D4E5F60718293A4B5", "-json", #"{"isa": "PBXBuildFile"}"#],
            #"plist-inspect set objects.0A1B2C3D4E5F60718293A4B5 --json '{"isa": "PBXBuildFile"}' project.pbxproj"#),
        (["-remove", "rootObject"], "plist-inspect remove rootObject project.pbxproj"),
        (["-insert", "classes.it's", "-dictionary"], #"plist-inspect insert 'classes.it'\''s' --dictionary project.pbxproj"#),
    ])
    func refusedOpenStepEditNamesItsCommand(_ arguments: [String], _ command: String) throws {
        let directory = try CLIRunner.scratch(copying: ["project.pbxproj"])
        let result = try CLIRunner.run(["plutil"] + arguments + ["project.pbxproj"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText.hasSuffix("run: \(command)\n"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.pbxproj").path))
    }

    @Test func binaryNamedPlutilActsAsPlutil() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist", "list.plist"])
        let link = directory.appendingPathComponent("plutil")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLIRunner.binary)
        let lint = try CLIRunner.run(["-lint", "Info.bplist"], in: directory, executable: link)
        #expect(lint.status == 0)
        #expect(lint.stdoutText == "Info.bplist: OK\n")
        let type = try CLIRunner.run(["-type", "CFBundleVersion", "Info.bplist"], in: directory, executable: link)
        #expect(type.stdoutText == "integer\n")
        let unknown = try CLIRunner.run(["-bogus"], in: directory, executable: link)
        #expect(unknown.status == 1)
        #expect(unknown.stderrText == "unrecognized option: -bogus\n")
    }

    // MARK: Where plutil crashes or misbehaves (Docs/CLI.md, "plutil compatibility")

    @Test func replaceOnArrayIndexReplacesTheElement() throws {
        // plutil for Linux inserts before index 0 instead of replacing it.
        let directory = try CLIRunner.scratch(copying: ["list.plist"])
        let result = try CLIRunner.run(["plutil", "-replace", "0", "-string", "x", "-o", "-", "list.plist"], in: directory)
        #expect(result.status == 0)
        let value = try PlistValue(decoding: result.stdout)
        #expect(value.array?.count == 3)
        #expect(value[0] == .string("x"))
        #expect(value[1] == .integer(1))
    }

    @Test(arguments: [
        (["-insert", "when", "-date", "garbage"], "items.plist: Invalid value for -date: 'garbage' is not a date such as 2020-01-02T03:04:05Z.\n"),
        (["-insert", "n", "-integer", "abc"], "items.plist: Invalid value for -integer: 'abc' is not an integer from -9223372036854775808 through 18446744073709551615.\n"),
        (["-insert", "f", "-float", "abc"], "items.plist: Invalid value for -real: 'abc' is not a real number.\n"),
    ])
    func badTypedValueIsAnErrorNotACrashOrZero(arguments: [String], message: String) throws {
        // plutil crashes (SIGILL) on a bad -date and inserts 0 for a bad -integer or -float.
        let directory = try CLIRunner.scratch(copying: ["items.plist"])
        let before = try Data(contentsOf: directory.appendingPathComponent("items.plist"))
        let result = try CLIRunner.run(["plutil"] + arguments + ["items.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText == message)
        #expect(try Data(contentsOf: directory.appendingPathComponent("items.plist")) == before)
    }

    @Test func doubleDashMakesTheRestFileNames() throws {
        // plutil for Linux rejects '-odd.plist' even after '--'; its help says '--' should work.
        let directory = try CLIRunner.scratch(copying: ["list.plist"])
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("list.plist"), to: directory.appendingPathComponent("-odd.plist"))
        let result = try CLIRunner.run(["plutil", "-lint", "--", "-odd.plist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == "-odd.plist: OK\n")
    }

    @Test func swiftFromStdinWritesValidSourceForAnEmptyDictionary() throws {
        // plutil writes an empty dictionary as `[\n    ]`, an empty array, which does not
        // type-check as [String : Any]; PlistKit's literal writer writes `[:]`.
        let stdin = try Data(contentsOf: PlutilCase.directory.appendingPathComponent("input/Info.plist"))
        let result = try CLIRunner.run(["plutil", "-convert", "swift", "-o", "-", "-"], stdin: stdin)
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("/// Generated from -\nlet _ : [String : Any] = [\n"))
        #expect(result.stdoutText.contains("\n    \"UILaunchScreen\" : [:],\n"))
    }

    @Test func printShowsDataWithTwoDigitsPerByteAndUIDsWithoutAddresses() throws {
        // plutil for Linux prints bytes below 0x10 with one digit and garbles data over 24
        // bytes; this follows NSData's description on macOS.
        let directory = try CLIRunner.scratch(copying: ["data.bplist", "uid.bplist"], from: "files")
        let data = try CLIRunner.run(["plutil", "-p", "data.bplist"], in: directory)
        #expect(data.stdoutText == """
            {
              "blob" => {length = 40, bytes = 0x0001020304050607... 2021222324252627}
              "tiny" => {length = 1, bytes = 0x01}
            }

            """)
        let uid = try CLIRunner.run(["plutil", "-p", "uid.bplist"], in: directory)
        #expect(uid.stdoutText == "{\n  \"label\" => \"u\"\n  \"ref\" => <CFKeyedArchiverUID>{value = 3}\n}\n")
    }

    @Test func helpIsOurOwnSummary() throws {
        let result = try CLIRunner.run(["plutil", "-help"])
        #expect(result.status == 0)
        let golden = try String(contentsOf: CLIRunner.testData.appendingPathComponent("help/plutil.txt"), encoding: .utf8)
        #expect(result.stdoutText == golden)
    }
}

extension Data {
    /// The bytes as UTF-8 text without surrounding white space.
    func trimmingCharacters() -> String {
        String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
