import FoundationEssentials

extension PlistValue: ExpressibleByStringLiteral {
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PlistValue: ExpressibleByIntegerLiteral {
    /// Creates an integer value from a literal.
    public init(integerLiteral value: Int64) { self = .integer(PlistInteger(value)) }
}

extension PlistValue: ExpressibleByFloatLiteral {
    /// Creates a real value from a literal.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension PlistValue: ExpressibleByBooleanLiteral {
    /// Creates a boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension PlistValue: ExpressibleByArrayLiteral {
    /// Creates an array value from a literal.
    public init(arrayLiteral elements: PlistValue...) { self = .array(elements) }
}

extension PlistValue: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary value from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, PlistValue)...) {
        self = .dictionary(PlistDictionary(elements))
    }
}

extension PlistValue {
    /// Creates an integer value from any binary integer in `Int64.min ... UInt64.max`, or
    /// returns `nil` when it is outside that range.
    public init?<T: BinaryInteger>(exactly value: T) {
        guard let integer = PlistInteger(exactly: value) else { return nil }
        self = .integer(integer)
    }

    /// Creates an integer value from an `Int`.
    public init(_ value: Int) { self = .integer(PlistInteger(Int64(value))) }
}
