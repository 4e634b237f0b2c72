import Foundation
import Testing
import PlistKit

/// Edits in place under concurrency and kills, the permission bits they keep, and output that
/// cannot be written (issue 20 items 4, 5, 6 and 8).
@Suite struct InPlaceEditSafetyTests {
    /// Starts the binary without waiting for it, its output discarded.
    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The names beside `file` that an atomic write left behind (`.NAME.tmp-XXXXXX`).
    private func strays(beside file: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(file.lastPathComponent).tmp-") }
    }

    private func mode(of file: URL) -> mode_t {
        var info = stat()
        return stat(file.path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A new scratch directory holding `dictionary` as `name` in `format`.
    private func file(_ dictionary: PlistDictionary, as format: PlistFormat = .xml, named name: String = "shared.plist") throws -> URL {
        let file = try CLIRunner.scratch().appendingPathComponent(name)
        try PlistValue.dictionary(dictionary).encoded(as: format).write(to: file)
        return file
    }

    // MARK: - Item 4: concurrent edits of one file

    @Test func eightConcurrentSetsOnDifferentKeysAllLand() throws {
        for trial in 0..<5 {
            let file = try file(["Existing": .string("kept")])
            let processes = try (0..<8).map { try start(["set", "k\($0)", "--integer", "\($0)", file.path]) }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationReason == .exit && $0.terminationStatus == 0 }, "trial \(trial)")
            let value = try PlistValue(decoding: Data(contentsOf: file))
            for index in 0..<8 {
                #expect(value["k\(index)"] == .integer(PlistInteger(Int64(index))), "trial \(trial): k\(index) was lost")
            }
            #expect(value["Existing"] == .string("kept"))
            #expect(try strays(beside: file).isEmpty)
        }
    }

