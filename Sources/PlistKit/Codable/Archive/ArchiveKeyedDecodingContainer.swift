import FoundationEssentials

/// Reads the fields of an archived object, or the entries of an NSDictionary.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ArchiveDecoderImpl
    /// Field names (or dictionary keys) to raw values: inline scalars or references.
    let entries: PlistDictionary
    /// Whether this is an object (rather than an NSDictionary), whose superclass fields live in
    /// the same object.
    let isObject: Bool
    let path: PlistCodingPath

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] { Key.keys(forTexts: entries.keys) }

    func contains(_ key: Key) -> Bool { entries.contains(key: key.stringValue) }

    private func item(for key: Key) throws -> (ArchiveDecodingItem, PlistCodingPath) {
        guard let raw = entries[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: path.keys, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        let keyPath = path.appending(key)
        return (try decoder.state.resolve(raw, path: keyPath), keyPath)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try item(for: key).0.isNil }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unboxBool(item, path: keyPath)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unboxString(item, path: keyPath)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unboxDouble(item, path: keyPath)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unboxFloat(item, path: keyPath)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unboxInteger(item, as: type, path: keyPath)
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
        let (item, keyPath) = try item(for: key)
        return try decoder.state.unbox(item, as: type, path: keyPath)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, keyPath) = try item(for: key)
        return try ArchiveDecoderImpl(state: decoder.state, item: item, path: keyPath).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (item, keyPath) = try item(for: key)
        return try ArchiveDecoderImpl(state: decoder.state, item: item, path: keyPath).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let superPath = path.appending(PlistCodingKey.super)
        // A subclass's object holds its superclass's fields, as ArchiveEncoder writes them and
        // as NSCoding classes do.
        if isObject { return ArchiveDecoderImpl(state: decoder.state, item: decoder.item, path: superPath) }
        let item = try entries["super"].map { try decoder.state.resolve($0, path: superPath) } ?? .absent
        return ArchiveDecoderImpl(state: decoder.state, item: item, path: superPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let keyPath = path.appending(key)
        let item = try entries[key.stringValue].map { try decoder.state.resolve($0, path: keyPath) } ?? .absent
        return ArchiveDecoderImpl(state: decoder.state, item: item, path: keyPath)
    }
}
