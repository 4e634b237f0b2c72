import FoundationEssentials

/// Turns the bytes of a text format (JSON, OpenStep) into UTF-8, honouring byte-order marks, and
/// finds line and column numbers for error messages.
///
/// Both text readers scan UTF-8 bytes; input in UTF-16 or UTF-32 is transcoded once, up front,
/// so that the scanners have a single fast path. Positions in errors are then given as line and
/// column in characters (Unicode scalars), which are the same whatever the input encoding was.
enum UnicodeText {
    /// The input as UTF-8 bytes without a byte-order mark, and the number of bytes the mark took.
    ///
    /// - A UTF-8 BOM is dropped.
    /// - A UTF-16 or UTF-32 BOM (either byte order) selects that encoding.
    /// - Without a BOM, zero bytes in the first code unit select UTF-16 or UTF-32, as RFC 4627
    ///   §3 describes for JSON (the first two characters of a document are ASCII).
    /// - Anything else is taken as UTF-8; the readers validate it as they scan.
    ///
    /// - Throws: ``PlistError/Code/corruptData`` with the byte offset of a malformed UTF-16
    ///   surrogate or an invalid UTF-32 code point.
    /// - Complexity: O(n) when transcoding; O(1) for UTF-8 without a BOM.
    static func utf8(_ bytes: Data, formatName: String) throws -> Data {
        let b0 = bytes.count > 0 ? bytes[bytes.startIndex] : 0xAA
        let b1 = bytes.count > 1 ? bytes[bytes.startIndex + 1] : 0xAA
        let b2 = bytes.count > 2 ? bytes[bytes.startIndex + 2] : 0xAA
        let b3 = bytes.count > 3 ? bytes[bytes.startIndex + 3] : 0xAA
        if b0 == 0xEF, b1 == 0xBB, b2 == 0xBF { return Data(bytes.dropFirst(3)) }
        if bytes.count >= 4 {
            if b0 == 0, b1 == 0, b2 == 0xFE, b3 == 0xFF { return try utf32(bytes, skipping: 4, bigEndian: true, formatName) }
            if b0 == 0xFF, b1 == 0xFE, b2 == 0, b3 == 0 { return try utf32(bytes, skipping: 4, bigEndian: false, formatName) }
        }
        if b0 == 0xFE, b1 == 0xFF { return try utf16(bytes, skipping: 2, bigEndian: true, formatName) }
        if b0 == 0xFF, b1 == 0xFE { return try utf16(bytes, skipping: 2, bigEndian: false, formatName) }
        if bytes.count >= 4 {
            if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { return try utf32(bytes, skipping: 0, bigEndian: true, formatName) }
            if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { return try utf32(bytes, skipping: 0, bigEndian: false, formatName) }
        }
        if bytes.count >= 2 {
            if b0 == 0, b1 != 0 { return try utf16(bytes, skipping: 0, bigEndian: true, formatName) }
            if b0 != 0, b1 == 0 { return try utf16(bytes, skipping: 0, bigEndian: false, formatName) }
        }
        return bytes
    }

    private static func utf16(_ bytes: Data, skipping bom: Int, bigEndian: Bool, _ formatName: String) throws -> Data {
        try bytes.withUnsafeBytes { raw -> Data in
            let count = raw.count
            guard (count - bom) % 2 == 0 else {
                throw PlistError(
                    .corruptData, "The \(formatName) text is UTF-16 but has an odd number of bytes",
                    at: .byteOffset(count - 1))
            }
            var out: [UInt8] = []
            out.reserveCapacity((count - bom) / 2 * 3 / 2 + 16)
            var i = bom
            func unit(_ at: Int) -> UInt16 {
                let hi = UInt16(raw[bigEndian ? at : at + 1]), lo = UInt16(raw[bigEndian ? at + 1 : at])
                return hi << 8 | lo
            }
            while i + 1 < count {
                let u = unit(i)
                var scalar: UInt32
                if u < 0xD800 || u > 0xDFFF {
                    scalar = UInt32(u)
                    i += 2
                } else if u <= 0xDBFF, i + 3 < count, case let low = unit(i + 2), low >= 0xDC00, low <= 0xDFFF {
                    scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    i += 4
                } else {
                    throw PlistError(
                        .corruptData,
                        "The \(formatName) text holds an unpaired UTF-16 surrogate 0x\(String(u, radix: 16, uppercase: true))",
                        at: .byteOffset(i))
                }
                appendUTF8(scalar, to: &out)
            }
            return Data(out)
        }
    }

    private static func utf32(_ bytes: Data, skipping bom: Int, bigEndian: Bool, _ formatName: String) throws -> Data {
        try bytes.withUnsafeBytes { raw -> Data in
            let count = raw.count
            guard (count - bom) % 4 == 0 else {
                throw PlistError(
                    .corruptData, "The \(formatName) text is UTF-32 but its length is not a multiple of 4 bytes",
                    at: .byteOffset(count - (count - bom) % 4))
            }
            var out: [UInt8] = []
            out.reserveCapacity((count - bom) / 4 + 16)
            var i = bom
            while i + 3 < count {
                var v: UInt32 = 0
                for k in 0..<4 { v = v << 8 | UInt32(raw[bigEndian ? i + k : i + 3 - k]) }
                guard v < 0x110000, v < 0xD800 || v > 0xDFFF else {
                    throw PlistError(
                        .corruptData,
                        "The \(formatName) text holds 0x\(String(v, radix: 16, uppercase: true)), which is not a Unicode scalar",
                        at: .byteOffset(i))
                }
                appendUTF8(v, to: &out)
                i += 4
            }
            return Data(out)
        }
    }

    /// Appends the UTF-8 form of a Unicode scalar value (the caller has checked it is one).
    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The 1-based line and column of `offset` in UTF-8 text: lines end at LF, CR LF or a lone
    /// CR; columns count Unicode scalars (continuation bytes are not counted).
    ///
    /// Only error paths call this. Complexity: O(offset).
    static func lineAndColumn(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> PlistError.Location {
        var line = 1, column = 1, i = 0
        let end = min(offset, text.count)
        while i < end {
            let byte = text[i]
            if byte == 0x0A {
                line += 1; column = 1
            } else if byte == 0x0D {
                if i + 1 < text.count, text[i + 1] == 0x0A { i += 1; if i >= end { break } }
                line += 1; column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return .line(line, column: column)
    }

    /// The offset of the first byte in `range` that does not belong to well-formed UTF-8
    /// (including overlong forms, surrogates and values above U+10FFFF), or `nil`.
    static func firstInvalidUTF8(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        let end = range.upperBound
        guard let base = text.baseAddress, !range.isEmpty else { return nil }
        while i < end {
            // ASCII runs, eight bytes at a time.
            while i + 8 <= end, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < end else { break }
            let b = text[i]
            if b < 0x80 { i += 1; continue }
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard i + length <= end else { return i }
            for k in 1..<length {
                let c = text[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }

    /// A printable description of the byte at `offset` for error messages: the character when
    /// it is printable ASCII, its hexadecimal value otherwise.
    static func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
