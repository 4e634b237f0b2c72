import FoundationEssentials

/// Parses the text of `<integer>`, `<real>`, `<date>` and `<data>` elements.
///
/// Each function returns the value or a reason (a sentence fragment) why the text is not one;
/// the caller adds the location. The accepted forms are those of Apple's reader, documented in
/// Docs/XML.md, except where Apple's reader accepts nonsense (see each function).
enum XMLScalarParser {
    /// XML whitespace: space, tab, LF, CR.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// The range of the bytes without leading and trailing XML whitespace.
    static func trimmed(_ text: Span<UInt8>) -> Range<Int> {
        var start = 0, end = text.count
        while start < end && isWhitespace(text[start]) { start += 1 }
        while end > start && isWhitespace(text[end - 1]) { end -= 1 }
        return start..<end
    }

    /// How many bytes of XML whitespace lead `text`: what Apple's reader skips before a number
    /// (it refuses whitespace after one).
    static func leadingWhitespaceCount(_ text: Span<UInt8>) -> Int {
        var start = 0
        while start < text.count && isWhitespace(text[start]) { start += 1 }
        return start
    }

    /// A short, printable quotation of `text` for error messages.
    static func quoted(_ text: Span<UInt8>) -> String {
        let limit = 40
        var string = String(utf8: text.extracting(first: limit))
        if text.count > limit { string += "…" }
        return "'\(string)'"
    }

