import FoundationEssentials

/// The standard scalar types both coders read and write themselves rather than through their
/// `Codable` conformances: every integer width, `Float`, `Double`, `Bool` and `String`.
///
/// Encoding asks the value for its plist scalar (``plistValue(at:)``); decoding finds the kind
/// of the requested type (``PlistPrimitiveKind``) and reads it from a ``PlistValue`` with
/// ``PlistValue/unboxedPrimitive(_:as:rules:)``, the one set of conversion rules
/// ``PlistDecoder`` and ``ArchiveDecoder`` share.
protocol PlistPrimitive {
    /// The value as a plist scalar.
    /// - Throws: `EncodingError.invalidValue` when it does not fit (a 128-bit integer outside
    ///   `Int64.min ... UInt64.max`).
    func plistValue(at path: PlistCodingPath) throws -> PlistValue
}

extension PlistPrimitive where Self: FixedWidthInteger {
    func plistValue(at path: PlistCodingPath) throws -> PlistValue {
        guard let integer = PlistInteger(exactly: self) else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "\(Self.self) value \(self) does not fit in a property-list integer (Int64.min through UInt64.max)."))
        }
        return .integer(integer)
    }
}

extension Int: PlistPrimitive {}
extension Int8: PlistPrimitive {}
extension Int16: PlistPrimitive {}
extension Int32: PlistPrimitive {}
extension Int64: PlistPrimitive {}
extension UInt: PlistPrimitive {}
extension UInt8: PlistPrimitive {}
extension UInt16: PlistPrimitive {}
extension UInt32: PlistPrimitive {}
extension UInt64: PlistPrimitive {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: PlistPrimitive {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: PlistPrimitive {}

extension Float: PlistPrimitive {
    // Foundation writes a Float as the Double of the same value (1.1 as 1.100000023841858).
    func plistValue(at path: PlistCodingPath) throws -> PlistValue { .real(Double(self)) }
}

extension Double: PlistPrimitive {
    func plistValue(at path: PlistCodingPath) throws -> PlistValue { .real(self) }
}

extension Bool: PlistPrimitive {
    func plistValue(at path: PlistCodingPath) throws -> PlistValue { .boolean(self) }
}

extension String: PlistPrimitive {
    func plistValue(at path: PlistCodingPath) throws -> PlistValue { .string(self) }
}

/// Which ``PlistPrimitive`` a type is, for the decoders.
///
/// Found by comparing metatypes rather than by casting to the protocol: `type as? any
/// PlistPrimitive.Type` is a runtime conformance lookup on every call, and this runs for every
/// value decoded through a generic `decode(_:)`. It is not generic, so asking costs no metadata.
enum PlistPrimitiveKind {
    case string, int, double, bool, float, int64, uint64, int32, uint32, int16, uint16, int8, uint8, uint
    case int128, uint128

    /// The kind of `type`, or `nil` for any other type.
    init?(_ type: Any.Type) {
        if type == String.self { self = .string }
        else if type == Int.self { self = .int }
        else if type == Double.self { self = .double }
        else if type == Bool.self { self = .bool }
        else if type == Float.self { self = .float }
        else if type == Int64.self { self = .int64 }
        else if type == UInt64.self { self = .uint64 }
        else if type == Int32.self { self = .int32 }
        else if type == UInt32.self { self = .uint32 }
        else if type == Int16.self { self = .int16 }
        else if type == UInt16.self { self = .uint16 }
        else if type == Int8.self { self = .int8 }
        else if type == UInt8.self { self = .uint8 }
        else if type == UInt.self { self = .uint }
        else if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), type == Int128.self { self = .int128 }
        else if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), type == UInt128.self { self = .uint128 }
        else { return nil }
    }
}

/// Where the two decoders' readings of a scalar differ.
struct PlistScalarRules {
    /// Whether an integer may be read from a real that holds it exactly (Foundation's default).
    var readsIntegersFromReals: Bool
    /// Whether a `Bool` may be read from the integers 0 and 1 (NSNumber booleans in archives).
    var readsBooleansFromIntegers: Bool
}

/// Why a scalar could not be read as the type asked for; each decoder words its own error.
enum PlistScalarFailure: Error {
    /// The value is of another type.
    case mismatch
    /// The value is a number the type cannot hold, spelled as in the message.
    case doesNotFit(String)
}

