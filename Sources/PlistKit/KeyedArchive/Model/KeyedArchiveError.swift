/// An error reading, decoding or writing a keyed archive.
///
/// Every error says what was found and where in a full sentence (``description``), and carries
/// the same facts in fields for programs: the ``Code``, the `$objects` index of the object
/// involved, the key path that led there from a `$top` key, and the class name when a class is
/// at fault.
///
/// Key paths list the keys followed from `$top`: `root.friends.NS.objects[2]` for the third
/// element of the array stored under `friends` in the root object. Typed decoding names the
/// keys its calls asked for (`root.friends[2]`).
public struct KeyedArchiveError: DescribedError {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The archive's structure is broken: `$archiver`, `$version`, `$top` or `$objects`
        /// missing or of the wrong type, a UID outside `$objects`, a `$class` that is not a
        /// class dictionary, an object that is neither a value, an instance nor a class.
        case corruptArchive
        /// A key asked for is absent from the object being decoded (or from `$top`).
        case valueNotFound
        /// A value is of another type or class than the one asked for.
        case typeMismatch
        /// An object's class is outside the allow-list of a secure decode.
        case classNotAllowed
        /// An object's class is neither registered nor one the requested type reads.
        case classUnknown
        /// Decoding reached an object that is still being decoded (a cycle): decoding it would
        /// hand out a half-built object, so it stops instead.
        case cyclicReference
        /// The graph is nested deeper than the depth limit.
        case limitExceeded
        /// The bytes are not a property list PlistKit can read (see ``KeyedArchiveError/underlying``).
        case unreadableData
        /// A value cannot be archived (for example a field encoded twice, or an encode call
        /// outside any object or top level).
        case invalidValue
    }

    /// The kind of failure.
    public let code: Code
    /// What was found, as a sentence without location and without the final period.
    public let reason: String
    /// The `$objects` index of the object at fault, when there is one.
    public let objectIndex: Int?
    /// The keys followed from `$top` to the failure, outermost first; empty at the archive level.
    public let keyPath: [String]
    /// The class at fault, for ``Code/classNotAllowed``, ``Code/classUnknown`` and class-related
    /// ``Code/typeMismatch`` errors.
    public let className: String?
    /// The plist reader's error, for ``Code/unreadableData``.
    public let underlying: PlistError?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - reason: What was found, as a sentence without the final period, such as
    ///     "Class 'Payload' at $objects[12] is not allowed (allowed: NSArray, User)".
    ///   - objectIndex: The `$objects` index involved.
    ///   - keyPath: The keys followed from `$top`.
    ///   - className: The class at fault.
    ///   - underlying: The plist reader's error.
    public init(
        _ code: Code, _ reason: String, objectIndex: Int? = nil, keyPath: [String] = [],
        className: String? = nil, underlying: PlistError? = nil
    ) {
        self.code = code
        self.reason = reason
        self.objectIndex = objectIndex
        self.keyPath = keyPath
        self.className = className
        self.underlying = underlying
    }

    /// The key path as one string, components joined by `.`, or `nil` when it is empty.
    public var keyPathDescription: String? {
        keyPath.isEmpty ? nil : keyPath.joined(separator: ".")
    }

    /// The code of Foundation's `CocoaError` that `NSKeyedUnarchiver` and `NSKeyedArchiver`
    /// report for this failure, for code ported from Apple that checks it (see
    /// ``cocoaError``):
    ///
    /// - 4865, `coderValueNotFound`, for ``Code/valueNotFound`` (a missing key);
    /// - 4866, `coderInvalidValue`, for ``Code/invalidValue`` (a value that cannot be archived);
    /// - 4864, `coderReadCorrupt`, for every other failure to read: a corrupt or unreadable
    ///   archive, a class that is not allowed or not known, a value of another class, a cycle
    ///   or excessive depth.
    public var cocoaErrorCode: Int {
        switch code {
        case .valueNotFound: return 4865
        case .invalidValue: return 4866
        case .corruptArchive, .typeMismatch, .classNotAllowed, .classUnknown, .cyclicReference, .limitExceeded, .unreadableData:
            return 4864
        }
    }

    /// The error as one full sentence: the reason, then the key path that led there.
    public var description: String {
        if let path = keyPathDescription { return "\(reason), reached by key path '\(path)'." }
        return "\(reason)."
    }
}
