import FoundationEssentials

/// One value of an archive as the decoder sees it, references resolved.
enum ArchiveDecodingItem {
    /// No value at all (a `superDecoder()` key that is absent); reads as `nil`.
    case absent
    /// `$null` (UID 0) or an NSNull object.
    case null
    /// An inline string, number, boolean, date or data, in a field or in `$objects`.
    case scalar(PlistValue)
    /// An object with a class.
    case instance(ArchivedInstance)
    /// A field holding an array of values (references or scalars) directly.
    case inlineArray([PlistValue])

    /// Whether this reads as `nil`.
    var isNil: Bool {
        switch self {
        case .absent, .null: return true
        default: return false
        }
    }

    /// The value named as in errors ("a string", "an object of class 'Note'").
    var typeDescription: String {
        switch self {
        case .absent, .null: return "nil"
        case .instance(let instance): return "an object of class '\(instance.className)'"
        case .inlineArray: return "an array"
        case .scalar(let value): return value.codableTypeDescription
        }
    }
}
