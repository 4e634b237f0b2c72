/// Where the bytes of a property-list file go, by key path, as `du` tells for folders: what
/// `plist-inspect du` shows.
///
/// Each node is a value at a key path with the bytes the file spends on it, its children
/// included:
///
/// - In a binary file, a value's bytes are its object's bytes (marker, length and payload; a
///   container's references; a dictionary's key strings met there first) plus its entry in
///   the offset table, and its children's. An object referred to from several places (Apple's
///   writer stores equal strings and numbers once) is counted once, where the walk meets it
///   first in key order; every other place is a node of 0 bytes marked ``Node/sharedWith``.
///   So the root's bytes and the ``overhead`` (the header, the trailer, objects nothing
///   refers to, unused bytes) add up to the file's size, and the map has one node per
///   reference, never one per expanded path.
/// - In a text file, a value's bytes are those of its span, from its first byte to its last
///   (a container's brackets, keys and white space inside it included). The root's bytes
///   and the text around the root value add up to the file's size.
///
/// ```swift
/// let map = try PlistSizeMap(measuring: Data(contentsOf: url))
/// for child in map.children(of: PlistSizeMap.rootID).sorted(by: { map.nodes[$0].bytes > map.nodes[$1].bytes }) {
///     print(map.keyPath(of: child), map.nodes[child].bytes)
/// }
/// ```
public struct PlistSizeMap: Hashable, Sendable {
    /// One value of the file.
    public struct Node: Hashable, Sendable {
        /// The key or array index under which the parent holds the value; empty for the root.
        public var key: String
        /// The parent's id, `nil` for the root.
        public var parent: Int?
        /// The value's type (a binary set is an array).
        public var kind: PlistValue.Kind
        /// The bytes the file spends on the value and everything in it, as the type's summary
        /// describes; 0 for a place that refers to an object counted elsewhere.
        public var bytes: Int
        /// For a binary file: the id of the node where the object this place refers to is
        /// counted, when it is counted elsewhere; `nil` otherwise.
        public var sharedWith: Int?
        /// The ids of the values inside, in the file's order.
        public var children: [Int] = []

        /// Creates a node.
        public init(key: String, parent: Int?, kind: PlistValue.Kind, bytes: Int, sharedWith: Int? = nil) {
            self.key = key
            self.parent = parent
            self.kind = kind
            self.bytes = bytes
            self.sharedWith = sharedWith
        }
    }

    /// A part of the file that belongs to no value.
    public enum Part: String, Hashable, Sendable, CaseIterable {
        /// A binary file's 8-byte `bplist00` header.
        case header
        /// A binary file's 32-byte trailer.
        case trailer
        /// Objects of a binary file that no reference from the top object reaches, and their
        /// offset-table entries.
        case unreachableObjects
        /// Bytes of a binary file's object table that no object occupies.
        case unusedBytes
        /// A text file's bytes before and after the root value: a byte order mark, the XML
        /// declaration, DOCTYPE and `<plist>` element, comments, white space.
        case outsideRootValue
    }

    /// The bytes of one part of the file that belongs to no value.
    public struct Overhead: Hashable, Sendable {
        /// Which part.
        public var part: Part
        /// Its size in bytes.
        public var bytes: Int

        /// Creates a record of a part's bytes.
        public init(part: Part, bytes: Int) {
            self.part = part
            self.bytes = bytes
        }
    }

    /// The id of the root node.
    public static let rootID = 0

    /// The file's format.
    public var format: PlistFormat
    /// The file's size in bytes.
    public var fileBytes: Int
    /// The values, the root first, each before the values inside it.
    public var nodes: [Node]
    /// The bytes that belong to no value, by part (parts of no bytes left out).
    public var overhead: [Overhead]

    /// Creates a map.
    public init(format: PlistFormat, fileBytes: Int, nodes: [Node], overhead: [Overhead]) {
        self.format = format
        self.fileBytes = fileBytes
        self.nodes = nodes
        self.overhead = overhead.filter { $0.bytes != 0 }
    }

    /// The ids of the values inside node `id`, in the file's order.
    public func children(of id: Int) -> [Int] { nodes[id].children }

    /// The key path of node `id`, in plutil's syntax.
    ///
    /// - Complexity: O(d) in the node's depth.
    public func keyPath(of id: Int) -> PlistKeyPath {
        Self.keyPath(of: id, in: nodes)
    }

    /// The key path of node `id` of `nodes`, a map's nodes or the first of them.
    static func keyPath(of id: Int, in nodes: [Node]) -> PlistKeyPath {
        var components: [String] = []
        var current: Int? = id
        while let node = current, node != Self.rootID {
            components.append(nodes[node].key)
            current = nodes[node].parent
        }
        return PlistKeyPath(components: components.reversed())
    }
}
