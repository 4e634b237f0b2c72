import FoundationEssentials

/// `Int` archives as NSNumber: an inline integer in `$objects`.
extension Int: KeyedArchivable, ArchiveInlineInteger {
    /// `NSNumber`.
    public static var archiveClassNames: [String] { ["NSNumber"] }

    /// Reads an inline integer (or a boolean standing for 1 or 0, see `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value or one that does
    ///   not fit.
    public init(from unarchiver: KeyedUnarchiver) throws { try self.init(inlineIn: unarchiver) }

    /// Writes the integer inline.
    public func encode(to archiver: KeyedArchiver) throws { archiver.encodeInline(archivedInteger) }
}
