/// The elements of Apple's property-list DTD, recognised from the bytes of their names.
enum XMLPlistElement: UInt8, CaseIterable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// The element named by `name` (UTF-8 bytes, no prefix), or `nil` for any other name.
    init?(name: UnsafeBufferPointer<UInt8>) {
        guard let element = Self.allCases.first(where: { $0.spelling.withUTF8Buffer { $0.elementsEqual(name) } }) else {
            return nil
        }
        self = element
    }

    /// The element named by the NUL-terminated `name` (UTF-8, no prefix), or `nil` for any
    /// other name.
    init?(cString name: UnsafePointer<UInt8>) {
        var length = 0
        while name[length] != 0 { length += 1 }
        self.init(name: UnsafeBufferPointer(start: name, count: length))
    }

    /// The elements in the order the XML event tape tries start tags: the most frequent in
    /// real property lists first.
    static let byFrequency: [XMLPlistElement] = [.key, .string, .integer, .dict, .array, .date, .true, .false, .real, .data, .plist]

    /// The element's name as written in a tag (NUL-terminated, for the event tape).
    var spelling: StaticString {
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

    /// The element's name as written in a tag.
    var name: String { spelling.description }

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
