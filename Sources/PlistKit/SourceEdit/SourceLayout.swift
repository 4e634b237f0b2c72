/// Where the values of a text property list sit in its bytes: what a surgical edit needs to
/// change one value and leave every other byte as it was.
///
/// The layout scanners (``XMLLayoutScanner``, ``OpenStepLayoutScanner``,
/// ``JSONLayoutScanner``) find structure only: where each value, key and separator starts and
/// ends. They decode nothing; what a key says comes from the tree the format's own reader
/// built, whose dictionaries keep the source's order, entry for entry.
struct SourceNode {
    /// What the value is, as far as its position matters.
    enum Shape {
        case scalar, dictionary, array
    }

    var shape: Shape
    /// The value's bytes, from its first byte to just past its last.
    var range: Range<Int>
    /// For a container: its entries, in source order.
    var entries: [SourceEntry] = []
    /// For a container: just past its opening token, and the first byte of its closing token.
    /// A `.strings` file's top level has neither: it runs from the start to the end of the
    /// text. `nil` for a container with no content at all (XML's `<dict/>`).
    var content: Range<Int>?

    /// Whether this is a `.strings` file's top level, whose content is the whole text: no
    /// opening token precedes its entries.
    var isBraceless: Bool { content?.lowerBound == range.lowerBound }

    /// The layout of `text` (UTF-8) in `format`, by the format's scanner.
    ///
    /// - Throws: ``LayoutUnavailable`` when the scanner does not follow the text, or for a
    ///   binary format, which has no text layout.
    static func scanning(_ text: [UInt8], format: PlistFormat) throws -> SourceNode {
        switch format {
        case .xml: return try XMLLayoutScanner.scan(text)
        case .openStep: return try OpenStepLayoutScanner.scan(text)
        case .json: return try JSONLayoutScanner.scan(text)
        case .binary: throw LayoutUnavailable("binary files have no text layout")
        }
    }

    /// The entry at `index`, or `nil`.
    func entry(_ index: Int) -> SourceEntry? {
        entries.indices.contains(index) ? entries[index] : nil
    }
}

/// One entry of a container: a dictionary's key and value, or an array's element.
struct SourceEntry {
    /// The first byte of the key, or of the element.
    var start: Int
    /// Just past the key, for a dictionary entry.
    var keyEnd: Int?
    /// The value.
    var value: SourceNode
    /// The `,` or `;` that ends the entry, when one does.
    var separator: Int?

    /// Just past the entry and its separator.
    var end: Int { separator.map { $0 + 1 } ?? value.range.upperBound }
}

/// The scanners' refusal: the text has a shape they do not follow, so the edit rewrites the
/// whole file instead (see ``PlistSourceEditor``).
struct LayoutUnavailable: Error, CustomStringConvertible {
    /// Why, for the warning.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// What the scanners share: a position in the bytes and the skipping of what separates tokens.
struct LayoutCursor {
    let bytes: [UInt8]
    var position: Int
    /// How deep the scan may nest: a little past the readers' default limit (512), so that
    /// every text they accept by default is scanned, while the scanners' recursion stays well
    /// inside a worker thread's stack. Deeper text is rewritten whole instead.
    static let maximumDepth = 600

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at `position + offset`, or 0 past the end.
    func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    /// Whether the bytes at the position spell `text`.
    func looksAt(_ text: String) -> Bool {
        guard position + text.utf8.count <= bytes.count else { return false }
        var offset = position
        for byte in text.utf8 {
            guard bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Moves past the next occurrence of `text`, or throws when there is none.
    mutating func skip(past text: String) throws {
        while !isAtEnd {
            if looksAt(text) {
                position += text.utf8.count
                return
            }
            position += 1
        }
        throw LayoutUnavailable("the text ends inside a comment, string or tag")
    }

    /// Moves past spaces, tabs and line ends.
    mutating func skipWhiteSpace() {
        while !isAtEnd, Self.isWhiteSpace(bytes[position]) { position += 1 }
    }

    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Throws unless the byte at the position is `byte`, then moves past it.
    mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard peek() == byte else { throw LayoutUnavailable("expected \(what) at byte \(position)") }
        position += 1
    }
}

extension LayoutCursor {
    /// The container whose opening token is at the position, and moves past its closing
    /// token: its entries, each read by `entry`, with `skip` moving over what separates them.
    mutating func container(
        _ shape: SourceNode.Shape, closing: UInt8, skip: (inout LayoutCursor) throws -> Void,
        entry: (inout LayoutCursor) throws -> SourceEntry
    ) throws -> SourceNode {
        let start = position
        position += 1
        var entries: [SourceEntry] = []
        while true {
            try skip(&self)
            if peek() == closing {
                let contentEnd = position
                position += 1
                return SourceNode(shape: shape, range: start..<position, entries: entries, content: (start + 1)..<contentEnd)
            }
            guard !isAtEnd else { throw LayoutUnavailable("a container does not end") }
            entries.append(try entry(&self))
        }
    }
}
