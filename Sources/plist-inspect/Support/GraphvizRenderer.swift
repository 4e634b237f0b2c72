#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import PlistKit

/// Draws DOT text as a picture with Graphviz's `dot`, found on `PATH` and run directly (no
/// shell): `dot -Tsvg` reads the DOT on its standard input and writes the picture on its
/// standard output.
///
/// Both are unnamed temporary files rather than pipes, so that neither side can block on a
/// full pipe and `dot` exiting early cannot end this process with SIGPIPE; the picture is
/// read back whole once `dot` has exited, and only a `dot` that succeeded is believed.
enum GraphvizRenderer {
    /// The picture formats `dot -T` is asked for.
    static let formats = ["svg", "png", "pdf"]

    /// The picture of `dot` in `format` (one of ``formats``).
    ///
    /// - Throws: ``CommandError`` with exit 69 when `dot` is not installed or fails, 74 when
    ///   the temporary files cannot be made.
    static func render(_ dot: String, format: String) throws -> Data {
        guard let program = executable(named: "dot") else {
            throw CommandError(
                """
                Drawing \(format.uppercased()) needs Graphviz's 'dot', which is not on PATH. Install Graphviz \
                (Debian and Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or write DOT \
                (the default format) and draw it elsewhere.
                """,
                exitCode: .unavailable)
        }
        let input = try temporaryFile()
        defer { close(input) }
        let output = try temporaryFile()
        defer { close(output) }
        let errors = try temporaryFile()
        defer { close(errors) }
        do {
            try AtomicFileWriter.write(Data(dot.utf8), toDescriptor: input, path: "the graph for dot")
        } catch {
            throw CommandError("Cannot write the graph for dot to a temporary file: \(error.systemMessage).", exitCode: .ioError)
        }
        guard lseek(input, 0, SEEK_SET) == 0 else {
            throw CommandError("Cannot write the graph for dot to a temporary file: \(String(cString: strerror(errno))).", exitCode: .ioError)
        }
        let status = try run(program, arguments: ["-T\(format)"], input: input, output: output, errors: errors)
        guard status == 0 else {
            let message = String(decoding: ((try? readAll(errors, path: "dot's errors")) ?? Data()).prefix(2000), as: UTF8.self)
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            let reason = status > 0 ? "exited with status \(status)" : "was killed by signal \(-status)"
            throw CommandError(
                "Graphviz's dot (\(program)) \(reason)\(message.isEmpty ? "" : ": \(message)").", exitCode: .unavailable)
        }
        do {
            return try readAll(output, path: "dot's picture")
        } catch {
            throw CommandError("Cannot read the picture dot drew: \(error.systemMessage).", exitCode: .ioError)
        }
    }

    /// The path of an executable file called `name` in a directory of `PATH`, or `nil`.
    static func executable(named name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `program` with `input`, `output` and `errors` as its standard streams and waits
    /// for it: its exit status, or minus the signal that ended it.
    private static func run(_ program: String, arguments: [String], input: Int32, output: Int32, errors: Int32) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO)
        let argv = ([program] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = (argv + [nil]).withUnsafeBufferPointer { pointers in
            posix_spawn(&pid, program, &actions, nil, UnsafeMutablePointer(mutating: pointers.baseAddress!), environ)
        }
        guard spawned == 0 else {
            throw CommandError("Cannot run Graphviz's dot (\(program)): \(String(cString: strerror(spawned))).", exitCode: .unavailable)
        }
        var status: Int32 = 0
        guard retryingInterruptions({ waitpid(pid, &status, 0) }) >= 0 else {
            throw CommandError("Cannot wait for Graphviz's dot: \(String(cString: strerror(errno))).", exitCode: .unavailable)
        }
        // The wait status's encoding (WIFEXITED and friends are macros Swift does not import).
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : -signal
    }

    /// A new file open for reading and writing, already removed from its directory, so that
    /// nothing is left behind whatever happens; closed on exec.
    private static func temporaryFile() throws -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/plist-inspect-graph.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0, fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            throw CommandError(
                "Cannot make a temporary file in \(directory) for Graphviz's dot: \(String(cString: strerror(errno))).",
                exitCode: .ioError)
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return descriptor
    }

    /// Everything in the file `descriptor` from its start: the picture `dot` drew, or what it
    /// said on failing, held to the input limit.
    ///
    /// - Throws: ``FileOperationError`` when it cannot be read.
    private static func readAll(_ descriptor: Int32, path: String) throws(FileOperationError) -> Data {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw FileOperationError(step: .read, path: path, errorNumber: errno, systemMessage: String(cString: strerror(errno))) }
        return try FileReader.read(descriptor: descriptor, path: path, maximumBytes: FileIO.maximumInputBytes)
    }
}
