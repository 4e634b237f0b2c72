import FoundationEssentials

/// Reads the fields of an archived object, or the entries of an NSDictionary.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: PlistIntegerKeyedDecodingContainer {
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

    /// Reads the value for `key` with `unbox` (given the value and its path).
    @inline(__always)
    private func read<T>(_ key: Key, _ unbox: (ArchiveDecodingItem, PlistCodingPath) throws -> T) throws -> T {
        let (item, keyPath) = try item(for: key)
        return try unbox(item, keyPath)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try item(for: key).0.isNil }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key, decoder.state.unboxBool) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key, decoder.state.unboxString) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key, decoder.state.unboxDouble) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key, decoder.state.unboxFloat) }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        try read(key) { try decoder.state.unboxInteger($0, as: type, path: $1) }
    }

    /// What the standard library's `decodeIfPresent` does: `nil` for an absent key or a nil
    /// value, else the value.
    @inline(__always)
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeInteger(type, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try read(key) { try decoder.state.unbox($0, as: type, path: $1) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try read(key) { try ArchiveDecoderImpl(state: decoder.state, item: $0, path: $1).container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try read(key) { try ArchiveDecoderImpl(state: decoder.state, item: $0, path: $1).unkeyedContainer() }
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