    /// The value of `text` when it is 1 to 18 decimal digits and nothing else, the usual
    /// `<integer>`; `nil` otherwise. For such text ``integer(_:)`` gives exactly this value
    /// (nothing to trim, no sign, no `0x`, and 18 digits stay below 10^18, so nothing
    /// overflows), at a fraction of its cost; anything else is left to it.
    @inline(__always)
    static func plainDecimal(_ text: Span<UInt8>) -> UInt64? {
        guard text.count >= 1, text.count <= 18 else { return nil }
        var value: UInt64 = 0
        // Below 10^18, so neither step can overflow.
        for i in 0..<text.count {
            let digit = text[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ UInt64(digit)
        }
        return value
    }

    /// An integer: optional whitespace, an optional sign, optional whitespace, then decimal
    /// digits or `0x`/`0X` and hex digits, in `Int64.min ... UInt64.max`; exactly what Apple's
    /// reader accepts (whitespace after the digits it refuses, and so does this).
    static func integer(_ text: Span<UInt8>) -> Result<PlistInteger, Reason> {
        let body = text.extracting(leadingWhitespaceCount(text)...)
        guard !body.isEmpty else { return .failure(Reason("The <integer> is empty")) }
        guard !isWhitespace(body[body.count - 1]) else {
            return .failure(Reason("The <integer> \(quoted(text)) has white space after its digits"))
        }
        var i = 0
        var negative = false
        if i < body.count && (body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+")) {
            negative = body[i] == UInt8(ascii: "-")
            i += 1
            while i < body.count && isWhitespace(body[i]) { i += 1 }
        }
        var radix: UInt64 = 10
        if i + 1 < body.count && body[i] == UInt8(ascii: "0") && (body[i + 1] | 0x20) == UInt8(ascii: "x") {
            radix = 16
            i += 2
        }
        guard i < body.count else {
            return .failure(Reason("The <integer> \(quoted(text)) has no digits"))
        }
        var magnitude: UInt64 = 0
        while i < body.count {
            let byte = body[i]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default:
                return .failure(Reason("The <integer> \(quoted(text)) is not a decimal or 0x-hexadecimal integer"))
            }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 {
                return .failure(Reason("The <integer> \(quoted(text)) is outside the range -9223372036854775808 through 18446744073709551615"))
            }
            magnitude = sum
            i += 1
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .success(PlistInteger(-Int64(magnitude))) }
            if magnitude == UInt64(Int64.max) + 1 { return .success(PlistInteger(Int64.min)) }
            return .failure(Reason("The <integer> \(quoted(text)) is outside the range -9223372036854775808 through 18446744073709551615"))
        }
        return .success(PlistInteger(magnitude))
    }

    /// A real: `nan`, `[+-]inf`, `[+-]infinity` (any case) alone, or optional whitespace and a
    /// decimal number `[+-]digits[.digits][e[+-]digits]` (a side of the point may be empty, not
    /// both); exactly what Apple's reader accepts. Nothing may follow the number, whitespace
    /// included. Overflow gives an infinity and underflow zero, as with `strtod`, which Apple's
    /// reader uses. Hexadecimal reals and `nan(…)` are refused, as there.
    static func real(_ text: Span<UInt8>) -> Result<Double, Reason> {
        let body = text.extracting(leadingWhitespaceCount(text)...)
        // Built only on failure: quoting allocates.
        var failure: Result<Double, Reason> { .failure(Reason("The <real> \(quoted(text)) is not a number")) }
        guard !body.isEmpty else { return .failure(Reason("The <real> is empty")) }
        guard !isWhitespace(body[body.count - 1]) else {
            return .failure(Reason("The <real> \(quoted(text)) has white space after the number"))
        }
        var i = 0
        var negative = false
        if body[0] == UInt8(ascii: "-") || body[0] == UInt8(ascii: "+") {
            negative = body[0] == UInt8(ascii: "-")
            i = 1
        }
        if i < body.count, (body[i] | 0x20) == UInt8(ascii: "i") || (body[i] | 0x20) == UInt8(ascii: "n") {
            // Apple's reader compares the whole text with these words: no whitespace before them.
            guard body.count == text.count else { return failure }
            let word = String(utf8: body.extracting(i...)).lowercased()
            switch word {
            case "inf", "infinity": return .success(negative ? -.infinity : .infinity)
            case "nan" where i == 0: return .success(.nan)
            default: return failure
            }
        }
        var digits = 0
        while i < body.count && body[i] >= UInt8(ascii: "0") && body[i] <= UInt8(ascii: "9") { i += 1; digits += 1 }
        if i < body.count && body[i] == UInt8(ascii: ".") {
            i += 1
            while i < body.count && body[i] >= UInt8(ascii: "0") && body[i] <= UInt8(ascii: "9") { i += 1; digits += 1 }
        }
        guard digits > 0 else { return failure }
        if i < body.count && (body[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < body.count && (body[i] == UInt8(ascii: "-") || body[i] == UInt8(ascii: "+")) { i += 1 }
            var exponentDigits = 0
            while i < body.count && body[i] >= UInt8(ascii: "0") && body[i] <= UInt8(ascii: "9") { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return failure }
        }
        guard i == body.count else { return failure }
        // The syntax is checked; the standard library's conversion (strtod's, in the C locale)
        // rounds correctly, and gives an infinity on overflow and zero on underflow.
        guard let value = Double(String(utf8: body)) else { return failure }
        return .success(value)
    }

    /// A date: `[-]Y…Y-MM-DDTHH:MM:SSZ` (``CivilDate/parsePlistXMLText(_:rollsOver:)``, which
    /// rolls fields past their range over when `rollsOver` is set, as Apple's reader does),
    /// within ±2⁵³ seconds of 2001.
    static func date(_ text: Span<UInt8>, rollsOver: Bool) -> Result<(date: Date, rolledOver: Bool), Reason> {
        switch CivilDate.parsePlistXMLText(text, rollsOver: rollsOver) {
        case .success(let (seconds, rolledOver)):
            guard abs(Double(seconds)) <= XMLPlistWriter.dateLimit else {
                return .failure(Reason("The <date> \(quoted(text)) is more than 2^53 seconds from 2001"))
            }
            return .success((Date(timeIntervalSinceReferenceDate: Double(seconds)), rolledOver))
        case .failure(.yearBeyondRange):
            return .failure(Reason("The <date> \(quoted(text)) has a year beyond 999999999"))
        case .failure(.noSuchDayAndTime):
            return .failure(Reason("The <date> \(quoted(text)) names no existing day and time"))
        case .failure(.notOfTheForm):
            return .failure(Reason("The <date> \(quoted(text)) is not of the form YYYY-MM-DDTHH:MM:SSZ"))
        }
    }

    /// Base64 (RFC 4648 alphabet) with XML whitespace anywhere; the length without whitespace
    /// must be a multiple of 4, with `=` only as one or two final padding characters. (Apple's
    /// reader skips any character it does not know and decodes what is left; this one refuses.)
    ///
    /// `decodingGroups: false` turns off the four-characters-at-once fast path (tests compare).
    static func data(_ text: Span<UInt8>, decodingGroups: Bool = true) -> Result<Data, Reason> {
        // At most 3 bytes per 4 characters, and the room a last 3-byte put stores as a word.
        var output = ByteWriter(capacity: text.count / 4 * 3 + 8)
        var quad: UInt32 = 0
        var quadCount = 0
        var padding = 0
        var index = 0
        let table = Self.sextets
        while index < text.count {
            // Fast path: at a group boundary, four alphabet characters decode at once through
            // the table (whitespace, padding and anything else go byte by byte below).
            if decodingGroups && quadCount == 0 && padding == 0 {
                while index + 4 <= text.count {
                    let a = table[Int(text[index])], b = table[Int(text[index + 1])]
                    let c = table[Int(text[index + 2])], d = table[Int(text[index + 3])]
                    guard (a | b | c | d) < 64 else { break }
                    output.putBigEndian(UInt64(a) << 18 | UInt64(b) << 12 | UInt64(c) << 6 | UInt64(d), size: 3)
                    index += 4
                }
                guard index < text.count else { break }
            }
            let byte = text[index]
            index += 1
            let sextet: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): sextet = 62
            case UInt8(ascii: "/"): sextet = 63
            case UInt8(ascii: "="):
                guard quadCount >= 2 else {
                    return .failure(Reason("The <data> has '=' where base64 allows no padding"))
                }
                padding += 1
                quadCount += 1
                quad <<= 6
                if quadCount == 4 {
                    output.put(UInt8(truncatingIfNeeded: quad >> 16))
                    if padding == 1 { output.put(UInt8(truncatingIfNeeded: quad >> 8)) }
                    quadCount = 0
                    quad = 0
                }
                continue
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                let character = String(decoding: [byte], as: UTF8.self)
                return .failure(Reason("The <data> holds \(byte < 0x80 ? "'\(character)'" : "a non-ASCII byte"), which is not base64"))
            }
            guard padding == 0 else {
                return .failure(Reason("The <data> has base64 after its '=' padding"))
            }
            quad = quad << 6 | sextet
            quadCount += 1
            if quadCount == 4 {
                output.putBigEndian(UInt64(quad), size: 3)
                quadCount = 0
                quad = 0
            }
        }
        if quadCount != 0 {
            return .failure(Reason("The <data> ends in an incomplete base64 group (its length is not a multiple of 4)"))
        }
        // The sizes put are those of the text, so nothing overflows.
        return .success(output.finish() ?? Data())
    }

    /// The value of each base64 alphabet character (RFC 4648), and 0xFF for every other byte
    /// (whitespace and `=` included: the byte-by-byte path handles those). 256 entries, so
    /// any byte indexes it.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// Why a text is not a value: a sentence fragment without location.
    struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
