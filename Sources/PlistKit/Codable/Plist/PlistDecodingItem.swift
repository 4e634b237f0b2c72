import FoundationEssentials

/// One value as the decoder sees it: a scalar, or a container it can look into without having
/// read the container's contents.
enum PlistDecodingItem {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case uid(UInt32)
    case array(PlistDecodingArray)
    case dictionary(PlistDecodingDictionary)

    /// Whether this is Foundation's marker for `nil`, the string `"$null"`.
    var isNullMarker: Bool {
        if case .string(let text) = self { return text.isNullMarker }
        return false
    }

    /// The type named as Foundation's decoder names it in errors ("a real number").
    var typeDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "a data value"
        case .uid: return "an NSKeyedArchiver UID"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}

extension String {
    /// Whether this is Foundation's marker for `nil`, `"$null"`. The length is compared
    /// first (it is stored): a full comparison with the literal, for every string decoded,
    /// was 2 % of a Codable decode.
    var isNullMarker: Bool {
        utf8.count == 5 && self == "$null"
    }
}
