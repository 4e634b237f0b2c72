import FoundationEssentials

/// Why an edit could not be spliced into a file's text; the caller then writes the whole file
/// instead (as `plist-inspect` does, with a warning that says this reason).
public struct PlistSpliceUnavailable: Error, Sendable, CustomStringConvertible {
    /// What kept the splice from being made, as a sentence fragment.
    public var reason: String

    /// Creates the refusal.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

/// Surgical edits of text property lists: an edit changes only the bytes of the value, key or
/// entry it names, and every other byte of the file (comments, key order, indentation, number
/// spellings, line ends, encoding and byte order mark) stays as it was.
///
/// The file's layout comes from a scanner per format (XML, OpenStep and `.strings`, JSON); the
/// tree the format's reader built says which entry holds which key. The new text is what the
/// format's writer writes for the value, indented and spaced like its neighbours. Every splice
/// is checked by reading the result back: it must give the edited tree, keys in order, or the
/// splice is refused.
public enum PlistSourceEditor {
    /// The file `source` with `edit` spliced into its text.
    ///
    /// - Parameters:
    ///   - source: The file's bytes, in `format`.
    ///   - format: ``PlistFormat/xml``, ``PlistFormat/openStep`` (`.strings` and
    ///     `project.pbxproj` included) or ``PlistFormat/json``.
    ///   - original: The value `source` holds, as the format's reader read it.
    ///   - options: How new values are written (the format's writer options).
    ///   - readingOptions: How the result is read back to check it.
    /// - Returns: The edited bytes, or why the edit cannot be spliced (a binary file, a layout
    ///   the scanner does not follow, a result that does not read back as the edited tree).
    public static func splice(
        _ edit: PlistEdit, into source: Data, format: PlistFormat, original: PlistValue,
        options: PlistWritingOptions = PlistWritingOptions(), readingOptions: PlistReadingOptions = PlistReadingOptions()
    ) -> Result<Data, PlistSpliceUnavailable> {
        guard format != .binary else { return .failure(PlistSpliceUnavailable("binary files are rewritten whole")) }
        return checked(format: format, readingOptions: readingOptions, expecting: "the edited value") {
            let splice = try SourceSplice(source, format: format, options: options, original: original)
            let written = try splice.roundTrip(edit, readingOptions: readingOptions)
            var expected = original
            try expected.apply(written)
            try splice.placeNewKey(of: edit, original: original, in: &expected)
            return (try splice.applying(edit, original: original, edited: expected), expected)
        }
    }

    /// The bytes `splice` makes, once they read back as the value it expects, keys in order;
    /// otherwise, or when it throws, why not.
    static func checked(
        format: PlistFormat, readingOptions: PlistReadingOptions, expecting what: String,
        _ splice: () throws -> (result: Data, expected: PlistValue)
    ) -> Result<Data, PlistSpliceUnavailable> {
        do {
            let (result, expected) = try splice()
            let reread = try PlistDocument(decoding: result, format: format, options: readingOptions).value
            guard isIdentical(reread, expected) else {
                return .failure(PlistSpliceUnavailable("the spliced text does not read back as \(what)"))
            }
            return .success(result)
        } catch let error as LayoutUnavailable {
            return .failure(PlistSpliceUnavailable(error.description))
        } catch {
            return .failure(PlistSpliceUnavailable("\(error)"))
        }
    }

    /// Whether two values are equal with their dictionaries' keys in the same order (the
    /// values' `==` ignores the order).
    static func isIdentical(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case (.dictionary(let left), .dictionary(let right)):
            return left.keys.elementsEqual(right.keys, by: ExactKey.exactlyEqual)
                && left.values.elementsEqual(right.values, by: isIdentical)
        case (.array(let left), .array(let right)):
            return left.elementsEqual(right, by: isIdentical)
        default:
            return a == b
        }
    }
}

/// One file's text, layout and style, and the splices made in it.
struct SourceSplice {
    let format: PlistFormat
    let options: PlistWritingOptions
    let source: SourceText
    let root: SourceNode
    var style: SourceStyle
    /// The layouts of the containers replacements have gone into so far.
    private let layouts = SourceContainerLayouts()

    /// - Parameter original: The tree the text holds; given, an Xcode project file is recognised
    ///   and new text is laid out as Xcode lays it out (``XcodeProject``).
    init(_ bytes: Data, format: PlistFormat, options: PlistWritingOptions, original: PlistValue? = nil) throws {
        self.format = format
        self.options = options
        source = try SourceText(bytes)
        root = try SourceNode.scanning(source.utf8, format: format)
        style = SourceStyle(format: format, text: source.utf8, options: options)
        if format == .openStep, let original {
            style.xcode = XcodeProject(text: source.utf8, root: root, value: original)
        }
    }

