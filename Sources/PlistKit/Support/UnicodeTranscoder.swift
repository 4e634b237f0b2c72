/// Where transcoded UTF-8 goes, a byte at a time.
protocol UTF8Sink {
    /// Adds one byte of UTF-8.
    mutating func append(_ byte: UInt8)
}

extension Array: UTF8Sink where Element == UInt8 {}

/// The one conversion from UTF-16 and UTF-32 (either byte order) to UTF-8 and back to UTF-16,
/// and the one UTF-8 validator, shared by every reader and writer: the binary reader's and
/// writer's UTF-16 string objects, the XML reader's wide input (before libxml2 sees it), the
/// JSON and OpenStep readers' wide input and escapes, and format detection.
///
/// The rules are Unicode's: a UTF-16 high surrogate must be followed by a low one and a low
/// one must follow a high one; a UTF-32 value must be a Unicode scalar (below U+110000, not a
/// surrogate). Each reader words its own error from a ``Failure``.
enum UnicodeTranscoder {
    /// A Unicode encoding form wider than UTF-8.
    enum Form: Equatable {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        /// The bytes of one code unit.
        var unitSize: Int {
            switch self {
            case .utf16: return 2
            case .utf32: return 4
            }
        }
    }

    /// Where and why wide text is not Unicode.
    struct Failure: Error, Equatable {
        enum Kind: Equatable {
            /// A UTF-16 surrogate without its partner; `value` is the unit.
            case unpairedSurrogate
            /// A UTF-32 value that is not a Unicode scalar; `value` is the value.
            case notAScalar
            /// The input ends inside a code unit; `value` is 0.
            case partialCodeUnit
        }

        let kind: Kind
        /// The byte offset of the code unit at fault.
        let offset: Int
        let value: UInt32
    }

    // MARK: Transcoding

