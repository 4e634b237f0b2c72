#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import PlistKit
import Synchronization

/// Standard output and standard error, written through one lock so that lines from parallel
/// batch jobs never interleave, and flushed so that pipelines see data promptly.
final class Console: Sendable {
    /// The process's console.
    static let shared = Console()

    /// Whether standard output is a terminal (colour is allowed only then).
    let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (the progress bar is drawn only then).
    let stderrIsTerminal: Bool
    /// Whether NO_COLOR asks for no colour (set and not empty, as no-color.org defines it).
    let noColorRequested: Bool
    /// Whether a progress line is on screen and must be cleared before other stderr output;
    /// the lock every write holds.
    private let progressShown = Mutex(false)
    /// The `errno` of the first write to standard output that failed, or 0; once set, nothing
    /// more is written there.
    private let stdoutFailure = Mutex<Int32>(0)

    private init() {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        // getenv, not ProcessInfo's environment, which copies every variable into a
        // dictionary on each start of the tool.
        noColorRequested = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    }

    /// Whether output to stdout may carry ANSI colour.
    var usesColor: Bool { stdoutIsTerminal && !noColorRequested }

    /// Writes bytes to standard output, recording the first failure for
    /// ``finishStandardOutput()``.
    func out(_ data: Data) {
        progressShown.withLock { progressShown in
            // On one terminal the text would run on from the end of the progress line.
            if progressShown && stdoutIsTerminal {
                Self.writeAll(Data("\r\u{1B}[K".utf8), to: STDERR_FILENO)
                progressShown = false
            }
            stdoutFailure.withLock { failure in
                guard failure == 0 else { return }
                failure = Self.writeAll(data, to: STDOUT_FILENO)
            }
        }
    }

    /// Ends the output to standard output: closes it, so that a file system that reports
    /// write errors only then (NFS, a full disk under delayed allocation) reports them, and
    /// returns the error of the first write that failed, or `nil` when everything written
    /// arrived.
    ///
    /// `EPIPE` is returned too; the caller decides how a closed pipe ends the process.
    func finishStandardOutput() -> Int32? {
        stdoutFailure.withLock { failure in
            if failure == 0 && close(STDOUT_FILENO) != 0 && errno != EBADF && errno != EINTR {
                failure = errno
            }
            return failure == 0 ? nil : failure
        }
    }

    /// Writes text to standard output.
    func out(_ text: String) { out(Data(text.utf8)) }

    /// Writes text to standard error, clearing any progress line first.
    func err(_ text: String) {
        progressShown.withLock { progressShown in
            if progressShown {
                Self.writeAll(Data("\r\u{1B}[K".utf8), to: STDERR_FILENO)
                progressShown = false
            }
            Self.writeAll(Data(text.utf8), to: STDERR_FILENO)
        }
    }

    /// Draws a progress line on standard error when it is a terminal.
    func progress(_ line: String) {
        guard stderrIsTerminal else { return }
        progressShown.withLock { progressShown in
            Self.writeAll(Data("\r\u{1B}[K\(line)".utf8), to: STDERR_FILENO)
            progressShown = true
        }
    }

    /// Removes the progress line.
    func clearProgress() {
        progressShown.withLock { progressShown in
            guard progressShown else { return }
            Self.writeAll(Data("\r\u{1B}[K".utf8), to: STDERR_FILENO)
            progressShown = false
        }
    }

    /// Writes all of `data`, and returns 0, or the `errno` of the write that failed.
    @discardableResult
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        do {
            try AtomicFileWriter.write(data, toDescriptor: descriptor, path: descriptor == STDOUT_FILENO ? "<stdout>" : "<stderr>")
            return 0
        } catch {
            return error.errorNumber
        }
    }
}
