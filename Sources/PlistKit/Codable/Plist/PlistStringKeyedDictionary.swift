import FoundationEssentials

/// `[String: Value]`, which ``PlistDecoderImpl`` fills itself instead of calling the standard
/// library's `Dictionary.init(from:)`.
///
/// The standard library's initializer is generic code that runs unspecialized: for every entry
/// it makes a `_DictionaryCodingKey`, converts it back to a `String` through a dynamic cast,
/// calls the container through its type-erasing box, and inserts into a dictionary that has
/// not reserved its size, so a large one is rehashed about twenty times as it grows. On the
/// music library (one `[String: Track]` of 50,000 entries) that was a third of the Codable
/// decoding time outside the tracks themselves.
///
/// The result is the one the standard library's initializer gives: the same keys (as the
/// container's `allKeys` names them, after any key strategy), each value decoded by the same
/// `unbox` at the same coding path, and any error the same error (a value that is not a
/// dictionary is handed to the standard library's initializer, which reports it).
protocol PlistStringKeyedDictionary {
    /// The dictionary `decoder`'s value holds, or `nil`, having read nothing, when the value
    /// is not a dictionary.
    static func decodeEntries(with decoder: PlistDecoderImpl) throws -> Self?
}

extension Dictionary: PlistStringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeEntries(with decoder: PlistDecoderImpl) throws -> Self? {
        guard let storage = try decoder.keyedStorageIfDictionary() else { return nil }
        var result = Self(minimumCapacity: storage.entryCount)
        try storage.forEachEntry { key, node in
            // A dictionary key steps into the coding path as the standard library's
            // `_DictionaryCodingKey` does: its text, and its integer value when it is one.
            result[key] = try decoder.unbox(node, as: Value.self, at: storage.path, step: .key(key, intValue: Int(key)))
        }
        return result
    }
}

extension PlistDecodingState {
    /// `type` as a ``PlistStringKeyedDictionary``, or `nil`.
    ///
    /// The last type found not to be one is remembered: the dynamic cast looks the conformance
    /// up each time, and decoding an array of models asks about the same type for every
    /// element.
    @inline(__always)
    func stringKeyedDictionaryType(_ type: Any.Type) -> (any PlistStringKeyedDictionary.Type)? {
        let identifier = ObjectIdentifier(type)
        if identifier == lastTypeNotKeyedByString || !decodesStringKeyedDictionariesDirectly { return nil }
        if let dictionaryType = type as? any PlistStringKeyedDictionary.Type { return dictionaryType }
        lastTypeNotKeyedByString = identifier
        return nil
    }
}

extension PlistDecoderImpl {
    /// Decodes a value of a type that decodes itself from this decoder's value: a
    /// `[String: Value]` by ``PlistStringKeyedDictionary``, any other type by its own
    /// `init(from:)`.
    ///
    /// The initializer is the one of `type`, the metatype the caller passed, not of the static
    /// `Value`: `decode(Employee.self as Person.Type, …)` builds an `Employee`, as Foundation's
    /// decoders do.
    @inline(__always)
    func construct<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let dictionaryType = state.stringKeyedDictionaryType(type) {
            return try constructDictionary(dictionaryType, as: type)
        }
        return try type.init(from: self)
    }

    /// A `[String: Value]` (`Dictionary`, which is `Value`) by
    /// ``PlistStringKeyedDictionary/decodeEntries(with:)``, or by its own `init(from:)` when
    /// the value is no dictionary. (Separate from ``construct(_:)``: an optional `Value` in
    /// unspecialized code looks up `Optional<Value>`'s metadata, which every model decoded
    /// would pay.)
    private func constructDictionary<Dictionary: PlistStringKeyedDictionary, Value: Decodable>(
        _ dictionaryType: Dictionary.Type, as type: Value.Type
    ) throws -> Value {
        guard let dictionary = try Dictionary.decodeEntries(with: self) else { return try type.init(from: self) }
        return sameTypeCast(dictionary, as: Value.self)
    }

    /// The storage of a keyed container on this decoder's value, as `container(keyedBy:)`
    /// makes it, or `nil` when the value is not a dictionary; then the value counts as not
    /// read, since the caller's general path reads it again to report it.
    func keyedStorageIfDictionary() throws -> PlistKeyedDecodingStorage? {
        guard case .dictionary(let dictionary) = try read(node, path: path) else {
            state.valueCount -= 1
            return nil
        }
        return try PlistKeyedDecodingStorage(decoder: self, dictionary: dictionary)
    }
}


/// `[String: Value]`, which ``PlistEncoderImpl`` encodes itself instead of calling the standard
/// library's `Dictionary.encode(to:)`.
///
/// The standard library's method runs unspecialized: a dynamic cast of every key to `String`,
/// a `_DictionaryCodingKey` made for each, and every entry through the keyed container's
/// type-erasing box. This writes what that method writes (each entry, in the dictionary's
/// iteration order, under its key as the key strategy converts it, at the same coding path)
/// into a dictionary of the right size. It is used for a fresh encoder under the default or
/// snake-case key strategy; a custom strategy's closure sees the standard library's keys.
protocol PlistStringKeyedDictionaryEncodable {
    /// Encodes the entries as `encoder`'s value, which must not have one yet.
    func encodeEntries(into encoder: PlistEncoderImpl) throws
}

extension Dictionary: PlistStringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeEntries(into encoder: PlistEncoderImpl) throws {
        let state = encoder.state
        let storage = state.makeDictionary(capacity: count)
        encoder.node = .dictionary(storage)
        for (key, value) in self {
            // As `_DictionaryCodingKey`: the text, and its integer value when it is one.
            let codingKey = PlistCodingKey(dictionaryKey: key)
            storage[state.convertedKey(codingKey, path: encoder.path)] = try encoder.encodeChild(
                value, at: encoder.path, step: .key(key, intValue: codingKey.intValue))
        }
    }
}

extension PlistCodingKey {
    /// The key of a `[String: Value]` entry, as the standard library makes it: `text`, with
    /// its integer value when it is an integer.
    init(dictionaryKey text: String) {
        if let integer = Int(text) {
            self.init(stringValue: text, intValue: integer)
        } else {
            self.init(stringValue: text)
        }
    }
}
