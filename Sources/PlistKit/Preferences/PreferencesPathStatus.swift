#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// What a domain's path names, as reading and writing it care: nothing, a regular file, a
/// symbolic link to nothing, or something that is no file of values (a directory, a FIFO, a
/// device, a socket).
///
/// A domain is read and written only as a regular file: opening a FIFO blocks until a writer
/// comes, `/dev/zero` never ends, and the atomic writer would write into a device rather than
/// replace it. A symbolic link to nothing is refused too, since writing would replace the link
/// with a file where the link's owner meant another place.
enum PreferencesPathStatus: Equatable {
    /// No file and no link.
    case absent
    /// A regular file (after following links) of `size` bytes.
    case regularFile(size: Int64)
    /// A symbolic link whose target does not exist.
    case danglingLink(target: String)
    /// Something else, described with its article ("a directory", "a FIFO").
    case notARegularFile(kind: String)

    /// What `path` names now.
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/unreadableFile`` when
    ///   `stat` fails for another reason than a missing file (permissions, a loop of links).
    init(path: String) throws(PreferencesError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let number = errno
            guard number == ENOENT || number == ENOTDIR else {
                throw PreferencesError(.unreadableFile, path: path, reason: "cannot be read: \(String(cString: strerror(number)))")
            }
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                self = .danglingLink(target: target)
            } else {
                self = .absent
            }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile(size: Int64(info.st_size))
        case S_IFDIR: self = .notARegularFile(kind: "a directory")
        case S_IFIFO: self = .notARegularFile(kind: "a FIFO")
        case S_IFCHR: self = .notARegularFile(kind: "a character device")
        case S_IFBLK: self = .notARegularFile(kind: "a block device")
        case S_IFSOCK: self = .notARegularFile(kind: "a socket")
        default: self = .notARegularFile(kind: "an unknown kind of file")
        }
    }

    /// The system's reason why `path` cannot be opened for reading (`Permission denied`), for
    /// a read that failed after `stat` succeeded.
    static func reasonForFailure(opening path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor < 0 else {
            close(descriptor)
            return "it could be opened but not read"
        }
        return String(cString: strerror(errno))
    }
}
