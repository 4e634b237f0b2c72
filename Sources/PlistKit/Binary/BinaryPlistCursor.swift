import FoundationEssentials

/// A read position over the bytes of a binary plist: the one place the binary reader touches
/// raw memory.
///
/// The cursor is non-copyable and not `Sendable`, so it cannot outlive the
/// `withUnsafeBytes` scope that lends it its buffer or escape to another thread. Every read
/// checks its range against the buffer itself, so even a caller that forgot a check gets an
/// error rather than an out-of-bounds access; callers still validate offsets against the
/// format's own limits (the object table's end) first, to report format errors precisely.
///
/// `read…` methods advance ``position``; `peek…` methods do not.
struct BinaryPlistCursor: ~Copyable {
    private let buffer: UnsafeRawBufferPointer
    /// The offset of the next byte a `read…` method consumes.
    private(set) var position: Int = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// The number of bytes in the whole buffer.
    var count: Int { buffer.count }

    /// Moves to `offset`, which must lie within the buffer (or at its end).
    mutating func seek(to offset: Int) throws {
        guard offset >= 0, offset <= buffer.count else { throw outOfBounds(offset, 0) }
        position = offset
    }

    /// Whether `length` bytes starting at `offset` lie inside the buffer.
    func contains(_ offset: Int, _ length: Int) -> Bool {
        guard offset >= 0, length >= 0 else { return false }
        let (end, overflow) = offset.addingReportingOverflow(length)
        return !overflow && end <= buffer.count
    }

    private func outOfBounds(_ offset: Int, _ length: Int) -> PlistError {
        PlistError(.corruptData, "A read of \(length) bytes runs past the end of the \(buffer.count)-byte input",
                   at: .byteOffset(offset))
    }

    // MARK: Peeking (position unchanged)

    /// The byte at `offset`.
    @inline(__always)
    func peekByte(at offset: Int) throws -> UInt8 {
        guard contains(offset, 1) else { throw outOfBounds(offset, 1) }
        return buffer[offset]
    }

    /// A big-endian unsigned integer of `size` bytes (1 through 8) at `offset`.
    @inline(__always)
    func peekUInt(at offset: Int, size: Int) throws -> UInt64 {
        // `buffer.count - size` cannot overflow: both are non-negative here.
        guard size >= 1, size <= 8, offset >= 0, offset <= buffer.count - size else { throw outOfBounds(offset, size) }
        if offset <= buffer.count - 8 {
            // References, offsets and counts are read millions of times: one 8-byte load,
            // shifted down to the `size` bytes wanted, instead of a branch per size.
            let word = UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return word >> UInt64(64 - 8 * size)
        }
        var value: UInt64 = 0
        for i in offset..<(offset + size) { value = value << 8 | UInt64(buffer[i]) }
        return value
    }

    /// Whether the `count` bytes at `offset` equal `bytes`.
    func peekBytesEqual(at offset: Int, count: Int, to bytes: [UInt8]) -> Bool {
        guard count == bytes.count, contains(offset, count) else { return false }
        // The lazy view compares a key this way for every entry of a dictionary it searches.
        return bytes.withUnsafeBytes { other in
            UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)]).hasSameBytes(as: other)
        }
    }

    // MARK: Reading (advancing)

    /// The next byte.
    mutating func readByte() throws -> UInt8 {
        let byte = try peekByte(at: position)
        position += 1
        return byte
    }

    /// The next big-endian unsigned integer of `size` bytes (1 through 8).
    mutating func readUInt(size: Int) throws -> UInt64 {
        let value = try peekUInt(at: position, size: size)
        position += size
        return value
    }

    /// The next 8-byte big-endian IEEE 754 double.
    mutating func readDouble() throws -> Double {
        Double(bitPattern: try readUInt(size: 8))
    }

    /// The next 4-byte big-endian IEEE 754 float.
    mutating func readFloat() throws -> Float {
        Float(bitPattern: UInt32(truncatingIfNeeded: try readUInt(size: 4)))
    }

    /// The next `count` bytes as `Data`.
    mutating func readData(count: Int) throws -> Data {
        guard contains(position, count) else { throw outOfBounds(position, count) }
        let data = Data(UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)]))
        position += count
        return data
    }

    /// The next `count` bytes of an "ASCII" string object. Bytes above 0x7F, which some
    /// non-Apple writers put there (UTF-8 text under the ASCII marker), are read as ISO Latin-1,
    /// one character per byte, as CoreFoundation on Linux reads them.
    mutating func readASCIIString(count: Int) throws -> String {
        guard contains(position, count) else { throw outOfBounds(position, count) }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)])
        position += count
        if slice.allSatisfy({ $0 < 0x80 }) {
            // ASCII is valid UTF-8, so this decoding never substitutes anything.
            return String(decoding: slice, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for byte in slice { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// The next `count` big-endian UTF-16 code units as a string, or `nil` (position unchanged)
    /// when they hold an unpaired surrogate; `badOffset` then holds the unit's byte offset.
    mutating func readUTF16BEString(count: Int, badOffset: inout Int) throws -> String? {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
        guard !overflow, contains(position, byteCount) else { throw outOfBounds(position, count) }
        let start = position, end = position + byteCount
        var bad = -1
        // Transcode straight to UTF-8: building the String from UTF-8 is a validated copy,
        // while building it from UTF-16 took a slow generic path and a third of decode time
        // on text-heavy files. A UTF-16 unit becomes at most 3 UTF-8 bytes (a surrogate pair,
        // two units, becomes 4), and `count * 3` cannot overflow: `count * 2` bytes exist.
        let text = String(unsafeUninitializedCapacity: Swift.max(count * 3, 1)) { out -> Int in
            var o = 0
            var i = start
            while i < end {
                let unit = UInt32(buffer[i]) << 8 | UInt32(buffer[i + 1])
                if unit < 0x80 {
                    out[o] = UInt8(truncatingIfNeeded: unit)
                    o += 1
                } else if unit < 0x800 {
                    out[o] = 0xC0 | UInt8(truncatingIfNeeded: unit >> 6)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                    o += 2
                } else if unit & 0xF800 != 0xD800 {
                    out[o] = 0xE0 | UInt8(truncatingIfNeeded: unit >> 12)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: (unit >> 6) & 0x3F)
                    out[o + 2] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                    o += 3
                } else {
                    // A surrogate: it must be a high one followed by a low one.
                    guard unit < 0xDC00, i + 4 <= end else {
                        bad = i
                        return 0
                    }
                    let low = UInt32(buffer[i + 2]) << 8 | UInt32(buffer[i + 3])
                    guard low & 0xFC00 == 0xDC00 else {
                        bad = i
                        return 0
                    }
                    let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    out[o] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
                    out[o + 2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
                    out[o + 3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
                    o += 4
                    i += 2
                }
                i += 2
            }
            return o
        }
        if bad >= 0 {
            badOffset = bad
            return nil
        }
        position = end
        return text
    }
}

/// The cursor borrows a buffer that is only valid inside a `withUnsafeBytes` scope on one
/// thread; it must never cross threads.
@available(*, unavailable)
extension BinaryPlistCursor: Sendable {}
