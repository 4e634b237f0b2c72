import FoundationEssentials

/// How a text file lays out its values, read from the entries around an edit, and the text of
/// a new value, key or entry written in that style: the file's line ends, the indentation of
/// its neighbours, one line or several, the spacing around `=` and `:`, quoted or bare keys.
///
/// New text comes from the format's own writer (so it is escaped and spelled as PlistKit
/// writes it), re-indented to sit among its neighbours.
struct SourceStyle {
    let format: PlistFormat
    let text: [UInt8]
    let options: PlistWritingOptions
    /// The file's line end: CR LF when its first line ends so, LF otherwise.
    let newline: [UInt8]
    /// The file's Xcode project layout, when it is one: new text is then written as Xcode
    /// writes it, whatever the neighbours do.
    var xcode: XcodeProject?

    init(format: PlistFormat, text: [UInt8], options: PlistWritingOptions) {
        self.format = format
        self.text = text
        var options = options
        options.writesStringsFile = false
        self.options = options
        if let lineFeed = text.firstIndex(of: 0x0A), lineFeed > 0, text[lineFeed - 1] == 0x0D {
            newline = [0x0D, 0x0A]
        } else {
            newline = [0x0A]
        }
    }

    /// The indentation the format's writer uses for one level.
    private var writerUnit: [UInt8] {
        switch format {
        case .xml: return [0x09]
        case .openStep: return Array("    ".utf8)
        default: return Array("  ".utf8)
        }
    }

    // MARK: - Reading the layout

    /// The spaces and tabs that start the line holding `position`.
    func lineIndent(at position: Int) -> [UInt8] {
        var start = min(position, text.count)
        while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
        var end = start
        while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return Array(text[start..<end])
    }

    /// Where the white space before `position` starts: back over spaces and tabs, and over one
    /// line end before them, so that removing from there takes a whole line.
    func whiteSpaceStart(before position: Int) -> Int {
        var start = position
        while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
        if start > 0, text[start - 1] == 0x0A { start -= 1 }
        if start > 0, text[start - 1] == 0x0D { start -= 1 }
        return start
    }

    /// The bytes between the end of the entry before `entry` (or its container's opening) and
    /// the entry's start, when they are only white space: how entries are separated.
    func gap(before index: Int, in container: SourceNode) -> [UInt8] {
        let entry = container.entries[index]
        let start = whiteSpaceStart(before: entry.start)
        let lineStart = max(start, index > 0 ? container.entries[index - 1].end : container.content?.lowerBound ?? 0)
        return Array(text[lineStart..<entry.start])
    }

    /// Whether the container's entries sit on lines of their own: whether its content spans
    /// lines (an empty `()` stays on one line, `{\n}` and XML's `<dict/>` do not).
    func isMultiline(_ container: SourceNode) -> Bool {
        guard let content = container.content else { return true }
        return text[content].contains(0x0A) || text[content].contains(0x0D)
    }

    /// One level of indentation inside `container`: its first entry's indentation beyond the
    /// container's own, or the writer's.
    func unit(in container: SourceNode) -> [UInt8] {
        guard let first = container.entries.first, isMultiline(container) else { return writerUnit }
        let inner = lineIndent(at: first.start)
        // A braceless top level has no line of its own: its entries' indentation is the unit.
        if container.isBraceless { return inner.isEmpty ? writerUnit : inner }
        let outer = lineIndent(at: container.range.lowerBound)
        return inner.count > outer.count && inner.starts(with: outer) ? Array(inner[outer.count...]) : writerUnit
    }

    // MARK: - Writing new text

