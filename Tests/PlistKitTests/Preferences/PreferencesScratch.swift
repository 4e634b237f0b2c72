import Foundation

/// Fresh folders for preferences tests, removed when the test process exits.
///
/// They are made on a memory file system when there is one (`/dev/shm` on Linux): every write
/// of a domain syncs its file and directory, which costs milliseconds on a disk and nothing
/// there, and the concurrency tests write thousands of times.
enum PreferencesScratch {
    static let root: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let root = base.appendingPathComponent("plistkit-preferences-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: PreferencesScratch.root) }
        return root
    }()

    /// A new empty folder.
    static func directory() throws -> URL {
        let directory = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The names in `directory` that an atomic write left behind (`.NAME.tmp-XXXXXX`).
    static func temporaryFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    }
}
