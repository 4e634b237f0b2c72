import Foundation
import Testing
import PlistKit

/// Every writer that replaces a file honours its permissions as `set` does: a file whose
/// owner may not write it is read-only for everyone (root included, so these tests hold
/// whoever runs them), and another user's file is not given to the caller.
@Suite struct WritePermissionTests {
    private func readOnlyFile(_ value: PlistValue = ["K": "old"], named name: String = "ro.plist") throws -> URL {
        let file = try CLIRunner.scratch().appendingPathComponent(name)
        try value.encoded(as: .xml).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        return file
    }

    private func mode(of file: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    }

    @Test func convertInPlaceRefusesAReadOnlyFile() throws {
        let file = try readOnlyFile()
        let before = try Data(contentsOf: file)
        let result = try CLIRunner.run(["convert", "-f", "binary", "--in-place", "ro.plist"], in: file.deletingLastPathComponent())
        #expect(result.status == 74)
        #expect(result.stderrText == "Error: You don't have permission to write 'ro.plist': it is read-only.\n")
        #expect(try Data(contentsOf: file) == before)
        #expect(try mode(of: file) == 0o444)
    }

    @Test func convertToAnExistingReadOnlyOutputIsRefused() throws {
        let output = try readOnlyFile(named: "out.json")
        let directory = output.deletingLastPathComponent()
        try (["K": "new"] as PlistValue).encoded(as: .xml).write(to: directory.appendingPathComponent("in.plist"))
        let before = try Data(contentsOf: output)
        let result = try CLIRunner.run(["convert", "-f", "json", "in.plist", "-o", "out.json"], in: directory)
        #expect(result.status == 74)
        #expect(result.stderrText == "Error: You don't have permission to write 'out.json': it is read-only.\n")
        #expect(try Data(contentsOf: output) == before)
    }

    /// In a batch, the one read-only output fails; the others are written.
    @Test func aBatchWritesAroundAReadOnlyOutput() throws {
        let output = try readOnlyFile(named: "a.json")
        let directory = output.deletingLastPathComponent()
        for name in ["a", "b"] {
            try (["K": .string(name)] as PlistValue).encoded(as: .xml).write(to: directory.appendingPathComponent("\(name).plist"))
        }
        let result = try CLIRunner.run(["convert", "-f", "json", "-e", "json", "a.plist", "b.plist", "--report", "-"], in: directory)
        #expect(result.status == 74)
        #expect(result.stderrText == "Error: You don't have permission to write 'a.json': it is read-only.\n1 of 2 files converted, 1 failed.\n")
        #expect(try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("b.json")))["K"] == "b")
        #expect(try PlistValue(decoding: Data(contentsOf: output))["K"] == "old")
        #expect(result.stdoutText.contains(#""error":"You don't have permission to write 'a.json': it is read-only.""#))
    }

    /// macOS's `defaults` (through cfprefsd) will not write a domain file that is read-only.
    /// Foundation on Linux is no model here (tried with UserDefaults(suiteName:) and
    /// synchronize() on a 0444 file in ~/.config): for its owner, synchronize() fails and
    /// the contents stay, but the mode is changed to 0600, so the next write succeeds; for
    /// root the write succeeds at once, also leaving 0600. PlistKit refuses it to everyone,
    /// as `set` does, and changes nothing.
    @Test func defaultsWriteRefusesAReadOnlyDomain() throws {
        let file = try readOnlyFile(named: "com.example.ro.plist")
        let directory = file.deletingLastPathComponent()
        let before = try Data(contentsOf: file)
        let result = try CLIRunner.run(["defaults", "--directory", directory.path, "write", "com.example.ro", "K", "new"])
        #expect(result.status == 74)
        #expect(result.stderrText == "Error: Could not replace '\(directory.path)/com.example.ro.plist': It is read-only.\n")
        #expect(try Data(contentsOf: file) == before)
        #expect(try mode(of: file) == 0o444)
        // Reading it is fine.
        let read = try CLIRunner.run(["defaults", "--directory", directory.path, "read", "com.example.ro", "K"])
        #expect(read.stdoutText == "old\n")
    }

    /// `set`'s own refusal names the way past; `--force` writes the file and keeps its mode.
    @Test func setForceStillOverridesTheRule() throws {
        let file = try readOnlyFile()
        let directory = file.deletingLastPathComponent()
        let refused = try CLIRunner.run(["set", "K", "--string", "new", "ro.plist"], in: directory)
        #expect(refused.status == 74)
        #expect(refused.stderrText == "Error: You don't have permission to write 'ro.plist': it is read-only (--force edits it anyway).\n")
        let forced = try CLIRunner.run(["set", "--force", "K", "--string", "new", "ro.plist"], in: directory)
        #expect(forced.status == 0, "\(forced.stderrText)")
        #expect(try PlistValue(decoding: Data(contentsOf: file))["K"] == "new")
        #expect(try mode(of: file) == 0o444)
    }

    /// Another user's file in a folder everyone may write: the rename would succeed, and the
    /// file would become the caller's. Only root can set this up (it runs the tool as
    /// 'nobody' on a file of its own); the rule itself is checked for every kind of caller in
    /// FileReplacementRefusalTests.
    @Test(.enabled(if: getuid() == 0, "needs root to run the tool as 'nobody' on a file of another user"))
    func anotherUsersFileIsNotGivenAway() throws {
        let directory = try CLIRunner.scratch()
        #expect(chmod(directory.path, 0o777) == 0)
        let file = directory.appendingPathComponent("com.example.shared.plist")
        try (["K": "old"] as PlistValue).encoded(as: .xml).write(to: file)
        #expect(chown(file.path, 0, 0) == 0)
        #expect(chmod(file.path, 0o666) == 0)
        let before = try Data(contentsOf: file)
        let refusal = "it belongs to user 0, and a replacement would belong to you"
        let commands: [([String], String)] = [
            (["convert", "-f", "binary", "--in-place", file.path], "Error: You don't have permission to write '\(file.path)': \(refusal).\n"),
            (["set", "K", "--string", "new", file.path], "Error: You don't have permission to write '\(file.path)': \(refusal) (--force edits it anyway).\n"),
            (["defaults", "--directory", directory.path, "write", "com.example.shared", "K", "new"], "Error: Could not replace '\(file.path)': It belongs to user 0, and a replacement would belong to you.\n"),
        ]
        for (arguments, message) in commands {
            let result = try CLIRunner.runAsNobody(arguments)
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderrText.hasSuffix(message), "\(arguments)")
            #expect(try Data(contentsOf: file) == before)
            var info = stat()
            #expect(stat(file.path, &info) == 0 && info.st_uid == 0)
        }
    }
}