    /// `edit` with its new value as the file will hold it once written and read again (a date
    /// in OpenStep becomes a string, a new dictionary's keys take the writer's order): the
    /// value a splice of the writer's text gives back.
    func roundTrip(_ edit: PlistEdit, readingOptions: PlistReadingOptions) throws -> PlistEdit {
        func reread(_ value: PlistValue) throws -> PlistValue {
            let written = try PlistValue.array([value]).encoded(as: format, options: options)
            guard case .array(let values) = try PlistDocument(decoding: written, format: format, options: readingOptions).value,
                values.count == 1
            else { throw LayoutUnavailable("the new value does not read back") }
            // An Xcode project's new text has its keys in Xcode's order, not the writer's.
            return style.xcode == nil ? values[0] : XcodeProject.ordered(values[0])
        }
        switch edit {
        case .set(let value, let path): return .set(try reread(value), at: path)
        case .insert(let value, let path): return .insert(try reread(value), at: path)
        case .replace(let value, let path): return .replace(try reread(value), at: path)
        case .append(let value, let path): return .append(try reread(value), to: path)
        case .remove: return edit
        }
    }

    /// What a splice does to one container.
    private enum Change {
        case replace(entry: Int)
        case insert(at: Int)
        case remove(entry: Int)
    }

    /// The file's bytes with `edit` made; `edited` is the tree after the edit, with a new key
    /// where ``placeNewKey(of:original:in:)`` put it.
    func applying(_ edit: PlistEdit, original: PlistValue, edited: PlistValue) throws -> Data {
        var splice = self
        splice.style.xcode = style.xcode?.describing(edited)
        let (range, replacement) = try splice.change(for: edit, original: original, edited: edited)
        var pieces = [(range: range, text: replacement)]
        if let before = style.xcode, let after = splice.style.xcode {
            pieces += splice.annotationPieces(for: edit, original: original, before: before, after: after, beside: range)
        }
        return try splicing(pieces)
    }

    /// The span `edit` changes and its new text.
    private func change(for edit: PlistEdit, original: PlistValue, edited: PlistValue) throws -> (Range<Int>, [UInt8]) {
        let path = edit.path
        let (range, replacement): (Range<Int>, [UInt8])
        if path.isEmpty {
            switch edit {
            case .set, .replace:
                (range, replacement) = try replacing(root, in: nil, with: edited, at: .root)
            case .append:
                (range, replacement) = try change(.insert(at: root.entries.count), in: root, within: nil, at: path, edited: edited)
            case .insert, .remove:
                throw LayoutUnavailable("the root cannot be inserted or removed")
            }
        } else if case .append = edit {
            let (node, value, parent) = try locate(path, in: original)
            guard case .array(let elements) = value else { throw LayoutUnavailable("'\(path)' is not an array") }
            (range, replacement) = try change(.insert(at: elements.count), in: node, within: parent, at: path, edited: edited)
        } else {
            let containerPath = path.parent
            let (node, container, parent) = try locate(containerPath, in: original)
            let last = path.components[path.components.count - 1]
            let existing = try entryIndex(last, in: container, node: node)
            let count = node.entries.count
            // A new key stands where the edited tree has it (see placeNewKey), at the end unless
            // the file is an Xcode project.
            let newKeyIndex = node.shape == .dictionary ? (try edited.value(at: containerPath)).dictionary?.index(forKey: last) : nil
            switch edit {
            case .remove:
                guard let existing else { throw LayoutUnavailable("nothing at '\(path)'") }
                (range, replacement) = try change(.remove(entry: existing), in: node, within: parent, at: containerPath, edited: edited)
            case .set, .replace:
                let change: Change = existing.map { .replace(entry: $0) } ?? .insert(at: newKeyIndex ?? count)
                (range, replacement) = try self.change(change, in: node, within: parent, at: containerPath, edited: edited)
            case .insert:
                let index = node.shape == .array ? Int(last) ?? count : newKeyIndex ?? count
                (range, replacement) = try change(.insert(at: index), in: node, within: parent, at: containerPath, edited: edited)
            case .append:
                throw LayoutUnavailable("unreachable")
            }
        }
        return (range, replacement)
    }

    // MARK: - Finding values

