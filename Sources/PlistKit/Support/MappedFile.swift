import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory mapping of a whole file, unmapped when the last reference goes.
///
/// The mapping's address is held here and handed only to a ``ByteCursor``, which does all
/// the reading, or to the readers as `Data` that keeps the mapping alive (so only these touch
/// raw memory). The mapping is private and read-only and never changes after creation, which
/// is why it may be shared across threads. Its pages are file cache: the system loads them as
/// they are read and may drop them again (the XML reader's input callback does so behind its
/// read position), so a large input need not be resident whole. As with any mapping, another process truncating the file while it is mapped
/// makes later reads fault (SIGBUS); read from a copy (``BinaryPlistView/init(bytes:options:)``)
/// when other processes may rewrite the file in place.
final class MappedFile: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer?
    /// The file's size in bytes.
    let count: Int

    /// Maps the file at `path`.
    ///
    /// - Throws: ``FileOperationError`` with step ``FileOperationError/Step/read``: the
    ///   system's reason when the file cannot be opened, examined or mapped, `EISDIR` for a
    ///   directory, `ENODEV` for anything else that is not a regular file (a pipe, a device),
    ///   `EFBIG` when it is larger than `maximumBytes` (``FileReader/isOverLimit(_:)``).
    convenience init(path: String, maximumBytes: Int) throws(FileOperationError) {
        // Non-blocking, so that a FIFO given by mistake fails the regular-file check below
        // instead of blocking until a writer appears.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileOperationError.current(.read, path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileOperationError.current(.read, path) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw FileOperationError(step: .read, path: path, errorNumber: EISDIR, systemMessage: "It is a directory")
        default:
            throw FileOperationError(step: .read, path: path, errorNumber: ENODEV, systemMessage: "It is not a regular file, which mapping needs")
        }
        let size = Int(status.st_size)
        guard size <= maximumBytes else { throw FileReader.tooLarge(path, limit: maximumBytes, size: size) }
        try self.init(descriptor: descriptor, count: size, path: path)
    }

    /// Maps the `count` bytes of the regular file open as `descriptor` (its size, which the
    /// caller has checked against its limit), named `path` in errors.
    ///
    /// - Throws: ``FileOperationError`` with the system's reason when it cannot be mapped.
    init(descriptor: Int32, count: Int, path: String) throws(FileOperationError) {
        self.count = count
        if count == 0 {
            base = nil
            return
        }
        guard let mapped = Self.map(descriptor, count: count) else { throw FileOperationError.current(.read, path) }
        base = mapped
    }

    /// The address of a private read-only mapping of `count` (> 0) bytes of `descriptor`, or
    /// `nil` with `errno` set.
    private static func map(_ descriptor: Int32, count: Int) -> UnsafeMutableRawPointer? {
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        return mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// The mapped bytes as `Data`, which holds the mapping until the last copy of it goes.
    var data: Data {
        guard let base else { return Data() }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// Whether `bytes` are exactly this mapping (only then may a reader drop their pages).
    func isMapping(of bytes: Data) -> Bool {
        bytes.withUnsafeBytes { base != nil && $0.baseAddress == UnsafeRawPointer(base) && $0.count == count }
    }

    /// Lends `body` a cursor over the mapped bytes, valid for the call (the mapping lives at
    /// least as long as `self`).
    func withCursor<R>(_ body: (consuming ByteCursor) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) {
            try body(ByteCursor(UnsafeRawBufferPointer(start: base.map { UnsafeRawPointer($0) }, count: count)))
        }
    }
}
