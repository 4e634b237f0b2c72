import Foundation

/// Runs the built `plist-inspect` binary and collects what it printed and how it exited.
///
/// `swift build --build-tests` builds the executable because this test target depends on it;
/// the binary sits in the same build products directory as the test bundle.
enum CLIRunner {
    /// The result of one run.
    struct Result {
        var stdout: Data
        var stderr: Data
        var status: Int32
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestData/CLI`.
    static let testData = packageRoot.appendingPathComponent("TestData/CLI")

    /// The shared real-world corpus (`shared/corpus` beside the checkout or beside its parent,
    /// or `PLISTKIT_CORPUS`), or `nil` when it is not there.
    static let corpus: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["PLISTKIT_CORPUS"].map { URL(fileURLWithPath: $0) },
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus"),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    }()

    /// The built binary: next to the test bundle (`.build/<triple>/debug/`), else
    /// `.build/debug/` under the package root.
    static let binary: URL = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("plist-inspect"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("plist-inspect"))
        for argument in CommandLine.arguments.prefix(1) {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("plist-inspect"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/plist-inspect"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? packageRoot.appendingPathComponent(".build/debug/plist-inspect")
    }()

    /// Runs the binary with `arguments` in `directory`, feeding `stdin`.
    ///
    /// - Parameters:
    ///   - executable: a different path to run (a `plutil` symlink), default the binary.
    ///   - environment: extra variables; `NO_COLOR` is unset unless given, `TERM` is kept.
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: Data = Data(),
        executable: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes concurrently so a large output cannot fill one and block the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        // Fed from another thread too (a child writing much before reading would otherwise
        // block on its output while this thread blocks on its input), and with SIGPIPE
        // ignored: a child may exit without reading its input (a usage error), and the write
        // must then fail rather than kill the test process.
        _ = ignoreBrokenPipes
        group.enter()
        DispatchQueue.global().async {
            if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: outputData, stderr: errorData, status: process.terminationStatus)
    }

    /// Runs the binary as the user and group 'nobody' (65534) through `setpriv`, which needs
    /// root: a copy of the binary in a world-readable scratch directory runs, in case the
    /// checkout is not readable by 'nobody'.
    static func runAsNobody(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: setpriv.path])
        }
        let binaryCopy = try scratch().appendingPathComponent("plist-inspect")
        try FileManager.default.copyItem(at: binary, to: binaryCopy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binaryCopy.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: binaryCopy.deletingLastPathComponent().path)
        return try run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", binaryCopy.path] + arguments, in: directory,
            executable: setpriv)
    }

    /// Ignores SIGPIPE for the test process, once (see ``run(_:in:stdin:executable:environment:)``).
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// One directory per test process holding every scratch directory, removed when the
    /// process exits.
    static let scratchRoot: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("plist-inspect-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // World-searchable, for the test that runs the tool as 'nobody'.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        atexit {
            let root = CLIRunner.scratchRoot.path
            // Directories a test made read-only must be writable again to be removed.
            if let walker = FileManager.default.enumerator(atPath: root) {
                for case let path as String in walker {
                    _ = chmod(root + "/" + path, 0o755)
                }
            }
            try? FileManager.default.removeItem(atPath: root)
        }
        return root
    }()

    /// A fresh temporary directory holding copies of the named files from `TestData/CLI/…`.
    static func scratch(copying files: [String] = [], from folder: String = "plutil/input") throws -> URL {
        let directory = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(
                at: testData.appendingPathComponent(folder).appendingPathComponent(file),
                to: directory.appendingPathComponent(file))
        }
        return directory
    }
}
