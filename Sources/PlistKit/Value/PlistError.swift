/// An error reading, writing, converting or editing a property list.
///
/// Every error says what was found and where, in a full sentence (``description``), and carries
/// the same facts in fields for programs: a ``Code`` naming the kind of failure and a
/// ``Location`` (a byte offset and object index for binary plists, a line and column for text
/// formats, a key path for values).
public struct PlistError: LocatedError {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The bytes are not a well-formed property list of the format being read.
        case corruptData
        /// No known property-list format matches the bytes.
        case unknownFormat
        /// The input is of a known family but a version or variant PlistKit does not read
        /// (for example `bplist15`).
        case unsupportedFormat
        /// The input exceeds a limit of ``PlistReadingOptions`` (depth, object count, size) or
        /// of ``PlistWritingOptions`` (expanded values or bytes, depth), or a write could not
        /// get the memory for its output.
        case limitExceeded
        /// The target format cannot hold a value (a date in strict JSON, a number in OpenStep).
        case unrepresentableValue
        /// A conversion would lose information and strict writing was asked for.
        case lossyConversion
        /// A key path names nothing in the value.
        case keyPathNotFound
        /// A key path passes through or ends at a value of the wrong type for the operation.
        case keyPathTypeMismatch
        /// A key path or an edit's target is not valid for the operation (for example
        /// inserting a key that already exists).
        case invalidEdit
        /// An argument to a PlistKit API is invalid.
        case invalidArgument
    }

    /// Where in the input or the value an error was found.
    public enum Location: Hashable, Sendable, CustomStringConvertible {
        /// A byte offset from the start of the input.
        case byteOffset(Int)
        /// An object of a binary plist: its index in the offset table and its byte offset.
        case object(index: Int, byteOffset: Int)
        /// A position in a text format; both are 1-based.
        case line(Int, column: Int)
        /// A key path in the value being written or edited.
        case keyPath(PlistKeyPath)

        /// The location as words that follow a statement, such as "at byte offset 12".
        public var description: String {
            switch self {
            case .byteOffset(let offset):
                return "at byte offset \(offset)"
            case let .object(index, offset):
                return "in object \(index) at byte offset \(offset)"
            case let .line(line, column):
                return "at line \(line), column \(column)"
            case .keyPath(let path):
                if path.isEmpty { return "at the root" }
                guard path.components.count > Self.keyPathComponentsShown else { return "at key path '\(path)'" }
                // A path hundreds of levels deep (a nesting refusal) would bury the sentence:
                // its start and end are what a reader can act on; `location` keeps it whole.
                let shown = Self.keyPathComponentsShown / 2
                let head = PlistKeyPath(components: Array(path.components.prefix(shown)))
                let tail = PlistKeyPath(components: Array(path.components.suffix(shown)))
                return "at key path '\(head)…\(tail)' (\(path.components.count) components)"
            }
        }

        /// How many components of a key path a message shows in full.
        static let keyPathComponentsShown = 16
    }

    /// The kind of failure.
    public let code: Code
    /// Where the failure was found, when it has a place.
    public let location: Location?
    /// What was found, as a sentence fragment without the location (no final period).
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - reason: What was found, without the location and without a final period,
    ///     such as "Invalid object marker 0x7F".
    ///   - location: Where it was found.
    public init(_ code: Code, _ reason: String, at location: Location? = nil) {
        self.code = code
        self.reason = reason
        self.location = location
    }
}
