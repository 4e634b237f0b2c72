import Foundation

/// Standard output and standard error, written through one lock so that lines from parallel
/// batch jobs never interleave, and flushed so that pipelines see data promptly.
final class Console: @unchecked Sendable {
    /// The process's console.
    static let shared = Console()

    private let lock = NSLock()
    /// Whether standard output is a terminal (colour is allowed only then).
    let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (the progress bar is drawn only then).
    let stderrIsTerminal: Bool
    /// Whether NO_COLOR asks for no colour (set and not empty, as no-color.org defines it).
    let noColorRequested: Bool
    /// Whether a progress line is on screen and must be cleared before other stderr output.
    private var progressShown = false

    private init() {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        noColorRequested = !noColor.isEmpty
    }

    /// Whether output to stdout may carry ANSI colour.
    var usesColor: Bool { stdoutIsTerminal && !noColorRequested }

    /// Writes bytes to standard output.
    func out(_ data: Data) {
        lock.withLock { Self.writeAll(data, to: STDOUT_FILENO) }
    }

    /// Writes text to standard output.
    func out(_ text: String) { out(Data(text.utf8)) }

    /// Writes text to standard error, clearing any progress line first.
    func err(_ text: String) {
        lock.withLock {
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
        lock.withLock {
            Self.writeAll(Data("\r\u{1B}[K\(line)".utf8), to: STDERR_FILENO)
            progressShown = true
        }
    }

    /// Removes the progress line.
    func clearProgress() {
        lock.withLock {
            guard progressShown else { return }
            Self.writeAll(Data("\r\u{1B}[K".utf8), to: STDERR_FILENO)
            progressShown = false
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A closed pipe (`| head`) ends the output; nothing useful can be reported.
                    return
                }
                offset += written
            }
        }
    }
}
