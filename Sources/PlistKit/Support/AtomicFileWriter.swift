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
/// the destination is untouched. The file keeps its permission bits, and its owner and group
/// where the system allows; being a new file, it does not keep hard links to the old one.
public enum AtomicFileWriter {
    /// The test hook: when this environment variable is set to a number of seconds, the writer
    /// sleeps that long after the temporary file is written and synced and before the rename,
    /// so an end-to-end test can kill the process in the middle of a write. It is read only
    /// when set, and has no other effect.
    static let pauseEnvironmentVariable = "PLISTKIT_ATOMIC_WRITE_PAUSE"

    /// Replaces the file at `path` with `bytes` atomically, keeping its permission bits (new
    /// files get `0o666` less the umask, as `open` gives). When `path` is a symbolic link,
    /// the file it points to is replaced and the link kept; when it is a device, pipe or
    /// socket, the bytes are simply written to it.
    ///
    /// - Throws: ``AtomicFileWriteError`` naming the step that failed; the destination is then
    ///   unchanged and no temporary file is left behind.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ bytes: Data, to requestedPath: String) throws {
        // A device, pipe or socket (`/dev/stdout`, `/dev/null`, a FIFO) cannot be replaced by a
        // rename, and must not be: it is written in place.
        var target = stat()
        if stat(requestedPath, &target) == 0 {
            let type = target.st_mode & S_IFMT
            if type != S_IFREG && type != S_IFDIR {
                try writeInPlace(bytes, to: requestedPath)
                return
            }
        }
        // Writing through a symbolic link replaces the file it points to, not the link.
        let path = resolvingSymbolicLink(requestedPath)
        let directory = directoryPath(of: path)
        var existing = stat()
        let hasExisting = stat(path, &existing) == 0
        var template = Array("\(directory)/.\(fileName(of: path)).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw failure(.createTemporaryFile, path) }
        // mkstemp replaced the X's in place; the buffer still ends with its NUL.
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            // mkstemp creates 0600; the destination keeps its own mode, a new file gets the
            // mode a plain open(2) would have given.
            let mode: mode_t
            if hasExisting {
                mode = existing.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(descriptor, mode) == 0 else { throw failure(.setMode, path) }
            if hasExisting && (existing.st_uid != geteuid() || existing.st_gid != getegid()) {
                // Keep the owner and group where the system lets us (root can; others may
                // at least keep a group they belong to); a refusal is not an error.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            guard fsync(descriptor) == 0 else { throw failure(.sync, path) }
        }
        pauseForTestsIfAsked()
        guard rename(temporaryPath, path) == 0 else { throw failure(.rename, path) }
        renamed = true
        syncDirectory(directory)
    }

    private static func writeInPlace(_ bytes: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw failure(.open, path) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    private static func writeAll(_ bytes: Data, to descriptor: Int32, path: String) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(.write, path)
                }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
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

    private static func failure(_ step: AtomicFileWriteError.Step, _ path: String) -> AtomicFileWriteError {
        let number = errno
        return AtomicFileWriteError(
            step: step, path: path, errorNumber: number, systemMessage: String(cString: strerror(number)))
    }
}