    /// The layout node and the value at `path`, and the node of the container holding it,
    /// walking the layout and the reader's tree together; their entry counts must agree at
    /// every step.
    func locate(_ path: PlistKeyPath, in original: PlistValue) throws -> (SourceNode, PlistValue, parent: SourceNode?) {
        var node = root, value = original, parent: SourceNode?
        for component in path.components {
            guard let index = try entryIndex(component, in: value, node: node) else {
                throw LayoutUnavailable("nothing at '\(path)'")
            }
            switch value {
            case .dictionary(let dictionary): value = dictionary.values[index]
            case .array(let elements): value = elements[index]
            default: throw LayoutUnavailable("'\(path)' goes through a value that is not a container")
            }
            parent = node
            node = node.entries[index].value
        }
        return (node, value, parent)
    }

    /// Which of the container's entries `component` names, or `nil` for a new key or the
    /// index just past the end.
    func entryIndex(_ component: String, in container: PlistValue, node: SourceNode) throws -> Int? {
        switch container {
        case .dictionary(let dictionary):
            guard node.shape == .dictionary, node.entries.count == dictionary.count else {
                throw LayoutUnavailable("a dictionary's entries do not match its layout")
            }
            return dictionary.index(forKey: component)
        case .array(let elements):
            guard node.shape == .array, node.entries.count == elements.count else {
                throw LayoutUnavailable("an array's elements do not match its layout")
            }
            guard let index = Int(component), index >= 0, index <= elements.count else {
                throw LayoutUnavailable("'\(component)' is not an index of the array")
            }
            return index < elements.count ? index : nil
        default:
            throw LayoutUnavailable("a key path goes through a value that is not a container")
        }
    }

    // MARK: - Splices

    /// The separator between a container's entries when the format has one apart from the
    /// entry itself (OpenStep dictionary entries end in their own `;`).
    private func separator(of container: SourceNode) -> [UInt8] {
        switch (format, container.shape) {
        case (.json, _), (.openStep, .array): return [UInt8(ascii: ",")]
        default: return []
        }
    }

    /// The bytes to replace, and what replaces them, for `change` in `container` (at `path`,
    /// an entry of `parent`).
    private func change(
        _ change: Change, in container: SourceNode, within parent: SourceNode?, at path: PlistKeyPath, edited: PlistValue
    ) throws -> (Range<Int>, [UInt8]) {
        let newContainer = try edited.value(at: path)
        let text = source.utf8
        switch change {
        case .replace(let index):
            let value = try newValue(at: index, in: newContainer), node = container.entries[index].value
            let (range, text) = try replacing(node, in: container, with: value, at: try childPath(index, in: newContainer, at: path))
            // A shorthand `key;` has no value text: the new value comes with its `=`.
            return (range, node.range.isEmpty ? style.keyValueGap(like: nil, indent: [], multiline: false) + text : text)
        case .remove(let index):
            let entry = container.entries[index]
            if !separator(of: container).isEmpty, entry.separator == nil, index > 0,
                let previous = container.entries[index - 1].separator
            {
                return (previous..<entry.end, [])
            }
            return (style.whiteSpaceStart(before: entry.start)..<entry.end, [])
        case .insert(let index):
            let value = try newValue(at: index, in: newContainer)
            let key = try newKey(at: index, in: newContainer)
            let valuePath = try childPath(index, in: newContainer, at: path)
            let entries = container.entries
            if let xcode = style.xcode, let key, path.components == ["objects"] {
                return try insertingObject(key, value, at: index, in: container, project: xcode)
            }
            if entries.isEmpty {
                if format == .openStep, container.isBraceless {
                    var added = try entryText(key: key, value: value, at: valuePath, in: container, neighbour: nil, indent: [])
                    if let last = text.last, last != 0x0A, last != 0x0D { added = style.newline + added }
                    return (text.count..<text.count, added + style.newline)
                }
                // An empty container is written anew, indented like the rest of the file, on
                // lines of its own when it spans lines or its neighbours do.
                let text = try style.valueText(
                    newContainer, indent: style.lineIndent(at: container.range.lowerBound), unit: style.unit(in: root),
                    multiline: style.isMultiline(container) || parent.map(style.isMultiline) ?? true, at: path)
                return (container.range, text)
            }
            if index < entries.count {
                let next = entries[index]
                let added = try entryText(
                    key: key, value: value, at: valuePath, in: container, neighbour: next, indent: style.lineIndent(at: next.start))
                let gap = style.gap(before: index, in: container)
                return (next.start..<next.start, added + separator(of: container) + gap)
            }
            let last = entries[entries.count - 1]
            let added = try entryText(
                key: key, value: value, at: valuePath, in: container, neighbour: last, indent: style.lineIndent(at: last.start))
            let gap = style.gap(before: entries.count - 1, in: container)
            let separator = separator(of: container)
            if separator.isEmpty || last.separator != nil {
                return (last.end..<last.end, gap + added + separator)
            }
            return (last.end..<last.end, separator + gap + added)
        }
    }

