import FoundationEssentials

/// Reads the elements of an array in order.
struct PlistUnkeyedDecodingContainer: PlistIntegerUnkeyedDecodingContainer {
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

    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { advance(try decoder.unboxBool(try nextItem(type), path: elementPath)) }
    mutating func decode(_ type: String.Type) throws -> String { advance(try decoder.unboxString(try nextItem(type), path: elementPath)) }
    mutating func decode(_ type: Double.Type) throws -> Double { advance(try decoder.unboxDouble(try nextItem(type), path: elementPath)) }
    mutating func decode(_ type: Float.Type) throws -> Float { advance(try decoder.unboxFloat(try nextItem(type), path: elementPath)) }

    @inline(__always)
    mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        advance(try decoder.unboxInteger(try nextItem(type), as: type, path: elementPath))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        advance(try decoder.unbox(try next(type), as: type, at: path, step: .index(currentIndex)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let node = try next(KeyedDecodingContainer<NestedKey>.self)
        return advance(try decoder.child(node, path: elementPath).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try next((any UnkeyedDecodingContainer).self)
        return advance(try decoder.child(node, path: elementPath).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        let node = try next((any Decoder).self)
        return advance(try decoder.child(node, path: elementPath))
    }
}
