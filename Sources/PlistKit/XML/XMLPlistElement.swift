/// The elements of Apple's property-list DTD. The raw values are the element numbers of the
/// reader's C half (`PLISTKIT_XML_PLIST` …), which records an element's start by its number.
enum XMLPlistElement: UInt8, CaseIterable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// The element's name as written in a tag.
    var name: String {
        switch self {
        case .plist: return "plist"
        case .dict: return "dict"
        case .array: return "array"
        case .key: return "key"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .date: return "date"
        case .data: return "data"
        case .true: return "true"
        case .false: return "false"
        }
    }

    /// Whether the element's content is text that makes its value.
    var holdsText: Bool {
        switch self {
        case .key, .string, .integer, .real, .date, .data: return true
        default: return false
        }
    }

    /// Whether the element holds other elements.
    var isContainer: Bool { self == .dict || self == .array }
}
