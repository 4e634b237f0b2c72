import FoundationEssentials

/// A readable tree of a property list, as `plist-inspect print` shows it: one line per value
/// with its type and size, box drawing for structure, keys in the dictionary's own order.
///
/// ```
/// Info.plist (xml1): dictionary (2 keys)
/// ├── CFBundleName: string "Demo"
/// └── Icons: array (1 element)
///     └── 0: data (4 bytes) 89504e47
/// ```
public struct PlistTreePrinter: Hashable, Sendable {
    /// Whether each value is labelled with its full key path (`Icons.0`) instead of its key.
    public var showsKeyPaths: Bool
    /// The deepest level whose contents are shown; a container below it is summarised on its
    /// own line with `…`. `nil` shows everything.
    public var maximumDepth: Int?
    /// Whether the text carries ANSI colour escapes.
    public var usesColor: Bool
    /// How many leading bytes of a data value are shown in hexadecimal (none when 0 or less).
    public var dataPreviewBytes: Int
    /// The limits on the tree's size once its shared references are expanded, as writing
    /// checks them (``PlistWritingOptions/maximumValueCount``,
    /// ``PlistWritingOptions/maximumExpandedByteCount``, ``PlistWritingOptions/maximumDepth``;
    /// the other options do not apply). Default: writing's defaults.
    public var limits: PlistWritingOptions

    /// Creates a printer; the defaults show everything, without colour, with 16 bytes of each
    /// data value, within writing's default limits.
    public init(
        showsKeyPaths: Bool = false, maximumDepth: Int? = nil, usesColor: Bool = false, dataPreviewBytes: Int = 16,
        limits: PlistWritingOptions = PlistWritingOptions()
    ) {
        self.showsKeyPaths = showsKeyPaths
        self.maximumDepth = maximumDepth
        self.usesColor = usesColor
        self.dataPreviewBytes = dataPreviewBytes
        self.limits = limits
    }

    /// The tree of `value`, headed by `title`, each line ending with a newline.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value`, with its
    ///   shared references expanded, passes ``limits``, before anything is printed.
    /// - Complexity: O(n) in the number of values shown.
    public func tree(of value: PlistValue, title: String) throws -> String {
        try ExpandedSizeCounter.check(value, limits: limits, for: .textWriter("tree"))
        var out = paint(title, .bold) + ": " + summary(value, depth: 0) + "\n"
        var path: [String] = []
        children(of: value, prefix: "", depth: 1, path: &path, into: &out)
        return out
    }

    private func children(of value: PlistValue, prefix: String, depth: Int, path: inout [String], into out: inout String) {
        if let maximumDepth, depth > maximumDepth { return }
        let entries: [(String, PlistValue)]
        switch value {
        case .dictionary(let dictionary): entries = dictionary.map { ($0.key, $0.value) }
        case .array(let array): entries = array.enumerated().map { (String($0.offset), $0.element) }
        default: return
        }
        for (position, (key, child)) in entries.enumerated() {
            let isLast = position == entries.count - 1
            path.append(key)
            defer { path.removeLast() }
            let label = showsKeyPaths ? PlistKeyPath(components: path).description : key
            out += paint(prefix + (isLast ? "└── " : "├── "), .dim)
            out += paint(label, .key) + ": " + summary(child, depth: depth) + "\n"
            children(of: child, prefix: prefix + (isLast ? "    " : "│   "), depth: depth + 1, path: &path, into: &out)
        }
    }

    /// `type value` for scalars, `type (count)` for containers, with `…` when the depth
    /// limit hides the contents.
    private func summary(_ value: PlistValue, depth: Int) -> String {
        let hidden = value.isContainer && (value.count ?? 0) > 0 && maximumDepth.map { depth >= $0 } == true
        let more = hidden ? " …" : ""
        switch value {
        case .dictionary(let d):
            return paint("dictionary", .type) + " (\(d.count) \(d.count == 1 ? "key" : "keys"))" + more
        case .array(let a):
            return paint("array", .type) + " (\(a.count) \(a.count == 1 ? "element" : "elements"))" + more
        case .string(let s):
            return paint("string", .type) + " " + paint(StringEscaping.quoted(s), .string)
        case .integer(let i):
            return paint("integer", .type) + " " + paint(i.description, .number)
        case .real(let r):
            return paint("real", .type) + " " + paint("\(r)", .number)
        case .boolean(let b):
            return paint("boolean", .type) + " " + paint(b ? "true" : "false", .literal)
        case .date(let d):
            return paint("date", .type) + " " + paint(ValueText.rfc3339(d), .literal)
        case .data(let d):
            var text = paint("data", .type) + " (\(d.count) \(d.count == 1 ? "byte" : "bytes"))"
            if !d.isEmpty && dataPreviewBytes > 0 {
                let shown = d.prefix(dataPreviewBytes)
                var groups: [String] = []
                var index = shown.startIndex
                while index < shown.endIndex {
                    let end = shown.index(index, offsetBy: 4, limitedBy: shown.endIndex) ?? shown.endIndex
                    groups.append(ValueText.hex(shown[index..<end]))
                    index = end
                }
                text += " " + paint(groups.joined(separator: " ") + (d.count > dataPreviewBytes ? " …" : ""), .data)
            }
            return text
        case .uid(let u):
            return paint("uid", .type) + " " + paint(String(u), .number)
        }
    }

    private enum Style: String {
        case bold = "1", dim = "2", key = "36", type = "90", string = "32", number = "33", literal = "35", data = "34"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
