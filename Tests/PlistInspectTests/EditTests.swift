import Foundation
import Testing
import PlistKit

/// set, insert, replace, remove and append; atomic in-place writing and its failures.
@Suite struct EditTests {
    private func value(_ directory: URL, _ name: String = "Info.bplist") throws -> PlistValue {
        try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test(arguments: [
        (["--bool", "NO"], PlistValue.boolean(false)),
        (["--integer", "-7"], .integer(-7)),
        (["--real", "0.25"], .real(0.25)),
        (["--string", "hello world"], .string("hello world")),
        (["--date", "2001-01-01T00:01:00Z"], .date(Date(timeIntervalSinceReferenceDate: 60))),
        (["--data", "AAEC"], .data(Data([0, 1, 2]))),
        (["--json", "{\"a\":[1,true]}"], .dictionary(["a": .array([.integer(1), .boolean(true)])])),
        (["--xml", "<plist><array><string>q</string></array></plist>"], .array([.string("q")])),
        (["--dictionary"], .dictionary([:])),
        (["--array"], .array([])),
    ])
    func setEachTypedValueInPlaceKeepingTheFormat(option: [String], expected: PlistValue) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let result = try CLIRunner.run(["set", "Added.value"] + option + ["Info.bplist"], in: directory)
        // The parent 'Added' does not exist: set does not create intermediate containers.
        #expect(result.status == 1)
        let top = try CLIRunner.run(["set", "Added"] + option + ["Info.bplist"], in: directory)
        #expect(top.status == 0, "\(top.stderrText)")
        #expect(top.stdout.isEmpty)
        let bytes = try Data(contentsOf: directory.appendingPathComponent("Info.bplist"))
        #expect(PlistFormat(detecting: bytes) == .binary)
        #expect(try PlistValue(decoding: bytes)["Added"] == expected)
    }