extension PlistValue {
    /// This value as the primitive `Value`, whose kind is `kind`.
    ///
    /// The result is converted to `Value` by ``sameTypeCast(_:as:)`` rather than `as? Value`, a
    /// runtime cast through `Optional<Value>`'s metadata; and this returns `Value` itself, not
    /// `Value?`, whose metadata unspecialized generic code would look up on every call.
    func unboxedPrimitive<Value>(_ kind: PlistPrimitiveKind, as type: Value.Type, rules: PlistScalarRules) throws(PlistScalarFailure) -> Value {
        switch kind {
        case .string: return sameTypeCast(try unboxedString(), as: Value.self)
        case .int: return sameTypeCast(try unboxedInteger(as: Int.self, rules: rules), as: Value.self)
        case .double: return sameTypeCast(try unboxedDouble(), as: Value.self)
        case .bool: return sameTypeCast(try unboxedBool(rules: rules), as: Value.self)
        case .float: return sameTypeCast(try unboxedFloat(), as: Value.self)
        case .int64: return sameTypeCast(try unboxedInteger(as: Int64.self, rules: rules), as: Value.self)
        case .uint64: return sameTypeCast(try unboxedInteger(as: UInt64.self, rules: rules), as: Value.self)
        case .int32: return sameTypeCast(try unboxedInteger(as: Int32.self, rules: rules), as: Value.self)
        case .uint32: return sameTypeCast(try unboxedInteger(as: UInt32.self, rules: rules), as: Value.self)
        case .int16: return sameTypeCast(try unboxedInteger(as: Int16.self, rules: rules), as: Value.self)
        case .uint16: return sameTypeCast(try unboxedInteger(as: UInt16.self, rules: rules), as: Value.self)
        case .int8: return sameTypeCast(try unboxedInteger(as: Int8.self, rules: rules), as: Value.self)
        case .uint8: return sameTypeCast(try unboxedInteger(as: UInt8.self, rules: rules), as: Value.self)
        case .uint: return sameTypeCast(try unboxedInteger(as: UInt.self, rules: rules), as: Value.self)
        case .int128:
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { preconditionFailure("Int128 recognised where it does not exist") }
            return sameTypeCast(try unboxedInteger(as: Int128.self, rules: rules), as: Value.self)
        case .uint128:
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { preconditionFailure("UInt128 recognised where it does not exist") }
            return sameTypeCast(try unboxedInteger(as: UInt128.self, rules: rules), as: Value.self)
        }
    }

    /// This value as an integer of type `T`: an integer that fits, or under the rules a real
    /// that holds one exactly.
    func unboxedInteger<T: FixedWidthInteger>(as type: T.Type, rules: PlistScalarRules) throws(PlistScalarFailure) -> T {
        switch self {
        case .integer(let integer):
            guard let value = integer.exactly(T.self) else { throw .doesNotFit(integer.description) }
            return value
        case .real(let real) where rules.readsIntegersFromReals:
            // Only a real that is also a property-list integer (Int64.min through UInt64.max)
            // qualifies: a 128-bit type could hold 1e28 exactly, but no encoder could write it
            // back as an integer, and what the decoders read, the encoders write.
            guard real >= -0x1p63, real < 0x1p64, let value = T(exactly: real) else { throw .doesNotFit(real.description) }
            return value
        default:
            throw .mismatch
        }
    }

    /// This value as a `Double`: a real, or an integer as the nearest `Double` (as Foundation
    /// reads one).
    func unboxedDouble() throws(PlistScalarFailure) -> Double {
        switch self {
        case .real(let real): return real
        case .integer(let integer): return integer.doubleValue
        default: throw .mismatch
        }
    }

    /// This value as a `Float`: a real or an integer, rounded once to the nearest `Float`.
    func unboxedFloat() throws(PlistScalarFailure) -> Float {
        switch self {
        case .real(let real):
            let value = Float(real)
            // Foundation returns infinity for a finite real beyond Float's range (1e300);
            // that silently changes the value, so PlistKit reports it.
            guard value.isFinite || !real.isFinite else { throw .doesNotFit(real.description) }
            return value
        case .integer(let integer):
            if let signed = integer.int64Value { return Float(signed) }
            return Float(integer.uint64Value ?? 0)
        default:
            throw .mismatch
        }
    }

    /// This value as a `Bool`: a boolean, or under the rules the integer 0 or 1.
    func unboxedBool(rules: PlistScalarRules) throws(PlistScalarFailure) -> Bool {
        switch self {
        case .boolean(let value): return value
        case .integer(let integer) where rules.readsBooleansFromIntegers && (integer == 0 || integer == 1): return integer == 1
        default: throw .mismatch
        }
    }

    /// This value as a `String`; the null marker `"$null"` is no string.
    func unboxedString() throws(PlistScalarFailure) -> String {
        guard case .string(let text) = self, !text.isNullMarker else { throw .mismatch }
        return text
    }

    /// Whether this is Foundation's marker for `nil` in a property list, the string `"$null"`.
    var isNullMarker: Bool {
        if case .string(let text) = self { return text.isNullMarker }
        return false
    }

    /// The type named as Foundation's decoders name it in errors ("a real number").
    var codableTypeDescription: String {
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

/// `value` as `Value`, which the caller has found to be its own type (`Value.self == T.self`).
///
/// A forced cast, checked at run time (a trap here is a bug in the caller, never a property of
/// the input). It is `as!` rather than `as?`: the runtime casts a value to its own type by
/// copying it, and a forced cast needs no `Optional<Value>` metadata on every scalar encoded
/// or decoded through generic code. Specialized code compares the types at compile time.
func sameTypeCast<T, Value>(_ value: T, as type: Value.Type) -> Value {
    value as! Value
}
