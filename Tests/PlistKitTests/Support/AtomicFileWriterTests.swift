import Foundation
import Testing
@testable import PlistKit

@Suite struct AtomicFileWriterTests {
    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func replacesContentsAndKeepsMode() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.plist")
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try AtomicFileWriter.write(Data("new contents".utf8), to: file.path)
        #expect(try Data(contentsOf: file) == Data("new contents".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.plist"])
    }

    @Test func createsNewFileWithUmaskMode() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.plist")
        try AtomicFileWriter.write(Data([1, 2, 3]), to: file.path)
        #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        let mask = umask(0); umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }

    @Test func writesEmptyData() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("empty")
        try Data("x".utf8).write(to: file)
        try AtomicFileWriter.write(Data(), to: file.path)
        #expect(try Data(contentsOf: file).isEmpty)
    }

    @Test func failsInMissingDirectoryNamingTheStep() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)/f").path
        let error = #expect(throws: FileOperationError.self) {
            try AtomicFileWriter.write(Data("x".utf8), to: path)
        }
        #expect(error?.step == .createTemporaryFile)
        #expect(error?.errorNumber == ENOENT)
        let temporary = (path as NSString).deletingLastPathComponent + "/.f.tmp-XXXXXX"
        #expect(error?.description == "Could not create a temporary file '\(temporary)': No such file or directory.")
    }

    @Test func failedRenameLeavesDestinationAndNoTemporaryFile() throws {
        // A destination that is a non-empty directory cannot be renamed over (EISDIR or
        // ENOTEMPTY, whoever runs the test), so this reaches the last step and fails there.
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: destination.appendingPathComponent("inner"))
        let error = #expect(throws: FileOperationError.self) {
            try AtomicFileWriter.write(Data("x".utf8), to: destination.path)
        }
        #expect(error?.step == .rename)
        #expect(try Data(contentsOf: destination.appendingPathComponent("inner")) == Data("inside".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["occupied"])
    }

    @Test func writesThroughASymbolicLinkKeepingTheLink() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.plist")
        let link = directory.appendingPathComponent("link.plist")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try AtomicFileWriter.write(Data("new".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try Data(contentsOf: target) == Data("new".utf8))
    }

    @Test func writesDevicesInPlaceInsteadOfReplacingThem() throws {
        // Renaming over /dev/null would replace the device (as root); it must be written to.
        try AtomicFileWriter.write(Data("discarded".utf8), to: "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func writesToAFIFO() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader on another thread drains the FIFO while the writer writes.
        nonisolated(unsafe) var received = Data()
        let reader = Thread {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
        }
        reader.start()
        try AtomicFileWriter.write(Data("through a pipe".utf8), to: fifo)
        while !reader.isFinished { usleep(1000) }
        #expect(received == Data("through a pipe".utf8))
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func keepsOwnerAndGroupWhenAllowed() throws {
        // Only root may give a file away; as another user the owner is ours anyway.
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("owned.plist")
        try Data("old".utf8).write(to: file)
        let owner: uid_t = getuid() == 0 ? 65534 : getuid()
        let group: gid_t = getuid() == 0 ? 65534 : getgid()
        #expect(chown(file.path, owner, group) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: file.path)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_uid == owner)
        #expect(info.st_gid == group)
    }

    @Test(arguments: [0o4755, 0o2755, 0o6755] as [mode_t])
    func keepsSetuidAndSetgidWhenOwnerAndGroupStay(bits: mode_t) throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tool.plist")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, bits) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: file.path)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == bits)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tool.plist"])
    }

    /// In a setgid directory a new file takes the directory's group, not the old file's; the
    /// writer gives it the old group back, and with it the setgid bit.
    @Test(.enabled(if: getuid() == 0, "needs root to give the directory another group"))
    func inASetgidDirectoryKeepsTheFilesOwnGroupAndSetgid() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(chown(directory.path, 0, 65534) == 0)
        #expect(chmod(directory.path, 0o2775) == 0)
        let file = directory.appendingPathComponent("tool.plist")
        try Data("old".utf8).write(to: file)
        #expect(chown(file.path, 0, 0) == 0)
        #expect(chmod(file.path, 0o2755) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: file.path)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_gid == 0)
        #expect(info.st_mode & 0o7777 == 0o2755)
    }
}

/// `AtomicFileWriter.write(to:contents:)`: the file is written from pieces, and a producer
/// that fails part way leaves the old file and no temporary one.
extension AtomicFileWriterTests {
    @Test func writesThePiecesInOrder() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pieces")
        try Data("old".utf8).write(to: file)
        try AtomicFileWriter.write(to: file.path) { put in
            for piece in ["one ", "two ", "", "three"] { try put(Data(piece.utf8)) }
        }
        #expect(try Data(contentsOf: file) == Data("one two three".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pieces"])
    }

    @Test func aFailingProducerLeavesTheOldFile() throws {
        struct Stop: Error {}
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("kept")
        try Data("old".utf8).write(to: file)
        #expect(throws: Stop.self) {
            try AtomicFileWriter.write(to: file.path) { put in
                try put(Data(repeating: 0x41, count: 1 << 20))
                throw Stop()
            }
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept"])
    }
}
