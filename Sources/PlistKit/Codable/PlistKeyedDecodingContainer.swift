import FoundationEssentials

/// Reads keyed values from a dictionary of the source.
struct PlistKeyedDecodingContainer<Key: CodingKey, Source: PlistDecodingSource>: KeyedDecodingContainerProtocol {
    let decoder: PlistDecoderImpl<Source>
    let dictionary: Source.Dictionary
    let path: PlistCodingPath
    /// For a converting key strategy: the type's key for each key of the file (the first file
    /// key wins when two convert to the same key).
    private let fileKeyByTypeKey: [String: String]?

    init(decoder: PlistDecoderImpl<Source>, dictionary: Source.Dictionary, path: PlistCodingPath) throws {
        self.decoder = decoder
        self.dictionary = dictionary
        self.path = path
        switch decoder.state.keyStrategy {
        case .useDefaultKeys:
            fileKeyByTypeKey = nil
        case .convertFromSnakeCase:
            var map: [String: String] = [:]
            for key in dictionary.keys where map[PlistKeyConversion.camelCase(key)] == nil {
                map[PlistKeyConversion.camelCase(key)] = key
            }
            fileKeyByTypeKey = map
        case .custom(let convert):
            var map: [String: String] = [:]
            let base = path.keys
            for key in dictionary.keys {
                let converted = convert(base + [PlistCodingKey(stringValue: key)]).stringValue
                if map[converted] == nil { map[converted] = key }
            }
            fileKeyByTypeKey = map
        }
    }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        if let fileKeyByTypeKey {
            return dictionary.keys.compactMap { fileKey in
                fileKeyByTypeKey.first { $0.value == fileKey }.flatMap { Key(stringValue: $0.key) }
            }
        }
        return dictionary.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        (try? node(for: key)) != nil
    }

    private func node(for key: Key) throws -> Source.Node? {
        let fileKey = fileKeyByTypeKey.map { $0[key.stringValue] } ?? key.stringValue
        guard let fileKey else { return nil }
        do {
            return try dictionary.node(forKey: fileKey)
        } catch let error as PlistError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys(appending: key), debugDescription: "The property list is corrupt: \(error)", underlyingError: error))
        }
    }

    private func requiredNode(for key: Key) throws -> Source.Node {
        guard let node = try node(for: key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: path.keys, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    private func item(for key: Key) throws -> (PlistDecodingItem<Source.Dictionary, Source.Array>, PlistCodingPath) {
        let keyPath = path.appending(key)
        return (try decoder.read(try requiredNode(for: key), path: keyPath), keyPath)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try item(for: key).0.isNullMarker
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let (item, keyPath) = try item(for: key)
        return try decoder.unboxBool(item, path: keyPath)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let (item, keyPath) = try item(for: key)
        return try decoder.unboxString(item, path: keyPath)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let (item, keyPath) = try item(for: key)
        return try decoder.unboxDouble(item, path: keyPath)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let (item, keyPath) = try item(for: key)
        return try decoder.unboxFloat(item, path: keyPath)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let (item, keyPath) = try item(for: key)
        return try decoder.unboxInteger(item, as: type, path: keyPath)
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
        let node: Source.Node?
        do {
            node = try dictionary.node(forKey: superKey.stringValue)
        } catch let error as PlistError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys(appending: superKey), debugDescription: "The property list is corrupt: \(error)", underlyingError: error))
        }
        return try decoder.child(node, path: path.appending(superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.child(try node(for: key), path: path.appending(key))
    }
}
