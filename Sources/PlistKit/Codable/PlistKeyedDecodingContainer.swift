import FoundationEssentials

/// Reads keyed values from a dictionary of the source.
struct PlistKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: PlistDecoderImpl
    let dictionary: PlistDecodingDictionary
    let path: PlistCodingPath
    /// For a converting key strategy: the file's key for each key of the type (the first file
    /// key wins when two convert to the same key).
    private let fileKeyByTypeKey: [String: String]?
    /// For a converting key strategy: the type's keys, in the file's order.
    private let convertedKeys: [String]

    init(decoder: PlistDecoderImpl, dictionary: PlistDecodingDictionary, path: PlistCodingPath) throws {
        self.decoder = decoder
        self.dictionary = dictionary
        self.path = path
        let convert: (String) -> String
        switch decoder.state.keyStrategy {
        case .useDefaultKeys:
            fileKeyByTypeKey = nil
            convertedKeys = []
            return
        case .convertFromSnakeCase:
            convert = PlistKeyConversion.camelCase
        case .custom(let custom):
            let base = path.keys
            convert = { custom(base + [PlistCodingKey(stringValue: $0)]).stringValue }
        }
        var map: [String: String] = [:]
        var order: [String] = []
        for key in dictionary.keys {
            let converted = convert(key)
            if map[converted] == nil {
                map[converted] = key
                order.append(converted)
            }
        }
        fileKeyByTypeKey = map
        convertedKeys = order
    }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        (fileKeyByTypeKey == nil ? dictionary.keys : convertedKeys).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        node(for: key) != nil
    }

    private func node(for key: Key) -> PlistDecodingNode? {
        let fileKey = fileKeyByTypeKey.map { $0[key.stringValue] } ?? key.stringValue
        guard let fileKey else { return nil }
        return dictionary.node(forKey: fileKey)
    }

    private func requiredNode(for key: Key) throws -> PlistDecodingNode {
        guard let node = node(for: key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: path.keys, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    private func item(for key: Key) throws -> PlistDecodingItem {
        try decoder.read(try requiredNode(for: key), path: path.appending(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try item(for: key).isNullMarker
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.unboxBool(try item(for: key), path: path.appending(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.unboxString(try item(for: key), path: path.appending(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.unboxDouble(try item(for: key), path: path.appending(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.unboxFloat(try item(for: key), path: path.appending(key))
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.unboxInteger(try item(for: key), as: type, path: path.appending(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(try requiredNode(for: key), as: type, path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try requiredNode(for: key), path: path.appending(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try requiredNode(for: key), path: path.appending(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        // A missing "super" reads as nil rather than failing here, as in Foundation.
        let superKey = PlistCodingKey.super
        return try decoder.child(dictionary.node(forKey: superKey.stringValue), path: path.appending(superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.child(node(for: key), path: path.appending(key))
    }
}
