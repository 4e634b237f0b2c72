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
            var result = PlistDictionary(minimumCapacity: dictionary.keys.count)
            for (key, node) in zip(dictionary.keys, dictionary.values) { result[key] = node.plistValue }
            return .dictionary(result)
        case .deferred(let encoder):
            return encoder.node?.plistValue ?? .dictionary(PlistDictionary())
        }
    }
}

/// An array being filled by an unkeyed container.
final class PlistEncodingArray {
    var elements: [PlistEncodingNode] = []
}

/// A dictionary being filled by keyed containers, in encoding order; encoding a key again
/// replaces its value where it stands.
final class PlistEncodingDictionary {
    private(set) var keys: [String] = []
    private(set) var values: [PlistEncodingNode] = []
    private var indexByKey: [String: Int] = [:]

    subscript(key: String) -> PlistEncodingNode? {
        get { indexByKey[key].map { values[$0] } }
        set {
            guard let newValue else { return }
            if let index = indexByKey[key] {
                values[index] = newValue
            } else {
                indexByKey[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }
}
