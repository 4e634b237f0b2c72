/// The elements of Apple's property-list DTD, recognised from the bytes of their names.
enum XMLPlistElement: UInt8, CaseIterable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// The element named by `name` (UTF-8 bytes, no prefix), or `nil` for any other name.
    ///
    /// Compares bytes directly so that no `String` is made per element.
    init?(name: UnsafeBufferPointer<UInt8>) {
        guard let first = name.first else { return nil }
        self.init(first: first) { literal in
            guard literal.utf8CodeUnitCount == name.count else { return false }
            let bytes = literal.utf8Start
            for i in 0..<name.count where bytes[i] != name[i] { return false }
            return true
        }
    }

    /// The element named by the NUL-terminated `name` (UTF-8, no prefix), or `nil` for any
    /// other name; reads no further than the name's NUL or its first byte that differs, so
    /// the name's length need not be measured first.
    init?(cString name: UnsafePointer<UInt8>) {
        self.init(first: name[0]) { literal in
            // Compares through the literal's terminating NUL: a longer name differs there, a
            // shorter one differs at its own NUL, and neither is read past that point.
            let bytes = literal.utf8Start
            for i in 0...literal.utf8CodeUnitCount {
                let expected = i < literal.utf8CodeUnitCount ? bytes[i] : 0
                if name[i] != expected { return false }
            }
            return true
        }
    }

    /// The element whose name starts with `first` and is the literal `matches` accepts.
    @inline(__always)
    private init?(first: UInt8, matches: (StaticString) -> Bool) {
        switch first {
        case UInt8(ascii: "a") where matches("array"): self = .array
        case UInt8(ascii: "d") where matches("dict"): self = .dict
        case UInt8(ascii: "d") where matches("data"): self = .data
        case UInt8(ascii: "d") where matches("date"): self = .date
        case UInt8(ascii: "f") where matches("false"): self = .false
        case UInt8(ascii: "i") where matches("integer"): self = .integer
        case UInt8(ascii: "k") where matches("key"): self = .key
        case UInt8(ascii: "p") where matches("plist"): self = .plist
        case UInt8(ascii: "r") where matches("real"): self = .real
        case UInt8(ascii: "s") where matches("string"): self = .string
        case UInt8(ascii: "t") where matches("true"): self = .true
        default: return nil
        }
    }

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
