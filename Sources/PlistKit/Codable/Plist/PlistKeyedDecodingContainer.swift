import FoundationEssentials

/// Reads keyed values from a dictionary of the source.
///
/// The container is one reference to a non-generic ``PlistKeyedDecodingStorage``: the standard
/// library's `KeyedDecodingContainer` box copies the container for every call, and with the
/// fields inline each copy retained and released all of them. Everything that does not depend
/// on `Key` lives in the storage, whose code is compiled once and fully optimized; the methods
/// here, which run unspecialized for most `Key` types, only read `key.stringValue` and call
/// non-generic (or concretely typed) functions.
struct PlistKeyedDecodingContainer<Key: CodingKey>: PlistIntegerKeyedDecodingContainer {
    let storage: PlistKeyedDecodingStorage

    init(decoder: PlistDecoderImpl, dictionary: PlistDictionary) throws {
        storage = try PlistKeyedDecodingStorage(decoder: decoder, dictionary: dictionary)
    }

    private var decoder: PlistDecoderImpl { storage.decoder }
    private var path: PlistCodingPath { storage.path }

    var codingPath: [any CodingKey] { storage.path.keys }

    var allKeys: [Key] {
        Key.keys(forTexts: storage.typeKeys)
    }

    func contains(_ key: Key) -> Bool {
        storage.node(forKey: key.stringValue) != nil
    }

    private func requiredNode(for key: Key) throws -> PlistValue {
        guard let node = storage.node(forKey: key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: path.keys, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    private func item(for key: Key) throws -> PlistValue {
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

    // The integer widths (``PlistIntegerKeyedDecodingContainer``) call these with their
    // concrete types. They are inlined there: a helper generic over the width (and, as a
    // member, over `Key`) is not specialized, and its unspecialized body looked up
    // `Optional<T>`'s metadata at run time for every integer decoded.
    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unboxInteger(try item(for: key), as: type, path: path.appending(key))
    }

    // MARK: Optional values
    //
    // The standard `decodeIfPresent` looks the key up three times (`contains`, `decodeNil`,
    // `decode`) and reads the value twice. These look it up once and read it once (so a value
    // read this way counts once against the value limit, not twice); what they return and
    // throw is the same: `nil` for an absent key or the null marker, else the value or the
    // error `decode` gives.

    /// The value for `key`, or `nil` when the dictionary lacks it or holds the null marker.
    private func presentItem(for key: Key) throws -> PlistValue? {
        guard let node = storage.node(forKey: key.stringValue) else { return nil }
        let item = try decoder.read(node, path: path.appending(key))
        return item.isNullMarker ? nil : item
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentItem(for: key).map { try decoder.unboxBool($0, path: path.appending(key)) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentItem(for: key).map { try decoder.unboxString($0, path: path.appending(key)) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentItem(for: key).map { try decoder.unboxDouble($0, path: path.appending(key)) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try presentItem(for: key).map { try decoder.unboxFloat($0, path: path.appending(key)) }
    }

    // No `Optional.map` here: its closure, generic over the width, stayed unspecialized in
    // the inlined witnesses and cost a call through `T`'s metadata for every integer read.
    @inline(__always)
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let item = try presentItem(for: key) else { return nil }
        return try decoder.unboxInteger(item, as: type, path: path.appending(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = storage.node(forKey: key.stringValue), !(try decoder.read(node, path: path.appending(key))).isNullMarker else { return nil }
        return try decoder.unbox(node, as: type, at: path, step: PlistCodingPath.Step(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(try requiredNode(for: key), as: type, at: path, step: PlistCodingPath.Step(key))
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
        return try decoder.child(storage.node(forFileKey: superKey.stringValue), path: path.appending(superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.child(storage.node(forKey: key.stringValue), path: path.appending(key))
    }
}

/// What a ``PlistKeyedDecodingContainer`` reads: the dictionary, where it sits, and for a
/// converting key strategy the mapping from the type's keys to the file's.
final class PlistKeyedDecodingStorage {
    let decoder: PlistDecoderImpl
    let dictionary: PlistDictionary
    /// The container's path: its decoder's, made only if it is needed.
    var path: PlistCodingPath { decoder.path }
    /// For a converting key strategy: the file's key for each key of the type (the first file
    /// key wins when two convert to the same key).
    private let fileKeyByTypeKey: [String: String]?
    /// For a converting key strategy: the type's keys, in the file's order.
    private let convertedKeys: [String]

    init(decoder: PlistDecoderImpl, dictionary: PlistDictionary) throws {
        self.decoder = decoder
        self.dictionary = dictionary
        let convert: (String) -> String
        switch decoder.state.keyStrategy {
        case .useDefaultKeys:
            fileKeyByTypeKey = nil
            convertedKeys = []
            return
        case .convertFromSnakeCase:
            convert = PlistKeyConversion.camelCase
        case .custom(let custom):
            let base = decoder.path.keys
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

    /// The keys as the type names them, in the file's order.
    var typeKeys: [String] { fileKeyByTypeKey == nil ? dictionary.keys : convertedKeys }

    /// The number of ``typeKeys``.
    var entryCount: Int { fileKeyByTypeKey == nil ? dictionary.count : convertedKeys.count }

    /// Calls `body` with each of ``typeKeys`` and its value, in order: what reading every
    /// key of `allKeys` in turn reads, without a lookup per key when the keys are the file's.
    func forEachEntry(_ body: (String, PlistValue) throws -> Void) throws {
        guard fileKeyByTypeKey != nil else {
            for (key, value) in zip(dictionary.keys, dictionary.values) {
                try body(key, value)
            }
            return
        }
        for key in convertedKeys {
            // Every converted key maps to a key of the file; this is the error
            // `decode(_:forKey:)` would give if one did not.
            guard let node = node(forKey: key) else {
                throw DecodingError.keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(
                    codingPath: path.keys, debugDescription: "No value associated with key \(key)."))
            }
            try body(key, node)
        }
    }

    /// The position after the last key found, tried before a search: a type that reads its
    /// keys in the file's order, as a `[String: T]` does in `allKeys` order, finds each one
    /// there.
    private var nextPosition = 0

    /// The value for the type's key `typeKey`, or `nil` when the dictionary lacks it.
    @inline(__always)
    func node(forKey typeKey: String) -> PlistValue? {
        guard let fileKeyByTypeKey else { return node(forFileKey: typeKey) }
        guard let fileKey = fileKeyByTypeKey[typeKey] else { return nil }
        return node(forFileKey: fileKey)
    }

    /// The value for the file's key `fileKey` (no key conversion), or `nil`.
    @inline(__always)
    func node(forFileKey fileKey: String) -> PlistValue? {
        let keys = dictionary.keys
        let hit = nextPosition < keys.count && ExactKey.exactlyEqualExpectingMatch(keys[nextPosition], fileKey)
        guard let position = hit ? nextPosition : dictionary.index(forKey: fileKey) else { return nil }
        nextPosition = position + 1
        return dictionary.values[position]
    }
}
