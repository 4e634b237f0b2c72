import Foundation
import Testing
import PlistKit

/// print, get, type and diff.
@Suite struct InspectTests {
    @Test func printShowsTypesSizesAndLeadingBytes() throws {
        let directory = try CLIRunner.scratch(copying: ["data.bplist"], from: "files")
        let result = try CLIRunner.run(["print", "data.bplist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == """
            data.bplist (binary1): dictionary (2 keys)
            ├── blob: data (40 bytes) 00010203 04050607 08090a0b 0c0d0e0f …
            └── tiny: data (1 byte) 01

            """)
    }

    @Test func printKeyPathsAndDepth() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let paths = try CLIRunner.run(["print", "--key-paths", "unsorted.bplist"], in: directory)
        #expect(paths.stdoutText == """
            unsorted.bplist (binary1): dictionary (3 keys)
            ├── zeta: integer 1
            ├── alpha: integer 2
            └── mid: dictionary (2 keys)
                ├── mid.y: boolean true
                └── mid.b: boolean false

            """)
        let shallow = try CLIRunner.run(["print", "--depth", "1", "unsorted.bplist"], in: directory)
        #expect(shallow.stdoutText == """
            unsorted.bplist (binary1): dictionary (3 keys)
            ├── zeta: integer 1
            ├── alpha: integer 2
            └── mid: dictionary (2 keys) …

            """)
        let rootOnly = try CLIRunner.run(["print", "--depth", "0", "unsorted.bplist"], in: directory)
        #expect(rootOnly.stdoutText == "unsorted.bplist (binary1): dictionary (3 keys) …\n")
    }

    @Test func printReadsStdinAndNeverColoursAPipe() throws {
        let bytes = try Data(contentsOf: CLIRunner.testData.appendingPathComponent("files/unsorted.bplist"))
        let result = try CLIRunner.run(["print", "-"], stdin: bytes, environment: ["TERM": "xterm-256color"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("<stdin> (binary1): dictionary (3 keys)\n"))
        #expect(!result.stdoutText.contains("\u{1B}["))
    }

    @Test func printColoursATerminalUnlessNoColor() throws {
        // `script` gives the child a pseudo-terminal as standard output.
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        let file = CLIRunner.testData.appendingPathComponent("files/unsorted.bplist").path
        let command = "'\(CLIRunner.binary.path)' print '\(file)'"
        let coloured = try CLIRunner.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(coloured.stdoutText.contains("\u{1B}[36mzeta\u{1B}[0m"))
        let plain = try CLIRunner.run(
            ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"), environment: ["NO_COLOR": "1"])
        #expect(plain.stdoutText.contains("zeta: integer 1"))
        #expect(!plain.stdoutText.contains("\u{1B}["))
    }

    @Test func printManyFilesContinuesPastABadOne() throws {
        let directory = try CLIRunner.scratch(copying: ["data.bplist", "truncated.bplist", "unsorted.bplist"], from: "files")
        let result = try CLIRunner.run(["print", "data.bplist", "truncated.bplist", "missing.plist", "unsorted.bplist"], in: directory)
        #expect(result.status == 1)  // different failures (65 and 66) combine to 1
        #expect(result.stdoutText.contains("data.bplist (binary1)"))
        #expect(result.stdoutText.contains("unsorted.bplist (binary1)"))
        #expect(result.stderrText.contains("Error: truncated.bplist: "))
        #expect(result.stderrText.contains("Error: Cannot read 'missing.plist': No such file.\n"))
    }

    @Test func printJSONIsTaggedJSON() throws {
        let directory = try CLIRunner.scratch(copying: ["uid.bplist"], from: "files")
        let result = try CLIRunner.run(["print", "--json", "uid.bplist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try PlistValue(decoding: result.stdout, options: PlistReadingOptions(readsTaggedJSON: true))
        #expect(report["file"] == .string("uid.bplist"))
        #expect(report["format"] == .string("binary1"))
        #expect(report["value"] == .dictionary(["ref": .uid(3), "label": .string("u")]))
    }

    @Test(arguments: [
        ("CFBundleVersion", "241\n"), ("CFBundleDisplayName", "Démo Notes\n"), ("NSMinimumFrameRate", "29.970000\n"),
        ("LSRequiresIPhoneOS", "true\n"), ("ReleaseDate", "2026-11-29T12:00:00Z\n"), ("IconHash", "q83vEjRWeJA=\n"),
        ("UIBackgroundModes", "2\n"), ("UIBackgroundModes.1", "remote-notification\n"), ("UILaunchScreen", "\n"),
    ])
    func getRawPrintsAsPlutil(keyPath: String, output: String) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let result = try CLIRunner.run(["get", keyPath, "Info.bplist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == output)
    }

    @Test func getInOtherFormatsAndToAFile() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let binary = try CLIRunner.run(["get", "-f", "binary", "UIBackgroundModes", "Info.bplist"], in: directory)
        #expect(try PlistValue(decoding: binary.stdout, format: .binary) == .array([.string("fetch"), .string("remote-notification")]))
        let noNewline = try CLIRunner.run(["get", "-n", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(noNewline.stdoutText == "241")
        let toFile = try CLIRunner.run(["get", "-f", "binary", "-o", "out.bplist", "", "Info.bplist"], in: directory)
        #expect(toFile.status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("out.bplist")).starts(with: Array("bplist00".utf8)))
    }

    @Test func getMissingKeyAndExpectFailWithExit1() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let missing = try CLIRunner.run(["get", "nope.deeper", "Info.bplist"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderrText == "Error: Info.bplist: No value for key 'nope' at key path 'nope'.\n")
        let wrongType = try CLIRunner.run(["get", "--expect", "string", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(wrongType.status == 1)
        #expect(wrongType.stderrText == "Error: Info.bplist: Expected string at key path 'CFBundleVersion', found integer.\n")
        let rightType = try CLIRunner.run(["get", "--expect", "integer", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(rightType.status == 0)
    }

    @Test(arguments: [
        ("CFBundleVersion", "integer"), ("CFBundleIdentifier", "string"), ("NSMinimumFrameRate", "float"),
        ("LSRequiresIPhoneOS", "bool"), ("ReleaseDate", "date"), ("IconHash", "data"), ("UIBackgroundModes", "array"),
        ("UILaunchScreen", "dictionary"), ("", "dictionary"),
    ])
    func typeNamesAsPlutil(keyPath: String, type: String) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let result = try CLIRunner.run(["type", keyPath, "Info.bplist"], in: directory)
        #expect(result.stdoutText == "\(type)\n")
        let expectOK = try CLIRunner.run(["type", "--expect", type, keyPath, "Info.bplist"], in: directory)
        #expect(expectOK.status == 0)
    }

    @Test func typeExpectMismatchAndUnknownType() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let mismatch = try CLIRunner.run(["type", "--expect", "array", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.isEmpty)
        let unknown = try CLIRunner.run(["type", "--expect", "banana", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(unknown.status == 64)
    }

    @Test func diffIgnoresFormatAndKeyOrder() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "unsorted-same.plist", "unsorted-changed.plist"], from: "files")
        let same = try CLIRunner.run(["diff", "unsorted.bplist", "unsorted-same.plist"], in: directory)
        #expect(same.status == 0, "\(same.stderrText)")
        #expect(same.stdout.isEmpty)
        let changed = try CLIRunner.run(["diff", "unsorted.bplist", "unsorted-changed.plist"], in: directory)
        #expect(changed.status == 1)
        #expect(changed.stdoutText == "~ zeta: 1 -> 9\n- alpha: 2\n+ mid.new: \"n\"\n")
        let quiet = try CLIRunner.run(["diff", "-q", "-", "unsorted-changed.plist"], in: directory,
                                      stdin: try Data(contentsOf: directory.appendingPathComponent("unsorted.bplist")))
        #expect(quiet.status == 1)
        #expect(quiet.stdout.isEmpty)
    }

    @Test func diffMissingFileExits66() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let result = try CLIRunner.run(["diff", "unsorted.bplist", "nothing.plist"], in: directory)
        #expect(result.status == 66)
        #expect(result.stderrText == "Error: Cannot read 'nothing.plist': No such file.\n")
    }

    @Test func getAndTypeReadBinaryLazily() throws {
        // One object is corrupt: decoding the whole file fails, but get and type decode only
        // the path they follow (BinaryPlistView), so other keys still answer.
        let directory = try CLIRunner.scratch(copying: ["partly-corrupt.bplist"], from: "files")
        let lint = try CLIRunner.run(["lint", "partly-corrupt.bplist"], in: directory)
        #expect(lint.status == 1)
        #expect(lint.stderrText == "partly-corrupt.bplist: Invalid object marker 0x7F in object 5 at byte offset 32.\n")
        #expect(try CLIRunner.run(["get", "zeta", "partly-corrupt.bplist"], in: directory).stdoutText == "1\n")
        #expect(try CLIRunner.run(["type", "mid.y", "partly-corrupt.bplist"], in: directory).stdoutText == "bool\n")
        let bad = try CLIRunner.run(["get", "alpha", "partly-corrupt.bplist"], in: directory)
        #expect(bad.status == 65)
        #expect(bad.stderrText == "Error: partly-corrupt.bplist: Invalid object marker 0x7F in object 5 at byte offset 32.\n")
    }
}
