import FoundationEssentials

extension PlistValue {
    /// The string, or `nil` when this is not a string.
    public var string: String? { if case .string(let v) = self { v } else { nil } }

    /// The integer, or `nil` when this is not an integer.
    public var integer: PlistInteger? { if case .integer(let v) = self { v } else { nil } }

    /// The integer as `Int`, or `nil` when this is not an integer or it does not fit.
    public var int: Int? { integer?.intValue }

    /// The real, or `nil` when this is not a real. Integers are not converted.
    public var real: Double? { if case .real(let v) = self { v } else { nil } }

    /// The boolean, or `nil` when this is not a boolean.
    public var bool: Bool? { if case .boolean(let v) = self { v } else { nil } }

    /// The date, or `nil` when this is not a date.
    public var date: Date? { if case .date(let v) = self { v } else { nil } }

    /// The bytes, or `nil` when this is not data.
    public var data: Data? { if case .data(let v) = self { v } else { nil } }

    /// The elements, or `nil` when this is not an array.
    public var array: [PlistValue]? { if case .array(let v) = self { v } else { nil } }

    /// The dictionary, or `nil` when this is not a dictionary.
    public var dictionary: PlistDictionary? { if case .dictionary(let v) = self { v } else { nil } }

    /// The UID, or `nil` when this is not a UID.
    public var uid: UInt32? { if case .uid(let v) = self { v } else { nil } }

    /// The value for `key` when this is a dictionary, otherwise `nil`.
    public subscript(key: String) -> PlistValue? {
        dictionary?[key]
    }

    /// The element at `index` when this is an array and the index is in range, otherwise `nil`.
    public subscript(index: Int) -> PlistValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The number of elements of an array or entries of a dictionary; `nil` for other values.
    public var count: Int? {
        switch self {
        case .array(let v): return v.count
        case .dictionary(let v): return v.count
        default: return nil
        }
    }
}
