import FoundationEssentials

// How both encoders answer a request for a container or a single value at a place that may
// already hold what was encoded there (an encoder's own value, or the entry under a keyed
// container's key). The rules are Foundation's, with its traps turned into the misuses of
// ``EncodingMisuse``; each encoder only says what its nodes and storage are.

/// The storage for a container requested where `current` is what was encoded so far.
///
/// A container of the kind asked for (`existing` finds it) is added to, as Foundation does;
/// where nothing was encoded, `make` makes one and `store` puts it there. Anything else is a
/// misuse: replacing the value would drop it, so `misuse` records it and returns storage of
/// its own that writes nowhere. Inlined, so that the closures cost nothing on the path every
/// keyed container takes.
@inline(__always)
func requestedContainer<Node, Storage>(
    at current: Node?, existing: (Node) -> Storage?, make: () -> Storage,
    store: (Storage) -> Void, misuse: () -> Storage
) -> Storage {
    guard let current else {
        let storage = make()
        store(storage)
        return storage
    }
    return existing(current) ?? misuse()
}

/// An encoder that is its own single-value container: it holds the one node its value
/// encoded, and a second value is a misuse.
///
/// The 128-bit integers are written here rather than in ``PlistScalarEncodingContainer``:
/// this protocol refines `SingleValueEncodingContainer`, so its methods win over the standard
/// library's defaults instead of tying with them.
protocol PlistSingleValueEncoder: AnyObject, SingleValueEncodingContainer, PlistScalarEncodingContainer {
    associatedtype Node
    /// What the value encoded so far.
    var node: Node? { get set }
    /// The coding path of the value being encoded.
    var path: PlistCodingPath { get }
    /// The node of an encoded `nil`.
    static var nullNode: Node { get }
    /// The node of an encoded scalar.
    static func scalarNode(_ value: PlistValue) -> Node
    /// Records `misuse` at this encoder's path.
    func recordMisuse(_ misuse: EncodingMisuse)
    /// Encodes `value` at this encoder's own path, by a new encoder: the value may ask it for
    /// containers.
    func encodeChildHere<Value: Encodable>(_ value: Value) throws -> Node
}

extension PlistSingleValueEncoder {
    /// Whether the encoder holds nothing yet and may take a single value; if not, the misuse
    /// is recorded.
    @inline(__always)
    private func acceptsSingleValue() -> Bool {
        guard node == nil else {
            recordMisuse(.singleValue)
            return false
        }
        return true
    }

    func encodeNil() throws {
        if acceptsSingleValue() { node = Self.nullNode }
    }

    @inline(__always) func encodeScalar(_ value: PlistValue) throws {
        if acceptsSingleValue() { node = Self.scalarNode(value) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { try encodeScalar(try value.plistValue(at: path)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { try encodeScalar(try value.plistValue(at: path)) }

    func encode<T: Encodable>(_ value: T) throws {
        // Checked before encoding too, so that a value that encodes itself is not encoded in
        // vain (and records no misuses of its own).
        guard acceptsSingleValue() else { return }
        let newNode = try encodeChildHere(value)
        if acceptsSingleValue() { node = newNode }
    }
}
