/// Finds where the values of a JSON document sit (see ``SourceNode``).
enum JSONLayoutScanner {
    /// The layout of the root value.
    static func scan(_ bytes: [UInt8]) throws -> SourceNode {
        var cursor = LayoutCursor(bytes)
        cursor.skipWhiteSpace()
        let root = try value(&cursor, depth: 0)
        cursor.skipWhiteSpace()
        guard cursor.isAtEnd else { throw LayoutUnavailable("text after the root value at byte \(cursor.position)") }
        return root
    }

    /// The value at the cursor, and moves past it.
    private static func value(_ cursor: inout LayoutCursor, depth: Int) throws -> SourceNode {
        guard depth < LayoutCursor.maximumDepth else { throw LayoutUnavailable("nesting too deep") }
        let start = cursor.position
        let opening = cursor.peek()
        guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
            try scalar(&cursor)
            return SourceNode(shape: .scalar, range: start..<cursor.position)
        }
        let isObject = opening == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        return try cursor.container(isObject ? .dictionary : .array, closing: closing, skip: { $0.skipWhiteSpace() }) { cursor in
            let entryStart = cursor.position
            var keyEnd: Int?
            if isObject {
                guard cursor.peek() == UInt8(ascii: "\"") else { throw LayoutUnavailable("expected a key at byte \(cursor.position)") }
                try scalar(&cursor)
                keyEnd = cursor.position
                cursor.skipWhiteSpace()
                try cursor.expect(UInt8(ascii: ":"), "':'")
                cursor.skipWhiteSpace()
            }
            var entry = SourceEntry(start: entryStart, keyEnd: keyEnd, value: try value(&cursor, depth: depth + 1))
            cursor.skipWhiteSpace()
            if cursor.peek() == UInt8(ascii: ",") {
                entry.separator = cursor.position
                cursor.position += 1
            } else if cursor.peek() != closing {
                throw LayoutUnavailable("expected ',' at byte \(cursor.position)")
            }
            return entry
        }
    }

    /// Moves past a string, number or literal.
    private static func scalar(_ cursor: inout LayoutCursor) throws {
        let start = cursor.position
        if cursor.peek() == UInt8(ascii: "\"") {
            cursor.position += 1
            while !cursor.isAtEnd {
                let byte = cursor.peek()
                cursor.position += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: "\"") { return }
            }
            throw LayoutUnavailable("a string does not end")
        }
        while !cursor.isAtEnd {
            let byte = cursor.peek()
            if LayoutCursor.isWhiteSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
            cursor.position += 1
        }
        guard cursor.position > start else { throw LayoutUnavailable("expected a value at byte \(start)") }
    }
}
