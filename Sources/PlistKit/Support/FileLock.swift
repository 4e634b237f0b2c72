#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file or directory, held from creation until the
/// value is destroyed.
///
/// `flock` locks belong to an open file description, so two locks taken through separate
/// `open` calls exclude each other whether they are in one process or in two. Closing the
/// descriptor releases the lock, and so does the death of the process, however it dies: a
/// writer killed with `kill -9` never leaves a lock behind.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// Blocks until this process holds the exclusive lock on `path`.
    ///
    /// - Throws: ``FileOperationError`` with ``FileOperationError/Step/lock`` when
    ///   `path` cannot be opened or locked.
    init(exclusiveOn path: String) throws(FileOperationError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileOperationError.current(.lock, path) }
        guard retryingInterruptions({ flock(descriptor, LOCK_EX) }) == 0 else {
            let error = FileOperationError.current(.lock, path)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Runs `body` while holding the exclusive lock on `path`, and releases it afterwards,
    /// also when `body` throws.
    ///
    /// - Throws: ``FileOperationError`` when the lock cannot be taken, or what `body` throws.
    static func withExclusiveLock<R>(on path: String, _ body: () throws -> R) throws -> R {
        let lock = try FileLock(exclusiveOn: path)
        let result = try body()
        _ = consume lock
        return result
    }
}
