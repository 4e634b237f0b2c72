import FoundationEssentials

/// The standard scalar types the plist coders read and write themselves rather than through
/// their `Codable` conformances: every integer width, `Float`, `Double`, `Bool` and `String`.
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

/// `value` as `Value`, which the caller has found to be its own type (`Value.self == T.self`).
///
/// A forced cast, checked at run time (a trap here is a bug in the caller, never a property of
/// the input). It is `as!` rather than `as?`: the runtime casts a value to its own type by
/// copying it, and a forced cast needs no `Optional<Value>` metadata on every scalar encoded
/// or decoded through generic code. Specialized code compares the types at compile time.
func sameTypeCast<T, Value>(_ value: T, as type: Value.Type) -> Value {
    value as! Value
}
