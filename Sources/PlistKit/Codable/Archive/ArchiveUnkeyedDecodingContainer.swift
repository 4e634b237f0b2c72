import FoundationEssentials

/// Reads the elements of an NSArray or NSSet (or a field's inline array) in order.
struct ArchiveUnkeyedDecodingContainer: PlistIntegerUnkeyedDecodingContainer {
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

    /// Reads the next element with `unbox` (given the element and its path) and moves past it.
    @inline(__always)
    private mutating func decodeNext<T>(_ type: Any.Type, _ unbox: (ArchiveDecodingItem, PlistCodingPath) throws -> T) throws -> T {
        let (item, elementPath) = try next(type)
        return advance(try unbox(item, elementPath))
    }

    mutating func decodeNil() throws -> Bool {
        let (item, _) = try next(Any?.self)
        if item.isNil {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type, decoder.state.unboxBool) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type, decoder.state.unboxString) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type, decoder.state.unboxDouble) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type, decoder.state.unboxFloat) }

    @inline(__always)
    mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let state = decoder.state
        return try decodeNext(type) { try state.unboxInteger($0, as: type, path: $1) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let state = decoder.state
        return try decodeNext(type) { try state.unbox($0, as: type, path: $1) }
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
