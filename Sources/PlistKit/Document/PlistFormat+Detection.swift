import FoundationEssentials

extension PlistFormat {
    /// Detects the format of `bytes` from their first characters, or returns `nil` when none
    /// matches.
    ///
    /// - `bplist` magic: binary.
    /// - After an optional byte-order mark (UTF-8, UTF-16 or UTF-32) and white space: `<`
    ///   opening XML markup (`<?xml`, `<!DOCTYPE`, `<plist>`, or a bare value such as
    ///   `<integer>1</integer>`): XML; `<` followed by hex digits and white space up to `>`
    ///   (data) or by GNUstep's `*`: OpenStep. See ``FormatSniffer/opensXMLMarkup(_:)``.
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
        if let format = ByteCursor.withBytes(of: bytes, Self.classifyUTF8) { return format }
        let text = leadingText(maximumCharacters: 4096)
        return Self.classify(text)
    }

    /// Why ``detect()`` found no format: UTF-16 or UTF-32 text whose first code unit is not
    /// part of a Unicode scalar (an unpaired surrogate, say) is reported as such, at its byte
    /// offset; anything else as not being in any format.
    func undetectedFormat() -> PlistError {
        let head = bytes.prefix(4 * 4096)
        let encoding = TextInput.encoding(of: head)
        if let form = encoding.form {
            let whole = head.prefix(head.count - (head.count - encoding.byteOrderMark) % form.unitSize)
            do {
                _ = try TextInput.utf8(Data(whole), formatName: "input")
            } catch let malformed as TextInput.MalformedText {
                return PlistError(malformed)
            } catch {}
        }
        return PlistError(.unknownFormat, "The input is not in any property-list format PlistKit reads", at: .byteOffset(0))
    }

    /// The common cases, decided on the bytes without building a string or an array: the
    /// `bplist` magic, then for UTF-8 input `<…` (XML or OpenStep data), `[`, `(` and `{…`.
    /// Returns `nil` for anything else (a byte-order mark, UTF-16/32, a number, a word,
    /// non-ASCII text), which the general path decides.
    static func classifyUTF8(_ bytes: consuming ByteCursor) -> PlistFormat? {
        if "bplist".utf8.enumerated().allSatisfy({ bytes.byte(at: $0.offset) == $0.element }) { return .binary }
        guard let b0 = bytes.byte(at: 0), let b1 = bytes.byte(at: 1), b0 != 0, b1 != 0 else { return nil }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        bytes.skip(while: isSpace)
        switch bytes.peek() {
        case UInt8(ascii: "<"):
            let start = bytes.position + 1
            return opensXMLMarkup { bytes.byte(at: start + $0) } ? .xml : .openStep
        case UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "("):
            return .openStep
        case UInt8(ascii: "{"):
            bytes.advance()
            bytes.skip(while: isSpace)
            guard let next = bytes.peek() else { return .openStep }
            if next == UInt8(ascii: "}") { return .json }
            guard next == UInt8(ascii: "\"") else { return .openStep }
            // Skip the quoted key (backslash escapes honoured; UTF-8 never uses these bytes
            // inside a multi-byte character), then see whether ':' follows.
            bytes.advance()
            let limit = min(bytes.count, bytes.position + 65_536)
            while bytes.position < limit, let c = bytes.peek(), c != UInt8(ascii: "\"") {
                bytes.advance(by: c == UInt8(ascii: "\\") ? 2 : 1)
            }
            guard bytes.position < limit else { return nil }
            bytes.advance()
            bytes.skip(while: isSpace)
            return bytes.peek() == UInt8(ascii: ":") ? .json : .openStep
        default:
            return nil
        }
    }

    /// Decodes up to `maximumCharacters` leading characters in the encoding their first bytes
    /// select (``UnicodeTranscoder/encoding(ofLeadingBytes:)``). Wide text is decoded up to its first code unit
    /// that is not part of a Unicode scalar (an unpaired surrogate, say): what comes before it
    /// decides the format, and the reader then reports that unit with its position.
    private func leadingText(maximumCharacters: Int) -> Substring {
        let b = Array(bytes.prefix(maximumCharacters * 4))
        func decode(_ form: UnicodeTranscoder.Form, dropping count: Int) -> Substring {
            // Cut to a whole number of code units so a truncated head still decodes.
            let body = Array(b.dropFirst(count))
            var whole = Array(body.prefix(body.count - body.count % form.unitSize))
            while true {
                let decoded = ByteCursor.withBytes(of: whole) { input -> Result<[UInt8], UnicodeTranscoder.Failure> in
                    var cursor = input
                    return Result { () throws(UnicodeTranscoder.Failure) in try UnicodeTranscoder.utf8(from: &cursor, form: form) }
                }
                switch decoded {
                case .success(let utf8):
                    return Substring(String(decoding: utf8, as: UTF8.self))
                case .failure(let failure):
                    // The units before the fault are valid: decoding them cannot fail again.
                    guard failure.offset > 0, failure.offset < whole.count else { return "" }
                    whole.removeSubrange(failure.offset...)
                }
            }
        }
        let encoding = UnicodeTranscoder.encoding(ofLeadingBytes: b)
        if let form = encoding.form { return decode(form, dropping: encoding.byteOrderMark) }
        let utf8 = b.dropFirst(encoding.byteOrderMark)
        // Lossy decoding: a cut multi-byte sequence at the end of the head must not hide the start.
        return Substring(String(decoding: utf8, as: UTF8.self))
    }

    static func classify(_ text: Substring) -> PlistFormat? {
        var rest = text.drop(while: { $0.isWhitespace })
        guard let first = rest.first else { return nil }
        switch first {
        case "<":
            let after = Array(rest.utf8.dropFirst())
            return opensXMLMarkup { $0 < after.count ? after[$0] : nil } ? .xml : .openStep
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

    /// Whether the text after a `<` opens XML markup, `byte(i)` being its `i`th byte (`nil`
    /// past the end).
    ///
    /// Foundation's readers take `<` followed by what can start an XML name (a letter, `_`,
    /// `:`, any non-ASCII character) or by `?` or `!` as XML, so that a bare
    /// `<integer>127</integer>` reads without `<?xml` or `<plist>`. OpenStep data is `<` then
    /// hex digits and white space up to `>`; when its first digit is a letter (`<abcd 01>`)
    /// it would look like a name, so that shape stays OpenStep: no plist element's name is
    /// made of hex digits only. Anything else after `<` (a digit, GNUstep's `*`) is OpenStep.
    static func opensXMLMarkup(_ byte: (Int) -> UInt8?) -> Bool {
        guard let first = byte(0) else { return false }
        switch first {
        case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            return true
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            // A name, unless the bracket holds only hex digits and white space.
            var offset = 1
            while let c = byte(offset) {
                if c == UInt8(ascii: ">") { return false }
                if !(TextInput.hexDigitValue(c) != nil || c == 0x20 || (c >= 0x09 && c <= 0x0D)) { return true }
                offset += 1
            }
            return false
        case UInt8(ascii: "g")...UInt8(ascii: "z"), UInt8(ascii: "G")...UInt8(ascii: "Z"):
            return true
        default:
            return false
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
