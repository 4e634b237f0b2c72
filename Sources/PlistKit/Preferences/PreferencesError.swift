/// A preferences domain file that cannot be used: which file, what is wrong with it, and
/// where.
///
/// A domain never resets or overwrites a file it cannot read: reads and writes both fail with
/// this error and leave the file as it is.
public struct PreferencesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The file is not a valid property list; ``PreferencesError/underlyingError`` says
        /// where it is broken.
        case corruptFile
        /// The file is a property list whose root is not a dictionary.
        case notADictionary
        /// The file cannot be read (permissions, not a regular file).
        case unreadableFile
        /// The domain name is not usable (empty).
        case invalidDomainName
    }

    /// The kind of failure.
    public let code: Code
    /// The domain file's path.
    public let path: String
    /// What is wrong, as a sentence fragment without a final period.
    public let reason: String
    /// The reader's error, with its location, for ``Code/corruptFile``.
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
        "The preferences file '\(path)' \(reason)\(reason.hasSuffix(".") ? "" : ".")"
    }
}
