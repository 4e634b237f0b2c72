import FoundationEssentials

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
