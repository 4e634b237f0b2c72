/// A ``PlistSizeMap`` as `plist-inspect du` shows it: a tree of key paths, each with its
/// bytes and its share of the file, the largest first; or the same as a value for programs.
///
/// ```
/// t.plist (binary1): 56 bytes
///    56  100.0%  t.plist
///    32   57.1%  ├── (trailer)
///    16   28.6%  ├── (root dictionary)
///     4    7.1%  │   ├── a (string)
///     0    0.0%  │   └── b (string, shared with 'a')
///     8   14.3%  └── (header)
/// ```
///
/// ```swift
/// let map = try PlistSizeMap(contentsOfFile: "com.example.app.plist")
/// print(PlistSizeMapPrinter(maximumDepth: 1).tree(of: map, title: "com.example.app.plist"), terminator: "")
/// ```
///
/// A place that refers to an object counted elsewhere has 0 bytes and names the key path
/// where it is counted. Keys are shown with control and invisible characters escaped.
public struct PlistSizeMapPrinter: Hashable, Sendable {
    /// How many levels below the root value are listed (0: the root value alone); deeper
    /// values are summed into their containers, which end in `…`. `nil` lists every value.
    public var maximumDepth: Int?

    /// Creates a printer.
    public init(maximumDepth: Int? = nil) {
        self.maximumDepth = maximumDepth
    }

    /// A row of the listing: a node, or a part of the file outside the root value.
    private enum Row {
        case node(Int)
        case part(PlistSizeMap.Overhead)
    }

    /// The listing of `map`, headed by `title` (a file name), each line ending with a newline.
    ///
    /// - Complexity: O(n log n) in the values listed.
    public func tree(of map: PlistSizeMap, title: String) -> String {
        let width = Swift.max(String(map.fileBytes).count, 5)
        func row(_ bytes: Int, _ share: String, _ label: String) -> String {
            let size = String(bytes)
            return String(repeating: " ", count: width - size.count) + size + "  "
                + String(repeating: " ", count: Swift.max(0, 6 - share.count)) + share + "  " + label + "\n"
        }
        let name = ValueText.visible(title)
        var out = "\(name) (\(map.format.plutilName)): \(map.fileBytes) \(map.fileBytes == 1 ? "byte" : "bytes")\n"
        out += row(map.fileBytes, percent(map.fileBytes, of: map.fileBytes), name)
        // (row, prefix of its children's lines, depth below the root value), last row first.
        var pending: [(row: Row, prefix: String, isLast: Bool, depth: Int)] = []
        let top = largestFirst([.node(PlistSizeMap.rootID)] + map.overhead.map(Row.part), in: map)
        for (position, row) in top.enumerated().reversed() {
            pending.append((row, "", position == top.count - 1, 0))
        }
        while let (current, prefix, isLast, depth) = pending.popLast() {
            let branch = prefix + (isLast ? "└── " : "├── ")
            switch current {
            case .part(let part):
                out += row(part.bytes, percent(part.bytes, of: map.fileBytes), branch + "(\(Self.name(of: part.part)))")
            case .node(let id):
                let node = map.nodes[id]
                let children = node.children
                let shows = maximumDepth.map { depth < $0 } ?? true
                var label = id == PlistSizeMap.rootID ? "(root \(node.kind.rawValue))" : "\(ValueText.visible(node.key)) (\(node.kind.rawValue)"
                if id != PlistSizeMap.rootID {
                    if let shared = node.sharedWith {
                        label += ", shared with \(Self.quotedPath(map.keyPath(of: shared)))"
                    }
                    label += ")"
                }
                if !children.isEmpty && !shows { label += " …" }
                out += row(node.bytes, percent(node.bytes, of: map.fileBytes), branch + label)
                guard shows else { continue }
                let sorted = largestFirst(children.map(Row.node), in: map)
                let childPrefix = prefix + (isLast ? "    " : "│   ")
                for (position, child) in sorted.enumerated().reversed() {
                    pending.append((child, childPrefix, position == sorted.count - 1, depth + 1))
                }
            }
        }
        return out
    }

    /// `map` as a value for programs (JSON): `{"file", "format", "bytes", "overhead":
    /// [{"part", "bytes"}], "values": [{"keyPath", "kind", "bytes", "sharedWith"?}]}`, the
    /// values in the listing's order (largest first among siblings) and within its depth.
    ///
    /// - Complexity: O(n log n) in the values listed.
    public func report(of map: PlistSizeMap, title: String) -> PlistValue {
        var values: [PlistValue] = []
        var pending: [(id: Int, depth: Int)] = [(PlistSizeMap.rootID, 0)]
        while let (id, depth) = pending.popLast() {
            let node = map.nodes[id]
            var entry: PlistDictionary = [
                "keyPath": .string(map.keyPath(of: id).description),
                "kind": .string(node.kind.rawValue),
                "bytes": .integer(PlistInteger(Int64(node.bytes))),
            ]
            if let shared = node.sharedWith { entry["sharedWith"] = .string(map.keyPath(of: shared).description) }
            values.append(.dictionary(entry))
            guard maximumDepth.map({ depth < $0 }) ?? true else { continue }
            for case .node(let child) in largestFirst(node.children.map(Row.node), in: map).reversed() {
                pending.append((child, depth + 1))
            }
        }
        return .dictionary([
            "file": .string(title),
            "format": .string(map.format.plutilName),
            "bytes": .integer(PlistInteger(Int64(map.fileBytes))),
            "overhead": .array(map.overhead.map { part in
                .dictionary(["part": .string(part.part.rawValue), "bytes": .integer(PlistInteger(Int64(part.bytes)))])
            }),
            "values": .array(values),
        ])
    }

    /// `rows` by their bytes, largest first; equal sizes keep their order.
    private func largestFirst(_ rows: [Row], in map: PlistSizeMap) -> [Row] {
        func bytes(_ row: Row) -> Int {
            switch row {
            case .node(let id): return map.nodes[id].bytes
            case .part(let part): return part.bytes
            }
        }
        return rows.enumerated().sorted { left, right in
            let (a, b) = (bytes(left.element), bytes(right.element))
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
    }

    /// `bytes` as a share of `total` with one decimal (`12.5%`).
    private func percent(_ bytes: Int, of total: Int) -> String {
        guard total > 0 else { return "-" }
        let (scaled, overflow) = bytes.multipliedReportingOverflow(by: 1000)
        let tenths = overflow ? Int((Double(bytes) * 1000 / Double(total)).rounded()) : (scaled + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A part's name in the listing.
    private static func name(of part: PlistSizeMap.Part) -> String {
        switch part {
        case .header: return "header"
        case .trailer: return "trailer"
        case .unreachableObjects: return "objects nothing refers to"
        case .unusedBytes: return "unused bytes"
        case .outsideRootValue: return "outside the root value"
        }
    }

    /// A key path in quotes, as errors show one, cut to 80 characters: a shared object deep
    /// in a file is named at each of its places.
    private static func quotedPath(_ path: PlistKeyPath) -> String {
        let text = ValueText.visible(path.description)
        return "'" + (text.count > 80 ? String(text.prefix(80)) + "…" : text) + "'"
    }
}
