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

    /// The shared corpus of real-world files (`../shared/corpus` beside the checkout), or `nil`
    /// when it is not there; conformance tests run only when it is.
    static let corpus: URL? = {
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus"),
            ProcessInfo.processInfo.environment["PLISTKIT_CORPUS"].map { URL(fileURLWithPath: $0) },
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    }()
}
