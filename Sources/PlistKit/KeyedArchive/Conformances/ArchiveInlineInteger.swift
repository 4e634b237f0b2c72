import FoundationEssentials

/// The signed integer types that archive as NSNumber, an inline integer in `$objects`
/// (`Int`, `Int64`): one reading and writing for every width.
protocol ArchiveInlineInteger: FixedWidthInteger, SignedInteger, InlineArchivable {}

extension ArchiveInlineInteger {
    /// The inline integer this value is written as.
    var archivedInteger: PlistValue { .integer(PlistInteger(Int64(self))) }

    var inlineArchiveValue: PlistValue? { archivedInteger }

    static func readsInline(_ value: PlistValue) -> Bool { value.integer?.exactly(Self.self) != nil }

    /// Reads the inline integer being decoded (or a boolean standing for 1 or 0, see
    /// `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value or one that does
    ///   not fit.
    init(inlineIn unarchiver: KeyedUnarchiver) throws {
        guard let scalar = unarchiver.currentScalar, let value = ArchiveNumber.integer(scalar)?.exactly(Self.self) else {
            throw unarchiver.mismatch("Expected an integer that fits \(Self.self), found \(unarchiver.currentScalar.map(KeyedArchive.describe) ?? "an object")")
        }
        self = value
    }
}
