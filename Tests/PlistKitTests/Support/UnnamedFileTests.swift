#if os(Linux)
import Foundation
import Testing
@testable import PlistKit

/// The `O_TMPFILE` file ``AtomicFileWriter`` writes new contents into.
@Suite struct UnnamedFileTests {
    @Test func hasNoNameUntilLinkedAndThenTheTemporaryShape() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unnamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("a.plist").path
        // A file system without unnamed files gives nil; the writer then names its file at once.
        guard let file = try UnnamedFile(in: directory.path, for: destination) else { return }
        defer { close(file.descriptor) }
        let bytes = Array("contents".utf8)
        #expect(write(file.descriptor, bytes, bytes.count) == bytes.count)
        // Written, and still nothing in the directory: a kill now leaves nothing behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let prefix = directory.path + "/.a.plist.tmp-"
        let name = try #require(file.link(as: prefix))
        #expect(name.hasPrefix(prefix))
        #expect(name.utf8.count == prefix.utf8.count + 6)
        #expect(try Data(contentsOf: URL(fileURLWithPath: name)) == Data(bytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [String(name.dropFirst(directory.path.count + 1))])
    }

    @Test func aMissingDirectoryIsAnErrorNamingTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)").path
        let error = #expect(throws: FileOperationError.self) {
            _ = try UnnamedFile(in: directory, for: directory + "/f")
        }
        #expect(error?.step == .createTemporaryFile)
        #expect(error?.path == directory + "/f")
        #expect(error?.errorNumber == ENOENT)
    }
}
#endif
