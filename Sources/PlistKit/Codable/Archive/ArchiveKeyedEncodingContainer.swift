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
        if case .fields(let existing)? = storage[key.stringValue] {
            nested = existing
        } else {
            nested = ArchiveEncodingFields(classChain: nil)
            set(.fields(nested), key)
        }
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(
            encoder: encoder, storage: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: ArchiveEncodingArray
        if case .array(let existing)? = storage[key.stringValue] {
            nested = existing
        } else {
            nested = ArchiveEncodingArray()
            set(.array(nested), key)
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
        let child = ArchiveEncoderImpl(state: encoder.state, path: path.appending(PlistCodingKey.super), classChain: nil)
        storage[PlistCodingKey.super.stringValue] = .deferred(child)
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = ArchiveEncoderImpl(state: encoder.state, path: path.appending(key), classChain: nil)
        set(.deferred(child), key)
        return child
    }
}
