#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import PlistKit

/// Reading inputs and writing outputs, with failures turned into ``CommandError``s carrying
/// the exit statuses the tool documents (66 for unreadable input, 74 for unwritable output).
enum FileIO {
    /// The most bytes an input may hold: the library's input limit, for every input, whether
    /// a regular file, standard input, a pipe or a device.
    static let maximumInputBytes = PlistReadingOptions().maximumInputBytes

    /// The option a refusal names when `maximumInputBytes` set the limit.
    static let inputLimitName = "PlistReadingOptions.maximumInputBytes"

    /// Reads a whole file, or standard input for `-`, of at most `maximumBytes`: a pipe or a
    /// device of endless bytes is refused once it has given one more (see ``FileReader``).
    ///
    /// - Throws: ``CommandError``: exit 66 when the file is missing, a directory or
    ///   unreadable; 65 when it holds more than `maximumBytes`.
    /// `limitName` names the option that set `maximumBytes`, for the refusal.
    static func read(_ path: String, maximumBytes: Int = maximumInputBytes, limitName: String = inputLimitName) throws -> Data {
        do {
            if path == "-" { return try FileReader.read(descriptor: STDIN_FILENO, path: displayName(path), maximumBytes: maximumBytes) }
            return try FileReader.read(path, maximumBytes: maximumBytes)
        } catch {
            throw readFailure(path, error, limitName: limitName)
        }
    }

    /// A failure to read `path` as the tool reports it: exit 65 for an input past the limit
    /// (as the library's readers refuse one), 66 for anything else.
    /// `limitName` names the option that set the limit.
    static func readFailure(_ path: String, _ error: FileOperationError, limitName: String = inputLimitName) -> CommandError {
        guard error.errorNumber == EFBIG else { return inputError(path, error.errorNumber, otherwise: error.systemMessage) }
        let reason = "\(error.systemMessage) (\(limitName))"
        return CommandError(
            "\(displayName(path)): Could not read '\(error.path)': \(reason).", exitCode: .dataError, fileProblem: "\(reason).")
    }

