import Foundation
import Testing
@testable import PlistKit

/// The permission rule of every writer that replaces a file, and the writers that follow it.
@Suite struct FileReplacementRefusalTests {
    private func scratchFile(mode: mode_t, contents: String = "old") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("a.plist")
        try Data(contents.utf8).write(to: file)
        #expect(chmod(file.path, mode) == 0)
        return file
    }

    /// The rule for every kind of caller, whoever runs the tests: the mode, the owner, the
    /// caller (0 is root) and what `faccessat` said.
    @Test(arguments: [
        // A file whose owner cannot write it is read-only for everyone, root included.
        (0o100444, 1000, 1000, true, FileReplacementRefusal.readOnly(mode: 0o444)),
        (0o100444, 1000, 0, true, .readOnly(mode: 0o444)),
        (0o100555, 0, 0, true, .readOnly(mode: 0o555)),
        (0o100464, 1000, 1001, true, .readOnly(mode: 0o464)),
        // What the system refuses the caller.
        (0o100644, 1000, 1001, false, .notWritable(mode: 0o644, owner: 1000)),
        // Another user's file the caller could write: replacing it would make it the caller's.
        (0o100666, 1000, 1001, true, .ownedByAnotherUser(owner: 1000)),
        (0o100664, 1000, 1001, true, .ownedByAnotherUser(owner: 1000)),
    ] as [(UInt32, UInt32, UInt32, Bool, FileReplacementRefusal)])
    func refuses(mode: UInt32, owner: UInt32, caller: UInt32, callerCanWrite: Bool, expected: FileReplacementRefusal) {
        #expect(FileReplacementRefusal(mode: mode, owner: owner, caller: caller, callerCanWrite: callerCanWrite) == expected)
    }

    @Test(arguments: [
        (0o100644, 1000, 1000, true),  // the caller's own file
        (0o100600, 1000, 0, true),      // root keeps another user's owner
        (0o104755, 0, 0, true),         // setuid, writable by its owner
    ] as [(UInt32, UInt32, UInt32, Bool)])
    func allows(mode: UInt32, owner: UInt32, caller: UInt32, callerCanWrite: Bool) {
        #expect(FileReplacementRefusal(mode: mode, owner: owner, caller: caller, callerCanWrite: callerCanWrite) == nil)
    }

    @Test func describesEachRefusal() {
        #expect(FileReplacementRefusal.readOnly(mode: 0o444).description == "it is read-only")
        #expect(FileReplacementRefusal.notWritable(mode: 0o640, owner: 7).description == "its permissions do not let you write it (mode 0640, owner 7)")
        #expect(FileReplacementRefusal.ownedByAnotherUser(owner: 7).description == "it belongs to user 7, and a replacement would belong to you")
    }

    @Test func aNewFileADeviceAndAMissingPathAreNotRefused() throws {
        let file = try scratchFile(mode: 0o444)
        #expect(FileReplacementRefusal(replacing: file.deletingLastPathComponent().appendingPathComponent("new.plist").path) == nil)
        #expect(FileReplacementRefusal(replacing: "/dev/null") == nil)
        #expect(FileReplacementRefusal(replacing: file.path) == .readOnly(mode: 0o444))
    }

    /// A read-only file is refused by the atomic writer whoever the caller is (the owner's
    /// write bit is off), and stays as it was; `overridingPermissions` writes it, keeping the
    /// mode.
    @Test func theAtomicWriterRefusesAReadOnlyFileUnlessOverridden() throws {
        let file = try scratchFile(mode: 0o444)
        #expect {
            try AtomicFileWriter.write(Data("new".utf8), to: file.path)
        } throws: { error in
            let error = try #require(error as? FileOperationError)
            return error.step == .replace && error.refusal == .readOnly(mode: 0o444) && error.errorNumber == EACCES
                && error.description == "Could not replace '\(file.path)': It is read-only."
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["a.plist"])

        try AtomicFileWriter.write(Data("new".utf8), to: file.path, overridingPermissions: true)
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o444)
    }

    /// Through a symbolic link, the file it points to is the one checked.
    @Test func aLinkToAReadOnlyFileIsRefused() throws {
        let file = try scratchFile(mode: 0o444)
        let link = file.deletingLastPathComponent().appendingPathComponent("link.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(throws: FileOperationError.self) { try AtomicFileWriter.write(Data("new".utf8), to: link.path) }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
    }

    /// The locked read-modify-write (preference domains, edits in place) follows the rule.
    @Test func aLockedUpdateRefusesAReadOnlyFile() throws {
        let file = try scratchFile(mode: 0o444)
        #expect {
            try LockedFileUpdate.update(file.path) { _ in Data("new".utf8) }
        } throws: { error in
            (error as? FileOperationError)?.refusal == .readOnly(mode: 0o444)
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try LockedFileUpdate.update(file.path, overridingPermissions: true) { _ in Data("new".utf8) })
        #expect(try Data(contentsOf: file) == Data("new".utf8))
    }

    /// The library's own file writers go through the same writer.
    @Test func documentWritersRefuseAReadOnlyFile() throws {
        let file = try scratchFile(mode: 0o444)
        let value: PlistValue = ["K": "v"]
        #expect(throws: FileOperationError.self) { try value.write(to: file, format: .xml) }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
    }
}
