import FoundationEssentials

/// `Int` archives as NSNumber: an inline integer in `$objects`.
extension Int: KeyedArchivable, InlineArchivable {
    /// `NSNumber`.
    public static var archiveClassNames: [String] { ["NSNumber"] }

    var inlineArchiveValue: PlistValue? { .integer(PlistInteger(Int64(self))) }

    static func readsInline(_ value: PlistValue) -> Bool { value.integer?.intValue != nil }

    /// Reads an inline integer (or a boolean standing for 1 or 0, see `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value or one that does
    ///   not fit.
    public init(from unarchiver: KeyedUnarchiver) throws {
        guard let scalar = unarchiver.currentScalar, let value = ArchiveNumber.integer(scalar)?.intValue else {
            throw unarchiver.mismatch("Expected an integer that fits Int, found \(unarchiver.currentScalar.map(KeyedArchive.describe) ?? "an object")")
        }
        self = value
    }

    /// Writes the integer inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.integer(PlistInteger(Int64(self))))
    }
}
