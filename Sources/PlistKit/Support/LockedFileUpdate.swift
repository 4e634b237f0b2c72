#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// Read-modify-write of a file under an advisory lock, written atomically: several processes
/// (or threads) updating one file each see the others' changes and lose none of them.
///
/// **The lock is on the file's directory.** An atomic write replaces the file by renaming a
/// new one over it, so a lock on the file itself would be a lock on an inode that the first
/// writer retires: a second writer blocked on it would wake up holding a lock on a file no
/// longer at the path (each writer would then have to compare `fstat` of its descriptor with
/// `stat` of the path and start again), and a file that does not exist yet could not be locked
/// at all without creating it first. The directory is never replaced, exists before the file
/// does, and needs no lock file beside the user's files: an exclusive `flock` on it is held
/// for the whole read-modify-write. The price is that updates of different files in one
/// directory wait for each other; each holds the lock only for one read, one call of the
/// change and one write. A symbolic link is followed first, so the lock is on the directory of
/// the file that is written, whichever name reaches it.
///
/// The lock is advisory: it orders the processes that use this type (PlistKit's preferences
/// domains, and the tool's edits). Readers need none: the atomic rename gives them either the
/// old file or the new one.
///
/// Under the lock, temporary files that ``AtomicFileWriter`` left beside this file when its
/// process was killed in the middle of a write (`.NAME.tmp-XXXXXX`) are removed: every writer
/// of the file holds the lock, so none of them is still in use.
public enum LockedFileUpdate {
    /// Replaces the contents of the file at `path` with what `change` makes of them, under the
    /// lock described above.
    ///
    /// `change` receives the current bytes, or `nil` when the file does not exist, and returns
    /// the new bytes, or `nil` to leave the file as it is. The new bytes are written with
    /// ``AtomicFileWriter``, which keeps an existing file's permission bits, owner and group,
    /// and refuses a file the caller may not replace (``FileReplacementRefusal``) unless
    /// `overridingPermissions`. A file this call creates is given `newFileMode` (default: the
    /// `0o666` less the umask that `open` gives).
    ///
    /// - Returns: whether the file was written.
    /// - Throws: what `change` throws (the file is then untouched), ``FileOperationError``
    ///   when the directory cannot be locked or the file cannot be read, or
    ///   ``FileOperationError`` when it cannot be written (``FileOperationError/Step/replace``
    ///   when it may not be).
    @discardableResult
    public static func update(
        _ path: String, newFileMode: mode_t? = nil, overridingPermissions: Bool = false, _ change: (Data?) throws -> Data?
    ) throws -> Bool {
        let target = resolvingSymbolicLink(path)
        return try FileLock.withExclusiveLock(on: directoryPath(of: target)) {
            removeAbandonedTemporaryFiles(of: target)
            let old = try read(target)
            guard let new = try change(old) else { return false }
            try AtomicFileWriter.write(new, to: target, overridingPermissions: overridingPermissions)
            // The writer gives a new file the mode `open` would; the lock keeps every other
            // updater out until it has the one asked for.
            if old == nil, let newFileMode, chmod(target, newFileMode) != 0 {
                throw FileOperationError.current(.setMode, target)
            }
            return true
        }
    }

    /// Removes the file at `path` under the lock described above (for a symbolic link, the
    /// file it points to and the link).
    ///
    /// - Returns: whether there was a file to remove.
    /// - Throws: ``FileOperationError`` when the directory cannot be locked or the file
    ///   cannot be removed.
    @discardableResult
    public static func remove(_ path: String) throws -> Bool {
        let target = resolvingSymbolicLink(path)
        return try FileLock.withExclusiveLock(on: directoryPath(of: target)) {
            removeAbandonedTemporaryFiles(of: target)
            guard unlink(target) == 0 else {
                if errno == ENOENT { return false }
                throw FileOperationError.current(.remove, target)
            }
            if target != path { unlink(path) }
            return true
        }
    }

    /// The file's bytes, or `nil` when it does not exist.
    private static func read(_ path: String) throws -> Data? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileOperationError.current(.read, path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileOperationError(step: .read, path: path, errorNumber: EISDIR, systemMessage: "It is not a regular file")
        }
        // A regular file: its size bounds the read (its reader checked the limit on the first).
        return try FileReader.read(path, maximumBytes: .max)
    }

    /// Removes `.NAME.tmp-XXXXXX` beside `path`: the names ``AtomicFileWriter`` gives its
    /// temporary files (`mkstemp` replaces the six X's).
    private static func removeAbandonedTemporaryFiles(of path: String) {
        let directory = directoryPath(of: path)
        let prefix = ".\(fileName(of: path)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            unlink("\(directory)/\(name)")
        }
    }

    /// The file a symbolic link points to, or `path` itself when it is not a link.
    private static func resolvingSymbolicLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    private static func directoryPath(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    private static func fileName(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }
}
