import FoundationEssentials
import PlistKit

/// libFuzzer entry point: what `plist-inspect graph` and `du` run on a file, a keyed archive's
/// object graph (or a plain property list's graph of containers), its Graphviz DOT text, and
/// the map of where the file's bytes go.
///
/// The input is a property list in any format, most usefully a binary keyed archive. The
/// graph's limits are chosen from the input's bytes (a hash, so that the input stays a valid
/// file for the mutator): each input is drawn once with the defaults and once under tight
/// limits. See ``GraphFuzzCheck`` for what is checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    GraphFuzzCheck.run(Data(bytes: start, count: count))
    return 0
}

/// The checks, each a promise of the documentation (Docs/CLI.md's `graph` and `du`, the doc
/// comments of ``PlistGraph``, ``PlistGraphOptions``, ``PlistGraphDOTWriter``,
/// ``PlistSizeMap``), beyond "no crash, no hang, no unbounded memory":
///
/// - Errors: reading gives ``PlistError``; an archive's graph from `$top` never fails, one
///   from an object or key path fails only with ``KeyedArchiveError/Code/valueNotFound``; a
///   plain value's graph fails only for a start path that names nothing.
/// - The graph: at most `maximumNodes` nodes (the start always), ids their positions, at most
///   `maximumFieldsPerNode` fields and `maximumEdgesPerNode` edges per node, at most
///   ``PlistGraph/maximumLabelsPerEdge`` labels per edge, one edge per pair of nodes, every
///   edge between drawn nodes; every node drawn is reached from a start along drawn edges,
///   within `maximumDepth`; a node is marked on a cycle exactly when a cycle runs through it.
/// - The DOT text: `digraph plist {` … `}`, one statement a line, quoted strings closed with
///   their `\` escapes complete, no control character, braces and brackets balanced outside
///   quotes, one statement per node and per edge, every edge's ends declared before it, and
///   every line of a label within ``PlistGraphDOTWriter/maximumLineLength`` characters (plus
///   the `…` of a cut).
/// - The size map: the root value's bytes and the overhead add up to the file's length (binary
///   and text); a container's bytes are at least its children's; a shared place has 0 bytes
///   and points at an earlier node; the map has at most one node per byte of the file; the
///   listing and the report end their lines and list within their depth.
enum GraphFuzzCheck {
    static func run(_ data: Data) {
        guard let document = FuzzSupport.document(data, "reading the input") else { return }
        let hash = fnv(data)
        for options in [PlistGraphOptions(), tightOptions(hash)] {
            checkGraphs(document.value, options: options, hash: hash)
        }
        checkSizeMap(data, document: document, depth: Int(hash >> 40 & 3))
    }

