import FoundationEssentials

/// `Double` archives as NSNumber: an inline real in `$objects`; it also reads inline integers.
extension Double: KeyedArchivable, InlineArchivable {
    /// `NSNumber`.
    public static var archiveClassNames: [String] { ["NSNumber"] }

    var inlineArchiveValue: PlistValue? { .real(self) }

    static func readsInline(_ value: PlistValue) -> Bool { value.kind == .real || value.kind == .integer }

    /// Reads an inline real or integer (or a boolean standing for 1 or 0, see `ArchiveNumber`).
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value.
    public init(from unarchiver: KeyedUnarchiver) throws {
        switch unarchiver.currentScalar {
        case .real(let value)?: self = value
        case .integer(let value)?: self = value.doubleValue
        // Foundation may store a number equal to a boolean as that boolean (see `ArchiveNumber`).
        case .boolean(let value)?: self = value ? 1 : 0
        default:
            throw unarchiver.mismatch("Expected a real, found \(unarchiver.currentScalar.map(KeyedArchive.describe) ?? "an object")")
        }
    }

    /// Writes the real inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.real(self))
    }
}
