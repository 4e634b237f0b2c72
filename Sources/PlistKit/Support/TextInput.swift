import FoundationEssentials

/// The input of a text reader (JSON, OpenStep): turned into UTF-8 by its byte-order mark, and
/// line and column numbers in it for error messages.
///
/// Both readers scan UTF-8 bytes; input in UTF-16 or UTF-32 is transcoded once, up front
/// (``UnicodeTranscoder``), so that the scanners have a single fast path. Positions in errors
/// are then given as line and column in characters (Unicode scalars), which are the same
/// whatever the input encoding was.
enum TextInput {
    /// Input that is not text in the encoding its first bytes select: the sentence and the
    /// byte offset, which the reader turns into its own error.
    struct MalformedText: Error, Equatable {
        let reason: String
        let offset: Int
    }

    /// Lends `body` a cursor over the input as UTF-8 without a byte-order mark, valid for the
    /// call.
    ///
    /// - A UTF-8 BOM is skipped: UTF-8 input is read where it is, never copied.
    /// - A UTF-16 or UTF-32 BOM (either byte order) selects that encoding.
    /// - Without a BOM, zero bytes in the first code unit select UTF-16 or UTF-32, as RFC 4627
    ///   §3 describes for JSON (the first two characters of a document are ASCII).
    /// - Anything else is taken as UTF-8; the readers validate it as they scan.
    ///
    /// UTF-16 and UTF-32 are transcoded into one buffer of at most ``largestCopy(of:)`` bytes.
    ///
    /// - Throws: ``MalformedText`` with the byte offset of a malformed UTF-16
    ///   surrogate, an invalid UTF-32 code point or a partial code unit (`formatName` names
    ///   the format in the message); or what `body` throws.
    /// - Complexity: O(n) when transcoding; O(1) for UTF-8.
    static func withUTF8<R>(of bytes: Data, formatName: String, _ body: (consuming ByteCursor) throws -> R) throws -> R {
        let encoding = self.encoding(of: bytes)
        guard let form = encoding.form else { return try ByteCursor.withBytes(of: bytes.dropFirst(encoding.byteOrderMark), body) }
        let utf8 = try transcoded(bytes, form: form, byteOrderMark: encoding.byteOrderMark, formatName: formatName)
        return try ByteCursor.withBytes(of: utf8, body)
    }

    /// The input as UTF-8 bytes without a byte-order mark, by the rules of
    /// ``withUTF8(of:formatName:_:)``: UTF-8 input as a slice of `bytes`, wide input as a copy.
    ///
    /// - Throws: as ``withUTF8(of:formatName:_:)``.
    static func utf8(_ bytes: Data, formatName: String) throws -> Data {
        let encoding = self.encoding(of: bytes)
        guard let form = encoding.form else { return bytes.dropFirst(encoding.byteOrderMark) }
        return Data(try transcoded(bytes, form: form, byteOrderMark: encoding.byteOrderMark, formatName: formatName))
    }

    /// UTF-16 or UTF-32 input (`form`, after a BOM of `byteOrderMark` bytes) as UTF-8.
    private static func transcoded(
        _ bytes: Data, form: UnicodeTranscoder.Form, byteOrderMark: Int, formatName: String
    ) throws -> [UInt8] {
        let count = bytes.count
        let leftover = (count - byteOrderMark) % form.unitSize
        switch form {
        case .utf16 where leftover != 0:
            throw MalformedText(reason: "The \(formatName) text is UTF-16 but has an odd number of bytes", offset: count - 1)
        case .utf32 where leftover != 0:
            throw MalformedText(
                reason: "The \(formatName) text is UTF-32 but its length is not a multiple of 4 bytes", offset: count - leftover)
        default:
            break
        }
        return try ByteCursor.withBytes(of: bytes) { input in
            var cursor = input
            try cursor.seek(to: byteOrderMark)
            do throws(UnicodeTranscoder.Failure) {
                return try UnicodeTranscoder.utf8(from: &cursor, form: form)
            } catch {
                let hex = String(error.value, radix: 16, uppercase: true)
                let reason = error.kind == .notAScalar
                    ? "The \(formatName) text holds 0x\(hex), which is not a Unicode scalar"
                    : "The \(formatName) text holds an unpaired UTF-16 surrogate 0x\(hex)"
                throw MalformedText(reason: reason, offset: error.offset)
            }
        }
    }

    /// The most bytes ``withUTF8(of:formatName:_:)`` allocates for `bytes`: 0 for UTF-8, which it
    /// does not copy; for UTF-16, 3 for each 2-byte unit (a surrogate pair's 4 bytes make 4);
    /// for UTF-32, 4 for each unit.
    static func largestCopy(of bytes: Data) -> Int {
        let encoding = self.encoding(of: bytes)
        guard let form = encoding.form else { return 0 }
        return UnicodeTranscoder.largestUTF8Count(units: (bytes.count - encoding.byteOrderMark) / form.unitSize, form: form)
    }

    /// The encoding the first bytes select, by the rules of ``utf8(_:formatName:)``: `nil` for
    /// UTF-8, and how many bytes the byte order mark takes (0 without one).
    static func encoding(of bytes: Data) -> (form: UnicodeTranscoder.Form?, byteOrderMark: Int) {
        UnicodeTranscoder.encoding(ofLeadingBytes: bytes)
    }

    /// The 1-based line and column of `offset` in UTF-8 text: lines end at LF, CR LF or a lone
    /// CR; columns count Unicode scalars (continuation bytes are not counted).
    ///
    /// Only error paths call this. Complexity: O(offset).
    static func lineAndColumn(of offset: Int, in text: borrowing ByteCursor) -> (line: Int, column: Int) {
        var line = 1, column = 1, i = 0
        let end = min(offset, text.count)
        while i < end, let byte = text.byte(at: i) {
            if byte == 0x0A {
                line += 1; column = 1
            } else if byte == 0x0D {
                if text.byte(at: i + 1) == 0x0A { i += 1; if i >= end { break } }
                line += 1; column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    /// The value of the hexadecimal digit `byte` (`0`–`9`, `a`–`f`, `A`–`F`), or `nil` for any
    /// other byte.
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A printable description of a byte for error messages: the character when it is
    /// printable ASCII, its hexadecimal value otherwise.
    static func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
