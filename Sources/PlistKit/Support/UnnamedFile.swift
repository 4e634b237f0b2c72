#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A regular file created without a name in a directory (Linux's `O_TMPFILE`), which is given
/// one with `linkat` once its contents are complete.
///
/// Until it is linked, the file exists only through its descriptor: when the process dies,
/// however it dies, the kernel frees it, so an interrupted write leaves nothing in the
/// directory. ``AtomicFileWriter`` uses it for the new contents of a file it replaces.
struct UnnamedFile {
    /// `O_TMPFILE` and `AT_EMPTY_PATH`, which the C headers define only under `_GNU_SOURCE`,
    /// as Swift does not import them: the values of Linux's generic ABI (x86-64, AArch64,
    /// RISC-V, s390x, PowerPC), where `O_TMPFILE` is `__O_TMPFILE | O_DIRECTORY`.
    private static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    private static let emptyPathFlag: Int32 = 0x1000
    /// The open descriptor, write-only; the caller closes it.
    let descriptor: Int32

    /// Creates the file in `directory`, with mode `0o600` until the caller sets another.
    ///
    /// Returns `nil` when the file system or the kernel has no unnamed files (`EOPNOTSUPP`;
    /// kernels before 3.11 give `EISDIR` or `EINVAL`), so that the caller makes a named
    /// temporary file instead.
    ///
    /// - Throws: ``FileOperationError`` with ``FileOperationError/Step/createTemporaryFile``
    ///   naming `path`, the temporary file's path as the caller would name it, for any other
    ///   failure (a missing or read-only directory).
    init?(in directory: String, for path: String) throws(FileOperationError) {
        let descriptor = open(directory, Self.temporaryFileFlag | O_WRONLY | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else {
            let number = errno
            if number == EOPNOTSUPP || number == EISDIR || number == EINVAL { return nil }
            throw FileOperationError.current(.createTemporaryFile, path)
        }
        self.descriptor = descriptor
    }

    /// Gives the file a name: `prefix` followed by six random letters and digits (the shape
    /// `mkstemp` gives, so that the cleanup of abandoned temporary files recognises it).
    ///
    /// The link goes through `/proc/self/fd`, which any user may use, and failing that through
    /// `AT_EMPTY_PATH`, which needs `CAP_DAC_READ_SEARCH`.
    ///
    /// - Returns: the path the file now has, or `nil` when neither way can name it.
    func link(as prefix: String) -> String? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = (0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }
            let name = prefix + String(decoding: suffix, as: UTF8.self)
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 { return name }
            if errno == EEXIST { continue }
            if linkat(descriptor, "", AT_FDCWD, name, Self.emptyPathFlag) == 0 { return name }
            if errno == EEXIST { continue }
            return nil
        }
        return nil
    }
}
#endif
