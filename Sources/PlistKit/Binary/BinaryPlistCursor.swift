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
    func peekByte(at offset: Int) throws -> UInt8 {
        guard contains(offset, 1) else { throw outOfBounds(offset, 1) }
        return buffer[offset]
    }

    /// A big-endian unsigned integer of `size` bytes (1 through 8) at `offset`.
    func peekUInt(at offset: Int, size: Int) throws -> UInt64 {
        guard size >= 1, size <= 8, contains(offset, size) else { throw outOfBounds(offset, size) }
        switch size {
        case 1:
            return UInt64(buffer[offset])
        case 2:
            return UInt64(buffer[offset]) << 8 | UInt64(buffer[offset + 1])
        case 4:
            return UInt64(UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8:
            return UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for i in offset..<(offset + size) { value = value << 8 | UInt64(buffer[i]) }
            return value
        }
    }

    /// Whether the `count` bytes at `offset` equal `bytes`.
    func peekBytesEqual(at offset: Int, count: Int, to bytes: [UInt8]) -> Bool {
        guard count == bytes.count, contains(offset, count) else { return false }
        return bytes.withUnsafeBytes { other in
            UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)]).elementsEqual(other)
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
    mutating func readUTF16BEString(count: Int, scratch: inout [UInt16], badOffset: inout Int) throws -> String? {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
        guard !overflow, contains(position, byteCount) else { throw outOfBounds(position, count) }
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(count)
        var i = position
        let end = position + byteCount
        var pendingHigh = false
        while i < end {
            let unit = UInt16(buffer[i]) << 8 | UInt16(buffer[i + 1])
            switch unit {
            case 0xD800...0xDBFF:
                if pendingHigh { badOffset = i - 2; return nil }
                pendingHigh = true
            case 0xDC00...0xDFFF:
                if !pendingHigh { badOffset = i; return nil }
                pendingHigh = false
            default:
                if pendingHigh { badOffset = i - 2; return nil }
            }
            scratch.append(unit)
            i += 2
        }
        if pendingHigh { badOffset = end - 2; return nil }
        position = end
        return String(decoding: scratch, as: UTF16.self)
    }
}

/// The cursor borrows a buffer that is only valid inside a `withUnsafeBytes` scope on one
/// thread; it must never cross threads.
@available(*, unavailable)
extension BinaryPlistCursor: Sendable {}
