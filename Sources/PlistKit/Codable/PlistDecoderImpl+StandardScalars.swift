import FoundationEssentials

extension PlistDecoderImpl {
    /// Decodes the standard scalar types (integers of every width, floating point, Bool,
    /// String) directly, without their `Decodable` conformances and a nested decoder; `nil` for
    /// any other type.
    ///
    /// The type is found by comparing metatypes rather than by casting to a marker protocol:
    /// `type as? any P.Type` is a runtime conformance lookup on every call, and this runs for
    /// every value decoded through a generic `decode(_:)`. The result is converted to `Value`
    /// by ``sameTypeCast(_:as:)`` rather than `as? Value`, a runtime cast through `Optional<Value>`'s
    /// metadata.
    func unboxScalar<Value>(_ node: PlistDecodingNode?, as type: Value.Type, path: @autoclosure () -> PlistCodingPath) throws -> Value? {
        if type == String.self { return try sameTypeCast(unboxString(read(node, path: path()), path: path()), as: Value.self) }
        if type == Int.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int.self, path: path()), as: Value.self) }
        if type == Double.self { return try sameTypeCast(unboxDouble(read(node, path: path()), path: path()), as: Value.self) }
        if type == Bool.self { return try sameTypeCast(unboxBool(read(node, path: path()), path: path()), as: Value.self) }
        if type == Float.self { return try sameTypeCast(unboxFloat(read(node, path: path()), path: path()), as: Value.self) }
        if type == Int64.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int64.self, path: path()), as: Value.self) }
        if type == UInt64.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt64.self, path: path()), as: Value.self) }
        if type == Int32.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int32.self, path: path()), as: Value.self) }
        if type == UInt32.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt32.self, path: path()), as: Value.self) }
        if type == Int16.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int16.self, path: path()), as: Value.self) }
        if type == UInt16.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt16.self, path: path()), as: Value.self) }
        if type == Int8.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int8.self, path: path()), as: Value.self) }
        if type == UInt8.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt8.self, path: path()), as: Value.self) }
        if type == UInt.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt.self, path: path()), as: Value.self) }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if type == Int128.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: Int128.self, path: path()), as: Value.self) }
            if type == UInt128.self { return try sameTypeCast(unboxInteger(read(node, path: path()), as: UInt128.self, path: path()), as: Value.self) }
        }
        return nil
    }
}