    /// Whether `path` names a regular file this process can open for reading.
    static func isReadableRegularFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether the file begins with the binary plist magic `bplist`.
    ///
    /// - Throws: ``CommandError`` with exit 66 when the file cannot be opened.
    static func startsLikeBinaryPlist(_ path: String) throws -> Bool {
        // Examined by path, not opened: opening a FIFO to look would take the bytes a writer
        // puts in it, or wait for one, before it is read for real.
        var info = stat()
        guard stat(path, &info) == 0 else { throw inputError(path, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw inputError(path, EISDIR) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return false }  // pipes: read normally
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw inputError(path, errno) }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 6)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 6, 0) }
        return count == 6 && head == Array("bplist".utf8)
    }

    /// Writes `data` to `path` atomically, or to standard output for `-`.
    ///
    /// - Throws: ``CommandError`` with exit 74 when it cannot be written, or when it is an
    ///   existing file the caller may not replace (unless `overridingPermissions`; see
    ///   ``FileReplacementRefusal``); the old file is then untouched.
    static func write(_ data: Data, to path: String, overridingPermissions: Bool = false) throws {
        try write(to: path, overridingPermissions: overridingPermissions) { put in try put(data) }
    }

    /// Writes what `contents` hands, piece by piece, to the function it is given, to `path`
    /// atomically (see ``AtomicFileWriter/write(to:overridingPermissions:contents:)``), or to
    /// standard output for `-`: a large output need not be held whole.
    ///
    /// - Throws: ``CommandError`` with exit 74 when it cannot be written or may not be
    ///   replaced (as ``write(_:to:overridingPermissions:)``), or what `contents` throws; the
    ///   old file is then untouched.
    static func write(
        to path: String, overridingPermissions: Bool = false, contents: ((Data) throws -> Void) throws -> Void
    ) throws {
        if path == "-" {
            try contents { Console.shared.out($0) }
            return
        }
        do {
            try AtomicFileWriter.write(to: path, overridingPermissions: overridingPermissions, contents: contents)
        } catch let error as FileOperationError {
            throw outputError(error, writing: path, isInput: false)
        }
    }

    /// Whether writing `destination` replaces `source`, a regular file, in place: such a
    /// write goes through ``write(_:to:madeFrom:of:recomputing:)``.
    static func replacesInPlace(_ destination: String, source: String) -> Bool {
        var info = stat()
        return destination == source && source != "-" && stat(source, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes `result`, made from the bytes `original` read from `source`, to `destination`.
    ///
    /// When `destination` is `source` itself (an edit in place), the file is replaced as one
    /// read-modify-write under ``LockedFileUpdate``'s lock, so that concurrent edits of one
    /// file (other `plist-inspect` processes, preference domains) each see the others'
    /// changes: under the lock, when the file no longer holds `original`, `transform` (which
    /// made `result` of `original`) runs again on what it holds now. `result` is computed
    /// before the lock is taken, so that a batch (`convert --in-place --jobs N`) decodes and
    /// encodes in parallel and holds the lock only to compare, write and sync. The same lock
    /// removes temporary files that an edit killed in the middle of its write left beside the
    /// file. Any other destination, and a source that is not a regular file (`-`, a device,
    /// a pipe), is simply written with ``write(_:to:)``.
    ///
    /// - Throws: ``CommandError``: exit 66 when the file cannot be read again, 74 when it
    ///   cannot be locked or written (the file is then untouched); or what `transform` throws.
    static func write(
        _ result: Data, to destination: String, madeFrom original: Data, of source: String,
        overridingPermissions: Bool = false, recomputing transform: (Data) throws -> Data
    ) throws {
        guard replacesInPlace(destination, source: source) else {
            try write(result, to: destination, overridingPermissions: overridingPermissions)
            return
        }
        do {
            try LockedFileUpdate.update(source, overridingPermissions: overridingPermissions) { current in
                guard let current else { throw inputError(source, ENOENT) }
                return current == original ? result : try transform(current)
            }
        } catch let error as FileOperationError {
            if error.step == .read { throw inputError(source, error.errorNumber) }
            throw outputError(error, writing: source, isInput: true)
        }
    }

    /// Throws unless the caller may replace the file at `path`, when there is one, by the
    /// library's rule (``FileReplacementRefusal``: the writers refuse such a file too; this
    /// check comes first so that nothing is decoded for a file that cannot be written, and
    /// names the way past, `hint`).
    ///
    /// - Throws: ``CommandError`` with exit 74 naming the file and why.
    static func requireWritePermission(_ path: String, hint: String) throws {
        guard path != "-", let refusal = FileReplacementRefusal(replacing: path) else { return }
        throw permissionError(path, refusal, hint: hint, isInput: true)
    }

    /// The tool's message for a write that failed: for a file the caller may not replace,
    /// what ``requireWritePermission(_:hint:)`` says; else the library's sentence. When the
    /// file written is the input itself (`isInput`), the message without its name is kept
    /// for reports that name the input themselves.
    private static func outputError(_ error: FileOperationError, writing path: String, isInput: Bool) -> CommandError {
        guard let refusal = error.refusal else { return CommandError(error.description, exitCode: .ioError) }
        return permissionError(path, refusal, hint: "", isInput: isInput)
    }

    private static func permissionError(_ path: String, _ refusal: FileReplacementRefusal, hint: String, isInput: Bool) -> CommandError {
        CommandError(
            "You don't have permission to write '\(displayName(path))': \(refusal)\(hint).", exitCode: .ioError,
            fileProblem: isInput ? "You don't have permission to write it: \(refusal)\(hint)." : nil)
    }

    /// Throws when `file` does not exist but `keyPath` names a file: the arguments were given
    /// in the wrong order, and the message shows the right one.
    ///
    /// - Throws: ``CommandError`` with exit 66.
    static func requireArgumentOrder(keyPath: String, file: String, command: String) throws {
        guard !exists(file), keyPath != "-", exists(keyPath) else { return }
        throw CommandError(
            "Cannot read '\(displayName(file))': No such file. The key path comes before the file: '\(command) \(file) \(keyPath)'?",
            exitCode: .noInput, fileProblem: "No such file.")
    }

    /// Whether a path exists (for `-`, always).
    static func exists(_ path: String) -> Bool {
        path == "-" || access(path, F_OK) == 0
    }

    /// The name shown for a path in messages (`<stdin>` for `-`, as plutil does).
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// The last component of a path (`dir/Info.plist` gives `Info.plist`), ignoring trailing
    /// slashes.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The failure to read `path` for the system's error `number`, in the tool's words for
    /// the common ones and otherwise in `otherwise` (by default the system's text).
    static func inputError(_ path: String, _ number: Int32, otherwise: String? = nil) -> CommandError {
        let reason: String
        switch number {
        case ENOENT: reason = "No such file"
        case EACCES: reason = "Permission denied"
        case EISDIR: reason = "It is a directory"
        default: reason = otherwise ?? String(cString: strerror(number))
        }
        return CommandError("Cannot read '\(displayName(path))': \(reason).", exitCode: .noInput, fileProblem: "\(reason).")
    }
}
