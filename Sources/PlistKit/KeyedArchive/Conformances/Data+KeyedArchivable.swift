import FoundationEssentials

/// `Data` archives as NSData: inline data in `$objects`. It reads inline data and NSData /
/// NSMutableData objects with `NS.data` or `NS.bytes`, as Apple writes mutable data.
extension Data: KeyedArchivable, InlineArchivable {
    /// `NSData` and `NSMutableData`.
    public static var archiveClassNames: [String] { ["NSData", "NSMutableData"] }

    var inlineArchiveValue: PlistValue? { .data(self) }

    static func readsInline(_ value: PlistValue) -> Bool { value.kind == .data }

    /// Reads inline data or an NSData object.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value.
    public init(from unarchiver: KeyedUnarchiver) throws {
        self = try unarchiver.currentScalar(expecting: "data") { $0.data }
            ?? unarchiver.decodeData(forKey: unarchiver.containsValue(forKey: "NS.data") ? "NS.data" : "NS.bytes")
    }

    /// Writes the bytes inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.data(self))
    }
}
