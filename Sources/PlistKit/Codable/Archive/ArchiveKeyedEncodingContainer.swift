import FoundationEssentials

/// Writes the fields of an archived object, or the entries of an NSDictionary.
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: PlistScalarKeyedEncodingContainer {
    let encoder: ArchiveEncoderImpl
    let storage: ArchiveEncodingFields
    let path: PlistCodingPath

    var codingPath: [any CodingKey] { path.keys }

    private func set(_ node: ArchiveEncodingNode, _ key: Key) {
        storage[key.stringValue] = node
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    @inline(__always) mutating func encodeScalar(_ value: PlistValue, forKey key: Key) throws { set(.scalar(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.encodeChild(value, path: path.appending(key)), key)
    }

    // nil is archived as a reference to $null, as `encodeObject(nil, forKey:)` writes it, so
    // that synthesized conformances (which call `encodeIfPresent` for optionals) write every
    // key an NSSecureCoding class with the same keys would.
    @inline(__always) mutating func encodeAbsent(forKey key: Key) throws { set(.null, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = requestedContainer(
            at: storage[key.stringValue], existing: { if case .fields(let fields) = $0 { fields } else { nil } },
            make: { ArchiveEncodingFields(classChain: nil) }, store: { set(.fields($0), key) },
            misuse: {
                encoder.state.recordMisuse(.nestedKeyedContainer(key: key.stringValue), path: path.appending(key))
                return ArchiveEncodingFields(classChain: nil)
            })
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(
            encoder: encoder, storage: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = requestedContainer(
            at: storage[key.stringValue], existing: { if case .array(let array) = $0 { array } else { nil } },
            make: { ArchiveEncodingArray() }, store: { set(.array($0), key) },
            misuse: {
                encoder.state.recordMisuse(.nestedUnkeyedContainer(key: key.stringValue), path: path.appending(key))
                return ArchiveEncodingArray()
            })
        return ArchiveUnkeyedEncodingContainer(encoder: encoder, storage: nested, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        if storage.classChain != nil {
            // An NSCoding subclass writes its superclass's fields into the same object, so the
            // super encoder writes here too: an NSSecureCoding class hierarchy with the same
            // keys reads the object.
            return ArchiveEncoderImpl(state: encoder.state, path: path.appending(PlistCodingKey.super),
                                      classChain: storage.classChain, node: .fields(storage))
        }
        return superEncoder(named: PlistCodingKey.super.stringValue, path: path.appending(PlistCodingKey.super))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue, path: path.appending(key))
    }

    /// A super encoder whose value is written under `name` when the object is archived. A
    /// key that already holds a container or another super encoder is a misuse (their values
    /// would be dropped); a plain value there is replaced, as `encode(_:forKey:)` replaces it.
    private func superEncoder(named name: String, path: PlistCodingPath) -> any Encoder {
        let child = ArchiveEncoderImpl(state: encoder.state, path: path, classChain: nil)
        switch storage[name] {
        case nil, .scalar?, .null?, .foundation?:
            storage[name] = .deferred(child)
        case .fields?, .array?, .deferred?:
            encoder.state.recordMisuse(.superEncoder(key: name), path: path)
        }
        return child
    }
}
