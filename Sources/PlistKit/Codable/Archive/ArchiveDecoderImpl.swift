import FoundationEssentials

/// The `Decoder` that ``ArchiveDecoder`` hands to `init(from:)`: one resolved value of the
/// archive at a coding path.
final class ArchiveDecoderImpl: Decoder {
    let state: ArchiveDecodingState
    let item: ArchiveDecodingItem
    let path: PlistCodingPath

    init(state: ArchiveDecodingState, item: ArchiveDecodingItem, path: PlistCodingPath) {
        self.state = state
        self.item = item
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .instance(let instance) = item else {
            if item.isNil {
                throw DecodingError.valueNotFound(KeyedDecodingContainer<Key>.self, DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Cannot get keyed decoding container -- found nil instead."))
            }
            throw state.mismatch([String: Any].self, item, path: path, expected: "an object or NSDictionary")
        }
        let entries: PlistDictionary
        let isObject: Bool
        if instance.className == "NSDictionary" || instance.className == "NSMutableDictionary" {
            entries = try dictionaryEntries(instance)
            isObject = false
        } else {
            entries = instance.fields
            isObject = true
        }
        return KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(
            decoder: self, entries: entries, isObject: isObject, path: path))
    }

    /// The entries of an NSDictionary: `NS.keys` resolved to strings, paired with the raw
    /// references of `NS.objects`.
    private func dictionaryEntries(_ instance: ArchivedInstance) throws -> PlistDictionary {
        guard case .array(let keys)? = instance[field: "NS.keys"], case .array(let values)? = instance[field: "NS.objects"] else {
            throw state.corrupt("NSDictionary $objects[\(instance.index)] lacks the NS.keys and NS.objects arrays", path: path)
        }
        guard keys.count == values.count else {
            throw state.corrupt("NSDictionary $objects[\(instance.index)] has \(keys.count) keys but \(values.count) values", path: path)
        }
        var entries = PlistDictionary(minimumCapacity: keys.count)
        for (i, rawKey) in keys.enumerated() {
            let keyPath = path.appending(PlistCodingKey(stringValue: "NS.keys")).appending(index: i)
            let key = try state.unboxString(try state.resolve(rawKey, path: keyPath), path: keyPath)
            entries[key] = values[i]
        }
        return entries
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch item {
        case .inlineArray(let elements):
            return ArchiveUnkeyedDecodingContainer(decoder: self, elements: elements, path: path)
        case .instance(let instance) where ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet"].contains(instance.className):
            guard case .array(let elements)? = instance[field: "NS.objects"] else {
                throw state.corrupt("\(instance.className) $objects[\(instance.index)] lacks its NS.objects array", path: path)
            }
            return ArchiveUnkeyedDecodingContainer(decoder: self, elements: elements, path: path)
        default:
            if item.isNil {
                throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Cannot get unkeyed decoding container -- found nil instead."))
            }
            throw state.mismatch([Any].self, item, path: path, expected: "an NSArray")
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}
