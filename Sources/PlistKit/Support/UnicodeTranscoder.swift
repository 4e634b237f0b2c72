/// Where transcoded UTF-8 goes, one scalar at a time.
protocol UTF8Sink {
    /// Adds the UTF-8 form of one scalar: its `count` bytes (1 through 4), the first in the
    /// lowest byte of `bytes` (see ``UnicodeTranscoder/utf8(of:)``).
    mutating func append(utf8 bytes: UInt32, count: Int)
}

/// Where transcoded UTF-16 goes, one code unit at a time.
protocol UTF16Sink: ~Copyable {
    /// Adds one UTF-16 code unit.
    mutating func append(utf16 unit: UInt16)
}

extension Array: UTF8Sink where Element == UInt8 {
    mutating func append(utf8 bytes: UInt32, count: Int) {
        var rest = bytes
        for _ in 0..<count {
            append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }
}

/// The one conversion from UTF-16 and UTF-32 (either byte order) to UTF-8 and back to UTF-16,
/// shared by every reader and writer: the binary reader's and
/// writer's UTF-16 string objects, the XML reader's wide input (before libxml2 sees it), the
/// JSON and OpenStep readers' wide input and escapes, and format detection.
///
/// The rules are Unicode's: a UTF-16 high surrogate must be followed by a low one and a low
/// one must follow a high one; a UTF-32 value must be a Unicode scalar (below U+110000, not a
/// surrogate). Each reader words its own error from a ``Failure``. (UTF-8 input is validated
/// where it is read, by ``ByteCursor/firstInvalidUTF8(from:to:)``.)
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
    @inline(__always)
    static func transcodeUTF16<Sink: UTF8Sink>(
        count: Int, into sink: inout Sink, unit: (Int) -> UInt16
    ) -> (index: Int, value: UInt32)? {
        // `k` stays below `count`, so its increments cannot overflow.
        var k = 0
        while k < count {
            let first = UInt32(unit(k))
            // ASCII first: text of any script has its spaces and punctuation.
            if first < 0x80 {
                sink.append(utf8: first, count: 1)
                k &+= 1
                continue
            }
            if first & 0xF800 != 0xD800 {
                appendUTF8(first, to: &sink)
                k &+= 1
                continue
            }
            // A surrogate: it must be a high one followed by a low one.
            guard first < 0xDC00, k &+ 1 < count else { return (k, first) }
            let second = UInt32(unit(k &+ 1))
            guard second & 0xFC00 == 0xDC00 else { return (k, first) }
            appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &sink)
            k &+= 2
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
        let units = cursor.remaining / form.unitSize
        // Room for the worst case up front: growing by doubling would hold two buffers at once,
        // and the pages of room left unused are never touched.
        var output: [UInt8] = []
        output.reserveCapacity(largestUTF8Count(units: units, form: form))
        let failure: Failure?
        do {
            failure = try cursor.readUnicode(count: units, form: form, into: &output)
        } catch {
            // Not reached: the units counted are all there.
            failure = Failure(kind: .partialCodeUnit, offset: cursor.position, value: 0)
        }
        if let failure { throw failure }
        guard cursor.isAtEnd else { throw Failure(kind: .partialCodeUnit, offset: cursor.position, value: 0) }
        return output
    }

    /// The most UTF-8 bytes `units` code units of `form` make: 3 for a UTF-16 unit (a
    /// surrogate pair's two make 4), 4 for a UTF-32 one.
    static func largestUTF8Count(units: Int, form: Form) -> Int {
        let (count, overflow) = Swift.max(units, 0).multipliedReportingOverflow(by: form.unitSize == 2 ? 3 : 4)
        return overflow ? Int.max : count
    }

    /// The UTF-8 form of a Unicode scalar value (the caller has checked it is one): its bytes,
    /// the first in the lowest byte, and how many there are.
    static func utf8(of scalar: UInt32) -> (bytes: UInt32, count: Int) {
        switch scalar {
        case 0..<0x80:
            return (scalar, 1)
        case 0x80..<0x800:
            return ((0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8, 2)
        case 0x800..<0x10000:
            return ((0xE0 | scalar >> 12) | (0x80 | (scalar >> 6) & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16, 3)
        default:
            return ((0xF0 | scalar >> 18) | (0x80 | (scalar >> 12) & 0x3F) << 8 | (0x80 | (scalar >> 6) & 0x3F) << 16
                | (0x80 | scalar & 0x3F) << 24, 4)
        }
    }

    /// Appends the UTF-8 form of a Unicode scalar value (the caller has checked it is one).
    static func appendUTF8<Sink: UTF8Sink>(_ scalar: UInt32, to sink: inout Sink) {
        let (bytes, count) = utf8(of: scalar)
        sink.append(utf8: bytes, count: count)
    }

    /// Passes each UTF-16 code unit of `string`, in order, to `sink`, decoded straight from
    /// its UTF-8 (Swift's `utf16` and `unicodeScalars` views walk non-ASCII text slowly).
    static func transcodeToUTF16<Sink: UTF16Sink & ~Copyable>(_ string: String, into sink: inout Sink) {
        ByteCursor.withUTF8(of: string) { utf8 in
            var cursor = utf8
            while let scalar = cursor.readValidUTF8Scalar() {
                if scalar < 0x10000 {
                    sink.append(utf16: UInt16(truncatingIfNeeded: scalar))
                } else {
                    sink.append(utf16: UInt16(truncatingIfNeeded: 0xD800 + ((scalar - 0x10000) >> 10)))
                    sink.append(utf16: UInt16(truncatingIfNeeded: 0xDC00 + (scalar & 0x3FF)))
                }
            }
        }
    }
}
