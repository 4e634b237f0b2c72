#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file that changes whenever its contents may have: device, inode,
/// size, and the modification and status-change times with nanoseconds.
///
/// An atomic write gives the path a new inode; an edit in place changes the size or the times.
/// Two equal identities therefore mean the bytes have not changed, which lets a cache of a
/// file's contents be kept until they do, at the cost of one `stat` per use.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Timestamp
    let statusChanged: Timestamp

    struct Timestamp: Hashable, Sendable {
        let seconds: Int64
        let nanoseconds: Int64
    }

    /// The identity of the file at `path` (symbolic links followed), or `nil` when there is
    /// no file there.
    ///
    /// - Throws: ``FileOperationError`` with ``FileOperationError/Step/read`` when `stat`
    ///   fails for another reason than a missing file.
    init?(path: String) throws(FileOperationError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileOperationError.current(.read, path)
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Timestamp(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
        statusChanged = Timestamp(seconds: Int64(info.st_ctimespec.tv_sec), nanoseconds: Int64(info.st_ctimespec.tv_nsec))
        #else
        modified = Timestamp(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        statusChanged = Timestamp(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
        #endif
    }
}