    /// The value at `index` of the edited container.
    private func newValue(at index: Int, in container: PlistValue) throws -> PlistValue {
        switch container {
        case .dictionary(let dictionary) where dictionary.values.indices.contains(index): return dictionary.values[index]
        case .array(let elements) where elements.indices.contains(index): return elements[index]
        default: throw LayoutUnavailable("the edited container has no entry \(index)")
        }
    }

    /// The path of the entry at `index` of the edited container at `path`.
    private func childPath(_ index: Int, in container: PlistValue, at path: PlistKeyPath) throws -> PlistKeyPath {
        guard let key = try newKey(at: index, in: container) else { return path.appending(index: index) }
        return path.appending(key)
    }

    /// The key at `index` of the edited container, when it is a dictionary.
    private func newKey(at index: Int, in container: PlistValue) throws -> String? {
        guard case .dictionary(let dictionary) = container else { return nil }
        guard dictionary.keys.indices.contains(index) else { throw LayoutUnavailable("the edited dictionary has no entry \(index)") }
        return dictionary.keys[index]
    }

    /// The span of `node` and the text of `value` (at `path`) in its place. In an Xcode project
    /// the span takes in the `/* name */` annotation after the old value: the new value comes
    /// with its own, or none.
    func replacing(_ node: SourceNode, in container: SourceNode?, with value: PlistValue, at path: PlistKeyPath) throws -> (Range<Int>, [UInt8]) {
        let layout = containerLayout(container ?? root, isRoot: container == nil)
        // Only a container's text has lines after its first, which the indentation starts; a
        // scalar's does not, and finding its line's indentation reads back to the line's start
        // (on a one-line file, the file's start).
        var indent: [UInt8] = []
        switch value {
        case .array, .dictionary: indent = style.lineIndent(at: node.range.lowerBound)
        default: break
        }
        let text = try style.valueText(
            value, indent: indent, unit: layout.unit, multiline: layout.isMultiline,
            quoted: node.range.isEmpty ? layout.quotesMostValues : style.text[node.range.lowerBound] == UInt8(ascii: "\""),
            at: path)
        if style.xcode != nil, node.shape == .scalar, !node.range.isEmpty,
            let annotation = XcodeProject.annotationComment(in: style.text, after: node.range.upperBound)
        {
            return (node.range.lowerBound..<annotation.upperBound, text)
        }
        return (node.range, text)
    }

    /// How `container` lays its values out, read once per container and splice: each of these
    /// reads all of the container, so many replacements in one container (a file of thousands
    /// of strings in one array) would otherwise cost the square of its size.
    private func containerLayout(_ container: SourceNode, isRoot: Bool) -> SourceContainerLayout {
        let key = SourceContainerLayout.Key(start: container.range.lowerBound, end: container.range.upperBound, isRoot: isRoot)
        if let known = layouts.known[key] { return known }
        let layout = SourceContainerLayout(
            unit: style.unit(in: container), isMultiline: isRoot || style.isMultiline(container),
            quotesMostValues: !isRoot && style.quotesMost(of: container, values: true))
        layouts.known[key] = layout
        return layout
    }

    /// A new entry's text: its key and the gap to its value for a dictionary, its value, and
    /// an OpenStep dictionary entry's `;`.
    private func entryText(
        key: String?, value: PlistValue, at path: PlistKeyPath, in container: SourceNode, neighbour: SourceEntry?, indent: [UInt8]
    ) throws -> [UInt8] {
        let multiline = style.isMultiline(container)
        var text: [UInt8] = []
        if let key {
            text += try style.keyText(key, quoted: style.quotesMost(of: container, values: false))
            text += style.keyValueGap(like: neighbour, indent: indent, multiline: multiline)
        }
        text += try style.valueText(value, indent: indent, unit: style.unit(in: container), multiline: multiline,
            quoted: style.quotesMost(of: container, values: true), at: path)
        if format == .openStep, container.shape == .dictionary { text.append(UInt8(ascii: ";")) }
        return text
    }
}

/// How one container lays out its values: what a replacement inside it needs to know.
struct SourceContainerLayout {
    struct Key: Hashable {
        let start: Int, end: Int, isRoot: Bool
    }

    let unit: [UInt8]
    let isMultiline: Bool
    let quotesMostValues: Bool
}

/// The container layouts one splice has read (a splice runs on one thread).
final class SourceContainerLayouts {
    var known: [SourceContainerLayout.Key: SourceContainerLayout] = [:]
}
