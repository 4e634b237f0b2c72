import FoundationEssentials

/// Writes a ``PlistGraph`` as Graphviz DOT, the text every graph tool reads (`dot -Tsvg`
/// draws it): one box per object with its title and scalar fields, one arrow per reference
/// labelled with the keys that refer.
///
/// Marks, which the graph's caption explains when they occur: a class outside the allow-list
/// is drawn red, an object referred to from more than one place has a double border, an
/// object nothing reaches from `$top` a dashed one, and the references that lie on cycles
/// are blue. The caption also says what the graph's limits left out.
///
/// Every text from the input (class names, keys, strings) is escaped for DOT's quoted
/// strings, whatever it holds: `"` and `\` are escaped, `&` is written as `&amp;` (Graphviz
/// reads HTML entities in labels), line breaks, other control characters and invisible
/// format characters are shown as `\u{…}`, and each line is cut to ``maximumLineLength``
/// characters (and four times as many Unicode scalars). Node names are generated (`n0`,
/// `n1`, …), never taken from the input.
///
/// ```swift
/// let graph = try KeyedArchive(decoding: data).graph()
/// let dot = PlistGraphDOTWriter().dot(of: graph, title: "notes.archive")
/// ```
public struct PlistGraphDOTWriter: Hashable, Sendable {
    /// The most characters of one line of a label (a title, a field, an edge's keys); longer
    /// lines end in `…`. A line also ends at four times as many Unicode scalars (a character
    /// of many combining marks is one character). Default: 60.
    public var maximumLineLength: Int

    /// Creates a writer.
    public init(maximumLineLength: Int = 60) {
        self.maximumLineLength = maximumLineLength
    }

    /// The DOT text of `graph`, captioned with `title` (a file name).
    ///
    /// - Complexity: O(n + e) in the graph's nodes, fields and edges.
    public func dot(of graph: PlistGraph, title: String) -> String {
        var incoming = [Int](repeating: 0, count: graph.nodes.count)
        for edge in graph.edges where incoming.indices.contains(edge.to) {
            incoming[edge.to] += edge.labels.count + edge.omittedLabels
        }
        var out = "digraph plist {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, labelloc=t, labeljust=l, "
        out += "label=\"\(caption(of: graph, title: title, incoming: incoming))\"];\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for node in graph.nodes {
            var attributes = ["label=\"\(label(of: node))\""]
            var styles = ["rounded"]
            if node.isRefused { attributes += ["color=\"#c62828\"", "fontcolor=\"#c62828\"", "penwidth=2"] }
            if node.isUnreachable { styles.append("dashed") }
            if incoming.indices.contains(node.id), incoming[node.id] > 1 { attributes.append("peripheries=2") }
            if styles.count > 1 { attributes.append("style=\"\(styles.joined(separator: ","))\"") }
            out += "  n\(node.id) [\(attributes.joined(separator: ", "))];\n"
        }
        for edge in graph.edges {
            var text = edge.labels.map { line($0) }.joined(separator: ", ")
            if edge.omittedLabels > 0 { text += " +\(edge.omittedLabels)" }
            var attributes = ["label=\"\(Self.escaped(text))\""]
            if edge.isInCycle { attributes += ["color=\"#1565c0\"", "fontcolor=\"#1565c0\"", "penwidth=1.6"] }
            out += "  n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    // MARK: Labels

    /// A node's label, escaped: its title centred, then its fields and what was left out,
    /// each left-justified (`\l`).
    private func label(of node: PlistGraph.Node) -> String {
        // Each line is cut on its own: a field's key and value each keep a part.
        var lines: [String] = []
        if node.isRefused { lines.append("refused: class not allowed") }
        if node.isUnreachable { lines.append("not reachable from $top") }
        for field in node.fields { lines.append(line(field.name) + " = " + line(Self.text(of: field.value))) }
        if node.omittedFields > 0 { lines.append("… \(node.omittedFields) more \(node.omittedFields == 1 ? "field" : "fields")") }
        if node.omittedReferences > 0 {
            lines.append("… \(node.omittedReferences) \(node.omittedReferences == 1 ? "reference" : "references") not drawn")
        }
        var text = Self.escaped(line(title(of: node))) + "\\n"
        for line in lines { text += Self.escaped(line) + "\\l" }
        return text
    }

    private func title(of node: PlistGraph.Node) -> String {
        switch node.kind {
        case .archiveTop: return "$top"
        case .instance(let className): return "\(ValueText.visible(className)) $objects[\(node.objectIndex ?? 0)]"
        case .dictionary(let count): return "dictionary (\(count) \(count == 1 ? "key" : "keys"))"
        case .array(let count): return "array (\(count) \(count == 1 ? "element" : "elements"))"
        case .value: return "value"
        }
    }

    /// The graph's caption: the title, how much is drawn, what the marks mean, what was cut.
    private func caption(of graph: PlistGraph, title: String, incoming: [Int]) -> String {
        var lines = [line(title)]
        let objects = graph.nodes.count
        let total = graph.reachableObjectCount
        lines.append(objects == total ? "\(objects) \(objects == 1 ? "node" : "nodes")" : "\(objects) of \(total) nodes drawn")
        if graph.omitted.beyondDepth > 0 { lines.append("\(graph.omitted.beyondDepth) beyond the depth limit not drawn") }
        if graph.omitted.overNodeLimit > 0 { lines.append("\(graph.omitted.overNodeLimit) over the node limit not drawn") }
        if graph.omitted.pastEdgeLimit > 0 { lines.append("\(graph.omitted.pastEdgeLimit) past a node's arrow limit not drawn") }
        if graph.nodes.contains(where: \.isRefused) { lines.append("red: class outside the allowed classes") }
        if incoming.contains(where: { $0 > 1 }) { lines.append("double border: referred to from several places") }
        if graph.nodes.contains(where: \.isUnreachable) { lines.append("dashed: not reachable from $top") }
        if graph.edges.contains(where: \.isInCycle) { lines.append("blue: references on a cycle") }
        return lines.map { Self.escaped($0) + "\\l" }.joined()
    }

    /// A scalar as a field shows it: data by its size and first bytes, a UID as the object it
    /// names, anything else as a diff's line shows it (strings quoted, numbers and dates in
    /// full).
    static func text(of value: PlistValue) -> String {
        switch value {
        case .data(let data):
            let preview = ValueText.hex(data.prefix(8)) + (data.count > 8 ? "…" : "")
            return "<\(data.count) \(data.count == 1 ? "byte" : "bytes")> \(preview)"
        case .uid(let uid): return "→ $objects[\(uid)]"
        default: return PlistDiff.Change.summary(value)
        }
    }

    // MARK: Escaping

    /// `text` with invisible characters shown, cut to ``maximumLineLength`` characters and
    /// four times as many Unicode scalars: one character can hold any number of combining
    /// marks, and a key of one letter and 60,000 of them must not make a line that long.
    private func line(_ text: String) -> String {
        let shown = ValueText.visible(text)
        let limit = Swift.max(maximumLineLength, 1)
        var count = 0, scalars = 0
        var end = shown.startIndex
        while end < shown.endIndex {
            let next = shown.index(after: end)
            let width = shown.unicodeScalars[end..<next].count
            if count == limit || scalars + width > 4 * limit { return String(shown[..<end]) + "…" }
            scalars += width
            count += 1
            end = next
        }
        return shown
    }

    /// `text` for a DOT quoted string: `\` and `"` escaped, `&` as `&amp;`. Visible text only
    /// (see `ValueText.visible(_:)`): no line break reaches the output.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case "\n", "\r": out += "\\\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
