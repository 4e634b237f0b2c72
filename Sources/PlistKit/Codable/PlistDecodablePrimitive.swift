import FoundationEssentials

/// The standard scalar types the plist decoder reads itself rather than through their
/// `Decodable` conformances.
protocol PlistDecodablePrimitive {
    /// Reads the value from an item.
    /// - Throws: `DecodingError` when the item is of another type or does not fit.
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>,
        decoder: PlistDecoderImpl<Source>,
        path: @autoclosure () -> PlistCodingPath
    ) throws -> Self
}

extension PlistDecodablePrimitive where Self: FixedWidthInteger {
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>,
        decoder: PlistDecoderImpl<Source>,
        path: @autoclosure () -> PlistCodingPath
    ) throws -> Self {
        try decoder.unboxInteger(item, as: Self.self, path: path())
    }
}

extension Int: PlistDecodablePrimitive {}
extension Int8: PlistDecodablePrimitive {}
extension Int16: PlistDecodablePrimitive {}
extension Int32: PlistDecodablePrimitive {}
extension Int64: PlistDecodablePrimitive {}
extension UInt: PlistDecodablePrimitive {}
extension UInt8: PlistDecodablePrimitive {}
extension UInt16: PlistDecodablePrimitive {}
extension UInt32: PlistDecodablePrimitive {}
extension UInt64: PlistDecodablePrimitive {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: PlistDecodablePrimitive {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: PlistDecodablePrimitive {}

extension Float: PlistDecodablePrimitive {
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>, decoder: PlistDecoderImpl<Source>, path: @autoclosure () -> PlistCodingPath
    ) throws -> Float {
        try decoder.unboxFloat(item, path: path())
    }
}

extension Double: PlistDecodablePrimitive {
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>, decoder: PlistDecoderImpl<Source>, path: @autoclosure () -> PlistCodingPath
    ) throws -> Double {
        try decoder.unboxDouble(item, path: path())
    }
}

extension Bool: PlistDecodablePrimitive {
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>, decoder: PlistDecoderImpl<Source>, path: @autoclosure () -> PlistCodingPath
    ) throws -> Bool {
        try decoder.unboxBool(item, path: path())
    }
}

extension String: PlistDecodablePrimitive {
    static func unbox<Source>(
        _ item: PlistDecodingItem<Source.Dictionary, Source.Array>, decoder: PlistDecoderImpl<Source>, path: @autoclosure () -> PlistCodingPath
    ) throws -> String {
        try decoder.unboxString(item, path: path())
    }
}
