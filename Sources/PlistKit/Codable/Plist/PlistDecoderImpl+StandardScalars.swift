import FoundationEssentials

/// The standard scalar types the decoder reads directly, without their `Decodable`
/// conformances and a nested decoder.
enum PlistStandardScalar {
    case string, int, double, bool, float, int64, uint64, int32, uint32, int16, uint16, int8, uint8, uint
    case int128, uint128

    /// The kind of `type`, or `nil` for any other type.
    ///
    /// Found by comparing metatypes rather than by casting to a marker protocol: `type as? any
    /// P.Type` is a runtime conformance lookup on every call, and this runs for every value
    /// decoded through a generic `decode(_:)`. It is not generic, so asking costs no metadata.
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

extension PlistDecoderImpl {
    /// Decodes a standard scalar of kind `kind`, which is `Value`'s.
    ///
    /// The result is converted to `Value` by ``sameTypeCast(_:as:)`` rather than `as? Value`, a
    /// runtime cast through `Optional<Value>`'s metadata; and this returns `Value` itself, not
    /// `Value?`, whose metadata unspecialized generic code would look up at run time on every
    /// call.
    func unboxScalar<Value>(_ node: PlistDecodingNode?, kind: PlistStandardScalar, as type: Value.Type,
                            path: @autoclosure () -> PlistCodingPath) throws -> Value {
        switch kind {
        case .string: return try sameTypeCast(unboxString(read(node, path: path()), path: path()), as: Value.self)
        case .int: return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int.self, path: path()), as: Value.self)
        case .double: return try sameTypeCast(unboxDouble(read(node, path: path()), path: path()), as: Value.self)
        case .bool: return try sameTypeCast(unboxBool(read(node, path: path()), path: path()), as: Value.self)
        case .float: return try sameTypeCast(unboxFloat(read(node, path: path()), path: path()), as: Value.self)
        case .int64: return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int64.self, path: path()), as: Value.self)
        case .uint64: return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt64.self, path: path()), as: Value.self)
        case .int32: return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int32.self, path: path()), as: Value.self)
        case .uint32: return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt32.self, path: path()), as: Value.self)
        case .int16: return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int16.self, path: path()), as: Value.self)
        case .uint16: return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt16.self, path: path()), as: Value.self)
        case .int8: return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int8.self, path: path()), as: Value.self)
        case .uint8: return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt8.self, path: path()), as: Value.self)
        case .uint: return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt.self, path: path()), as: Value.self)
        case .int128:
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { preconditionFailure("Int128 recognised where it does not exist") }
            return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int128.self, path: path()), as: Value.self)
        case .uint128:
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { preconditionFailure("UInt128 recognised where it does not exist") }
            return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt128.self, path: path()), as: Value.self)
        }
    }
}
