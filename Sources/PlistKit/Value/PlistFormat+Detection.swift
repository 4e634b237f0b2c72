import FoundationEssentials

extension PlistFormat {
    /// Detects the format of `bytes` from their first characters, or returns `nil` when none
    /// matches.
    ///
    /// - `bplist` magic: binary.
    /// - After an optional byte-order mark (UTF-8, UTF-16 or UTF-32) and white space:
    ///   `<?xml`, `<plist`, `<!DOCTYPE` or `<!--`: XML; any other `<` (OpenStep data): OpenStep.
    /// - `[`, a lone JSON number, `true`, `false`, `null`, `{}`, or `{` whose first member is
    ///   `"…" :`: JSON.
    /// - Anything else that can start an OpenStep value (`{`, `(`, `"`, a comment, an unquoted
    ///   string): OpenStep, which also covers `.strings` files.
    ///
    /// Detection only looks; the reader for the format still validates the whole input.
    /// Complexity: O(n) in the worst case (a long leading comment or string), usually O(1).
    public init?(detecting bytes: Data) {
        guard let detected = FormatSniffer(bytes).detect() else { return nil }
        self = detected
    }
}

/// Decodes just enough leading text, in whatever Unicode encoding a byte-order mark names, to
/// tell the formats apart.
struct FormatSniffer {
    private let bytes: Data

    init(_ bytes: Data) { self.bytes = bytes }

    func detect() -> PlistFormat? {
        if bytes.starts(with: Array("bplist".utf8)) { return .binary }
        if let format = bytes.withUnsafeBytes({ Self.classifyUTF8($0.bindMemory(to: UInt8.self)) }) { return format }
        let text = leadingText(maximumCharacters: 4096)
        return Self.classify(text)
    }

    /// The common cases, decided on the bytes of UTF-8 input without building a string:
    /// `<…` (XML or OpenStep data), `[`, `(` and `{…`. Returns `nil` for anything else
    /// (a byte-order mark, UTF-16/32, a number, a word, non-ASCII text), which the general
    /// path decides.
    static func classifyUTF8(_ b: UnsafeBufferPointer<UInt8>) -> PlistFormat? {
        guard b.count >= 2, b[0] != 0, b[1] != 0 else { return nil }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        var i = 0
        while i < b.count, isSpace(b[i]) { i += 1 }
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "<"):
            let head = String(decoding: UnsafeBufferPointer(rebasing: b[i..<min(b.count, i + 9)]), as: UTF8.self).lowercased()
            if head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!doctype") || head.hasPrefix("<!--") {
                return .xml
            }
            return .openStep
        case UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "("):
            return .openStep
        case UInt8(ascii: "{"):
            i += 1
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count else { return .openStep }
            if b[i] == UInt8(ascii: "}") { return .json }
            guard b[i] == UInt8(ascii: "\"") else { return .openStep }
            // Skip the quoted key (backslash escapes honoured; UTF-8 never uses these bytes
            // inside a multi-byte character), then see whether ':' follows.
            i += 1
            let limit = min(b.count, i + 65_536)
            while i < limit, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            guard i < limit else { return nil }
            i += 1
            while i < b.count, isSpace(b[i]) { i += 1 }
            return i < b.count && b[i] == UInt8(ascii: ":") ? .json : .openStep
        default:
            return nil
        }
    }

    /// Decodes up to `maximumCharacters` leading characters, honouring a BOM. Text without a
    /// BOM is read as UTF-8; UTF-16/32 without a BOM is recognised by zero bytes in the first
    /// code unit, as XML's autodetection does.
    private func leadingText(maximumCharacters: Int) -> Substring {
        let head = bytes.prefix(maximumCharacters * 4)
        let b = Array(head)
        func decode(_ encoding: String.Encoding, dropping count: Int) -> Substring {
            let body = Data(b.dropFirst(count))
            // Cut to a whole number of code units so a truncated head still decodes.
            let unit = (encoding == .utf32BigEndian || encoding == .utf32LittleEndian) ? 4 : 2
            let trimmed = body.prefix(body.count - body.count % unit)
            return Substring(String(data: trimmed, encoding: encoding) ?? "")
        }
        if b.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return decode(.utf32BigEndian, dropping: 4) }
        if b.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return decode(.utf32LittleEndian, dropping: 4) }
        if b.starts(with: [0xFE, 0xFF]) { return decode(.utf16BigEndian, dropping: 2) }
        if b.starts(with: [0xFF, 0xFE]) { return decode(.utf16LittleEndian, dropping: 2) }
        if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return decode(.utf32BigEndian, dropping: 0) }
        if b.count >= 4, b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return decode(.utf32LittleEndian, dropping: 0) }
        if b.count >= 2, b[0] == 0, b[1] != 0 { return decode(.utf16BigEndian, dropping: 0) }
        if b.count >= 2, b[0] != 0, b[1] == 0 { return decode(.utf16LittleEndian, dropping: 0) }
        let utf8 = b.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(b.dropFirst(3)) : b
        // Lossy decoding: a cut multi-byte sequence at the end of the head must not hide the start.
        return Substring(String(decoding: utf8, as: UTF8.self))
    }

    static func classify(_ text: Substring) -> PlistFormat? {
        var rest = text.drop(while: { $0.isWhitespace })
        guard let first = rest.first else { return nil }
        switch first {
        case "<":
            let lowered = rest.prefix(9).lowercased()
            if lowered.hasPrefix("<?xml") || lowered.hasPrefix("<plist") || lowered.hasPrefix("<!doctype")
                || lowered.hasPrefix("<!--") {
                return .xml
            }
            return .openStep
        case "[":
            return .json
        case "{":
            rest = rest.dropFirst().drop(while: { $0.isWhitespace })
            guard rest.first == "\"" else { return rest.first == "}" ? .json : .openStep }
            // Skip the quoted key, honouring backslash escapes, then see whether ':' follows.
            var index = rest.index(after: rest.startIndex)
            var escaped = false
            while index < rest.endIndex {
                let c = rest[index]
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { return .openStep }
            let after = rest[rest.index(after: index)...].drop(while: { $0.isWhitespace })
            return after.first == ":" ? .json : .openStep
        case "-", "0"..."9":
            // OpenStep allows unquoted strings of digits, but a lone number reads as JSON,
            // the only format in which it is a number.
            return looksLikeJSONNumber(rest) ? .json : .openStep
        case "t", "f", "n":
            for word in ["true", "false", "null"] where rest.hasPrefix(word) {
                let tail = rest.dropFirst(word.count).drop(while: { $0.isWhitespace })
                if tail.isEmpty { return .json }
            }
            return .openStep
        default:
            return .openStep
        }
    }

    /// Whether the text is one JSON number (RFC 8259 grammar) and nothing else but white
    /// space: `42` and `-1.5e3` are JSON, while `1.0.0`, `0x10`, `-` or `007` are OpenStep's
    /// unquoted strings.
    static func looksLikeJSONNumber(_ text: Substring) -> Bool {
        let token = Array(text.prefix(while: { !$0.isWhitespace }).utf8)
        let tail = text.dropFirst(token.count).drop(while: { $0.isWhitespace })
        guard tail.isEmpty else { return false }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < token.count, token[i] >= UInt8(ascii: "0"), token[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < token.count, token[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || token[integerStart] != UInt8(ascii: "0") else { return false }
        if i < token.count, token[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < token.count, token[i] == UInt8(ascii: "e") || token[i] == UInt8(ascii: "E") {
            i += 1
            if i < token.count, token[i] == UInt8(ascii: "+") || token[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == token.count
    }
}
