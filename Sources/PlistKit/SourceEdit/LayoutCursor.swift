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
