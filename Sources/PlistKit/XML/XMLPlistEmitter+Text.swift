import CPlistKitSupport
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

    /// Appends text with `&`, `<` and `>` escaped as Apple's writer does, CR as `&#13;`,
    /// and refuses characters XML 1.0 cannot hold.
    func appendEscaped(_ text: String, kind: PlistValue.Kind) throws {
        // Native and small strings lend their UTF-8 in place; only others (bridged) are
        // copied into a native string first (`withUTF8` is mutating, and its copy cost a
        // retain and release per string).
        if try text.utf8.withContiguousStorageIfAvailable({ try appendEscaped(utf8: $0, kind: kind) }) != nil { return }
        var text = text
        try text.withUTF8 { try appendEscaped(utf8: $0, kind: kind) }
    }

    func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, kind: PlistValue.Kind) throws {
        // Read through the base pointer: `i < count` bounds every read.
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var i = 0
        let count = bytes.count
        var stop = 0
        while i < count {
            if i >= stop {
                // Eight bytes at a time while none needs attention (`i + 8 <= count`
                // bounds the unaligned load); then the next eight one by one.
                if count - i >= 8 && !Self.wordNeedsAttention(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                stop = i + 8
            }
            let byte = base[i]
            // Most bytes need nothing: one test finds the few that do (controls, `&`,
            // `<`, `>`, and 0xEF, which may start U+FFFE or U+FFFF).
            if byte >= 0x40 ? byte != 0xEF : (Self.attentionBelow0x40 >> UInt64(byte)) & 1 == 0 {
                i += 1
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            case 0x09, 0x0A:
                i += 1
                continue
            case 0x00..<0x20:
                throw XMLPlistWriter.Unrepresentable(kind: kind, reason: "a string holds the control character U+00\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true)), which XML 1.0 cannot carry (binary and JSON can)")
            case 0xEF:
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                if i + 2 < count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF) {
                    throw XMLPlistWriter.Unrepresentable(kind: kind, reason: "a string holds U+FFF\(bytes[i + 2] == 0xBE ? "E" : "F"), which XML 1.0 cannot carry (binary and JSON can)")
                }
                i += 1
                continue
            default:
                i += 1
                continue
            }
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<i]))
            out.append(replacement)
            i += 1
            start = i
        }
        out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<count]))
    }

    func appendInteger(_ integer: PlistInteger) {
        if let signed = integer.int64Value {
            if signed < 0 {
                out.append(UInt8(ascii: "-"))
                appendDecimal(signed.magnitude)
            } else {
                appendDecimal(UInt64(signed))
            }
        } else if let unsigned = integer.uint64Value {
            appendDecimal(unsigned)
        }
    }

    /// The decimal digits of `value`, zero-padded to `minimumDigits`, written last digits
    /// first straight into their place, two per division.
    func appendDecimal(_ value: UInt64, minimumDigits: Int = 1) {
        var digits = 1
        var power: UInt64 = 10
        while digits < 20 && value >= power {
            digits += 1
            power = power &* 10
        }
        digits = max(digits, minimumDigits)
        out.reserve(digits)
        let end = out.end
        var rest = value
        var position = digits
        while position >= 2 {
            let pair = UInt8(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            end[position] = UInt8(ascii: "0") + pair / 10
            end[position + 1] = UInt8(ascii: "0") + pair % 10
        }
        // One digit left at most: `digits` counts every digit of `value`.
        if position == 1 { end[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
        out.advance(by: digits)
    }

    /// CoreFoundation's `__CFNumberCopyFormattingDescriptionAsFloat64`: `nan`, `±infinity`,
    /// `0.0` for zero, otherwise `%.17g` (DBL_DIG + 2 significant digits). Unlike it, the
    /// sign of negative zero is kept (`-0.0`).
    func appendReal(_ real: Double) {
        if real.isNaN {
            append("nan")
        } else if real.isInfinite {
            if real < 0 { append("-infinity") } else { append("+infinity") }
        } else if realStyle == .shortest {
            // PropertyListEncoder's spelling: Swift's shortest round-trip text, less ".0".
            // (Its text is ASCII, so the suffix is checked byte by byte: `hasSuffix`
            // compares grapheme clusters.)
            var text = real.description
            text.withUTF8 { bytes in
                var count = bytes.count
                if count >= 2 && bytes[count - 2] == UInt8(ascii: ".") && bytes[count - 1] == UInt8(ascii: "0") { count -= 2 }
                out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[0 ..< count]))
            }
        } else if real == 0 {
            if real.sign == .minus { append("-0.0") } else { append("0.0") }
        } else {
            // At most 24 characters ("-2.2250738585072014e-308"); printf stores a NUL after.
            let room = 32
            out.reserve(room)
            let written = out.end.withMemoryRebound(to: CChar.self, capacity: room) {
                plistkit_format_real_17g($0, room, real)
            }
            out.advance(by: Int(max(0, min(Int32(room - 1), written))))
        }
    }

    /// CoreFoundation's `CFAbsoluteTimeGetGregorianDate` rounded down to the second, printed
    /// with `%04d-%02d-%02dT%02d:%02d:%02dZ` (so year -1 is `-001`).
    func appendDate(_ date: Date) throws {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) <= XMLPlistWriter.dateLimit,
              let civil = CivilDate(secondsSinceReference: Int64(seconds.rounded(.down)))
        else {
            throw XMLPlistWriter.Unrepresentable(kind: .date, reason: XMLPlistWriter.unrepresentableReason(for: .date(date)) ?? "the date cannot be written")
        }
        if civil.year >= 0 && civil.year <= 9999 {
            // The usual case, twenty bytes of fixed layout written in place (six padded
            // numbers written one by one cost as much as the rest of the date).
            out.reserve(20)
            let field = out.end
            // Two digits of a field known to be in 0 ... 99 (a year in two halves).
            func put(_ value: Int, at position: Int) {
                field[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
                field[position + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            }
            let year = Int(civil.year)
            put(year / 100, at: 0)
            put(year % 100, at: 2)
            field[4] = UInt8(ascii: "-")
            put(civil.month, at: 5)
            field[7] = UInt8(ascii: "-")
            put(civil.day, at: 8)
            field[10] = UInt8(ascii: "T")
            put(civil.hour, at: 11)
            field[13] = UInt8(ascii: ":")
            put(civil.minute, at: 14)
            field[16] = UInt8(ascii: ":")
            put(civil.second, at: 17)
            field[19] = UInt8(ascii: "Z")
            out.advance(by: 20)
            return
        }
        if civil.year < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(civil.year.magnitude, minimumDigits: 3)
        } else {
            appendDecimal(UInt64(civil.year), minimumDigits: 4)
        }
        out.append(UInt8(ascii: "-"))
        appendDecimal(UInt64(civil.month), minimumDigits: 2)
        out.append(UInt8(ascii: "-"))
        appendDecimal(UInt64(civil.day), minimumDigits: 2)
        out.append(UInt8(ascii: "T"))
        appendDecimal(UInt64(civil.hour), minimumDigits: 2)
        out.append(UInt8(ascii: ":"))
        appendDecimal(UInt64(civil.minute), minimumDigits: 2)
        out.append(UInt8(ascii: ":"))
        appendDecimal(UInt64(civil.second), minimumDigits: 2)
        out.append(UInt8(ascii: "Z"))
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// CoreFoundation's `_XMLPlistAppendDataUsingBase64`: lines of `76 - 8 × indent`
    /// characters (tabs count as 8), indent capped at 8 tabs, each line ending in LF.
    func appendBase64(_ data: Data, depth: Int) {
        let lineIndent = min(depth, 8)
        let bytesPerLine = (76 - 8 * lineIndent) / 4 * 3
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            Self.alphabet.withUnsafeBufferPointer { alphabet in
                var lineStart = 0
                while lineStart < bytes.count {
                    let lineEnd = min(lineStart + bytesPerLine, bytes.count)
                    indent(lineIndent)
                    // Room for the whole line: four characters per three bytes (the last
                    // group padded), then the LF.
                    out.reserve((lineEnd - lineStart + 2) / 3 * 4 + 1)
                    let line = out.end
                    var o = 0
                    var i = lineStart
                    while i + 3 <= lineEnd {
                        let b0 = Int(bytes[i]), b1 = Int(bytes[i + 1]), b2 = Int(bytes[i + 2])
                        line[o] = alphabet[b0 >> 2]
                        line[o + 1] = alphabet[(b0 & 0x03) << 4 | b1 >> 4]
                        line[o + 2] = alphabet[(b1 & 0x0F) << 2 | b2 >> 6]
                        line[o + 3] = alphabet[b2 & 0x3F]
                        o += 4
                        i += 3
                    }
                    switch lineEnd - i {
                    case 1:
                        let b0 = Int(bytes[i])
                        line[o] = alphabet[b0 >> 2]
                        line[o + 1] = alphabet[(b0 & 0x03) << 4]
                        line[o + 2] = UInt8(ascii: "=")
                        line[o + 3] = UInt8(ascii: "=")
                        o += 4
                    case 2:
                        let b0 = Int(bytes[i]), b1 = Int(bytes[i + 1])
                        line[o] = alphabet[b0 >> 2]
                        line[o + 1] = alphabet[(b0 & 0x03) << 4 | b1 >> 4]
                        line[o + 2] = alphabet[(b1 & 0x0F) << 2]
                        line[o + 3] = UInt8(ascii: "=")
                        o += 4
                    default:
                        break
                    }
                    line[o] = 0x0A
                    out.advance(by: o + 1)
                    lineStart = lineEnd
                }
            }
        }
    }
}
