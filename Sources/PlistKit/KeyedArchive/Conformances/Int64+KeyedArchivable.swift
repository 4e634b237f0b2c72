import FoundationEssentials

/// `Int64` archives as NSNumber: an inline integer in `$objects`.
extension Int64: KeyedArchivable, InlineArchivable {
    /// `NSNumber`.
    public static var archiveClassNames: [String] { ["NSNumber"] }

    var inlineArchiveValue: PlistValue? { .integer(PlistInteger(self)) }

    static func readsInline(_ value: PlistValue) -> Bool { value.integer?.int64Value != nil }

    /// Reads an inline integer (or a boolean standing for 1 or 0, see `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value or one that does
    ///   not fit.
    public init(from unarchiver: KeyedUnarchiver) throws {
        guard let scalar = unarchiver.currentScalar, let value = ArchiveNumber.integer(scalar)?.int64Value else {
            throw unarchiver.mismatch("Expected an integer that fits Int64, found \(unarchiver.currentScalar.map(KeyedArchive.describe) ?? "an object")")
        }
        self = value
    }

    /// Writes the integer inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.integer(PlistInteger(self)))
    }
}
