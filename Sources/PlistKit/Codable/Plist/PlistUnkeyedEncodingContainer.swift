import FoundationEssentials

/// Appends values to an array being encoded.
struct PlistUnkeyedEncodingContainer: UnkeyedEncodingContainer, PlistScalarEncodingContainer {
    let encoder: PlistEncoderImpl
    let storage: PlistEncodingArray
    /// The path of a nested container; `nil` for the encoder's own container, whose path is
    /// the encoder's, made only if it is needed.
    let nestedPath: PlistCodingPath?

    var path: PlistCodingPath { nestedPath ?? encoder.path }

    var codingPath: [any CodingKey] { path.keys }

    var count: Int { storage.count }

    mutating func encodeNil() throws {
        // Foundation writes nil in an array as the string "$null".
        storage.append(.value(.string("$null")))
    }

    @inline(__always)
    mutating func encodeScalar(_ value: PlistValue) throws {
        storage.append(.value(value))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        storage.append(.value(try value.plistValue(at: path.appending(index: storage.count))))
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        storage.append(.value(try value.plistValue(at: path.appending(index: storage.count))))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try encoder.encodeChild(value, at: path, step: .index(storage.count))
        storage.append(node)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoder.state.makeDictionary(for: NestedKey.self)
        let nestedPath = path.appending(index: storage.count)
        storage.append(.dictionary(nested))
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, nestedPath: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = PlistEncodingArray()
        let nestedPath = path.appending(index: storage.count)
        storage.append(.array(nested))
        return PlistUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestedPath: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = PlistEncoderImpl(state: encoder.state, path: path.appending(index: storage.count))
        storage.append(.deferred(child))
        return child
    }
}
