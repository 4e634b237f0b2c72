import FoundationEssentials

/// Reads the elements of an NSArray or NSSet (or a field's inline array) in order.
struct ArchiveUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ArchiveDecoderImpl
    let elements: [PlistValue]
    let path: PlistCodingPath
    private(set) var currentIndex = 0

    init(decoder: ArchiveDecoderImpl, elements: [PlistValue], path: PlistCodingPath) {
        self.decoder = decoder
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var count: Int? { elements.count }

    var isAtEnd: Bool { currentIndex >= elements.count }

    private func next(_ type: Any.Type) throws -> (ArchiveDecodingItem, PlistCodingPath) {
        let elementPath = path.appending(index: currentIndex)
        guard elements.indices.contains(currentIndex) else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: elementPath.keys, debugDescription: "Unkeyed container is at end."))
        }
        return (try decoder.state.resolve(elements[currentIndex], path: elementPath), elementPath)
    }

    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let (item, _) = try next(Any?.self)
        if item.isNil {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unboxBool(item, path: elementPath))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unboxString(item, path: elementPath))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unboxDouble(item, path: elementPath))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unboxFloat(item, path: elementPath))
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unboxInteger(item, as: type, path: elementPath))
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
        let (item, elementPath) = try next(type)
        return advance(try decoder.state.unbox(item, as: type, path: elementPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, elementPath) = try next(KeyedDecodingContainer<NestedKey>.self)
        return advance(try ArchiveDecoderImpl(state: decoder.state, item: item, path: elementPath).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (item, elementPath) = try next((any UnkeyedDecodingContainer).self)
        return advance(try ArchiveDecoderImpl(state: decoder.state, item: item, path: elementPath).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        let (item, elementPath) = try next((any Decoder).self)
        return advance(ArchiveDecoderImpl(state: decoder.state, item: item, path: elementPath))
    }
}
