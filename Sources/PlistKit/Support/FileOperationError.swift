#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of a file operation (an atomic write, a locked read-modify-write): which step
/// failed, on which path, and the system's reason.
public struct FileOperationError: DescribedError {
    /// The step that failed.
    public enum Step: String, Hashable, Sendable {
        /// Creating the temporary file beside the destination.
        case createTemporaryFile = "create a temporary file"
        /// Opening a device, pipe or socket to write to it directly.
        case open = "open"
        /// Writing the bytes to the temporary file (or to a device, pipe or socket).
        case write = "write"
        /// Flushing the temporary file to storage.
        case sync = "sync"
        /// Giving a file its permission bits.
        case setMode = "set the permissions of"
        /// Renaming the temporary file over the destination.
        case rename = "rename the temporary file over"
        /// Opening or locking the directory that holds the file.
        case lock = "lock"
        /// Reading the file's current contents.
        case read = "read"
        /// Removing the file.
        case remove = "remove"
        /// Replacing an existing file the caller may not replace (see
        /// ``FileOperationError/refusal``).
        case replace = "replace"
    }

    /// The step that failed.
    public let step: Step
    /// The path concerned: the destination's, or for ``Step/createTemporaryFile`` the
    /// temporary file's, ending in the `XXXXXX` that stand for its random letters, so that a
    /// directory that refuses files is named.
    public let path: String
    /// The `errno` value the system reported.
    public let errorNumber: Int32
    /// The system's text for `errorNumber`, or for ``Step/replace`` the refusal's reason.
    public let systemMessage: String
    /// For ``Step/replace``, why the file may not be replaced; `nil` for every other step.
    public let refusal: FileReplacementRefusal?

    /// Creates an error.
    public init(step: Step, path: String, errorNumber: Int32, systemMessage: String, refusal: FileReplacementRefusal? = nil) {
        self.step = step
        self.path = path
        self.errorNumber = errorNumber
        self.systemMessage = systemMessage
        self.refusal = refusal
    }

    /// The failure as one sentence, such as "Could not write '/x/Info.plist': No space left on
    /// device."
    public var description: String {
        "Could not \(step.rawValue) '\(path)': \(systemMessage)."
    }

    /// The error for `step` on `path` with the calling thread's current `errno`.
    static func current(_ step: Step, _ path: String) -> FileOperationError {
        let number = errno
        return FileOperationError(step: step, path: path, errorNumber: number, systemMessage: String(cString: strerror(number)))
    }
}

/// The failure of an atomic write: ``FileOperationError``, under its earlier name.
@available(*, deprecated, renamed: "FileOperationError")
public typealias AtomicFileWriteError = FileOperationError

/// The failure of a locked file update: ``FileOperationError``, under its earlier name.
@available(*, deprecated, renamed: "FileOperationError")
public typealias LockedFileUpdateError = FileOperationError