    /// FNV-1a of the input: the source of the limits and starts, stable under no mutation.
    static func fnv(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Small limits, so that each cut is met.
    static func tightOptions(_ hash: UInt64) -> PlistGraphOptions {
        PlistGraphOptions(
            maximumNodes: Int(hash & 7), maximumDepth: hash >> 3 & 1 == 0 ? nil : Int(hash >> 4 & 3),
            maximumFieldsPerNode: Int(hash >> 6 & 3), maximumEdgesPerNode: Int(hash >> 8 & 3) + 1,
            allowedClassNames: hash >> 10 & 1 == 0 ? nil : PlistGraphOptions.builtInClassNames)
    }

    // MARK: - Graphs

    static func checkGraphs(_ value: PlistValue, options: PlistGraphOptions, hash: UInt64) {
        if KeyedArchive.isArchive(value) {
            let archive: KeyedArchive
            do {
                archive = try KeyedArchive(value, options: FuzzSupport.readingOptions)
            } catch let error as KeyedArchiveError {
                guard !error.description.isEmpty else { fail("An empty KeyedArchiveError description") }
                return checkPlainGraph(value, options: options, hash: hash)
            } catch {
                fail("Reading an archive threw \(type(of: error)), not KeyedArchiveError: \(error)")
            }
            var starts: [KeyedArchive.GraphStart] = [.top]
            if !archive.objects.isEmpty { starts.append(.object(Int(hash >> 12 % UInt64(archive.objects.count + 1)))) }
            if let key = archive.topLevelKeys.first { starts.append(.keyPath(PlistKeyPath(components: [key]))) }
            for start in starts {
                let graph: PlistGraph
                do {
                    graph = try archive.graph(startingAt: start, options: options)
                } catch let error as KeyedArchiveError {
                    guard start != .top, error.code == .valueNotFound, !error.description.isEmpty else {
                        fail("An archive's graph from \(start) threw \(error.code): \(error)")
                    }
                    continue
                } catch {
                    fail("An archive's graph threw \(type(of: error)), not KeyedArchiveError: \(error)")
                }
                checkGraph(graph, options: options, isArchiveFromTop: start == .top)
            }
        }
        checkPlainGraph(value, options: options, hash: hash)
    }

    static func checkPlainGraph(_ value: PlistValue, options: PlistGraphOptions, hash: UInt64) {
        var paths: [PlistKeyPath] = [.root]
        // A start inside the value: the first key or element, when there is one.
        switch value {
        case .dictionary(let dictionary) where !dictionary.isEmpty: paths.append(PlistKeyPath(components: [dictionary.keys[0]]))
        case .array(let elements) where !elements.isEmpty: paths.append(PlistKeyPath(components: [String(Int(hash >> 14) % elements.count)]))
        default: break
        }
        paths.append(PlistKeyPath(components: ["no such key", "x"]))
        for path in paths {
            let graph: PlistGraph
            do {
                graph = try value.graph(startingAt: path, options: options)
            } catch let error as PlistError {
                guard !path.isEmpty, error.code == .keyPathNotFound || error.code == .keyPathTypeMismatch else {
                    fail("A value's graph from '\(path)' threw \(error.code): \(error)")
                }
                continue
            } catch {
                fail("A value's graph threw \(type(of: error)), not PlistError: \(error)")
            }
            checkGraph(graph, options: options, isArchiveFromTop: false)
        }
    }

    static func checkGraph(_ graph: PlistGraph, options: PlistGraphOptions, isArchiveFromTop: Bool) {
        let count = graph.nodes.count
        guard count >= 1, count <= max(options.maximumNodes, 1) else {
            fail("A graph has \(count) nodes under a limit of \(options.maximumNodes)")
        }
        var edgesFrom = [Int](repeating: 0, count: count)
        var pairs = Set<[Int]>()
        var successors = [[Int]](repeating: [], count: count)
        for (position, node) in graph.nodes.enumerated() {
            guard node.id == position else { fail("Node \(position) has the id \(node.id)") }
            guard node.fields.count <= options.maximumFieldsPerNode, node.omittedFields >= 0, node.omittedReferences >= 0 else {
                fail("Node \(position) lists \(node.fields.count) fields under a limit of \(options.maximumFieldsPerNode)")
            }
        }
        for edge in graph.edges {
            guard (0..<count).contains(edge.from), (0..<count).contains(edge.to) else {
                fail("An edge \(edge.from) -> \(edge.to) names a node the graph does not have (\(count) nodes)")
            }
            guard pairs.insert([edge.from, edge.to]).inserted else { fail("Two edges join \(edge.from) -> \(edge.to)") }
            guard !edge.labels.isEmpty, edge.labels.count <= PlistGraph.maximumLabelsPerEdge, edge.omittedLabels >= 0 else {
                fail("An edge has \(edge.labels.count) labels")
            }
            edgesFrom[edge.from] += 1
            successors[edge.from].append(edge.to)
        }
        if let most = edgesFrom.max(), most > options.maximumEdgesPerNode {
            fail("A node has \(most) edges under a limit of \(options.maximumEdgesPerNode)")
        }
        // Every node is drawn at its first reference from a drawn node: it is reached from a
        // start (node 0, or an unreachable object of an archive drawn from `$top`) along drawn
        // edges, at most maximumDepth references from it.
        var depth = [Int](repeating: -1, count: count)
        var queue: [Int] = []
        for node in graph.nodes where node.id == 0 || (isArchiveFromTop && node.isUnreachable) {
            if depth[node.id] < 0 {
                depth[node.id] = 0
                queue.append(node.id)
            }
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors[node] where depth[next] < 0 {
                depth[next] = depth[node] + 1
                queue.append(next)
            }
        }
        for node in graph.nodes where depth[node.id] < 0 {
            fail("Node \(node.id) (\(node.kind)) is drawn, but no drawn edge leads to it from a start:\n\(dotPreview(graph))")
        }
        if let limit = options.maximumDepth, let deepest = depth.max(), deepest > limit {
            fail("A node is drawn \(deepest) references from the start, past the depth limit \(limit)")
        }
        checkCycles(graph, successors: successors)
        checkDOT(graph)
    }

    /// An edge is on a cycle exactly when its end reaches its start again (checked by a walk
    /// from each end, on small graphs only: the test is quadratic).
    static func checkCycles(_ graph: PlistGraph, successors: [[Int]]) {
        guard graph.nodes.count <= 64 else { return }
        func reaches(_ from: Int, _ to: Int) -> Bool {
            var seen = Set([from]), stack = [from]
            while let node = stack.popLast() {
                if node == to { return true }
                for next in successors[node] where seen.insert(next).inserted { stack.append(next) }
            }
            return false
        }
        for edge in graph.edges where edge.isInCycle != reaches(edge.to, edge.from) {
            fail("The edge \(edge.from) -> \(edge.to) is marked \(edge.isInCycle ? "on" : "off") a cycle wrongly")
        }
    }

    // MARK: - DOT

    static func dotPreview(_ graph: PlistGraph) -> String {
        String(PlistGraphDOTWriter().dot(of: graph, title: "fuzz").prefix(2000))
    }

    static func checkDOT(_ graph: PlistGraph) {
        let writer = PlistGraphDOTWriter(maximumLineLength: 12)
        let dot = writer.dot(of: graph, title: "fuzz \"title\" & \\ \n end")
        guard dot.hasPrefix("digraph plist {\n"), dot.hasSuffix("}\n") else { fail("The DOT text is not one digraph:\n\(dot.prefix(500))") }
        let lines = dot.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        var declared = Set<Int>()
        var nodeStatements = 0, edgeStatements = 0
        for (number, line) in lines.enumerated() {
            if number == 0 || number == lines.count - 1 { continue }
            let strings = quotedStrings(in: line, dot: dot)
            guard line.hasSuffix("];") else { fail("A DOT statement does not end in '];': \(line.prefix(300))") }
            for text in strings { checkLabel(text, writer: writer, line: line) }
            let head = String(line.prefix { $0 != "[" }.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            if ["graph", "node", "edge"].contains(head) { continue }
            let parts = head.components(separatedBy: " -> ")
            let ids = parts.map { part -> Int in
                guard part.hasPrefix("n"), let id = Int(part.dropFirst()) else { fail("A DOT statement names '\(part)', not a node: \(line.prefix(300))") }
                return id
            }
            switch ids.count {
            case 1:
                guard declared.insert(ids[0]).inserted else { fail("The node n\(ids[0]) is declared twice") }
                nodeStatements += 1
            case 2:
                guard declared.contains(ids[0]), declared.contains(ids[1]) else {
                    fail("The edge \(head) names a node not declared before it")
                }
                edgeStatements += 1
            default:
                fail("A DOT statement is neither a node nor an edge: \(line.prefix(300))")
            }
        }
        guard nodeStatements == graph.nodes.count, edgeStatements == graph.edges.count else {
            fail("The DOT text has \(nodeStatements) nodes and \(edgeStatements) edges for a graph of \(graph.nodes.count) and \(graph.edges.count)")
        }
    }

    /// The quoted strings of one DOT line, unescaped only as far as `\"` and `\\`; traps unless
    /// each is closed, every `\` escapes a character, no control character appears, and the
    /// brackets outside them balance.
    static func quotedStrings(in line: Substring, dot: String) -> [String] {
        var strings: [String] = []
        var current: [UInt8]?
        var depth = 0
        var bytes = Array(line.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte >= 0x20, byte != 0x7F else { fail("The DOT text holds the control character \(byte): \(line.prefix(300))") }
            if current != nil {
                switch byte {
                case UInt8(ascii: "\\"):
                    guard let next = bytes.popFirst() else { fail("A DOT string ends in a lone '\\': \(line.prefix(300))") }
                    current!.append(byte)
                    current!.append(next)
                case UInt8(ascii: "\""):
                    strings.append(String(decoding: current!, as: UTF8.self))
                    current = nil
                default:
                    current!.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): current = []
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard depth >= 0 else { fail("A DOT line closes a bracket it did not open: \(line.prefix(300))") }
            default: break
            }
        }
        guard current == nil else { fail("A DOT string is not closed on its line: \(line.prefix(300))") }
        guard depth == 0 else { fail("A DOT line leaves a bracket open: \(line.prefix(300))") }
        return strings
    }

    /// A label's lines (split at `\n` and `\l`) each within the writer's cut: a field line is a
    /// name and a value, each cut; an edge's line holds up to three keys and a count.
    static func checkLabel(_ text: String, writer: PlistGraphDOTWriter, line: Substring) {
        let escapedLines = text.replacing("\\l", with: "\u{0}").replacing("\\n", with: "\u{0}")
            .split(separator: "\u{0}")
        let cut = writer.maximumLineLength + 1
        // The widest line a label may have, in characters of its shown text: a field's name and
        // value each cut, or an edge's three keys each cut, then its count.
        let widest = 3 * cut + 2 * 2 + 24
        for escaped in escapedLines {
            let shown = escaped.replacing("\\\\", with: "\\").replacing("\\\"", with: "\"")
                .replacing("&amp;", with: "&")
            guard shown.count <= widest else {
                fail("A DOT label line has \(shown.count) characters, past the cut of \(writer.maximumLineLength): \(line.prefix(300))")
            }
            // A character can hold any number of scalars (a letter and its combining marks):
            // a line stays bounded in scalars too.
            guard shown.unicodeScalars.count <= 4 * widest else {
                fail("A DOT label line has \(shown.unicodeScalars.count) Unicode scalars in \(shown.count) characters: the cut does not bound it")
            }
        }
    }

    // MARK: - Size map

    static func checkSizeMap(_ data: Data, document: PlistDocument, depth: Int) {
        let map: PlistSizeMap
        do {
            map = try PlistSizeMap(measuring: data, options: FuzzSupport.readingOptions)
        } catch {
            FuzzSupport.expectPlistError(error, "measuring the file")
            guard let error = error as? PlistError, document.format != .binary || error.code != .unsupportedFormat else {
                fail("A binary file the reader read cannot be measured: \(error)")
            }
            return
        }
        guard map.format == document.format, map.fileBytes == data.count else {
            fail("The size map of a \(document.format) file of \(data.count) bytes says \(map.format), \(map.fileBytes) bytes")
        }
        guard !map.nodes.isEmpty, map.nodes[PlistSizeMap.rootID].parent == nil else { fail("A size map has no root") }
        let total = map.nodes[PlistSizeMap.rootID].bytes + map.overhead.reduce(0) { $0 + $1.bytes }
        guard total == data.count else {
            fail("The root's \(map.nodes[PlistSizeMap.rootID].bytes) bytes and the overhead \(map.overhead) add up to \(total), not the file's \(data.count)")
        }
        guard map.nodes.count <= data.count else { fail("A size map has \(map.nodes.count) nodes for \(data.count) bytes") }
        for part in map.overhead where part.bytes <= 0 { fail("A part of the file has \(part.bytes) bytes: \(part.part)") }
        for (id, node) in map.nodes.enumerated() {
            guard node.bytes >= 0 else { fail("Node \(id) has \(node.bytes) bytes") }
            if let shared = node.sharedWith {
                guard shared < id, node.bytes == 0, map.nodes[shared].sharedWith == nil, node.children.isEmpty else {
                    fail("Node \(id) is shared with \(shared), but has \(node.bytes) bytes or points forward")
                }
            }
            var childBytes = 0
            for child in node.children {
                guard child > id, child < map.nodes.count, map.nodes[child].parent == id else {
                    fail("Node \(id)'s child \(child) is not after it or names another parent")
                }
                childBytes += map.nodes[child].bytes
            }
            guard childBytes <= node.bytes else { fail("Node \(id) has \(node.bytes) bytes, its children \(childBytes)") }
        }
        // A few key paths name a value of the kind the map says (the first nodes in order).
        // A binary dictionary that repeats a key lists each entry, one reference each, under
        // the one key path, which names the value the reader kept: those are passed over.
        func isNamedOnce(_ id: Int) -> Bool {
            var current = id
            while let parent = map.nodes[current].parent {
                let key = map.nodes[current].key
                guard map.nodes[parent].children.filter({ map.nodes[$0].key == key }).count == 1 else { return false }
                current = parent
            }
            return true
        }
        for id in map.nodes.indices.prefix(64) where isNamedOnce(id) {
            let path = map.keyPath(of: id)
            guard let value = try? document.value.value(at: path), value.kind == map.nodes[id].kind
                || (map.nodes[id].kind == .array && document.format == .binary)
            else { fail("The size map's node at '\(path)' (\(map.nodes[id].kind)) is not a value of the file") }
        }
        let printer = PlistSizeMapPrinter(maximumDepth: depth == 3 ? nil : depth)
        let listing = printer.tree(of: map, title: "fuzz\nfile")
        guard listing.hasSuffix("\n"), listing.split(separator: "\n").count >= 2 + map.overhead.count else {
            fail("The size listing does not end its lines or leaves rows out:\n\(listing.prefix(500))")
        }
        guard listing.split(separator: "\n").count <= 2 + map.overhead.count + map.nodes.count else {
            fail("The size listing has more rows than the map has values")
        }
        let report = printer.report(of: map, title: "fuzz")
        guard case .array(let values)? = report.dictionary?["values"], values.count <= map.nodes.count, !values.isEmpty else {
            fail("The size report lists no values or more than the map has")
        }
        do {
            _ = try report.encoded(as: .json)
        } catch {
            fail("The size report does not write as JSON: \(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        fatalError("Fuzz check failed: \(message)")
    }
}
