/// A preferences domain file that cannot be used: which file, what is wrong with it, and
/// where.
///
/// A domain never resets or overwrites a file it cannot read: reads and writes both fail with
/// this error and leave the file as it is.
public struct PreferencesError: DescribedError {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The file is not a valid property list; ``PreferencesError/underlyingError`` says
        /// where it is broken.
        case corruptFile
        /// The file is a property list whose root is not a dictionary.
        case notADictionary
        /// The file cannot be read: permissions, not a regular file (a FIFO, a device, a
        /// directory), or a symbolic link to nothing.
        case unreadableFile
        /// The store's folder exists but cannot be listed (``PreferencesError/path`` is the
        /// folder's).
        case unreadableFolder
        /// The file cannot be written where it is: its folder does not exist (a domain named by
        /// a path), or it is a symbolic link to nothing, which a write would replace with a file.
        case unwritableFile
        /// The file is a valid property list too large or too deeply nested to be read, printed
        /// or written within the limits (``PlistReadingOptions``, ``PlistWritingOptions``), or a
        /// change would make it so; ``PreferencesError/underlyingError`` names the limit.
        case limitExceeded
        /// The domain or host name is not usable (empty, or holding a character no file name
        /// may hold).
        case invalidDomainName
    }

    /// The kind of failure.
    public let code: Code
    /// The domain file's path (the folder's, for ``Code/unreadableFolder``).
    public let path: String
    /// What is wrong, as a sentence fragment without a final period.
    public let reason: String
    /// The reader's error, with its location, for ``Code/corruptFile`` (none for an empty
    /// file); the limit passed, for ``Code/limitExceeded``.
    public let underlyingError: PlistError?

    /// Creates an error.
    public init(_ code: Code, path: String, reason: String, underlyingError: PlistError? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The failure as one sentence, such as "The preferences file '/p/com.x.plist' is not a
    /// valid property list: Invalid object marker 0x7F in object 3 at byte offset 120."
    public var description: String {
        let subject = code == .unreadableFolder ? "folder" : "file"
        return "The preferences \(subject) '\(path)' \(reason)\(reason.hasSuffix(".") ? "" : ".")"
    }
}
