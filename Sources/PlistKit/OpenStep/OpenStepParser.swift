import FoundationEssentials

/// The OpenStep reader's scanner, over a ``ByteCursor`` that borrows the input for one `read`
/// call (so it is non-copyable too).
struct OpenStepParser: ~Copyable {
    private var text: ByteCursor
    private let options: PlistReadingOptions
    private var objectCount = 0

    init(_ text: consuming ByteCursor, options: PlistReadingOptions) {
        self.text = text
        self.options = options
    }

    // MARK: Errors

    private func corrupt(_ reason: String, at offset: Int) -> PlistError {
        PlistError(.corruptData, reason, at: .line(TextInput.lineAndColumn(of: offset, in: text)))
    }

    private func unexpected(at offset: Int, expecting: String) -> PlistError {
        guard let byte = text.byte(at: offset) else {
            return corrupt("Unexpected end of OpenStep input; expected \(expecting)", at: offset)
        }
        return corrupt("Unexpected \(TextInput.describeByte(byte)); expected \(expecting)", at: offset)
    }

    // MARK: Document

    mutating func parseDocument() throws -> PlistValue {
        if let bad = text.firstInvalidUTF8(from: 0, to: text.count) {
            throw corrupt("Invalid UTF-8 in OpenStep text", at: bad)
        }
        try skipWhitespaceAndComments()
        guard !text.isAtEnd else { return .dictionary(PlistDictionary()) }
        let start = text.position
        let first = try parseValue(depth: 0)
        try skipWhitespaceAndComments()
        guard let next = text.peek() else { return first }
        // As CoreFoundation does: a string followed by more text means the file is a list of
        // `key = value;` entries without braces (a .strings file); start again as one.
        guard case .string = first else {
            throw corrupt("Unexpected \(TextInput.describeByte(next)) after the top-level value", at: text.position)
        }
        try text.seek(to: start)
        objectCount = 0
        var dictionary = PlistDictionary()
        // The brace-less dictionary is itself the first level.
        try checkDepth(0)
        try parseEntries(into: &dictionary, depth: 1, braced: false, openedAt: start)
        return .dictionary(dictionary)
    }

    // MARK: Lexing

