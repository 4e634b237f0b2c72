import FoundationEssentials

extension ArchiveDecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool { item.isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try state.unboxBool(item, path: path) }
    func decode(_ type: String.Type) throws -> String { try state.unboxString(item, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try state.unboxDouble(item, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try state.unboxFloat(item, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.unboxInteger(item, as: type, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.unboxInteger(item, as: type, path: path) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try state.unboxInteger(item, as: type, path: path) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try state.unboxInteger(item, as: type, path: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.unbox(item, as: type, path: path, inPlace: true) }
}
