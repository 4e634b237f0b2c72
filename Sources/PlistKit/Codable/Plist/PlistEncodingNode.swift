import FoundationEssentials

/// A value being encoded: finished, or a container that nested containers and
/// `superEncoder()`s may still add to.
///
/// Containers are classes because Codable hands out several container values that must all
/// write into the same dictionary or array (a keyed container, the nested containers made from
/// it, a super encoder that finishes later).
enum PlistEncodingNode {
    case value(PlistValue)
    case array(PlistEncodingArray)
    case dictionary(PlistEncodingDictionary)
    /// A `superEncoder()` whose value is read when the tree is finished; nothing encoded
    /// becomes an empty dictionary, as in Foundation.
    case deferred(PlistEncoderImpl)

    /// The finished value.
    var plistValue: PlistValue {
        switch self {
        case .value(let value):
            return value
        case .array(let array):
            return .array(array.elements.map(\.plistValue))
        case .dictionary(let dictionary):
            // Built in one go; a key encoded twice keeps its first position and last value.
            return .dictionary(PlistDictionary(readingKeys: dictionary.keys, values: dictionary.values.map(\.plistValue)))
        case .deferred(let encoder):
            return encoder.node?.plistValue ?? .dictionary(PlistDictionary())
        }
    }
}

/// An array being filled by an unkeyed container.
///
/// The containers' arrays skip dynamic exclusivity checks, which cost more than the appends
/// they guard (a fifth to a quarter of an encode's instructions): one encode runs on one
/// thread and never holds two accesses to one container. Docs/Architecture.md lists this
/// among the few places that may use an unchecked construct.
final class PlistEncodingArray {
    @exclusivity(unchecked) var elements: [PlistEncodingNode] = []
}

/// A dictionary being filled by keyed containers, in encoding order.
///
/// Entries are appended without looking for the key: a key encoded again is resolved when the
/// dictionary is finished (``PlistEncodingNode/plistValue``), keeping its first position and
/// its last value. Checking every key as it is encoded cost a hash table per dictionary.
final class PlistEncodingDictionary {
    @exclusivity(unchecked) private(set) var keys: [String] = []
    @exclusivity(unchecked) private(set) var values: [PlistEncodingNode] = []

    /// Creates an empty dictionary with room for `capacity` entries (see
    /// ``PlistEncodingState/makeDictionary(for:)``): growing two arrays from empty one append
    /// at a time reallocated them half a dozen times per model.
    init(capacity: Int = 0) {
        if capacity > 0 {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }
    }

    /// The number of entries appended so far (a key encoded twice counts twice).
    var count: Int { keys.count }

    subscript(key: String) -> PlistEncodingNode? {
        // The value encoded last for `key` (read only to extend a nested container).
        get {
            keys.lastIndex { ExactKey.exactlyEqual($0, key) }.map { values[$0] }
        }
        // Inlined into the keyed container's scalar witnesses: a call here per scalar cost
        // about 1% of Codable encode.
        @inline(__always) set {
            guard let newValue else { return }
            keys.append(key)
            values.append(newValue)
        }
    }
}
