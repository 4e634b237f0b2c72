import FoundationEssentials

/// Reads the elements of an array in order.
struct PlistUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: PlistDecoderImpl
    let array: [PlistValue]
    private(set) var currentIndex = 0

    init(decoder: PlistDecoderImpl, array: [PlistValue]) {
        self.decoder = decoder
        self.array = array
    }

    /// The container's path: its decoder's, made only if it is needed.
    var path: PlistCodingPath { decoder.path }

    var codingPath: [any CodingKey] { path.keys }

    var count: Int? { array.count }

    var isAtEnd: Bool { currentIndex >= array.count }

    /// The path of the current element, built only when needed.
    private var elementPath: PlistCodingPath { path.appending(index: currentIndex) }

    /// The next element, or the error Foundation gives at the end.
    private func next(_ type: Any.Type) throws -> PlistValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: elementPath.keys, debugDescription: "Unkeyed container is at end."))
        }
        return array[currentIndex]
    }

    private func nextItem(_ type: Any.Type) throws -> PlistValue {
        try decoder.read(try next(type), path: elementPath)
    }

    mutating func decodeNil() throws -> Bool {
        let item = try nextItem(Any?.self)
        // Only a nil consumes the element, so that a decodeIfPresent that finds a value can
        // decode it next.
        if item.isNullMarker {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try decoder.unboxBool(try nextItem(type), path: elementPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try decoder.unboxString(try nextItem(type), path: elementPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try decoder.unboxDouble(try nextItem(type), path: elementPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try decoder.unboxFloat(try nextItem(type), path: elementPath)
        currentIndex += 1
        return value
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try decoder.unboxInteger(try nextItem(type), as: type, path: elementPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.unbox(try next(type), as: type, at: path, step: .index(currentIndex))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let node = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.child(node, path: elementPath).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try next((any UnkeyedDecodingContainer).self)
        let container = try decoder.child(node, path: elementPath).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let node = try next((any Decoder).self)
        let child = try decoder.child(node, path: elementPath)
        currentIndex += 1
        return child
    }
}