    @Test func concurrentEditsOfEveryKindAllLand() throws {
        // set, insert, append, plutil -insert and convert --in-place at once: each sees the
        // others' changes, and the conversion applies to the file every other edit kept.
        for trial in 0..<3 {
            let file = try file(["List": .array([])])
            let processes = try [
                start(["set", "s", "--string", "v", file.path]),
                start(["insert", "i", "--bool", "YES", file.path]),
                start(["append", "List", "--integer", "1", file.path]),
                start(["append", "List", "--integer", "1", file.path]),
                start(["plutil", "-insert", "p", "-integer", "7", file.path]),
                start(["plutil", "-replace", "r", "-real", "0.5", file.path]),
                start(["convert", "-f", "binary", "--in-place", file.path]),
            ]
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "trial \(trial)")
            let bytes = try Data(contentsOf: file)
            #expect(PlistFormat(detecting: bytes) == .binary, "trial \(trial)")
            #expect(try PlistValue(decoding: bytes) == .dictionary([
                "List": .array([.integer(1), .integer(1)]), "s": .string("v"), "i": .boolean(true),
                "p": .integer(7), "r": .real(0.5),
            ]), "trial \(trial)")
        }
    }

    // MARK: - Item 5: edits killed at any moment

    @Test func editsKilledAtRandomMomentsLeaveAValidFileAndNoStrayAfterTheNextEdit() throws {
        // A multi-megabyte binary: writing and syncing it takes long enough for kills to land
        // in the middle of the write as well as in the decoding and encoding around it.
        var dictionary: PlistDictionary = ["Blob": .data(Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))]
        for index in 0..<20_000 { dictionary["key\(index)"] = .string("value number \(index)") }
        let file = try file(dictionary, as: .binary, named: "big.bplist")
        let blob = dictionary["Blob"]

        let first = try start(["set", "Kill", "--integer", "-1", file.path])
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)

        // Kills after random pauses (the first at once, so at least one lands before the edit
        // ends), spread over about what one edit takes on an idle machine; on a loaded one
        // they land earlier in its work. What is checked holds wherever they land.
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for index in 0..<20 {
            let process = try start(["set", "Kill", "--integer", "\(index)", file.path])
            if index > 0 { usleep(UInt32.random(in: 10_000...600_000, using: &generator)) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            // Whatever the moment, the file is the old one or the new one, whole.
            let value = try PlistValue(decoding: Data(contentsOf: file))
            #expect(value["Blob"] == blob, "kill \(index)")
            #expect(value["key19999"] == .string("value number 19999"), "kill \(index)")
            guard case .integer(let integer)? = value["Kill"], let written = integer.int64Value else {
                Issue.record("kill \(index): Kill is \(String(describing: value["Kill"]))")
                continue
            }
            #expect((-1...Int64(index)).contains(written), "kill \(index)")
        }
        #expect(killed > 0)

        // A kill between naming the temporary file and the rename may leave it; the next edit
        // of the file removes it.
        let last = try start(["set", "Kill", "--integer", "100", file.path])
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["Kill"] == .integer(100))
        #expect(try strays(beside: file).isEmpty)
    }

    @Test func aTemporaryFileLeftByAKillIsRemovedByTheNextEdit() throws {
        // The test hook holds the writer after naming its file and before the rename.
        let file = try file(["K": .integer(1)])
        let process = try start(["set", "K", "--integer", "2", file.path], environment: ["PLISTKIT_ATOMIC_WRITE_PAUSE": "30"])
        while try strays(beside: file).isEmpty && process.isRunning { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try strays(beside: file).count == 1)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["K"] == .integer(1))
        let next = try CLIRunner.run(["set", "K", "--integer", "3", file.path])
        #expect(next.status == 0, "\(next.stderrText)")
        #expect(try strays(beside: file).isEmpty)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["K"] == .integer(3))
    }

    // MARK: - Item 6: setuid and setgid

    @Test(arguments: [0o4755, 0o2755, 0o6755, 0o1777] as [mode_t])
    func anEditKeepsSpecialBitsOfAFileTheCallerOwns(bits: mode_t) throws {
        let file = try file(["K": .integer(1)])
        #expect(chmod(file.path, bits) == 0)
        let result = try CLIRunner.run(["set", "K", "--integer", "2", file.path])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(mode(of: file) == bits)
        let plutil = try CLIRunner.run(["plutil", "-replace", "K", "-integer", "3", file.path])
        #expect(plutil.status == 0, "\(plutil.stderrText)")
        #expect(mode(of: file) == bits)
    }

    /// A caller that cannot give the new file the old group must not make a setgid program
    /// of its own group: setgid goes, setuid (same owner) stays.
    @Test(.enabled(if: getuid() == 0, "needs root to run the edit as 'nobody'"))
    func setgidIsDroppedWhenTheGroupCannotBeKept() throws {
        let file = try file(["K": .integer(1)])
        let directory = file.deletingLastPathComponent()
        #expect(chown(directory.path, 65534, 65534) == 0)
        #expect(chown(file.path, 65534, 0) == 0)
        #expect(chmod(file.path, 0o6755) == 0)
        let result = try CLIRunner.runAsNobody(["set", "K", "--integer", "2", file.path])
        #expect(result.status == 0, "\(result.stderrText)")
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o4755)
        #expect(info.st_uid == 65534)
        #expect(info.st_gid == 65534)
        #expect(try PlistValue(decoding: Data(contentsOf: file))["K"] == .integer(2))
    }

    // MARK: - Item 8: standard output that cannot be written

    @Test(arguments: [
        ["convert", "-f", "xml", "Info.plist"],
        ["get", "CFBundleIdentifier", "Info.plist"],
        ["lint", "Info.plist"],
        ["print", "Info.plist"],
        ["plutil", "-p", "Info.plist"],
        ["plutil", "-lint", "Info.plist"],
        ["unarchive", "people.archive"],
    ])
    func aFullStandardOutputExits74WithTheReason(arguments: [String]) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"])
        try FileManager.default.copyItem(
            at: CLIRunner.testData.appendingPathComponent("archives/people.archive"),
            to: directory.appendingPathComponent("people.archive"))
        // The same command succeeds when its output can be written.
        let written = try CLIRunner.run(arguments, in: directory)
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(!written.stdout.isEmpty)
        let full = try CLIRunner.run(
            ["-c", "exec \"$0\" \"$@\" > /dev/full", CLIRunner.binary.path] + arguments, in: directory,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(full.status == 74)
        #expect(full.stderrText == "Error: Cannot write to standard output: No space left on device.\n")
    }

    @Test func aPipeClosedByItsReaderEndsTheProcessBySIGPIPEQuietly() throws {
        // More output than a pipe holds, to a pipe nobody reads any more (`| head -c 1`):
        // not a success, and no message, as for any Unix tool there.
        let file = try file(PlistDictionary((0..<5_000).map { ("key\($0)", PlistValue.string("value \($0)")) }))
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["convert", "-f", "xml", file.path]
        let output = Pipe(), errors = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE)
        #expect(message.isEmpty, "\(String(decoding: message, as: UTF8.self))")
    }
}
