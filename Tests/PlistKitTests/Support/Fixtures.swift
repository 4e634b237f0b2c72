import Foundation

/// Locates files the tests read: the project's own fixtures and the shared real-world corpus.
enum Fixtures {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // PlistKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `TestData/` in the package.
    static let testData = packageRoot.appendingPathComponent("TestData")

    /// The bytes of a fixture under `TestData/`.
    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: testData.appendingPathComponent(relativePath))
    }

    /// The shared corpus of real-world files, or `nil` when it is not there; conformance tests
    /// run only when it is. Looked for in `PLISTKIT_CORPUS`, then as `shared/corpus` beside the
    /// checkout or beside any folder above it (git worktrees live deeper than the checkout).
    static let corpus: URL? = {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["PLISTKIT_CORPUS"] {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        var folder = packageRoot
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("shared/corpus"))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    }()
}
