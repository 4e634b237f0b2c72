/// A property list or keyed archive as a graph of its objects: what `plist-inspect graph`
/// draws.
///
/// Each node is one object: an archived instance (with its class and `$objects` index), the
/// archive's `$top`, or a container of a plain property list. Scalar values are not nodes but
/// fields of the node that holds them. Each edge is one reference, labelled with the key or
/// index that refers; an object referred to from several places is one node with several
/// incoming edges, and a cycle is a cycle of edges, so the graph has at most as many nodes as
/// the input has objects, however much its shared references would expand as a tree.
///
/// ```swift
/// let archive = try KeyedArchive(decoding: data)
/// let graph = try archive.graph(options: PlistGraphOptions(allowedClassNames: ["NSArray"]))
/// for node in graph.nodes where node.isRefused { print(node.kind, node.objectIndex ?? -1) }
/// print(PlistGraphDOTWriter().dot(of: graph, title: "notes.archive"))
/// ```
///
/// A graph is built under ``PlistGraphOptions``' limits (nodes, depth, fields and edges per
/// node); what they leave out is counted in ``omitted`` and on the nodes it was cut from, so a
/// drawing can say what it does not show.
public struct PlistGraph: Hashable, Sendable {
    /// One object of the graph.
    public struct Node: Hashable, Sendable {
        /// What an object is.
        public enum Kind: Hashable, Sendable {
            /// The `$top` dictionary of a keyed archive: the references it starts from.
            case archiveTop
            /// An archived instance of the named class.
            case instance(className: String)
            /// A dictionary of a plain property list, with its number of keys.
            case dictionary(count: Int)
            /// An array of a plain property list, with its number of elements.
            case array(count: Int)
            /// A plain property list whose root (or whose chosen start) is a single value.
            case value
        }

        /// A scalar value the object holds, under the key or index that holds it.
        public struct Field: Hashable, Sendable {
            /// The field's key, its index, or the path to it inside a field that holds a
            /// container (`tags[2]`).
            public var name: String
            /// The value: a string, number, boolean, date or data; a ``PlistValue/uid(_:)``
            /// for a reference to an archive object that is neither a scalar nor an instance
            /// (a class description).
            public var value: PlistValue

            /// Creates a field.
            public init(name: String, value: PlistValue) {
                self.name = name
                self.value = value
            }
        }

        /// The node's position in ``PlistGraph/nodes``, which edges name.
        public var id: Int
        /// What the object is.
        public var kind: Kind
        /// The object's index in the archive's `$objects`, for archived instances.
        public var objectIndex: Int?
        /// The scalar values the object holds, in its order, at most
        /// ``PlistGraphOptions/maximumFieldsPerNode``.
        public var fields: [Field] = []
        /// How many more scalar fields the object holds than ``fields`` shows.
        public var omittedFields = 0
        /// How many references from this object lead to objects the graph does not draw
        /// (beyond the depth or node limit, or past ``PlistGraphOptions/maximumEdgesPerNode``).
        public var omittedReferences = 0
        /// Whether the object's class is outside ``PlistGraphOptions/allowedClassNames``: a
        /// secure decode with that list would refuse it.
        public var isRefused = false
        /// Whether the object cannot be reached from the archive's `$top` (an object the
        /// archive holds but nothing refers to).
        public var isUnreachable = false

        /// Creates a node.
        public init(id: Int, kind: Kind, objectIndex: Int? = nil) {
            self.id = id
            self.kind = kind
            self.objectIndex = objectIndex
        }
    }

    /// One or more references from one object to another.
    public struct Edge: Hashable, Sendable {
        /// The referring node's id.
        public var from: Int
        /// The referred node's id.
        public var to: Int
        /// The keys or indices that refer, in the referring object's order (several when the
        /// same object is referred to from several fields), at most
        /// ``PlistGraph/maximumLabelsPerEdge``.
        public var labels: [String]
        /// How many more keys refer along this edge than ``labels`` shows.
        public var omittedLabels = 0
        /// Whether the edge lies on a cycle of references among the nodes drawn.
        public var isInCycle = false

        /// Creates an edge.
        public init(from: Int, to: Int, labels: [String]) {
            self.from = from
            self.to = to
            self.labels = labels
        }
    }

    /// What the options' limits left out of the graph.
    public struct Omissions: Hashable, Sendable {
        /// Objects reachable from the start that are not drawn because they lie deeper than
        /// ``PlistGraphOptions/maximumDepth``.
        public var beyondDepth = 0
        /// Objects reachable from the start, within the depth limit, that are not drawn
        /// because the graph reached ``PlistGraphOptions/maximumNodes``.
        public var overNodeLimit = 0
        /// Objects reachable from the start, within the depth and node limits, that are not
        /// drawn because the node that first referred to them had drawn
        /// ``PlistGraphOptions/maximumEdgesPerNode`` edges already: no arrow would lead to them.
        public var pastEdgeLimit = 0

        /// Whether nothing was left out.
        public var isEmpty: Bool { beyondDepth == 0 && overNodeLimit == 0 && pastEdgeLimit == 0 }

        /// Creates a record of omissions.
        public init(beyondDepth: Int = 0, overNodeLimit: Int = 0, pastEdgeLimit: Int = 0) {
            self.beyondDepth = beyondDepth
            self.overNodeLimit = overNodeLimit
            self.pastEdgeLimit = pastEdgeLimit
        }
    }

    /// How many keys one edge lists before it only counts them.
    public static let maximumLabelsPerEdge = 3

    /// The objects drawn, the start first, then in breadth-first order from it.
    public var nodes: [Node]
    /// The references among them, in the order they were found.
    public var edges: [Edge]
    /// What the limits left out.
    public var omitted: Omissions

    /// Creates a graph; ``Edge/isInCycle`` is computed from the edges.
    ///
    /// - Complexity: O(n + e) in the nodes and edges.
    public init(nodes: [Node], edges: [Edge], omitted: Omissions = Omissions()) {
        self.nodes = nodes
        self.edges = edges
        self.omitted = omitted
        markCycles()
    }

    /// How many objects the graph would have drawn without its limits: those drawn and those
    /// left out.
    public var reachableObjectCount: Int { nodes.count + omitted.beyondDepth + omitted.overNodeLimit + omitted.pastEdgeLimit }
}
