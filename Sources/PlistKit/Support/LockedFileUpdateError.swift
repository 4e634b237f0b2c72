#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of ``LockedFileUpdate`` outside the atomic write itself: which step failed, on
/// which path, and the system's reason.
public struct LockedFileUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Step: String, Hashable, Sendable {
        /// Opening or locking the directory that holds the file.
        case lock = "lock"
        /// Reading the file's current contents.
        case read = "read"
        /// Removing the file.
        case remove = "remove"
        /// Giving a new file its permission bits.
        case setMode = "set the permissions of"
    }

    /// The step that failed.
    public let step: Step
    /// The path the step was applied to.
    public let path: String
    /// The `errno` value the system reported.
    public let errorNumber: Int32
    /// The system's text for `errorNumber`.
    public let systemMessage: String

    /// Creates an error.
    public init(step: Step, path: String, errorNumber: Int32, systemMessage: String) {
        self.step = step
        self.path = path
        self.errorNumber = errorNumber
        self.systemMessage = systemMessage
    }

    /// The failure as one sentence, such as "Could not lock '/x/Preferences': Permission denied."
    public var description: String {
        "Could not \(step.rawValue) '\(path)': \(systemMessage)."
    }

    /// The error for `step` on `path` with the calling thread's current `errno`.
    static func current(_ step: Step, _ path: String) -> LockedFileUpdateError {
        let number = errno
        return LockedFileUpdateError(step: step, path: path, errorNumber: number, systemMessage: String(cString: strerror(number)))
    }
}
