import FoundationEssentials

/// Appends the elements of an NSArray being archived.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer, PlistScalarEncodingContainer {
    let encoder: ArchiveEncoderImpl
    let storage: ArchiveEncodingArray
    let path: PlistCodingPath

    var codingPath: [any CodingKey] { path.keys }

    var count: Int { storage.elements.count }

    private func append(_ node: ArchiveEncodingNode) {
        storage.elements.append(node)
    }

    // nil in a collection is archived as NSNull (an NSArray cannot hold nil).
    mutating func encodeNil() throws { append(.null) }
    @inline(__always) mutating func encodeScalar(_ value: PlistValue) throws { append(.scalar(value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append(.scalar(try value.plistValue(at: path.appending(index: count)))) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append(.scalar(try value.plistValue(at: path.appending(index: count)))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encoder.encodeChild(value, path: path.appending(index: storage.elements.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ArchiveEncodingFields(classChain: nil)
        let nestedPath = path.appending(index: storage.elements.count)
        append(.fields(nested))
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArchiveEncodingArray()
        let nestedPath = path.appending(index: storage.elements.count)
        append(.array(nested))
        return ArchiveUnkeyedEncodingContainer(encoder: encoder, storage: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = ArchiveEncoderImpl(state: encoder.state, path: path.appending(index: storage.elements.count), classChain: nil)
        append(.deferred(child))
        return child
    }
}
