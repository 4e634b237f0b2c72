#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// Writes a file so that a reader, or a crash at any moment, sees either the old contents or
/// the new ones, never a mixture or a truncated file.
///
/// The bytes go to a temporary file in the destination's own directory (a rename is atomic
/// only within one file system), which is flushed with `fsync`, given the destination's
/// permission bits, and renamed over the destination; the directory is then flushed so the
/// rename itself survives a power loss. When anything fails, the temporary file is removed and
/// the destination is untouched. The file keeps its permission bits, its owner, and its group
/// where the system allows; being a new file, it does not keep hard links to the old one.
/// Setuid and setgid are kept when the new file has the old one's owner (setuid) or group
/// (setgid), and dropped otherwise.
///
/// An existing file is replaced only when its permissions let the caller write it and the
/// new file can keep its owner (``FileReplacementRefusal`` states the rule): the rename
/// needs only the directory's permission, and would otherwise replace a read-only file, or
/// give another user's file to the caller. `overridingPermissions` skips the rule, for a
/// caller that was told to (`plist-inspect set --force`).
///
/// On Linux the temporary file is unnamed (`O_TMPFILE`) while it is written, and gets its
/// `.NAME.tmp-XXXXXX` name only just before the rename, so a process killed during the write
/// leaves nothing behind; where the file system has no unnamed files, it is named from the
/// start. A kill between naming and renaming can leave the named file: ``LockedFileUpdate``
/// removes such files of the file it updates.
public enum AtomicFileWriter {
    /// The test hook: when this environment variable is set to a number of seconds, the writer
    /// sleeps that long after the temporary file is written, synced and named, before the rename,
    /// so an end-to-end test can kill the process in the middle of a write. It is read only
    /// when set, and has no other effect.
    static let pauseEnvironmentVariable = "PLISTKIT_ATOMIC_WRITE_PAUSE"

