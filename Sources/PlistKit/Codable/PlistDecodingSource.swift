import FoundationEssentials

/// One value as the decoder sees it: a scalar, or a container it can look into without having
/// read the container's contents.
enum PlistDecodingItem<Dictionary, Array> {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case uid(UInt32)
    case array(Array)
    case dictionary(Dictionary)

    /// Whether this is Foundation's marker for `nil`, the string `"$null"`.
    var isNullMarker: Bool {
        if case .string(let text) = self { return text == "$null" }
        return false
    }

    /// The type named as Foundation's decoder names it in errors ("a real number").
    var typeDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "a data value"
        case .uid: return "an NSKeyedArchiver UID"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}

/// Where the decoder reads values from: a ``PlistValue`` tree, or the bytes of a binary plist
/// read lazily. The decoder is generic over its source, so both paths run the same decoding
/// code and give the same values and errors.
protocol PlistDecodingSource {
    /// A reference to one value.
    associatedtype Node
    /// A dictionary, looked up by key.
    associatedtype Dictionary: PlistDecodingDictionary where Dictionary.Node == Node
    /// An array, read by index.
    associatedtype Array: PlistDecodingArray where Array.Node == Node

    /// Reads one value: a scalar's contents, or a container's handle.
    /// - Throws: ``PlistError`` when the bytes behind the node are malformed.
    func item(_ node: Node) throws -> PlistDecodingItem<Dictionary, Array>
}

/// A dictionary the decoder looks into.
protocol PlistDecodingDictionary {
    associatedtype Node
    /// The keys, in the order the file has them.
    var keys: [String] { get }
    /// The value for `key`, or `nil` when it is absent.
    /// - Throws: ``PlistError`` when the bytes behind the dictionary are malformed.
    func node(forKey key: String) throws -> Node?
}

/// An array the decoder reads elements of.
protocol PlistDecodingArray {
    associatedtype Node
    /// The number of elements.
    var count: Int { get }
    /// The element at `index`, which is in `0..<count`.
    /// - Throws: ``PlistError`` when the bytes behind the array are malformed.
    func node(at index: Int) throws -> Node
}

/// Decoding from a value tree already in memory.
struct PlistValueDecodingSource: PlistDecodingSource {
    func item(_ node: PlistValue) -> PlistDecodingItem<PlistDictionary, [PlistValue]> {
        switch node {
        case .string(let v): return .string(v)
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .boolean(let v): return .boolean(v)
        case .date(let v): return .date(v)
        case .data(let v): return .data(v)
        case .uid(let v): return .uid(v)
        case .array(let v): return .array(v)
        case .dictionary(let v): return .dictionary(v)
        }
    }
}

extension PlistDictionary: PlistDecodingDictionary {
    func node(forKey key: String) -> PlistValue? { self[key] }
}

extension Array: PlistDecodingArray where Element == PlistValue {
    func node(at index: Int) -> PlistValue { self[index] }
}
