import FoundationEssentials

/// `Bool` archives as NSNumber: an inline boolean in `$objects`.
extension Bool: KeyedArchivable, InlineArchivable {
    /// `NSNumber`.
    public static var archiveClassNames: [String] { ["NSNumber"] }

    var inlineArchiveValue: PlistValue? { .boolean(self) }

    static func readsInline(_ value: PlistValue) -> Bool { value.kind == .boolean }

    /// Reads an inline boolean (or the integer 1 or 0, see `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value.
    public init(from unarchiver: KeyedUnarchiver) throws {
        guard let scalar = unarchiver.currentScalar, let value = ArchiveNumber.boolean(scalar) else {
            throw unarchiver.mismatch("Expected a boolean, found \(unarchiver.currentScalar.map(KeyedArchive.describe) ?? "an object")")
        }
        self = value
    }

    /// Writes the boolean inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.boolean(self))
    }
}
