/// An integer as a property list holds it: any value from `Int64.min` through `UInt64.max`, exactly.
///
/// Binary plists store integers up to 8 bytes as signed and use a 16-byte form for values above
/// `Int64.max`, so `-1` and `UInt64.max` are different values even though they share a bit
/// pattern. `PlistInteger` keeps them apart: a value is stored as `Int64` whenever it fits, and as
/// `UInt64` only when it is larger than `Int64.max`, so every number has exactly one representation
/// and equality is numeric.
public struct PlistInteger: Hashable, Sendable {
    @usableFromInline
    enum Storage: Hashable, Sendable {
        /// Every value from `Int64.min` through `Int64.max`.
        case signed(Int64)
        /// Only values above `Int64.max`.
        case large(UInt64)
    }

    @usableFromInline
    let storage: Storage

    /// Creates an integer from a signed 64-bit value.
    @inlinable
    public init(_ value: Int64) {
        storage = .signed(value)
    }

    /// Creates an integer from an unsigned 64-bit value.
    @inlinable
    public init(_ value: UInt64) {
        storage = value > UInt64(Int64.max) ? .large(value) : .signed(Int64(value))
    }

    /// Creates an integer from any binary integer, or returns `nil` when it lies outside
    /// `Int64.min ... UInt64.max`.
    public init?<T: BinaryInteger>(exactly value: T) {
        if let signed = Int64(exactly: value) {
            self.init(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self.init(unsigned)
        } else {
            return nil
        }
    }

    /// The value as `Int64`, or `nil` when it is above `Int64.max`.
    @inlinable
    public var int64Value: Int64? {
        if case .signed(let v) = storage { return v }
        return nil
    }

    /// The value as `UInt64`, or `nil` when it is negative.
    @inlinable
    public var uint64Value: UInt64? {
        switch storage {
        case .signed(let v): return v >= 0 ? UInt64(v) : nil
        case .large(let v): return v
        }
    }

    /// The value as `Int`, or `nil` when it does not fit.
    public var intValue: Int? {
        switch storage {
        case .signed(let v): return Int(exactly: v)
        case .large(let v): return Int(exactly: v)
        }
    }

    /// Whether the value is below zero.
    @inlinable
    public var isNegative: Bool {
        if case .signed(let v) = storage { return v < 0 }
        return false
    }

    /// Whether the value needs the 16-byte binary form, because it is above `Int64.max`.
    @inlinable
    public var exceedsInt64: Bool {
        if case .large = storage { return true }
        return false
    }

    /// The nearest `Double`.
    public var doubleValue: Double {
        switch storage {
        case .signed(let v): return Double(v)
        case .large(let v): return Double(v)
        }
    }

    /// Converts to any fixed-width integer type, or returns `nil` when the value does not fit.
    public func exactly<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        switch storage {
        case .signed(let v): return T(exactly: v)
        case .large(let v): return T(exactly: v)
        }
    }
}

extension PlistInteger: Comparable {
    /// Orders integers numerically across the whole `Int64.min ... UInt64.max` range.
    public static func < (lhs: PlistInteger, rhs: PlistInteger) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.signed(a), .signed(b)): return a < b
        case (.signed, .large): return true
        case (.large, .signed): return false
        case let (.large(a), .large(b)): return a < b
        }
    }
}

extension PlistInteger: ExpressibleByIntegerLiteral {
    /// Creates an integer from a literal that fits in `Int64`.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}

extension PlistInteger: CustomStringConvertible, LosslessStringConvertible {
    /// The decimal digits of the value, with a leading `-` when negative.
    public var description: String {
        switch storage {
        case .signed(let v): return String(v)
        case .large(let v): return String(v)
        }
    }

    /// Parses decimal digits with an optional sign, or returns `nil` when the text is not an
    /// integer in `Int64.min ... UInt64.max`.
    public init?(_ text: String) {
        if let signed = Int64(text) {
            self.init(signed)
        } else if let unsigned = UInt64(text) {
            self.init(unsigned)
        } else if text.hasPrefix("+"), let unsigned = UInt64(text.dropFirst()) {
            self.init(unsigned)
        } else {
            return nil
        }
    }
}
