/// Finds where the values of an OpenStep property list, a `.strings` file or a
/// `project.pbxproj` sit (see ``SourceNode``): braces, parentheses, quoted and unquoted
/// strings, `<…>` data and GNUstep typed values, with `//` and `/* */` comments anywhere
/// between tokens.
enum OpenStepLayoutScanner {
    /// The layout of the root value; a top level of `key = value;` entries without braces is
    /// a dictionary whose content is the whole text.
    static func scan(_ bytes: [UInt8]) throws -> SourceNode {
        var cursor = LayoutCursor(bytes)
        let contentStart = cursor.position
        try skipSpace(&cursor)
        if cursor.isAtEnd {
            return SourceNode(shape: .dictionary, range: contentStart..<bytes.count, content: contentStart..<bytes.count)
        }
        if try startsBracelessEntries(cursor) {
            var entries: [SourceEntry] = []
            while !cursor.isAtEnd {
                entries.append(try dictionaryEntry(&cursor, depth: 0))
                try skipSpace(&cursor)
            }
            return SourceNode(shape: .dictionary, range: contentStart..<bytes.count, entries: entries, content: contentStart..<bytes.count)
        }
        let root = try value(&cursor, depth: 0)
        try skipSpace(&cursor)
        guard cursor.isAtEnd else { throw LayoutUnavailable("text after the root value at byte \(cursor.position)") }
        return root
    }

    /// Whether the cursor is at a string followed by `=`: a `.strings` file's first entry.
    private static func startsBracelessEntries(_ start: LayoutCursor) throws -> Bool {
        var cursor = start
        let first = cursor.peek()
        guard first != UInt8(ascii: "{"), first != UInt8(ascii: "("), first != UInt8(ascii: "<") else { return false }
        try string(&cursor)
        try skipSpace(&cursor)
        return cursor.peek() == UInt8(ascii: "=")
    }

    /// Skips white space and comments.
    static func skipSpace(_ cursor: inout LayoutCursor) throws {
        while true {
            cursor.skipWhiteSpace()
            if cursor.looksAt("//") {
                while !cursor.isAtEnd, cursor.peek() != 0x0A, cursor.peek() != 0x0D { cursor.position += 1 }
            } else if cursor.looksAt("/*") {
                try cursor.skip(past: "*/")
            } else {
                return
            }
        }
    }

    /// The value at the cursor, and moves past it.
    private static func value(_ cursor: inout LayoutCursor, depth: Int) throws -> SourceNode {
        guard depth < LayoutCursor.maximumDepth else { throw LayoutUnavailable("nesting too deep") }
        let start = cursor.position
        switch cursor.peek() {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            let isDictionary = cursor.peek() == UInt8(ascii: "{")
            return try cursor.container(
                isDictionary ? .dictionary : .array, closing: isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")"), skip: skipSpace
            ) { cursor in
                isDictionary ? try dictionaryEntry(&cursor, depth: depth + 1) : try arrayElement(&cursor, depth: depth + 1)
            }
        case UInt8(ascii: "<"):
            try cursor.skip(past: ">")
            return SourceNode(shape: .scalar, range: start..<cursor.position)
        default:
            try string(&cursor)
            return SourceNode(shape: .scalar, range: start..<cursor.position)
        }
    }

    /// An array element and its `,` at the cursor, and moves past them.
    private static func arrayElement(_ cursor: inout LayoutCursor, depth: Int) throws -> SourceEntry {
        var entry = SourceEntry(start: cursor.position, value: try value(&cursor, depth: depth))
        try skipSpace(&cursor)
        if cursor.peek() == UInt8(ascii: ",") {
            entry.separator = cursor.position
            cursor.position += 1
        } else if cursor.peek() != UInt8(ascii: ")") {
            throw LayoutUnavailable("expected ',' or ')' at byte \(cursor.position)")
        }
        return entry
    }

    /// A `key = value;` entry at the cursor, and moves past it.
    private static func dictionaryEntry(_ cursor: inout LayoutCursor, depth: Int) throws -> SourceEntry {
        let start = cursor.position
        try string(&cursor)
        let keyEnd = cursor.position
        try skipSpace(&cursor)
        var entry: SourceEntry
        if cursor.peek() == UInt8(ascii: ";") {
            // A `.strings` shorthand, `key;`, whose value is the key: an empty value just past
            // the key, where a new value goes with its `=`.
            entry = SourceEntry(start: start, keyEnd: keyEnd, value: SourceNode(shape: .scalar, range: keyEnd..<keyEnd))
        } else {
            try cursor.expect(UInt8(ascii: "="), "'='")
            try skipSpace(&cursor)
            entry = SourceEntry(start: start, keyEnd: keyEnd, value: try value(&cursor, depth: depth))
            try skipSpace(&cursor)
        }
        if cursor.peek() == UInt8(ascii: ";") {
            entry.separator = cursor.position
            cursor.position += 1
        } else {
            throw LayoutUnavailable("an entry without its ';' at byte \(cursor.position)")
        }
        return entry
    }

    /// Moves past a quoted or unquoted string.
    private static func string(_ cursor: inout LayoutCursor) throws {
        let quote = cursor.peek()
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            cursor.position += 1
            while !cursor.isAtEnd {
                let byte = cursor.peek()
                cursor.position += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == quote { return }
            }
            throw LayoutUnavailable("a quoted string does not end")
        }
        let start = cursor.position
        while !cursor.isAtEnd, isUnquotedByte(cursor.peek()), !cursor.looksAt("//"), !cursor.looksAt("/*") {
            cursor.position += 1
        }
        guard cursor.position > start else { throw LayoutUnavailable("expected a string at byte \(start)") }
    }

    private static func isUnquotedByte(_ byte: UInt8) -> Bool {
        if LayoutCursor.isWhiteSpace(byte) { return false }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return false
        default:
            return true
        }
    }
}