    @Test func insertReplaceRemoveAppend() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments + ["Info.bplist"], in: directory)
        }
        #expect(try run(["insert", "UIBackgroundModes.0", "--string", "audio"]).status == 0)
        #expect(try value(directory)["UIBackgroundModes"] == .array([.string("audio"), .string("fetch"), .string("remote-notification")]))
        let existing = try run(["insert", "CFBundleVersion", "--integer", "1"])
        #expect(existing.status == 1)
        #expect(existing.stderrText == "Error: Info.bplist: Key 'CFBundleVersion' already exists at key path 'CFBundleVersion'.\n")
        #expect(try run(["replace", "CFBundleVersion", "--integer", "242"]).status == 0)
        #expect(try value(directory)["CFBundleVersion"] == .integer(242))
        let absent = try run(["replace", "Nope", "--integer", "1"])
        #expect(absent.status == 1)
        #expect(try run(["append", "UIBackgroundModes", "--string", "voip"]).status == 0)
        #expect(try value(directory)["UIBackgroundModes"]?.array?.last == .string("voip"))
        #expect(try run(["append", "CFBundleVersion", "--string", "x"]).status == 1)
        #expect(try run(["remove", "UIBackgroundModes.1"]).status == 0)
        #expect(try value(directory)["UIBackgroundModes"]?.count == 3)
        #expect(try run(["remove", "Nope"]).status == 1)
    }

    @Test func editUsageErrors() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let noValue = try CLIRunner.run(["set", "X", "Info.bplist"], in: directory)
        #expect(noValue.status == 64)
        #expect(noValue.stderrText.hasPrefix("Error: Give the value with one of --bool, --integer"))
        #expect(try CLIRunner.run(["set", "X", "--integer", "1", "--string", "a", "Info.bplist"], in: directory).status == 64)
        let badInteger = try CLIRunner.run(["set", "X", "--integer", "ten", "Info.bplist"], in: directory)
        #expect(badInteger.status == 64)
        #expect(badInteger.stderrText.hasPrefix("Error: 'ten' is not an integer"))
        #expect(try CLIRunner.run(["remove", "X", "--string", "a", "Info.bplist"], in: directory).status == 64)
    }

    @Test func stdinEditGoesToStdoutAndFormatCanChange() throws {
        let original = try Data(contentsOf: CLIRunner.testData.appendingPathComponent("plutil/input/Info.bplist"))
        let result = try CLIRunner.run(["set", "New", "--bool", "true", "-f", "xml", "-"], stdin: original)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("<?xml"))
        let binary = try CLIRunner.run(["remove", "IconHash", "-"], stdin: original)
        #expect(try PlistValue(decoding: binary.stdout, format: .binary)["IconHash"] == nil)
    }

    @Test func editKeepsFileMode() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let path = directory.appendingPathComponent("Info.bplist").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try CLIRunner.run(["set", "K", "--string", "v", "Info.bplist"], in: directory).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func unwritableOutputExits74AndKeepsTheOriginal() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let before = try Data(contentsOf: directory.appendingPathComponent("Info.bplist"))
        let missingDirectory = try CLIRunner.run(["set", "K", "--string", "v", "-o", "no/such/dir/out.plist", "Info.bplist"], in: directory)
        #expect(missingDirectory.status == 74)
        #expect(missingDirectory.stderrText.hasPrefix("Error: Could not create a temporary file 'no/such/dir/.out.plist.tmp-XXXXXX': No such file or directory."))
        #expect(try Data(contentsOf: directory.appendingPathComponent("Info.bplist")) == before)
    }

    @Test func aReadOnlyFileIsEditedOnlyWithForce() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let file = directory.appendingPathComponent("Info.bplist")
        let before = try Data(contentsOf: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let refused = try CLIRunner.run(["set", "K", "--string", "v", "Info.bplist"], in: directory)
        #expect(refused.status == 74)
        #expect(refused.stderrText == "Error: You don't have permission to write 'Info.bplist': it is read-only (--force edits it anyway).\n")
        #expect(try Data(contentsOf: file) == before)
        let plutil = try CLIRunner.run(["plutil", "-replace", "K", "-string", "v", "Info.bplist"], in: directory)
        #expect(plutil.status != 0)
        #expect(plutil.stderrText.contains("read-only"))
        #expect(try Data(contentsOf: file) == before)

        let forced = try CLIRunner.run(["set", "--force", "K", "--string", "v", "Info.bplist"], in: directory)
        #expect(forced.status == 0, "\(forced.stderrText)")
        #expect(try value(directory)["K"] == .string("v"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
        // Written elsewhere, the read-only input is only read.
        let copy = try CLIRunner.run(["set", "K", "--string", "w", "-o", "copy.bplist", "Info.bplist"], in: directory)
        #expect(copy.status == 0, "\(copy.stderrText)")
    }

    @Test func readOnlyDirectoryExits74AndKeepsTheOriginal() throws {
        // Root writes anywhere, so as root the edit runs as 'nobody' through setpriv.
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let file = directory.appendingPathComponent("Info.bplist")
        let before = try Data(contentsOf: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        // --force: the file is not the caller's to write either, which is refused first.
        let arguments = ["set", "--force", "K", "--string", "v", file.path]
        let result: CLIRunner.Result
        if getuid() == 0 {
            result = try CLIRunner.runAsNobody(arguments)
        } else {
            result = try CLIRunner.run(arguments)
        }
        #expect(result.status == 74, "\(result.stderrText)")
        #expect(result.stderrText == "Error: Could not create a temporary file '\(directory.path)/.Info.bplist.tmp-XXXXXX': Permission denied.\n")
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Info.bplist"])
    }

    /// The fault test: the process is killed with SIGKILL while the edit is between writing
    /// the temporary file and renaming it (AtomicFileWriter's PLISTKIT_ATOMIC_WRITE_PAUSE test
    /// hook holds it there); the original must be intact and readable.
    @Test func killedDuringWriteLeavesOriginalIntact() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let file = directory.appendingPathComponent("Info.bplist")
        let before = try Data(contentsOf: file)
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["set", "CFBundleVersion", "--integer", "999", file.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PLISTKIT_ATOMIC_WRITE_PAUSE"] = "30"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists (or the writer ended without one): the test hook
        // holds the writer once the file is written and synced, before the rename.
        var temporary: [String] = []
        repeat {
            usleep(20_000)
            temporary = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        } while temporary.isEmpty && process.isRunning
        #expect(temporary.count == 1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Data(contentsOf: file) == before)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["CFBundleVersion"] == .integer(241))
        // The same edit without the pause completes.
        let finished = try CLIRunner.run(["set", "CFBundleVersion", "--integer", "999", file.path])
        #expect(finished.status == 0)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["CFBundleVersion"] == .integer(999))
    }

    @Test func editWarnsAboutLossesUnlessSilent() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"])
        let warned = try CLIRunner.run(["set", "When", "--date", "2001-01-01T00:00:01.5Z", "Info.plist"], in: directory)
        #expect(warned.status == 0)
        #expect(warned.stderrText.hasPrefix("warning: Info.plist: At 'When': XML dates hold whole seconds"))
        let silent = try CLIRunner.run(["set", "When", "--date", "2001-01-01T00:00:02.5Z", "-s", "Info.plist"], in: directory)
        #expect(silent.status == 0)
        #expect(silent.stderr.isEmpty)
        // The file stayed XML and holds the whole seconds.
        let bytes = try Data(contentsOf: directory.appendingPathComponent("Info.plist"))
        #expect(PlistFormat(detecting: bytes) == .xml)
        #expect(try PlistValue(decoding: bytes)["When"] == .date(Date(timeIntervalSinceReferenceDate: 2)))
    }
}
