/// NSNull: the object collections hold where they mean "no value" (nil cannot be an element).
public struct ArchiveNull: KeyedArchivable, Hashable, Sendable {
    /// `NSNull`.
    public static var archiveClassNames: [String] { ["NSNull"] }

    /// Creates the null value.
    public init() {}

    /// Reads an NSNull object; it has no fields.
    public init(from unarchiver: KeyedUnarchiver) throws {}

    /// Writes an NSNull object with no fields.
    public func encode(to archiver: KeyedArchiver) throws {}
}
