import FoundationEssentials

/// The byte cursor of the OpenStep reader; it borrows the input for one `read` call and is
/// non-copyable (and, holding a pointer, not `Sendable`) so that it cannot outlive it.
struct OpenStepParser: ~Copyable {
    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let options: PlistReadingOptions
    private var objectCount = 0

    init(_ text: UnsafeBufferPointer<UInt8>, options: PlistReadingOptions) {
        self.text = text
        self.options = options
    }

    // MARK: Errors

    private func corrupt(_ reason: String, at offset: Int) -> PlistError {
        PlistError(.corruptData, reason, at: UnicodeText.lineAndColumn(of: offset, in: text))
    }

    private func unexpected(at offset: Int, expecting: String) -> PlistError {
        guard offset < text.count else {
            return corrupt("Unexpected end of OpenStep input; expected \(expecting)", at: offset)
        }
        return corrupt("Unexpected \(UnicodeText.describeByte(text[offset])); expected \(expecting)", at: offset)
    }

    // MARK: Document

    mutating func parseDocument() throws -> PlistValue {
        if let bad = UnicodeText.firstInvalidUTF8(in: text, 0..<text.count) {
            throw corrupt("Invalid UTF-8 in OpenStep text", at: bad)
        }
        try skipWhitespaceAndComments()
        guard index < text.count else { return .dictionary(PlistDictionary()) }
        let start = index
        let first = try parseValue(depth: 0)
        try skipWhitespaceAndComments()
        if index == text.count { return first }
        // As CoreFoundation does: a string followed by more text means the file is a list of
        // `key = value;` entries without braces (a .strings file); start again as one.
        guard case .string = first else {
            throw corrupt("Unexpected \(UnicodeText.describeByte(text[index])) after the top-level value", at: index)
        }
        index = start
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
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                index += 1
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                index += 3  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "/"):
                index += 2
                while index < text.count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "*"):
                let open = index
                index += 2
                while true {
                    guard index + 1 < text.count else {
                        index = text.count
                        throw corrupt("Unterminated /* comment", at: open)
                    }
                    if text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    index += 1
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
                at: UnicodeText.lineAndColumn(of: offset, in: text))
        }
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth < options.maximumDepth else {
            throw PlistError(
                .limitExceeded, "The OpenStep text is nested deeper than \(options.maximumDepth) levels",
                at: UnicodeText.lineAndColumn(of: index, in: text))
        }
    }

    // MARK: Values

    /// Parses one value at `index` (white space already skipped). `depth` counts the
    /// containers around it.
    private mutating func parseValue(depth: Int) throws -> PlistValue {
        guard index < text.count else { throw unexpected(at: index, expecting: "a value") }
        try countObject(at: index)
        let byte = text[index]
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            let open = index
            index += 1
            var dictionary = PlistDictionary()
            try parseEntries(into: &dictionary, depth: depth + 1, braced: true, openedAt: open)
            return .dictionary(dictionary)
        case UInt8(ascii: "("):
            try checkDepth(depth)
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "<"):
            if index + 1 < text.count, text[index + 1] == UInt8(ascii: "*") { return try parseTypedValue() }
            return .data(try parseData())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseQuotedString())
        default:
            if Self.isUnquotedCharacter(byte) { return .string(parseUnquotedString()) }
            throw unexpected(at: index, expecting: "a value")
        }
    }

    /// Parses `key = value;` and `key;` entries up to `}` (braced) or the end of the input.
    private mutating func parseEntries(into dictionary: inout PlistDictionary, depth: Int, braced: Bool, openedAt open: Int) throws {
        while true {
            try skipWhitespaceAndComments()
            guard index < text.count else {
                if braced { throw corrupt("Unterminated dictionary; expected '}'", at: open) }
                return
            }
            if braced && text[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            let keyStart = index
            let key: String
            switch text[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                key = try parseQuotedString()
            case let byte where Self.isUnquotedCharacter(byte):
                key = parseUnquotedString()
            default:
                throw unexpected(at: index, expecting: braced ? "a string key or '}'" : "a string key")
            }
            try countObject(at: keyStart)
            try skipWhitespaceAndComments()
            guard index < text.count else { throw unexpected(at: index, expecting: "'=' or ';' after the key") }
            switch text[index] {
            case UInt8(ascii: ";"):
                index += 1
                dictionary[key] = .string(key)
            case UInt8(ascii: "="):
                index += 1
                try skipWhitespaceAndComments()
                let value = try parseValue(depth: depth)
                try skipWhitespaceAndComments()
                guard index < text.count, text[index] == UInt8(ascii: ";") else {
                    throw unexpected(at: index, expecting: "';' after the value of key '\(key)'")
                }
                index += 1
                dictionary[key] = value
            default:
                throw unexpected(at: index, expecting: "'=' or ';' after the key")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> PlistValue {
        let open = index
        index += 1  // (
        var elements: [PlistValue] = []
        while true {
            try skipWhitespaceAndComments()
            guard index < text.count else { throw corrupt("Unterminated array; expected ')'", at: open) }
            if text[index] == UInt8(ascii: ")") {
                index += 1
                return .array(elements)
            }
            elements.append(try parseValue(depth: depth))
            try skipWhitespaceAndComments()
            guard index < text.count else { throw corrupt("Unterminated array; expected ')'", at: open) }
            switch text[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: ")"):
                index += 1
                return .array(elements)
            default: throw unexpected(at: index, expecting: "',' or ')'")
            }
        }
    }

    // MARK: Data and typed values

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isDataWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private mutating func parseData() throws -> Data {
        let open = index
        index += 1  // <
        var bytes: [UInt8] = []
        while true {
            while index < text.count, Self.isDataWhitespace(text[index]) { index += 1 }
            guard index < text.count else { throw corrupt("Unterminated data; expected '>'", at: open) }
            if text[index] == UInt8(ascii: ">") {
                index += 1
                return Data(bytes)
            }
            guard let high = Self.hexValue(text[index]) else {
                throw unexpected(at: index, expecting: "a hexadecimal digit or '>' in data")
            }
            guard index + 1 < text.count else { throw corrupt("Unterminated data; expected '>'", at: open) }
            guard let low = Self.hexValue(text[index + 1]) else {
                let next = text[index + 1]
                if next == UInt8(ascii: ">") || Self.isDataWhitespace(next) {
                    throw corrupt("Data bytes need two hexadecimal digits; found an odd one", at: index)
                }
                throw unexpected(at: index + 1, expecting: "a hexadecimal digit in data")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
    }

    /// GNUstep's typed values: `<*I…>` integer, `<*R…>` real, `<*BY>`/`<*BN>` boolean and
    /// `<*D…>` date.
    private mutating func parseTypedValue() throws -> PlistValue {
        let open = index
        index += 2  // <*
        guard index < text.count else { throw corrupt("Unterminated GNUstep typed value; expected '>'", at: open) }
        let type = text[index]
        index += 1
        let contentStart = index
        while index < text.count, text[index] != UInt8(ascii: ">") { index += 1 }
        guard index < text.count else { throw corrupt("Unterminated GNUstep typed value; expected '>'", at: open) }
        let content = String(decoding: UnsafeBufferPointer(rebasing: text[contentStart..<index]), as: UTF8.self)
        index += 1
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
            guard let seconds = CivilTime.parse(Substring(content), separator: " ", zone: .numeric) else {
                throw corrupt("The GNUstep date <*D\(content)> is not of the form 2001-01-01 00:00:00 +0000", at: open)
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            throw corrupt("Unknown GNUstep typed value <*\(UnicodeText.describeByte(type))…>; expected I, R, B or D", at: open)
        }
    }

    // MARK: Strings

    private mutating func parseUnquotedString() -> String {
        let start = index
        while index < text.count, Self.isUnquotedCharacter(text[index]) { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
    }

    /// Parses a string quoted with `"` or `'`, starting at the opening quote.
    private mutating func parseQuotedString() throws -> String {
        let open = index
        let quote = text[index]
        index += 1
        let start = index
        while index < text.count, text[index] != quote, text[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < text.count else { throw corrupt("Unterminated quoted string", at: open) }
        if text[index] == quote {
            // The whole input was validated as UTF-8 up front.
            let string = String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
            index += 1
            return string
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: text[start..<index]))
        var pendingHighSurrogate: (unit: UInt32, at: Int)? = nil
        while index < text.count {
            let byte = text[index]
            if byte == quote {
                if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
                buffer.append(byte)
                index += 1
                continue
            }
            let escape = index
            index += 1
            guard index < text.count else { break }
            let c = text[index]
            if c == UInt8(ascii: "U") {
                index += 1
                var unit: UInt32 = 0
                var digits = 0
                while digits < 4, index < text.count, let v = Self.hexValue(text[index]) {
                    unit = unit << 4 | UInt32(v)
                    digits += 1
                    index += 1
                }
                guard digits > 0 else {
                    throw corrupt("The escape \\U needs one to four hexadecimal digits", at: escape)
                }
                if let pending = pendingHighSurrogate {
                    guard (0xDC00...0xDFFF).contains(unit) else { throw unpaired(pending.unit, at: pending.at) }
                    UnicodeText.appendUTF8(0x10000 + ((pending.unit - 0xD800) << 10) + (unit - 0xDC00), to: &buffer)
                    pendingHighSurrogate = nil
                } else if (0xD800...0xDBFF).contains(unit) {
                    pendingHighSurrogate = (unit, escape)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw unpaired(unit, at: escape)
                } else {
                    UnicodeText.appendUTF8(unit, to: &buffer)
                }
                continue
            }
            if let pending = pendingHighSurrogate { throw unpaired(pending.unit, at: pending.at) }
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "7") {
                    value = value << 3 | UInt32(text[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                // CoreFoundation keeps the low eight bits of a three-digit octal value, so
                // \477 is \077 ("?"); swift-foundation's getSlashedChars test relies on it.
                guard let scalar = NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: value)) else {
                    throw corrupt(
                        "The octal escape \\\(String(value, radix: 8)) names no character of the NeXTSTEP encoding",
                        at: escape)
                }
                UnicodeText.appendUTF8(scalar, to: &buffer)
            case UInt8(ascii: "a"): buffer.append(0x07); index += 1
            case UInt8(ascii: "b"): buffer.append(0x08); index += 1
            case UInt8(ascii: "f"): buffer.append(0x0C); index += 1
            case UInt8(ascii: "n"): buffer.append(0x0A); index += 1
            case UInt8(ascii: "r"): buffer.append(0x0D); index += 1
            case UInt8(ascii: "t"): buffer.append(0x09); index += 1
            case UInt8(ascii: "v"): buffer.append(0x0B); index += 1
            default:
                // Any other character stands for itself; copy all the bytes of its UTF-8 form.
                buffer.append(c)
                index += 1
                while index < text.count, text[index] & 0xC0 == 0x80 {
                    buffer.append(text[index])
                    index += 1
                }
            }
        }
        throw corrupt("Unterminated quoted string", at: open)
    }

    private func unpaired(_ unit: UInt32, at offset: Int) -> PlistError {
        corrupt("Unpaired UTF-16 surrogate \\U\(String(unit, radix: 16, uppercase: true)) in a quoted string", at: offset)
    }
}
