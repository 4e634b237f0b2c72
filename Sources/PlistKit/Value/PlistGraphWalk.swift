/// The breadth-first walk that builds a ``PlistGraph`` under ``PlistGraphOptions``' limits,
/// shared by the keyed-archive graph and the plain property-list graph.
///
/// A builder starts the walk at an object, then takes objects from it one at a time
/// (``next()``) and reports what each holds: scalar ``field(_:_:)``s and
/// ``reference(to:payload:label:node:)``s to other objects, each object named by a key the
/// builder chooses (an `$objects` index, a container's storage). The walk draws each object
/// once, at its first reference in breadth-first order, joins references to drawn objects
/// into edges, and goes on through the objects it does not draw (past the depth or node
/// limit) only to count them. So it costs O(objects + references) whatever the limits, and
/// a cycle or a shared object is met again as a key already known, never walked twice.
struct PlistGraphWalk<Payload> {
    let options: PlistGraphOptions
    private var nodes: [PlistGraph.Node] = []
    private var edges: [PlistGraph.Edge] = []
    private var omitted = PlistGraph.Omissions()
    /// Every object met, by key: its node id, or ``notDrawn``.
    private var known: [Int: Int] = [:]
    private static var notDrawn: Int { -1 }
    /// Objects met and not yet taken, in breadth-first order, with their depth and node (nil
    /// for an object only counted).
    private var queue: [(payload: Payload, depth: Int, node: Int?)] = []
    private var head = 0
    /// The object taken last: its node (nil when only counted) and depth.
    private var current: (node: Int?, depth: Int) = (nil, 0)
    /// For the current node: the edge to each node it refers to, so that several references
    /// to one object make one edge.
    private var edgeByTarget: [Int: Int] = [:]

    init(options: PlistGraphOptions) {
        self.options = options
    }

    /// The most nodes drawn: the start is always drawn.
    private var nodeLimit: Int { Swift.max(options.maximumNodes, 1) }

    /// Starts (or, for objects no earlier start reached, starts again) at object `key`, at
    /// depth 0; `node` describes it (its id is set here). Does nothing for a known object.
    mutating func start(at key: Int, payload: Payload, node: () -> PlistGraph.Node) {
        guard known[key] == nil else { return }
        if nodes.count < nodeLimit {
            let id = append(node())
            known[key] = id
            queue.append((payload, 0, id))
        } else {
            known[key] = Self.notDrawn
            omitted.overNodeLimit += 1
            queue.append((payload, 0, nil))
        }
    }

    /// Whether object `key` has been met.
    func isKnown(_ key: Int) -> Bool { known[key] != nil }

    /// The next object to report on and whether it is drawn (when not, its fields are
    /// ignored and its references only counted), or `nil` when every object met was taken.
    mutating func next() -> (payload: Payload, isDrawn: Bool)? {
        guard head < queue.count else { return nil }
        let (payload, depth, node) = queue[head]
        head += 1
        current = (node, depth)
        edgeByTarget.removeAll(keepingCapacity: true)
        return (payload, node != nil)
    }

    /// A scalar the current object holds.
    mutating func field(_ name: @autoclosure () -> String, _ value: PlistValue) {
        guard let id = current.node else { return }
        if nodes[id].fields.count < options.maximumFieldsPerNode {
            nodes[id].fields.append(PlistGraph.Node.Field(name: name(), value: value))
        } else {
            nodes[id].omittedFields += 1
        }
    }

    /// A reference from the current object to object `key`, under `label`; `payload` and
    /// `node` are asked for only when the object is met for the first time (and `node` only
    /// when it is drawn).
    mutating func reference(
        to key: Int, payload: @autoclosure () -> Payload, label: @autoclosure () -> String,
        node: () -> PlistGraph.Node
    ) {
        let target: Int
        if let existing = known[key] {
            target = existing
        } else {
            let depth = current.depth + 1
            if let maximumDepth = options.maximumDepth, depth > maximumDepth {
                omitted.beyondDepth += 1
                target = Self.notDrawn
            } else if current.node == nil || nodes.count >= nodeLimit {
                // An object below one not drawn is not drawn either: the limit that left out
                // its parent holds for it too (breadth-first, a node limit once reached stays
                // reached).
                omitted.overNodeLimit += 1
                target = Self.notDrawn
            } else if edgeByTarget.count >= options.maximumEdgesPerNode {
                // Drawn, it would be a box no arrow leads to: past its referrer's edge limit it
                // is left out like one past the node limit.
                omitted.pastEdgeLimit += 1
                target = Self.notDrawn
            } else {
                target = append(node())
            }
            known[key] = target
            queue.append((payload(), depth, target == Self.notDrawn ? nil : target))
        }
        guard let from = current.node else { return }
        guard target != Self.notDrawn else {
            nodes[from].omittedReferences += 1
            return
        }
        if let edge = edgeByTarget[target] {
            if edges[edge].labels.count < PlistGraph.maximumLabelsPerEdge {
                edges[edge].labels.append(label())
            } else {
                edges[edge].omittedLabels += 1
            }
        } else if edgeByTarget.count < options.maximumEdgesPerNode {
            edgeByTarget[target] = edges.count
            edges.append(PlistGraph.Edge(from: from, to: target, labels: [label()]))
        } else {
            nodes[from].omittedReferences += 1
        }
    }

    /// The graph walked so far.
    func graph() -> PlistGraph {
        PlistGraph(nodes: nodes, edges: edges, omitted: omitted)
    }

    private mutating func append(_ node: PlistGraph.Node) -> Int {
        var node = node
        node.id = nodes.count
        nodes.append(node)
        return node.id
    }
}
