import FoundationEssentials

/// `String` archives as NSString: an inline string in `$objects`. It reads inline strings and
/// NSString / NSMutableString objects with `NS.string` (a string) or `NS.bytes` (UTF-8), the
/// forms Apple's archiver writes for mutable and non-plist strings.
extension String: KeyedArchivable, InlineArchivable {
    /// `NSString` and `NSMutableString`.
    public static var archiveClassNames: [String] { ["NSString", "NSMutableString"] }

    var inlineArchiveValue: PlistValue? { .string(self) }

    static func readsInline(_ value: PlistValue) -> Bool { value.kind == .string }

    /// Reads an inline string or an NSString object.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for any other value.
    public init(from unarchiver: KeyedUnarchiver) throws {
        if let string = try unarchiver.currentScalar(expecting: "a string", { $0.string }) {
            self = string
        } else if unarchiver.containsValue(forKey: "NS.string") {
            self = try unarchiver.decodeString(forKey: "NS.string")
        } else {
            let bytes = try unarchiver.decodeData(forKey: "NS.bytes")
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw unarchiver.mismatch("The 'NS.bytes' of an NSString are not valid UTF-8")
            }
            self = string
        }
    }

    /// Writes the string inline.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeInline(.string(self))
    }
}