    /// Transcodes `count` UTF-16 code units, the `k`-th given by `unit(k)`, to UTF-8 into
    /// `sink`. Returns the index and value of the first unit that is an unpaired surrogate
    /// (what came before it is in `sink`), or `nil`.
    static func transcodeUTF16<Sink: UTF8Sink>(
        count: Int, into sink: inout Sink, unit: (Int) -> UInt16
    ) -> (index: Int, value: UInt32)? {
        var k = 0
        while k < count {
            let first = UInt32(unit(k))
            if first & 0xF800 != 0xD800 {
                appendUTF8(first, to: &sink)
                k += 1
                continue
            }
            // A surrogate: it must be a high one followed by a low one.
            guard first < 0xDC00, k + 1 < count else { return (k, first) }
            let second = UInt32(unit(k + 1))
            guard second & 0xFC00 == 0xDC00 else { return (k, first) }
            appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &sink)
            k += 2
        }
        return nil
    }

    /// Transcodes `count` UTF-32 code units, the `k`-th given by `unit(k)`, to UTF-8 into
    /// `sink`. Returns the index and value of the first unit that is not a Unicode scalar
    /// (what came before it is in `sink`), or `nil`.
    static func transcodeUTF32<Sink: UTF8Sink>(
        count: Int, into sink: inout Sink, unit: (Int) -> UInt32
    ) -> (index: Int, value: UInt32)? {
        for k in 0..<Swift.max(count, 0) {
            let value = unit(k)
            guard value < 0x11_0000, value & 0xFFFF_F800 != 0xD800 else { return (k, value) }
            appendUTF8(value, to: &sink)
        }
        return nil
    }

    /// The UTF-8 form of the bytes from `cursor`'s position to its end, read as `form`; the
    /// cursor ends after the last whole code unit.
    ///
    /// - Throws: the ``Failure`` of the first code unit that is not part of a scalar, or of
    ///   a partial code unit at the end.
    static func utf8(from cursor: inout ByteCursor, form: Form) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(cursor.remaining + 16)
        let units = cursor.remaining / form.unitSize
        let failure: Failure?
        do {
            switch form {
            case .utf16(let bigEndian): failure = try cursor.readUTF16(count: units, bigEndian: bigEndian, into: &output)
            case .utf32(let bigEndian): failure = try cursor.readUTF32(count: units, bigEndian: bigEndian, into: &output)
            }
        } catch {
            // Not reached: the units counted are all there.
            failure = Failure(kind: .partialCodeUnit, offset: cursor.position, value: 0)
        }
        if let failure { throw failure }
        guard cursor.isAtEnd else { throw Failure(kind: .partialCodeUnit, offset: cursor.position, value: 0) }
        return output
    }

    /// Appends the UTF-8 form of a Unicode scalar value (the caller has checked it is one).
    static func appendUTF8<Sink: UTF8Sink>(_ scalar: UInt32, to sink: inout Sink) {
        switch scalar {
        case 0..<0x80:
            sink.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            sink.append(0xC0 | UInt8(truncatingIfNeeded: scalar >> 6))
            sink.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        case 0x800..<0x10000:
            sink.append(0xE0 | UInt8(truncatingIfNeeded: scalar >> 12))
            sink.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            sink.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        default:
            sink.append(0xF0 | UInt8(truncatingIfNeeded: scalar >> 18))
            sink.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F))
            sink.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            sink.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        }
    }

    /// Calls `body` with each UTF-16 code unit of `string` in order, decoded straight from its
    /// UTF-8 (Swift's `utf16` view walks non-ASCII text slowly).
    static func forEachUTF16Unit(of string: String, _ body: (UInt16) -> Void) {
        ByteCursor.withUTF8(of: string) { utf8 in
            var i = 0
            while let byte = utf8.byte(at: i) {
                let lead = UInt32(byte)
                let scalar: UInt32
                if lead < 0x80 {
                    scalar = lead
                    i += 1
                } else if lead < 0xE0 {
                    scalar = (lead & 0x1F) << 6 | continuationBits(utf8, i + 1)
                    i += 2
                } else if lead < 0xF0 {
                    scalar = (lead & 0x0F) << 12 | continuationBits(utf8, i + 1) << 6 | continuationBits(utf8, i + 2)
                    i += 3
                } else {
                    scalar = (lead & 0x07) << 18 | continuationBits(utf8, i + 1) << 12 | continuationBits(utf8, i + 2) << 6 | continuationBits(utf8, i + 3)
                    i += 4
                }
                if scalar < 0x10000 {
                    body(UInt16(truncatingIfNeeded: scalar))
                } else {
                    body(UInt16(truncatingIfNeeded: 0xD800 + ((scalar - 0x10000) >> 10)))
                    body(UInt16(truncatingIfNeeded: 0xDC00 + (scalar & 0x3FF)))
                }
            }
        }
    }

    /// The low six bits of the continuation byte at `offset` (Swift strings hold valid UTF-8,
    /// so each sequence is complete).
    private static func continuationBits(_ utf8: borrowing ByteCursor, _ offset: Int) -> UInt32 {
        UInt32((utf8.byte(at: offset) ?? 0x80) & 0x3F)
    }

    // MARK: Validation

    /// The offset of the first byte from `start` to `end` (cut to the cursor's bytes) that
    /// does not belong to well-formed UTF-8 (overlong forms, surrogates and values above
    /// U+10FFFF included), or `nil`.
    static func firstInvalidUTF8(in cursor: borrowing ByteCursor, from start: Int, to end: Int) -> Int? {
        var i = Swift.max(start, 0)
        let end = Swift.min(end, cursor.count)
        while i < end {
            // ASCII runs, eight bytes at a time.
            while i + 8 <= end, let word = cursor.word(at: i), word & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < end, let b = cursor.byte(at: i) else { break }
            if b < 0x80 {
                i += 1
                continue
            }
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
                guard let c = cursor.byte(at: i + k), c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
