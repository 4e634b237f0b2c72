extension PlistValue {
    /// The value as a graph of its containers: each array and dictionary a node holding its
    /// scalar values as fields, each container inside it an edge labelled with its key or
    /// index.
    ///
    /// A container that the value holds in several places as one shared storage, as a binary
    /// plist's reader gives every object referred to more than once, is one node with an
    /// edge from each place: the graph of a binary plist shows which of its containers are
    /// shared, and has at most as many nodes as the file has objects however far its shared
    /// references would expand. Text formats share nothing, so their graph is their tree.
    ///
    /// ```swift
    /// let value = try PlistValue(decoding: Data(contentsOf: url))
    /// let graph = try value.graph(startingAt: "Library.Tracks", options: PlistGraphOptions(maximumDepth: 2))
    /// ```
    ///
    /// - Parameter path: Where the graph starts: the root by default.
    /// - Throws: ``PlistError`` with ``PlistError/Code/keyPathNotFound`` or
    ///   ``PlistError/Code/keyPathTypeMismatch`` when `path` names nothing.
    /// - Complexity: O(n) in the distinct containers and their entries, whatever the limits.
    public func graph(startingAt path: PlistKeyPath = .root, options: PlistGraphOptions = PlistGraphOptions()) throws -> PlistGraph {
        let start = try value(at: path)
        var walk = PlistGraphWalk<PlistValue>(options: options)
        // Empty containers have no storage to tell them apart: each is its own object.
        var anonymous = 0
        func key(of value: PlistValue) -> Int {
            if let identity = value.containerStorageIdentity { return identity }
            anonymous -= 1
            return anonymous
        }
        walk.start(at: key(of: start), payload: start) { Self.graphNode(for: start) }
        while let (value, isDrawn) = walk.next() {
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    if element.isContainer {
                        walk.reference(to: key(of: element), payload: element, label: String(index)) { Self.graphNode(for: element) }
                    } else if isDrawn {
                        walk.field(String(index), element)
                    }
                }
            case .dictionary(let entries):
                for (name, element) in entries {
                    if element.isContainer {
                        walk.reference(to: key(of: element), payload: element, label: name) { Self.graphNode(for: element) }
                    } else if isDrawn {
                        walk.field(name, element)
                    }
                }
            default:
                walk.field("value", value)
            }
        }
        return walk.graph()
    }

    /// A node for `value`, its id left for the walk to set.
    private static func graphNode(for value: PlistValue) -> PlistGraph.Node {
        switch value {
        case .array(let elements): return PlistGraph.Node(id: 0, kind: .array(count: elements.count))
        case .dictionary(let entries): return PlistGraph.Node(id: 0, kind: .dictionary(count: entries.count))
        default: return PlistGraph.Node(id: 0, kind: .value)
        }
    }

    /// What identifies a non-empty container's storage while the tree holding it is alive:
    /// the address of its elements (a dictionary's values), tagged in the low bit (unused by
    /// aligned addresses) so that an array and a dictionary never compare equal. Copies that
    /// share storage through copy-on-write, as a binary plist's shared objects do, have one
    /// identity. `nil` for scalars and empty containers (which may all share one empty
    /// storage).
    var containerStorageIdentity: Int? {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            return ByteCursor.storageAddress(of: elements)
        case .dictionary(let entries) where !entries.isEmpty:
            return ByteCursor.storageAddress(of: entries.values).map { $0 | 1 }
        default:
            return nil
        }
    }
}
