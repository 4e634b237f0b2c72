import FoundationEssentials

/// Rewrites each raw carriage return in the character data of an ASCII-compatible XML document
/// as `&#13;`, so that the parser keeps it as Apple's reader does.
///
/// XML 1.0 §2.11 has parsers turn CR LF and lone CR into LF; libxml2 does. Apple's reader does
/// not: it reads the text of a CR LF file, and the raw CR Apple's writer puts in strings, as they
/// are. Rewriting CR in character data (and closing and reopening a CDATA section around one)
/// makes libxml2 deliver the CR itself, so PlistKit reads Foundation's output of any string
/// back unchanged. CRs inside markup (tags, comments, processing instructions, declarations)
/// are left alone; there they are only whitespace.
///
/// The rewrite is a best effort over the raw bytes: ``XMLPlistReader`` parses the original bytes
/// instead whenever the rewritten ones fail, so that errors are reported from (and at the
/// positions of) the input as given.
enum XMLCarriageReturnPreserver {
    /// The most bytes ``rewrite(_:)`` adds for each carriage return: one in a CDATA section
    /// becomes `]]>&#13;<![CDATA[`, 17 bytes for 1.
    static let growthPerCarriageReturn = 16

    /// How many 0x0D bytes `bytes` holds, found `memchr`'s way (most documents have none).
    static func carriageReturnCount(in bytes: Data) -> Int {
        ByteCursor.withBytes(of: bytes) { input in
            var cursor = input
            var returns = 0
            while cursor.skip(to: 0x0D) {
                returns += 1
                cursor.advance()
            }
            return returns
        }
    }

    /// The rewritten bytes, or `nil` when there is nothing to rewrite or the input is not in
    /// an ASCII-compatible encoding (UTF-16 and UTF-32 are detected from their first bytes).
    static func rewrite(_ data: Data) -> Data? {
        let hasCarriageReturn = ByteCursor.withBytes(of: data) { input in
            var cursor = input
            return cursor.skip(to: 0x0D)
        }
        guard hasCarriageReturn else { return nil }
        let input = [UInt8](data)
        if input.count >= 2 {
            let b0 = input[0], b1 = input[1]
            // UTF-16/32 BOMs and a '<' with a zero byte beside it.
            if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE) || b0 == 0x00 || b1 == 0x00 { return nil }
        }
        // Room for the worst case up front, so the buffer never grows past what
        // InputCopyLimit allowed for.
        var output: [UInt8] = []
        output.reserveCapacity(input.count + growthPerCarriageReturn * carriageReturnCount(in: data))
        let count = input.count
        var i = 0
        // Open elements: character references are only allowed inside the root element, so CRs
        // around it (in the prolog, after the XML declaration) stay as they are.
        var depth = 0

        func starts(with literal: StaticString, at position: Int) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard position + length <= count else { return false }
            return literal.withUTF8Buffer { input[position..<(position + length)].elementsEqual($0) }
        }
        /// Copies through the end of `terminator`, or to the end of the input.
        func copy(through terminator: StaticString) {
            while i < count {
                if starts(with: terminator, at: i) {
                    let length = terminator.utf8CodeUnitCount
                    output.append(contentsOf: input[i..<(i + length)])
                    i += length
                    return
                }
                output.append(input[i])
                i += 1
            }
        }
        func append(_ literal: StaticString) {
            literal.withUTF8Buffer { output.append(contentsOf: $0) }
        }

        while i < count {
            let byte = input[i]
            if byte == 0x0D && depth > 0 {
                append("&#13;")
                i += 1
            } else if byte != UInt8(ascii: "<") {
                output.append(byte)
                i += 1
            } else if starts(with: "<!--", at: i) {
                copy(through: "-->")
            } else if starts(with: "<![CDATA[", at: i) {
                append("<![CDATA[")
                i += 9
                // A CR inside CDATA becomes "]]>&#13;<![CDATA[": end, reference, reopen.
                while i < count {
                    if starts(with: "]]>", at: i) {
                        append("]]>")
                        i += 3
                        break
                    }
                    if input[i] == 0x0D {
                        append("]]>&#13;<![CDATA[")
                    } else {
                        output.append(input[i])
                    }
                    i += 1
                }
            } else if starts(with: "<?", at: i) {
                copy(through: "?>")
            } else if starts(with: "<!", at: i) {
                // A declaration (DOCTYPE): quotes, brackets of the internal subset and comments
                // inside it are skipped until its closing '>'.
                var depth = 0
                var quote: UInt8 = 0
                while i < count {
                    let c = input[i]
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if starts(with: "<!--", at: i) && depth > 0 {
                        copy(through: "-->")
                        continue
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: "[") {
                        depth += 1
                    } else if c == UInt8(ascii: "]") {
                        depth -= 1
                    } else if c == UInt8(ascii: ">") && depth <= 0 {
                        output.append(c)
                        i += 1
                        break
                    }
                    output.append(c)
                    i += 1
                }
            } else {
                // A start or end tag: attribute values may hold '>'.
                let isEndTag = starts(with: "</", at: i)
                var quote: UInt8 = 0
                var previous: UInt8 = 0
                while i < count {
                    let c = input[i]
                    output.append(c)
                    i += 1
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        if isEndTag {
                            depth -= 1
                        } else if previous != UInt8(ascii: "/") {
                            depth += 1
                        }
                        break
                    }
                    previous = c
                }
            }
        }
        return Data(output)
    }
}
