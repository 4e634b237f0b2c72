import FoundationEssentials

/// The scalar types ``ArchiveDecoder`` reads itself rather than through their `Decodable`
/// conformances.
protocol ArchiveDecodablePrimitive {
    /// Reads the value from an item.
    /// - Throws: `DecodingError` when the item is of another type or does not fit.
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> Self
}

extension ArchiveDecodablePrimitive where Self: FixedWidthInteger {
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> Self {
        try state.unboxInteger(item, as: Self.self, path: path)
    }
}

extension Int: ArchiveDecodablePrimitive {}
extension Int8: ArchiveDecodablePrimitive {}
extension Int16: ArchiveDecodablePrimitive {}
extension Int32: ArchiveDecodablePrimitive {}
extension Int64: ArchiveDecodablePrimitive {}
extension UInt: ArchiveDecodablePrimitive {}
extension UInt8: ArchiveDecodablePrimitive {}
extension UInt16: ArchiveDecodablePrimitive {}
extension UInt32: ArchiveDecodablePrimitive {}
extension UInt64: ArchiveDecodablePrimitive {}

extension Float: ArchiveDecodablePrimitive {
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> Float {
        try state.unboxFloat(item, path: path)
    }
}

extension Double: ArchiveDecodablePrimitive {
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> Double {
        try state.unboxDouble(item, path: path)
    }
}

extension Bool: ArchiveDecodablePrimitive {
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> Bool {
        try state.unboxBool(item, path: path)
    }
}

extension String: ArchiveDecodablePrimitive {
    static func unbox(_ item: ArchiveDecodingItem, state: ArchiveDecodingState, path: PlistCodingPath) throws -> String {
        try state.unboxString(item, path: path)
    }
}
