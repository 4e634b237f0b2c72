import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file, pipe or device into memory, never holding more than a byte limit: the
/// one way PlistKit, and `plist-inspect`, read an input they do not map.
///
/// A regular file's size is checked before anything is read. A pipe, a FIFO, a device, a
/// terminal, or a file that claims no size (as files of `/proc` do), has no size to check: it
/// is read until its end or until it has given one byte more than the limit, and then refused,
/// so `/dev/zero` or an endless pipe fails after `maximumBytes + 1` bytes instead of filling
/// memory. The bytes are read into a ``ByteWriter``, whose storage grows by `realloc`, which
/// moves a large block by remapping its pages rather than copying them, so the peak is the
/// input's size, not twice it; and a failed allocation is reported rather than trapped.
public enum FileReader {
    /// Every byte the file at `path` holds.
    ///
    /// A FIFO is opened as `cat` opens it: the call waits for a writer.
    ///
    /// - Throws: ``FileOperationError`` with step ``FileOperationError/Step/read``: the
    ///   system's reason when the file cannot be opened or read (`ENOENT`, `EACCES`, `EISDIR`
    ///   for a directory), `EFBIG` when it holds more than `maximumBytes`, `ENOMEM` when
    ///   memory for it cannot be had.
    /// - Complexity: O(n) in the file's size.
    public static func read(_ path: String, maximumBytes: Int) throws(FileOperationError) -> Data {
        let descriptor = try open(path)
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, maximumBytes: maximumBytes)
    }

    /// Every byte `descriptor` gives from its current position to its end (standard input,
    /// say), named `path` in errors.
    ///
    /// - Throws: as ``read(_:maximumBytes:)``.
    /// - Complexity: O(n) in the bytes read.
    public static func read(descriptor: Int32, path: String, maximumBytes: Int) throws(FileOperationError) -> Data {
        let limit = Swift.max(maximumBytes, 0)
        let size = try regularFileSize(of: descriptor, path: path)
        if let size, size > limit { throw tooLarge(path, limit: limit, size: size) }
        // One byte past the limit is what shows that an input is over it.
        let ceiling = limit == Int.max ? limit : limit + 1
        // A regular file gets room for its size and the one byte that shows it grew; anything
        // else starts small and doubles, never past the ceiling.
        let initial = Swift.min(ceiling, Swift.max((size ?? 0) + 1, 1 << 16))
        var bytes = ByteWriter(capacity: initial)
        if bytes.hasOverflowed { throw outOfMemory(path, initial) }
        while true {
            if bytes.count == bytes.capacity {
                if bytes.capacity == ceiling { throw tooLarge(path, limit: limit) }
                let grown = bytes.capacity > ceiling / 2 ? ceiling : bytes.capacity * 2
                guard bytes.resize(to: grown) else { throw outOfMemory(path, grown) }
            }
            let got = bytes.putRead(from: descriptor)
            if got < 0 { throw FileOperationError.current(.read, path) }
            if got == 0 { break }
        }
        if bytes.count > limit { throw tooLarge(path, limit: limit) }
        if bytes.count == 0 { return Data() }
        // The storage shrinks to what was read (moved by `realloc`, which gives back pages
        // rather than copying); when it cannot, the slack stays, harmlessly.
        _ = bytes.resize(to: bytes.count)
        return bytes.finish() ?? Data()
    }

    /// The bytes of the file at `path` for a reader: a regular file that claims a size is
    /// mapped (its pages are loaded as they are read), anything else is read as
    /// ``read(descriptor:path:maximumBytes:)`` reads it; either is refused past `maximumBytes`.
    ///
    /// - Throws: as ``read(_:maximumBytes:)``.
    static func mappedOrRead(_ path: String, maximumBytes: Int) throws(FileOperationError) -> (bytes: Data, mapping: MappedFile?) {
        let descriptor = try open(path)
        defer { close(descriptor) }
        guard let size = try regularFileSize(of: descriptor, path: path) else {
            return (try read(descriptor: descriptor, path: path, maximumBytes: maximumBytes), nil)
        }
        guard size <= maximumBytes else { throw tooLarge(path, limit: maximumBytes, size: size) }
        let file = try MappedFile(descriptor: descriptor, count: size, path: path)
        return (file.data, file)
    }

    /// Opens `path` for reading (a FIFO waits for its writer).
    ///
    /// - Throws: ``FileOperationError`` with the system's reason.
    static func open(_ path: String) throws(FileOperationError) -> Int32 {
        let descriptor = retryingInterruptions { systemOpen(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileOperationError.current(.read, path) }
        return descriptor
    }

    /// The size of the regular file `descriptor` reads, or `nil` when it is anything else (a
    /// pipe, a device) or claims no bytes, which files of `/proc` do whatever they hold.
    ///
    /// - Throws: ``FileOperationError``: the system's reason, or `EISDIR` for a directory.
    static func regularFileSize(of descriptor: Int32, path: String) throws(FileOperationError) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileOperationError.current(.read, path) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw FileOperationError(step: .read, path: path, errorNumber: EISDIR, systemMessage: "It is a directory")
        case S_IFREG where status.st_size > 0:
            return Int(status.st_size)
        default:
            return nil
        }
    }

    /// The refusal of an input past `limit` bytes: a file of `size` bytes, or a stream that
    /// gave more than `limit`.
    static func tooLarge(_ path: String, limit: Int, size: Int? = nil) -> FileOperationError {
        let what = size.map { "It is \($0) bytes, more than" } ?? "It holds more than"
        return FileOperationError(
            step: .read, path: path, errorNumber: EFBIG,
            systemMessage: "\(what) the input limit of \(limit) bytes")
    }

    /// Whether `error` is the refusal of an input past the limit.
    static func isOverLimit(_ error: FileOperationError) -> Bool {
        error.step == .read && error.errorNumber == EFBIG
    }

    private static func outOfMemory(_ path: String, _ bytes: Int) -> FileOperationError {
        FileOperationError(step: .read, path: path, errorNumber: ENOMEM, systemMessage: "There is no memory for \(bytes) bytes of it")
    }
}

/// `open(2)`, under a name the type's own `open` method does not hide.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

