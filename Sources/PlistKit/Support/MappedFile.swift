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
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` when the file cannot be
    ///   opened, examined or mapped (the message carries the system's reason), or
    ///   ``PlistError/Code/limitExceeded`` when it is larger than `maximumBytes`.
    init(path: String, maximumBytes: Int) throws {
        // Non-blocking, so that a FIFO given by mistake fails the regular-file check below
        // instead of blocking until a writer appears.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("open", path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.failure("examine", path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw PlistError(.invalidArgument, "Cannot map '\(path)': it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= maximumBytes else {
            throw PlistError(.limitExceeded, "The file '\(path)' is \(size) bytes, more than the limit of \(maximumBytes)")
        }
        count = size
        if size == 0 {
            base = nil
            return
        }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { throw Self.failure("map", path) }
        base = mapped
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

    private static func failure(_ action: String, _ path: String) -> PlistError {
        PlistError(.invalidArgument, "Cannot \(action) '\(path)': \(String(cString: strerror(errno)))")
    }
}