    /// Replaces the file at `path` with `bytes` atomically, keeping its permission bits (new
    /// files get `0o666` less the umask, as `open` gives). When `path` is a symbolic link,
    /// the file it points to is replaced and the link kept; when it is a device, pipe or
    /// socket, the bytes are simply written to it.
    ///
    /// - Throws: ``FileOperationError`` naming the step that failed (``FileOperationError/Step/replace``
    ///   with its ``FileOperationError/refusal`` for a file the caller may not replace, unless
    ///   `overridingPermissions`); the destination is then unchanged and no temporary file is
    ///   left behind.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ bytes: Data, to requestedPath: String, overridingPermissions: Bool = false) throws {
        try write(to: requestedPath, overridingPermissions: overridingPermissions) { put in try put(bytes) }
    }

    /// Replaces the file at `path` atomically, as ``write(_:to:)`` does, with the bytes
    /// `contents` hands, piece by piece, to the function it is given: a large output need
    /// not be held in memory whole before it is written.
    ///
    /// - Throws: ``FileOperationError`` naming the step that failed (as ``write(_:to:overridingPermissions:)``),
    ///   or what `contents` throws; the destination is then unchanged and no temporary file is
    ///   left behind (a device, pipe or socket keeps what was written to it before the failure).
    public static func write(
        to requestedPath: String, overridingPermissions: Bool = false, contents: ((Data) throws -> Void) throws -> Void
    ) throws {
        // A device, pipe or socket (`/dev/stdout`, `/dev/null`, a FIFO) cannot be replaced by a
        // rename, and must not be: it is written in place.
        var target = stat()
        if stat(requestedPath, &target) == 0 {
            let type = target.st_mode & S_IFMT
            if type != S_IFREG && type != S_IFDIR {
                try writeInPlace(contents, to: requestedPath)
                return
            }
        }
        // Writing through a symbolic link replaces the file it points to, not the link.
        let path = resolvingSymbolicLink(requestedPath)
        let directory = directoryPath(of: path)
        var existing = stat()
        let original = stat(path, &existing) == 0 ? existing : nil
        if original != nil, !overridingPermissions, let refusal = FileReplacementRefusal(replacing: path) {
            throw refusal.error(replacing: path)
        }
        let temporaryPath = try writeTemporaryFile(
            contents, in: directory, for: path, replacing: original, keepingOwner: !overridingPermissions)
        var renamed = false
        defer {
            if !renamed { unlink(temporaryPath) }
        }
        pauseForTestsIfAsked()
        guard rename(temporaryPath, path) == 0 else { throw FileOperationError.current(.rename, path) }
        renamed = true
        syncDirectory(directory)
    }

    /// Writes what `contents` produces to a new file in `directory`, with the mode, owner and group it is to
    /// have, synced, and returns the name it was given (`.NAME.tmp-XXXXXX`).
    ///
    /// Where the file system allows (Linux's `O_TMPFILE`), the file has no name while it is
    /// written: a process killed then leaves nothing behind, and the file gets its name only
    /// just before the rename. Elsewhere it is a `mkstemp` file from the start. Either way a
    /// kill between naming and renaming can leave the named file; ``LockedFileUpdate``
    /// removes such files on the next update.
    private static func writeTemporaryFile(
        _ contents: ((Data) throws -> Void) throws -> Void, in directory: String, for path: String, replacing original: stat?,
        keepingOwner: Bool
    ) throws -> String {
        #if os(Linux)
        if let unnamed = try UnnamedFile(in: directory, for: directory + "/." + fileName(of: path) + ".tmp-XXXXXX") {
            defer { close(unnamed.descriptor) }
            try prepare(unnamed.descriptor, with: contents, for: path, replacing: original, keepingOwner: keepingOwner)
            if let name = unnamed.link(as: directory + "/." + fileName(of: path) + ".tmp-") { return name }
            // Neither /proc nor AT_EMPTY_PATH could name it: write a named file instead.
        }
        #endif
        let templatePath = "\(directory)/.\(fileName(of: path)).tmp-XXXXXX"
        var template = Array(templatePath.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw FileOperationError.current(.createTemporaryFile, templatePath) }
        defer { close(descriptor) }
        // mkstemp replaced the X's in place; the buffer still ends with its NUL.
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try prepare(descriptor, with: contents, for: path, replacing: original, keepingOwner: keepingOwner)
        } catch {
            unlink(temporaryPath)
            throw error
        }
        return temporaryPath
    }

    /// Writes the bytes, gives the file its owner, group and mode, and syncs it.
    ///
    /// The mode is the destination's, or for a new file the one a plain `open(2)` gives
    /// (`0o666` less the umask). The owner and group are set first, because `chown` clears
    /// the setuid and setgid bits, and `fchmod` then sets the mode: setuid is kept only when
    /// the new file has the old one's owner, setgid only when it has its group (the kernel
    /// lets a caller who is not root keep only a group it belongs to), so an edit never gives
    /// a program the privileges of an owner or group it did not have. When `keepingOwner`, a
    /// new file that could not be given the old owner is refused: the permission rule
    /// predicts that only root can, and a root without the capability to give files away
    /// finds out here.
    private static func prepare(
        _ descriptor: Int32, with contents: ((Data) throws -> Void) throws -> Void, for path: String, replacing original: stat?,
        keepingOwner: Bool
    ) throws {
        try contents { try write($0, toDescriptor: descriptor, path: path) }
        var mode: mode_t
        if let original {
            mode = original.st_mode & 0o7777
            var written = stat()
            guard fstat(descriptor, &written) == 0 else { throw FileOperationError.current(.setMode, path) }
            // A new file gets the caller's owner, and its group or a setgid directory's: keep
            // the old ones where the system lets us (root can; others may keep a group they
            // belong to). A group that cannot be kept is not an error; an owner is.
            if written.st_uid != original.st_uid || written.st_gid != original.st_gid {
                _ = fchown(descriptor, original.st_uid, original.st_gid)
                guard fstat(descriptor, &written) == 0 else { throw FileOperationError.current(.setMode, path) }
            }
            if keepingOwner && written.st_uid != original.st_uid {
                throw FileReplacementRefusal.ownedByAnotherUser(owner: UInt32(original.st_uid)).error(replacing: path)
            }
            if written.st_uid != original.st_uid { mode &= ~mode_t(S_ISUID) }
            if written.st_gid != original.st_gid { mode &= ~mode_t(S_ISGID) }
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard fchmod(descriptor, mode) == 0 else { throw FileOperationError.current(.setMode, path) }
        guard fsync(descriptor) == 0 else { throw FileOperationError.current(.sync, path) }
    }

    private static func writeInPlace(_ contents: ((Data) throws -> Void) throws -> Void, to path: String) throws {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw FileOperationError.current(.open, path) }
        defer { close(descriptor) }
        try contents { try write($0, toDescriptor: descriptor, path: path) }
    }

    /// Writes all of `bytes` to `descriptor` (a file, a pipe, a terminal, a device), named
    /// `path` in errors: the one write loop of PlistKit and `plist-inspect`, which goes on
    /// after a short write and retries a write a signal interrupted.
    ///
    /// - Throws: ``FileOperationError`` with step ``FileOperationError/Step/write`` and the
    ///   system's reason; some of the bytes may have been written.
    public static func write(_ bytes: Data, toDescriptor descriptor: Int32, path: String) throws(FileOperationError) {
        // `Data.withUnsafeBytes` rethrows untyped errors: the failure comes back as a value.
        let failure = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> FileOperationError? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = retryingInterruptions { systemWrite(descriptor, base + offset, buffer.count - offset) }
                guard written >= 0 else { return FileOperationError.current(.write, path) }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Flushes the directory entry of the rename; a failure here cannot undo the rename and is
    /// not reported (some file systems refuse fsync on directories).
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func pauseForTestsIfAsked() {
        guard let text = getenv(pauseEnvironmentVariable).map({ String(cString: $0) }),
              let seconds = Double(text), seconds > 0, seconds < 3600 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// The target of a symbolic link (fully resolved), or `path` itself when it is not one or
    /// cannot be resolved (a dangling link is then replaced, as `rename` would).
    private static func resolvingSymbolicLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func directoryPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// `write(2)`, under a name the type's own `write` methods do not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
