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
/// Its stored array is accessed as ``PlistEncodingDictionary``'s are, so that release builds
/// check its exclusivity at compile time.
final class PlistEncodingArray {
    /// `nil` only inside `append(_:)`.
    private var storedElements: [PlistEncodingNode]? = []

    /// The elements appended so far.
    var elements: [PlistEncodingNode] { storedElements ?? [] }

    /// The number of elements appended so far.
    var count: Int { storedElements?.count ?? 0 }

    // Inlined into the unkeyed container's witnesses: a call per element cost 0.3 % of a
    // Codable encode of an Info.plist.
    @inline(__always)
    func append(_ node: consuming PlistEncodingNode) {
        var elements = storedElements.take() ?? []
        elements.append(node)
        var left: [PlistEncodingNode]? = elements
        swap(&left, &storedElements)
        // `left` is the nil that take() left behind. Testing it spares a release call per
        // append: the optimizer cannot see through the append's calls that it is nil.
        guard left == nil else { return }
    }
}

/// A dictionary being filled by keyed containers, in encoding order.
///
/// Entries are appended without looking for the key: a key encoded again is resolved when the
/// dictionary is finished (``PlistEncodingNode/plistValue``), keeping its first position and
/// its last value. Checking every key as it is encoded cost a hash table per dictionary.
///
/// Every access to the stored arrays only loads or stores, with no call inside: an entry is
/// appended to the arrays taken out into locals, which are then swapped back in, since growing
/// an array may release its old buffer and a release may run any deinit. Release builds
/// compile the module whole, and the optimizer (its AccessEnforcementWMO pass) then proves
/// every access to them exclusive and drops the runtime checks, a pair of calls per array and
/// entry that cost a Codable encode a fifth to a quarter more instructions. An access with a
/// call inside, anywhere in the module, brings that property's checks back: still safe, only
/// slower.
final class PlistEncodingDictionary {
    /// `nil` only inside the subscript's setter, as `storedValues` is.
    private var storedKeys: [String]?
    private var storedValues: [PlistEncodingNode]?

    /// The keys appended so far, a key encoded twice appearing twice.
    var keys: [String] { storedKeys ?? [] }

    /// The values appended so far, one for each of ``keys``.
    var values: [PlistEncodingNode] { storedValues ?? [] }

    /// Creates an empty dictionary with room for `capacity` entries (see
    /// ``PlistEncodingState/makeDictionary(for:)``): growing two arrays from empty one append
    /// at a time reallocated them half a dozen times per model.
    init(capacity: Int = 0) {
        var keys: [String] = [], values: [PlistEncodingNode] = []
        if capacity > 0 {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }
        storedKeys = keys
        storedValues = values
    }

    /// The number of entries appended so far (a key encoded twice counts twice).
    var count: Int { storedKeys?.count ?? 0 }

    subscript(key: String) -> PlistEncodingNode? {
        // The value encoded last for `key` (read only to extend a nested container).
        get {
            let keys = self.keys, values = self.values
            return keys.lastIndex { ExactKey.exactlyEqual($0, key) }.map { values[$0] }
        }
        // Inlined into the keyed container's scalar witnesses: a call here per scalar cost
        // about 1% of Codable encode.
        @inline(__always) set {
            guard let newValue else { return }
            var keys = storedKeys.take() ?? [], values = storedValues.take() ?? []
            keys.append(key)
            values.append(newValue)
            var leftKeys: [String]? = keys, leftValues: [PlistEncodingNode]? = values
            swap(&leftKeys, &storedKeys)
            swap(&leftValues, &storedValues)
            // Both are the nils that take() left behind (see PlistEncodingArray.append(_:)).
            guard leftKeys == nil, leftValues == nil else { return }
        }
    }
}