    /// `value` as it would stand at a line indented by `indent`, nested lines one `unit` deeper
    /// per level; on one line when `multiline` is false; an OpenStep string in quotes when
    /// `quoted`, even where the writer needs none. In an Xcode project, `path` (the value's key
    /// path) says whether it is an object, and the text is Xcode's (``XcodeProject``).
    func valueText(
        _ value: PlistValue, indent: [UInt8], unit: [UInt8], multiline: Bool, quoted: Bool = false, at path: PlistKeyPath? = nil
    ) throws -> [UInt8] {
        if let xcode, let path {
            return try xcode.text(
                value, key: path.components.last, indent: indent, unit: unit, newline: newline,
                oneLine: xcode.isOneLine(value, at: path, inOneLine: !multiline))
        }
        var lines = try innerLines(of: .array([value]), compact: !multiline)
        if format == .openStep, let last = lines.indices.last, lines[last].text.last == UInt8(ascii: ",") {
            lines[last].text.removeLast()
        }
        var result: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 {
                if multiline {
                    result += newline + indent
                    for _ in 0..<line.depth { result += unit }
                } else if format != .xml {
                    result.append(0x20)
                }
            }
            result += line.text
        }
        if format == .openStep, case .string = value, quoted, result.first != UInt8(ascii: "\"") {
            result = [UInt8(ascii: "\"")] + result + [UInt8(ascii: "\"")]
        }
        return result
    }

    /// A dictionary key as the format writes it: `<key>…</key>`, an OpenStep string (in quotes
    /// when `quoted`), a JSON string.
    func keyText(_ key: String, quoted: Bool) throws -> [UInt8] {
        if xcode != nil { return XcodeProject.stringText(key) }
        let token = try valueText(.string(key), indent: [], unit: [], multiline: false)
        switch format {
        case .xml:
            guard token.starts(with: Array("<string>".utf8)), token.count >= 17 else {
                return Array("<key></key>".utf8)
            }
            return Array("<key>".utf8) + token[8..<(token.count - 9)] + Array("</key>".utf8)
        case .openStep:
            if quoted, token.first != UInt8(ascii: "\"") {
                return [UInt8(ascii: "\"")] + token + [UInt8(ascii: "\"")]
            }
            return token
        default:
            return token
        }
    }

    /// Whether most of the container's keys (or, for `values`, its string values) are in
    /// quotes: how a new OpenStep entry is written among them (a `.strings` file quotes every
    /// key, Xcode only those that need it).
    func quotesMost(of container: SourceNode, values: Bool) -> Bool {
        let starts = container.entries.compactMap { entry -> Int? in
            if values { return entry.value.shape == .scalar && !entry.value.range.isEmpty ? entry.value.range.lowerBound : nil }
            return entry.keyEnd == nil ? nil : entry.start
        }
        let quoted = starts.filter { text[$0] == UInt8(ascii: "\"") }.count
        return quoted * 2 > starts.count
    }

    /// What stands between a key and its value: the neighbour's spacing when it is only white
    /// space around the format's `=` or `:`, else the writer's.
    func keyValueGap(like neighbour: SourceEntry?, indent: [UInt8], multiline: Bool) -> [UInt8] {
        if let neighbour, let keyEnd = neighbour.keyEnd {
            let gap = text[keyEnd..<neighbour.value.range.lowerBound]
            let marks = gap.filter { !LayoutCursor.isWhiteSpace($0) }
            let expected: [UInt8] = format == .openStep ? [UInt8(ascii: "=")] : format == .json ? [UInt8(ascii: ":")] : []
            if marks == expected { return Array(gap) }
        }
        switch format {
        case .xml: return multiline ? newline + indent : []
        case .openStep: return Array(" = ".utf8)
        default: return Array((multiline ? " : " : ":").utf8)
        }
    }

    /// XML lines with the line ends inside a `<string>` or `<key>` joined back: those are
    /// the text's own, not layout, and must not be re-indented.
    private static func joiningTextLines(_ lines: [[UInt8]]) -> [[UInt8]] {
        var joined: [[UInt8]] = []
        var isInsideText = false
        for line in lines {
            if isInsideText {
                joined[joined.count - 1] += [0x0A] + line
            } else {
                joined.append(line)
            }
            let current = joined[joined.count - 1]
            let tag = current.drop { $0 == 0x09 || $0 == 0x20 }
            func closes(_ endTag: String) -> Bool { current.reversed().starts(with: endTag.utf8.reversed()) }
            isInsideText = (tag.starts(with: "<string>".utf8) && !closes("</string>")) || (tag.starts(with: "<key>".utf8) && !closes("</key>"))
        }
        return joined
    }

    /// The lines inside a one-element container as the writer writes it, with their depth
    /// below the container.
    private func innerLines(of wrapper: PlistValue, compact: Bool) throws -> [(depth: Int, text: [UInt8])] {
        var options = options
        options.prettyPrintsJSON = !compact
        let written = [UInt8](try wrapper.encoded(as: format, options: options))
        var lines = written.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        if format == .json && compact {
            guard let only = lines.first, only.count >= 2 else { throw LayoutUnavailable("unexpected JSON output") }
            return [(0, Array(only[1..<(only.count - 1)]))]
        }
        if format == .xml {
            guard let open = lines.firstIndex(where: { $0.starts(with: Array("<plist".utf8)) }) else {
                throw LayoutUnavailable("unexpected XML output")
            }
            lines = Self.joiningTextLines(Array(lines[(open + 1)..<(lines.count - 1)]))
        }
        guard lines.count >= 3 else { throw LayoutUnavailable("unexpected \(format) output") }
        let unit = writerUnit
        return lines[1..<(lines.count - 1)].map { line in
            var depth = 0, offset = 0
            while line.count >= offset + unit.count, Array(line[offset..<(offset + unit.count)]) == unit {
                depth += 1
                offset += unit.count
            }
            return (max(depth - 1, 0), Array(line[offset...]))
        }
    }
}
