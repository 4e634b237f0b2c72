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

    /// Dictionaries in memory up to this many keys are scanned for a key's representation
    /// before they are searched by text.
    static let largestScannedByRepresentation = 24

    /// The value for `key`, or `nil` when it is absent.
    ///
    /// Two positions are tried before a search, each checked against the key there: the one
    /// `memo` remembers for the key (the same field of the previous model read), then `next`,
    /// the position after the last key found in this dictionary (a type that reads every key
    /// in turn, as a `[String: T]` does in `allKeys` order, finds each one there). The position
    /// found is remembered in both.
    @inline(__always)
    func node(forKey key: String, memo: PlistKeyPositionMemo, next: inout Int) -> PlistDecodingNode? {
        switch self {
        case .value(let dictionary):
            let hint = memo.position(of: key)
            let keys = dictionary.keys
            var found: Int? = nil
            if hint >= 0, hint < keys.count, ExactKey.exactlyEqual(keys[hint], key) {
                found = hint
            } else if next < keys.count, ExactKey.exactlyEqual(keys[next], key) {
                found = next
            } else if keys.count <= Self.largestScannedByRepresentation {
                // A key present in some dictionaries and not others shifts the positions after
                // it, so hints go stale; in a small dictionary, a scan for the same
                // representation (a few instructions a key, and how short keys usually match)
                // comes before the full lookup. (Large dictionaries are indexed: a scan would
                // make them quadratic.)
                found = keys.withUnsafeBufferPointer { keys in
                    keys.firstIndex { ExactKey.identicalRepresentation($0, key) }
                }
            }
            guard let position = found ?? dictionary.index(forKey: key) else { return nil }
            if position != hint { memo.remember(key, at: position) }
            next = position + 1
            return .value(dictionary.values[position])
        case .object(let dictionary):
            guard let position = dictionary.position(ofKey: key, memo: memo, next: &next) else { return nil }
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
