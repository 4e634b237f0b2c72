/// Finds where the values of an XML property list sit (see ``SourceNode``).
///
/// It follows the plist vocabulary only: a prolog of declarations, comments and a DOCTYPE,
/// an optional `<plist>` element around one value, and the plist elements, with comments,
/// processing instructions and CDATA sections between and inside them. Anything else (an
/// element in a scalar, an unknown element) ends the scan; the edit then rewrites the file.
enum XMLLayoutScanner {
    /// The layout of the root value.
    static func scan(_ bytes: [UInt8]) throws -> SourceNode {
        var cursor = LayoutCursor(bytes)
        try skipMisc(&cursor)
        var insidePlist = false
        if try elementName(cursor) == "plist" {
            guard try !openTag(&cursor) else { throw LayoutUnavailable("an empty <plist/>") }
            try skipMisc(&cursor)
            insidePlist = true
        }
        let root = try value(&cursor, depth: 0)
        if insidePlist {
            try skipMisc(&cursor)
            guard cursor.looksAt("</plist") else { throw LayoutUnavailable("more than one value in <plist>") }
        }
        return root
    }

    /// Skips white space, comments, processing instructions and a DOCTYPE.
    private static func skipMisc(_ cursor: inout LayoutCursor) throws {
        while true {
            cursor.skipWhiteSpace()
            if cursor.looksAt("<!--") {
                try cursor.skip(past: "-->")
            } else if cursor.looksAt("<?") {
                try cursor.skip(past: "?>")
            } else if cursor.looksAt("<!DOCTYPE") {
                try skipDoctype(&cursor)
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>`, an internal subset in brackets included.
    private static func skipDoctype(_ cursor: inout LayoutCursor) throws {
        try skipMarkup(&cursor, bracketsNest: true, what: "the DOCTYPE")
    }

    /// Moves past the first `>` that is outside quotes (and, when `bracketsNest`, outside
    /// `[…]`), or throws naming `what` when there is none.
    private static func skipMarkup(_ cursor: inout LayoutCursor, bracketsNest: Bool, what: String) throws {
        var quote: UInt8 = 0
        var bracketDepth = 0
        while !cursor.isAtEnd {
            let byte = cursor.peek()
            cursor.position += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if bracketsNest, byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if bracketsNest, byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw LayoutUnavailable("\(what) does not end")
    }

    /// The name of the element whose start tag begins at the cursor.
    private static func elementName(_ cursor: LayoutCursor) throws -> String {
        guard cursor.peek() == UInt8(ascii: "<") else { throw LayoutUnavailable("expected an element at byte \(cursor.position)") }
        var end = cursor.position + 1
        while end < cursor.bytes.count, isNameByte(cursor.bytes[end]) { end += 1 }
        return String(decoding: cursor.bytes[(cursor.position + 1)..<end], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !LayoutCursor.isWhiteSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != 0
    }

    /// Moves past a start tag; whether the element is empty (`<x/>`).
    private static func openTag(_ cursor: inout LayoutCursor) throws -> Bool {
        cursor.position += 1
        try skipMarkup(&cursor, bracketsNest: false, what: "a start tag")
        return cursor.bytes[cursor.position - 2] == UInt8(ascii: "/")
    }

    /// Moves past the end tag at the cursor (`</name …>`).
    private static func closeTag(_ cursor: inout LayoutCursor) throws {
        guard cursor.looksAt("</") else { throw LayoutUnavailable("expected an end tag at byte \(cursor.position)") }
        try cursor.skip(past: ">")
    }

    /// The value element at the cursor, and moves past it.
    private static func value(_ cursor: inout LayoutCursor, depth: Int) throws -> SourceNode {
        guard depth < LayoutCursor.maximumDepth else { throw LayoutUnavailable("nesting too deep") }
        let start = cursor.position
        let name = try elementName(cursor)
        let isEmpty = try openTag(&cursor)
        switch name {
        case "dict", "array":
            let shape: SourceNode.Shape = name == "dict" ? .dictionary : .array
            if isEmpty { return SourceNode(shape: shape, range: start..<cursor.position) }
            let contentStart = cursor.position
            var entries: [SourceEntry] = []
            var pendingKey: (start: Int, end: Int)?
            while true {
                try skipMisc(&cursor)
                if cursor.looksAt("</") {
                    guard pendingKey == nil else { throw LayoutUnavailable("a key without a value") }
                    let contentEnd = cursor.position
                    try closeTag(&cursor)
                    return SourceNode(shape: shape, range: start..<cursor.position, entries: entries, content: contentStart..<contentEnd)
                }
                if shape == .dictionary, pendingKey == nil {
                    let keyStart = cursor.position
                    guard try elementName(cursor) == "key" else { throw LayoutUnavailable("a dictionary entry without a key") }
                    try scalar(&cursor, isEmpty: try openTag(&cursor))
                    pendingKey = (keyStart, cursor.position)
                    continue
                }
                let child = try value(&cursor, depth: depth + 1)
                entries.append(SourceEntry(start: pendingKey?.start ?? child.range.lowerBound, keyEnd: pendingKey?.end, value: child))
                pendingKey = nil
            }
        case "string", "integer", "real", "date", "data", "true", "false":
            try scalar(&cursor, isEmpty: isEmpty)
            return SourceNode(shape: .scalar, range: start..<cursor.position)
        default:
            throw LayoutUnavailable("an element <\(name)> the plist vocabulary lacks")
        }
    }

    /// Moves past a scalar's content and end tag: text, entity references, CDATA and comments.
    private static func scalar(_ cursor: inout LayoutCursor, isEmpty: Bool) throws {
        guard !isEmpty else { return }
        while !cursor.isAtEnd {
            if cursor.looksAt("<![CDATA[") {
                try cursor.skip(past: "]]>")
            } else if cursor.looksAt("<!--") {
                try cursor.skip(past: "-->")
            } else if cursor.looksAt("<?") {
                try cursor.skip(past: "?>")
            } else if cursor.looksAt("</") {
                try closeTag(&cursor)
                return
            } else if cursor.peek() == UInt8(ascii: "<") {
                throw LayoutUnavailable("an element inside a scalar at byte \(cursor.position)")
            } else {
                cursor.position += 1
            }
        }
        throw LayoutUnavailable("a scalar does not end")
    }
}
