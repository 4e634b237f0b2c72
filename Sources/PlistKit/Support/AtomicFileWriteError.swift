/// A failure to write a file atomically: which step failed, on which path, and the system's
/// reason.
public struct AtomicFileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step of the atomic write that failed.
    public enum Step: String, Hashable, Sendable {
        /// Creating the temporary file beside the destination.
        case createTemporaryFile = "create a temporary file"
        /// Opening a device, pipe or socket to write to it directly.
        case open = "open"
        /// Writing the bytes to the temporary file (or to a device, pipe or socket).
        case write = "write"
        /// Flushing the temporary file to storage.
        case sync = "sync"
        /// Giving the temporary file the destination's permissions.
        case setMode = "set the permissions of"
        /// Renaming the temporary file over the destination.
        case rename = "rename the temporary file over"
    }

    /// The step that failed.
    public let step: Step
    /// The path concerned: the destination's, or for
    /// ``Step/createTemporaryFile`` the temporary file's, ending in the `XXXXXX` that stand
    /// for its random letters, so that a directory that refuses files is named.
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

    /// The failure as one sentence, such as "Could not write '/x/Info.plist': No space left on
    /// device."
    public var description: String {
        "Could not \(step.rawValue) '\(path)': \(systemMessage)."
    }
}
