import FoundationEssentials

/// The emitter's text: escaped strings and keys, integers, reals, dates and base64 as
/// Apple's writer spells them.
extension XMLPlistWriter.Emitter {
    /// Bit n is set when byte n (below 0x40) needs escaping or checking: C0 controls but
    /// tab and LF, `&` (0x26), `<` (0x3C) and `>` (0x3E).
    private static let attentionBelow0x40: UInt64 = 0x5000_0040_FFFF_F9FF

    /// Whether any of the eight bytes of `word` may need attention: one below 0x20 (tab
    /// and LF included, which the byte-by-byte test then lets through), `&`, `<`, `>` or
    /// 0xEF. Each test is the classic "some byte is zero / below n" word trick, exact for
    /// the word as a whole; `<` (0x3C) and `>` (0x3E) differ only in bit 1.
    @inline(__always)
    static func wordNeedsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below0x20 = (word &- ones &* 0x20) & ~word
        let ampersand = (word ^ (ones &* 0x26)), angle = ((word | (ones &* 0x02)) ^ (ones &* 0x3E)), ef = (word ^ (ones &* 0xEF))
        let zeros = ((ampersand &- ones) & ~ampersand) | ((angle &- ones) & ~angle) | ((ef &- ones) & ~ef)
        return (below0x20 | zeros) & highs != 0
    }

    /// Whether `byte` needs attention: one of the few bytes `wordNeedsAttention` looks for,
    /// but not tab or LF.
    @inline(__always)
    static func byteNeedsAttention(_ byte: UInt8) -> Bool {
        byte >= 0x40 ? byte == 0xEF : (attentionBelow0x40 >> UInt64(byte)) & 1 != 0
    }

    /// Appends text with `&`, `<` and `>` escaped as Apple's writer does, CR as `&#13;`,
    /// and refuses characters XML 1.0 cannot hold.
    mutating func appendEscaped(_ text: String, kind: PlistValue.Kind) throws {
        try ByteCursor.withUTF8(of: text) { input in
            var text = input
            // The runs between bytes that need attention are copied whole, found eight bytes
            // at a time.
            var runStart = 0
            while true {
                text.skip(untilByte: Self.byteNeedsAttention, orWord: Self.wordNeedsAttention)
                guard let byte = text.peek() else { break }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case 0xEF:
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                    if text.peek(ahead: 1) == 0xBF, let last = text.peek(ahead: 2), last == 0xBE || last == 0xBF {
                        throw XMLPlistWriter.Unrepresentable(kind: kind, reason: "a string holds U+FFF\(last == 0xBE ? "E" : "F"), which XML 1.0 cannot carry (binary and JSON can)")
                    }
                    text.advance()
                    continue
                default:
                    // Every other byte that needs attention is a C0 control but tab and LF.
                    throw XMLPlistWriter.Unrepresentable(kind: kind, reason: "a string holds the control character U+00\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true)), which XML 1.0 cannot carry (binary and JSON can)")
                }
                text.copyBytes(from: runStart, to: text.position, into: &out)
                out.put(replacement)
                text.advance()
                runStart = text.position
            }
            text.copyBytes(from: runStart, to: text.count, into: &out)
        }
    }

    mutating func appendInteger(_ integer: PlistInteger) {
        if let signed = integer.int64Value {
            if signed < 0 { out.put(UInt8(ascii: "-")) }
            out.putDecimal(signed.magnitude)
        } else if let unsigned = integer.uint64Value {
            out.putDecimal(unsigned)
        }
    }

    /// CoreFoundation's `__CFNumberCopyFormattingDescriptionAsFloat64`: `nan`, `±infinity`,
    /// `0.0` for zero, otherwise `%.17g` (DBL_DIG + 2 significant digits). Unlike it, the
    /// sign of negative zero is kept (`-0.0`).
    mutating func appendReal(_ real: Double) {
        if real.isNaN {
            append("nan")
        } else if real.isInfinite {
            if real < 0 { append("-infinity") } else { append("+infinity") }
        } else if realStyle == .shortest {
            // PropertyListEncoder's spelling: Swift's shortest round-trip text, less ".0".
            // (Its text is ASCII, so the suffix is checked byte by byte: `hasSuffix`
            // compares grapheme clusters.)
            let text = real.description
            ByteCursor.withUTF8(of: text) { bytes in
                var count = bytes.count
                if bytes.byte(at: count - 2) == UInt8(ascii: ".") && bytes.byte(at: count - 1) == UInt8(ascii: "0") { count -= 2 }
                bytes.copyBytes(from: 0, to: count, into: &out)
            }
        } else if real == 0 {
            if real.sign == .minus { append("-0.0") } else { append("0.0") }
        } else {
            out.put(realWith17Digits: real)
        }
    }

    /// CoreFoundation's `CFAbsoluteTimeGetGregorianDate` rounded down to the second, printed
    /// with `%04d-%02d-%02dT%02d:%02d:%02dZ` (so year -1 is `-001`).
    mutating func appendDate(_ date: Date) throws {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) <= XMLPlistWriter.dateLimit,
              let civil = CivilDate(secondsSinceReference: Int64(seconds.rounded(.down)))
        else {
            throw XMLPlistWriter.Unrepresentable(kind: .date, reason: XMLPlistWriter.unrepresentableReason(for: .date(date)) ?? "the date cannot be written")
        }
        civil.putPlistXMLText(into: &out)
    }

    /// CoreFoundation's `_XMLPlistAppendDataUsingBase64`: lines of `76 - 8 × indent`
    /// characters (tabs count as 8), indent capped at 8 tabs, each line ending in LF.
    mutating func appendBase64(_ data: Data, depth: Int) {
        let lineIndent = min(depth, 8)
        let bytesPerLine = (76 - 8 * lineIndent) / 4 * 3
        // Room for the whole text at once: four characters per three bytes, and per line its
        // indent and LF.
        let lines = (data.count + bytesPerLine - 1) / bytesPerLine
        out.reserve((data.count + 2) / 3 * 4 + lines * (lineIndent + 1))
        var lineStart = 0
        while lineStart < data.count {
            let lineEnd = min(lineStart + bytesPerLine, data.count)
            indent(lineIndent)
            out.put(base64Of: data, from: lineStart, to: lineEnd)
            out.put(0x0A)
            lineStart = lineEnd
        }
    }
}
