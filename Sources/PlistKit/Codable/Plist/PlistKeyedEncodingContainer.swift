import FoundationEssentials

/// Writes keyed values into a dictionary being encoded.
struct PlistKeyedEncodingContainer<Key: CodingKey>: PlistScalarKeyedEncodingContainer {
    let encoder: PlistEncoderImpl
    let storage: PlistEncodingDictionary
    /// The path of a nested container; `nil` for the encoder's own container, whose path is
    /// the encoder's, made only if it is needed.
    let nestedPath: PlistCodingPath?

    var path: PlistCodingPath { nestedPath ?? encoder.path }

    var codingPath: [any CodingKey] { path.keys }

    // Inlined into every scalar witness with the store below (see PlistScalarContainers.swift).
    @inline(__always)
    private func converted(_ key: Key) -> String {
        encoder.state.convertedKey(key, path: path)
    }

    mutating func encodeNil(forKey key: Key) throws {
        // Foundation's marker for nil; synthesized conformances omit nil properties instead.
        storage[converted(key)] = .value(.string("$null"))
    }

    @inline(__always)
    mutating func encodeScalar(_ value: PlistValue, forKey key: Key) throws {
        storage[converted(key)] = .value(value)
    }

    /// An absent optional writes nothing.
    @inline(__always) mutating func encodeAbsent(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        storage[converted(key)] = try encoder.encodeChild(value, at: path, step: PlistCodingPath.Step(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = converted(key)
        let nested = requestedContainer(
            at: storage[name], existing: { if case .dictionary(let dictionary) = $0 { dictionary } else { nil } },
            make: { encoder.state.makeDictionary(for: NestedKey.self) }, store: { storage[name] = .dictionary($0) },
            misuse: {
                encoder.state.recordMisuse(.nestedKeyedContainer(key: name), path: path.appending(key))
                return PlistEncodingDictionary()
            })
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<NestedKey>(
            encoder: encoder, storage: nested, nestedPath: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = converted(key)
        let nested = requestedContainer(
            at: storage[name], existing: { if case .array(let array) = $0 { array } else { nil } },
            make: { PlistEncodingArray() }, store: { storage[name] = .array($0) },
            misuse: {
                encoder.state.recordMisuse(.nestedUnkeyedContainer(key: name), path: path.appending(key))
                return PlistEncodingArray()
            })
        return PlistUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestedPath: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        // Foundation writes the superclass's value under "super", not converted by the key
        // strategy.
        superEncoder(named: PlistCodingKey.super.stringValue, path: path.appending(PlistCodingKey.super))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: converted(key), path: path.appending(key))
    }

    /// A super encoder whose value is written under `name` when the tree is finished. A key
    /// that already holds a container or another super encoder is a misuse (their values would
    /// be dropped); a plain value there is replaced, as `encode(_:forKey:)` replaces it.
    private func superEncoder(named name: String, path: PlistCodingPath) -> any Encoder {
        let child = PlistEncoderImpl(state: encoder.state, path: path)
        switch storage[name] {
        case nil, .value?:
            storage[name] = .deferred(child)
        case .array?, .dictionary?, .deferred?:
            encoder.state.recordMisuse(.superEncoder(key: name), path: path)
        }
        return child
    }
}
