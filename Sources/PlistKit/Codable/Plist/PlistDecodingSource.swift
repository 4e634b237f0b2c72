import FoundationEssentials

// Where the decoder reads values from: a `PlistValue` tree, or the bytes of a binary plist read
// lazily (`PlistBinaryDecodingSource`). Both run the same decoding code and give the same values
// and errors.
//
// These are concrete enums rather than a protocol the decoder is generic over: the decoder's
// methods are reached through the `Decoder` and container protocols, so generic code there runs
// unspecialized, and every use of a type built from the source's associated types cost a runtime
// metadata lookup (a quarter of the decoding time when it was generic).

/// A reference to one value: a value in memory, or an object of the binary source.
enum PlistDecodingNode {
    case value(PlistValue)
    case object(Int)
}

/// A dictionary the decoder looks into.
enum PlistDecodingDictionary {
    case value(PlistDictionary)
    case object(PlistBinaryDecodingSource.Dictionary)

    /// The keys, distinct, in the order the file has them.
    var keys: [String] {
        switch self {
        case .value(let dictionary): return dictionary.keys
        case .object(let dictionary): return dictionary.keys
        }
    }

    /// The number of entries, distinct keys each.
    var count: Int {
        switch self {
        case .value(let dictionary): return dictionary.count
        case .object(let dictionary): return dictionary.entries.count
        }
    }

    /// The value at `position`, the position of its key in ``keys``.
    func node(at position: Int) -> PlistDecodingNode {
        switch self {
        case .value(let dictionary): return .value(dictionary.values[position])
        case .object(let dictionary): return .object(dictionary.entries[position].value)
        }
    }

    /// The value for `key`, or `nil` when it is absent.
    ///
    /// `next`, the position after the last key found in this dictionary, is tried before a
    /// search, checked against the key there (a type that reads its keys in the file's order,
    /// as a `[String: T]` does in `allKeys` order, finds each one there), and is updated to
    /// follow the key found.
    @inline(__always)
    func node(forKey key: String, next: inout Int) -> PlistDecodingNode? {
        switch self {
        case .value(let dictionary):
            let keys = dictionary.keys
            let hit = next < keys.count && ExactKey.exactlyEqualExpectingMatch(keys[next], key)
            guard let position = hit ? next : dictionary.index(forKey: key) else { return nil }
            next = position + 1
            return .value(dictionary.values[position])
        case .object(let dictionary):
            guard let position = dictionary.position(ofKey: key, next: &next) else { return nil }
            return .object(dictionary.entries[position].value)
        }
    }
}

/// An array the decoder reads elements of.
enum PlistDecodingArray {
    case value([PlistValue])
    case object(PlistBinaryDecodingSource.Array)

    /// The number of elements.
    var count: Int {
        switch self {
        case .value(let array): return array.count
        case .object(let array): return array.count
        }
    }

    /// The element at `index`, which is in `0..<count`.
    /// - Throws: ``PlistError`` when the bytes behind the array are malformed.
    func node(at index: Int) throws -> PlistDecodingNode {
        switch self {
        case .value(let array): return .value(array[index])
        case .object(let array): return .object(try array.node(at: index))
        }
    }
}

extension PlistDecodingItem {
    /// The item for a value in memory.
    init(_ value: PlistValue) {
        switch value {
        case .string(let v): self = .string(v)
        case .integer(let v): self = .integer(v)
        case .real(let v): self = .real(v)
        case .boolean(let v): self = .boolean(v)
        case .date(let v): self = .date(v)
        case .data(let v): self = .data(v)
        case .uid(let v): self = .uid(v)
        case .array(let v): self = .array(.value(v))
        case .dictionary(let v): self = .dictionary(.value(v))
        }
    }
}
