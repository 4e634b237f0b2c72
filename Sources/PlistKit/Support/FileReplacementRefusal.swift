#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the caller may not replace an existing file: the one permission rule of every PlistKit
/// writer that replaces a file (``AtomicFileWriter``, and through it ``LockedFileUpdate``,
/// preference domains and the document and archive writers).
///
/// An atomic write renames a new file over the old one, which needs only the directory's
/// permission: without this rule a writer would replace a file whose mode says read-only, and
/// a file of another user would silently become the caller's. PlistKit honours the file's own
/// permissions instead, as an editor writing the file in place would, and as plutil and
/// macOS's `defaults` do:
///
/// 1. A file whose owner has no write permission (mode `0444`, `0555`) is read-only for
///    everyone, its owner and root included: root may write anything, so the mode is the only
///    thing that says the file is not to be changed.
/// 2. A file the system does not let the caller write (`faccessat` with the effective IDs:
///    another user's `0644` file, a group's file for someone outside the group) is refused.
/// 3. A file of another user is refused unless the caller can give the new file the old
///    owner (root can; the kernel lets no other user give a file away): replacing it would
///    otherwise make it the caller's.
public enum FileReplacementRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The file's owner has no write permission: it is read-only for everyone.
    case readOnly(mode: UInt32)
    /// The system does not let the caller write the file.
    case notWritable(mode: UInt32, owner: UInt32)
    /// The file belongs to another user, whom a replacement would take it from.
    case ownedByAnotherUser(owner: UInt32)

    /// Why the caller may not replace the file at `path` (symbolic links followed), or `nil`
    /// when it may, or when there is no regular file there to replace (a new file, a device
    /// or pipe that is written in place).
    public init?(replacing path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let writable = faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 || errno != EACCES
        self.init(mode: UInt32(info.st_mode), owner: UInt32(info.st_uid), caller: UInt32(geteuid()), callerCanWrite: writable)
    }

    /// The rule itself, on what `stat` and `faccessat` said (separate so that it can be
    /// checked for every kind of caller whoever runs the tests).
    init?(mode: UInt32, owner: UInt32, caller: UInt32, callerCanWrite: Bool) {
        if mode & UInt32(S_IWUSR) == 0 {
            self = .readOnly(mode: mode & 0o7777)
        } else if !callerCanWrite {
            self = .notWritable(mode: mode & 0o7777, owner: owner)
        } else if owner != caller && caller != 0 {
            self = .ownedByAnotherUser(owner: owner)
        } else {
            return nil
        }
    }

    /// The reason as a clause: "it is read-only".
    public var description: String {
        switch self {
        case .readOnly:
            return "it is read-only"
        case .notWritable(let mode, let owner):
            return "its permissions do not let you write it (mode \(Self.octal(mode)), owner \(owner))"
        case .ownedByAnotherUser(let owner):
            return "it belongs to user \(owner), and a replacement would belong to you"
        }
    }

    /// The error an atomic writer throws for this refusal, naming `path`.
    func error(replacing path: String) -> FileOperationError {
        let number = if case .ownedByAnotherUser = self { EPERM } else { EACCES }
        let sentence = description.prefix(1).uppercased() + description.dropFirst()
        return FileOperationError(step: .replace, path: path, errorNumber: number, systemMessage: sentence, refusal: self)
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
