import FoundationEssentials

/// Writes the fields of an archived object, or the entries of an NSDictionary.
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ArchiveEncoderImpl
    let storage: ArchiveEncodingFields
    let path: PlistCodingPath

    var codingPath: [any CodingKey] { path.keys }

    private func set(_ node: ArchiveEncodingNode, _ key: Key) {
        storage[key.stringValue] = node
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.scalar(.boolean(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.scalar(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.scalar(.real(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.scalar(.real(Double(value))), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(Int64(value)))), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(Int64(value)))), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(Int64(value)))), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(Int64(value)))), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(value))), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(UInt64(value)))), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(UInt64(value)))), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(UInt64(value)))), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(UInt64(value)))), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.scalar(.integer(PlistInteger(value))), key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(.scalar(try value.plistValue(at: path.appending(key))), key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.scalar(try value.plistValue(at: path.appending(key))), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.encodeChild(value, path: path.appending(key)), key)
    }

    // nil is archived as a reference to $null, as `encodeObject(nil, forKey:)` writes it, so
    // that synthesized conformances (which call these for optionals) write every key an
    // NSSecureCoding class with the same keys would.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { set(.null, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested: ArchiveEncodingFields
        switch storage[key.stringValue] {
        case .fields(let existing)?:
            nested = existing
        case nil:
            nested = ArchiveEncodingFields(classChain: nil)
            set(.fields(nested), key)
        case .some:
            // Replacing the value would drop it: reported, and the container writes nowhere.
            encoder.state.recordMisuse(.nestedKeyedContainer(key: key.stringValue), path: path.appending(key))
            nested = ArchiveEncodingFields(classChain: nil)
        }
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(
            encoder: encoder, storage: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: ArchiveEncodingArray
        switch storage[key.stringValue] {
        case .array(let existing)?:
            nested = existing
        case nil:
            nested = ArchiveEncodingArray()
            set(.array(nested), key)
        case .some:
            encoder.state.recordMisuse(.nestedUnkeyedContainer(key: key.stringValue), path: path.appending(key))
            nested = ArchiveEncodingArray()
        }
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