    /// Skips white space and comments; fails on an unterminated `/*` comment.
    private mutating func skipWhitespaceAndComments() throws {
        while let byte = text.peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                text.advance()
            case 0xE2 where text.peek(ahead: 1) == 0x80 && (text.peek(ahead: 2) == 0xA8 || text.peek(ahead: 2) == 0xA9):
                text.advance(by: 3)  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
            case UInt8(ascii: "/") where text.peek(ahead: 1) == UInt8(ascii: "/"):
                text.advance(by: 2)
                text.skip { $0 != 0x0A && $0 != 0x0D }
            case UInt8(ascii: "/") where text.peek(ahead: 1) == UInt8(ascii: "*"):
                let open = text.position
                text.advance(by: 2)
                while true {
                    guard let star = text.peek(), let slash = text.peek(ahead: 1) else {
                        throw corrupt("Unterminated /* comment", at: open)
                    }
                    if star == UInt8(ascii: "*") && slash == UInt8(ascii: "/") {
                        text.advance(by: 2)
                        break
                    }
                    text.advance()
                }
            default:
                return
            }
        }
    }

    @inline(__always)
    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private mutating func countObject(at offset: Int) throws {
        objectCount += 1
        if objectCount > options.maximumObjectCount {
            throw PlistError(
                .limitExceeded, "The OpenStep text holds more than \(options.maximumObjectCount) values",
                at: .line(TextInput.lineAndColumn(of: offset, in: text)))
        }
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth < options.maximumDepth else {
            throw PlistError(
                .limitExceeded, "The OpenStep text is too deep: more than \(options.maximumDepth) levels",
                at: .line(TextInput.lineAndColumn(of: text.position, in: text)))
        }
    }

    // MARK: Values

    /// Parses one value at the position (white space already skipped). `depth` counts the
    /// containers around it.
    private mutating func parseValue(depth: Int) throws -> PlistValue {
        guard let byte = text.peek() else { throw unexpected(at: text.position, expecting: "a value") }
        try countObject(at: text.position)
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            let open = text.position
            text.advance()
            var dictionary = PlistDictionary()
            try parseEntries(into: &dictionary, depth: depth + 1, braced: true, openedAt: open)
            return .dictionary(dictionary)
        case UInt8(ascii: "("):
            try checkDepth(depth)
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "<"):
            if text.peek(ahead: 1) == UInt8(ascii: "*") { return try parseTypedValue() }
            return .data(try parseData())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseQuotedString())
        default:
            if Self.isUnquotedCharacter(byte) { return .string(parseUnquotedString()) }
            throw unexpected(at: text.position, expecting: "a value")
        }
    }

    /// Parses `key = value;` and `key;` entries up to `}` (braced) or the end of the input.
    private mutating func parseEntries(into dictionary: inout PlistDictionary, depth: Int, braced: Bool, openedAt open: Int) throws {
        while true {
            try skipWhitespaceAndComments()
            guard let first = text.peek() else {
                if braced { throw corrupt("Unterminated dictionary; expected '}'", at: open) }
                return
            }
            if braced && first == UInt8(ascii: "}") {
                text.advance()
                return
            }
            let keyStart = text.position
            let key: String
            switch first {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                key = try parseQuotedString()
            case let byte where Self.isUnquotedCharacter(byte):
                key = parseUnquotedString()
            default:
                throw unexpected(at: keyStart, expecting: braced ? "a string key or '}'" : "a string key")
            }
            try countObject(at: keyStart)
            try skipWhitespaceAndComments()
            switch text.peek() {
            case UInt8(ascii: ";"):
                text.advance()
                dictionary[key] = .string(key)
            case UInt8(ascii: "="):
                text.advance()
                try skipWhitespaceAndComments()
                let value = try parseValue(depth: depth)
                try skipWhitespaceAndComments()
                guard text.peek() == UInt8(ascii: ";") else {
                    throw unexpected(at: text.position, expecting: "';' after the value of key '\(key)'")
                }
                text.advance()
                dictionary[key] = value
            default:
                throw unexpected(at: text.position, expecting: "'=' or ';' after the key")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> PlistValue {
        let open = text.position
        text.advance()  // (
        var elements: [PlistValue] = []
        while true {
            try skipWhitespaceAndComments()
            guard let next = text.peek() else { throw corrupt("Unterminated array; expected ')'", at: open) }
            if next == UInt8(ascii: ")") {
                text.advance()
                return .array(elements)
            }
            elements.append(try parseValue(depth: depth))
            try skipWhitespaceAndComments()
            switch text.peek() {
            case nil: throw corrupt("Unterminated array; expected ')'", at: open)
            case UInt8(ascii: ","): text.advance()
            case UInt8(ascii: ")"):
                text.advance()
                return .array(elements)
            default: throw unexpected(at: text.position, expecting: "',' or ')'")
            }
        }
    }

    // MARK: Data and typed values

    private static func isDataWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private mutating func parseData() throws -> Data {
        let open = text.position
        text.advance()  // <
        var bytes: [UInt8] = []
        while true {
            text.skip(while: Self.isDataWhitespace)
            guard let first = text.peek() else { throw corrupt("Unterminated data; expected '>'", at: open) }
            if first == UInt8(ascii: ">") {
                text.advance()
                return Data(bytes)
            }
            guard let high = TextInput.hexDigitValue(first) else {
                throw unexpected(at: text.position, expecting: "a hexadecimal digit or '>' in data")
            }
            guard let second = text.peek(ahead: 1) else { throw corrupt("Unterminated data; expected '>'", at: open) }
            guard let low = TextInput.hexDigitValue(second) else {
                if second == UInt8(ascii: ">") || Self.isDataWhitespace(second) {
                    throw corrupt("Data bytes need two hexadecimal digits; found an odd one", at: text.position)
                }
                throw unexpected(at: text.position + 1, expecting: "a hexadecimal digit in data")
            }
            bytes.append(high << 4 | low)
            text.advance(by: 2)
        }
    }

    /// GNUstep's typed values: `<*I…>` integer, `<*R…>` real, `<*BY>`/`<*BN>` boolean and
    /// `<*D…>` date.
    private mutating func parseTypedValue() throws -> PlistValue {
        let open = text.position
        text.advance(by: 2)  // <*
        guard let type = text.peek() else { throw corrupt("Unterminated GNUstep typed value; expected '>'", at: open) }
        text.advance()
        let contentStart = text.position
        text.skip { $0 != UInt8(ascii: ">") }
        guard !text.isAtEnd else { throw corrupt("Unterminated GNUstep typed value; expected '>'", at: open) }
        let content = text.text(from: contentStart)
        text.advance()
        switch type {
        case UInt8(ascii: "I"):
            guard let integer = PlistInteger(content) else {
                throw corrupt("The GNUstep integer <*I\(content)> is not an integer from -9223372036854775808 through 18446744073709551615", at: open)
            }
            return .integer(integer)
        case UInt8(ascii: "R"):
            guard !content.isEmpty, let real = Double(content) else {
                throw corrupt("The GNUstep real <*R\(content)> is not a number", at: open)
            }
            return .real(real)
        case UInt8(ascii: "B"):
            switch content {
            case "Y": return .boolean(true)
            case "N": return .boolean(false)
            default: throw corrupt("The GNUstep boolean <*B\(content)> must be <*BY> or <*BN>", at: open)
            }
        case UInt8(ascii: "D"):
            guard let seconds = CivilDate.parse(content, separator: UInt8(ascii: " "), zone: .numeric) else {
                throw corrupt("The GNUstep date <*D\(content)> is not of the form 2001-01-01 00:00:00 +0000", at: open)
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            throw corrupt("Unknown GNUstep typed value <*\(TextInput.describeByte(type))…>; expected I, R, B or D", at: open)
        }
    }

    // MARK: Strings

    private mutating func parseUnquotedString() -> String {
        let start = text.position
        text.skip(while: Self.isUnquotedCharacter)
        return text.text(from: start)
    }

    /// Parses a string quoted with `"` or `'`, starting at the opening quote.
    private mutating func parseQuotedString() throws -> String {
        let open = text.position
        guard let quote = text.peek() else { throw corrupt("Unterminated quoted string", at: open) }
        text.advance()
        let start = text.position
        text.skip { $0 != quote && $0 != UInt8(ascii: "\\") }
        guard let stop = text.peek() else { throw corrupt("Unterminated quoted string", at: open) }
        if stop == quote {
            // The whole input was validated as UTF-8 up front.
            let string = text.text(from: start)
            text.advance()
            return string
        }
        var buffer: [UInt8] = []
        text.appendBytes(from: start, to: &buffer)
        var pendingHighSurrogate: (unit: UInt32, at: Int)? = nil
        while let byte = text.peek() {
            if byte == quote {
                if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
                text.advance()
                return String(decoding: buffer, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
                buffer.append(byte)
                text.advance()
                continue
            }
            let escape = text.position
            text.advance()
            guard let c = text.peek() else { break }
            if c == UInt8(ascii: "U") {
                text.advance()
                var unit: UInt32 = 0
                var digits = 0
                while digits < 4, let next = text.peek(), let v = TextInput.hexDigitValue(next) {
                    unit = unit << 4 | UInt32(v)
                    digits += 1
                    text.advance()
                }
                guard digits > 0 else {
                    throw corrupt("The escape \\U needs one to four hexadecimal digits", at: escape)
                }
                if let pending = pendingHighSurrogate {
                    guard (0xDC00...0xDFFF).contains(unit) else { throw unpaired(pending.unit, at: pending.at) }
                    UnicodeTranscoder.appendUTF8(0x10000 + ((pending.unit - 0xD800) << 10) + (unit - 0xDC00), to: &buffer)
                    pendingHighSurrogate = nil
                } else if (0xD800...0xDBFF).contains(unit) {
                    pendingHighSurrogate = (unit, escape)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw unpaired(unit, at: escape)
                } else {
                    UnicodeTranscoder.appendUTF8(unit, to: &buffer)
                }
                continue
            }
            if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, let next = text.peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") {
                    value = value << 3 | UInt32(next - UInt8(ascii: "0"))
                    digits += 1
                    text.advance()
                }
                // CoreFoundation keeps the low eight bits of a three-digit octal value, so
                // \477 is \077 ("?"); swift-foundation's getSlashedChars test relies on it.
                guard let scalar = NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: value)) else {
                    throw corrupt(
                        "The octal escape \\\(String(value, radix: 8)) names no character of the NeXTSTEP encoding",
                        at: escape)
                }
                UnicodeTranscoder.appendUTF8(scalar, to: &buffer)
            case UInt8(ascii: "a"): buffer.append(0x07); text.advance()
            case UInt8(ascii: "b"): buffer.append(0x08); text.advance()
            case UInt8(ascii: "f"): buffer.append(0x0C); text.advance()
            case UInt8(ascii: "n"): buffer.append(0x0A); text.advance()
            case UInt8(ascii: "r"): buffer.append(0x0D); text.advance()
            case UInt8(ascii: "t"): buffer.append(0x09); text.advance()
            case UInt8(ascii: "v"): buffer.append(0x0B); text.advance()
            default:
                // Any other character stands for itself; copy all the bytes of its UTF-8 form.
                buffer.append(c)
                text.advance()
                while let next = text.peek(), next & 0xC0 == 0x80 {
                    buffer.append(next)
                    text.advance()
                }
            }
        }
        throw corrupt("Unterminated quoted string", at: open)
    }

    private func unpaired(_ unit: UInt32, at offset: Int) -> PlistError {
        corrupt("Unpaired UTF-16 surrogate \\U\(String(unit, radix: 16, uppercase: true)) in a quoted string", at: offset)
    }
}
