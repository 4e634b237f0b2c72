import FoundationEssentials

/// Measures a text property list (XML, OpenStep and `.strings`, JSON) into a
/// ``PlistSizeMap``: each value's bytes are those of its span in the file, as the layout
/// scanners find it, and its key is the one the format's reader gave the entry.
enum SourceSizeMeasure {
    /// The size map of `bytes`, a text file in `format` whose reader gave `value`.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/unsupportedFormat`` when the text has a
    ///   layout the scanners do not follow (UTF-32, a shape the editor would rewrite too) or a
    ///   dictionary that repeats a key (whose entries the reader's tree cannot name).
    /// - Complexity: O(n) in the size of the text.
    static func sizeMap(of bytes: Data, format: PlistFormat, value: PlistValue) throws -> PlistSizeMap {
        let source: SourceText
        let root: SourceNode
        do {
            source = try SourceText(bytes)
            root = try SourceNode.scanning(source.utf8, format: format)
        } catch let unavailable as LayoutUnavailable {
            throw PlistError(.unsupportedFormat, "The sizes of this \(format) text cannot be measured: \(unavailable.description)")
        }
        // Nodes with their spans in the UTF-8 text; converted to the file's bytes at the end.
        var nodes = [PlistSizeMap.Node(key: "", parent: nil, kind: value.kind, bytes: 0)]
        var spans = [root.range]
        var pending: [(node: Int, layout: SourceNode, value: PlistValue)] = [(PlistSizeMap.rootID, root, value)]
        while let (parent, layout, value) = pending.popLast() {
            let children: [(key: String, value: PlistValue)]
            switch value {
            case .dictionary(let entries): children = entries.map { ($0.key, $0.value) }
            case .array(let elements): children = elements.enumerated().map { (String($0.offset), $0.element) }
            default: continue
            }
            guard children.count == layout.entries.count else {
                throw PlistError(
                    .unsupportedFormat,
                    "The sizes of this \(format) text cannot be measured: the container holds \(layout.entries.count) entries, of which the reader kept \(children.count) (a repeated key)",
                    at: .keyPath(PlistSizeMap.keyPath(of: parent, in: nodes)))
            }
            for (entry, child) in zip(layout.entries, children) {
                let id = nodes.count
                nodes.append(PlistSizeMap.Node(key: child.key, parent: parent, kind: child.value.kind, bytes: 0))
                nodes[parent].children.append(id)
                spans.append(entry.value.range)
                if child.value.isContainer { pending.append((id, entry.value, child.value)) }
            }
        }
        let offsets = source.fileOffsets(of: spans.flatMap { [$0.lowerBound, $0.upperBound] })
        for id in nodes.indices { nodes[id].bytes = offsets[2 * id + 1] - offsets[2 * id] }
        return PlistSizeMap(
            format: format, fileBytes: bytes.count, nodes: nodes,
            overhead: [PlistSizeMap.Overhead(part: .outsideRootValue, bytes: bytes.count - nodes[PlistSizeMap.rootID].bytes)])
    }
}
