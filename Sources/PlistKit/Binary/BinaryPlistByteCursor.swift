import FoundationEssentials

/// Writes a binary property list's bytes through a raw pointer into a buffer the writer has
/// already sized exactly: no capacity or uniqueness check per byte, as appending to an array
/// costs.
///
/// The caller guarantees room for every write plus seven spare bytes at the end of the
/// buffer, because ``putBigEndian(_:size:)`` stores a whole 8-byte word.
struct BinaryPlistByteCursor {
    private var next: UnsafeMutableRawPointer

    /// A cursor at `start`.
    init(_ start: UnsafeMutableRawPointer) { next = start }

    /// How many bytes lie between `start` and the cursor.
    func offset(from start: UnsafeMutableRawPointer) -> Int { next - start }

    /// One byte.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        next.storeBytes(of: byte, as: UInt8.self)
        next += 1
    }

    /// The low `size` bytes (1 through 8) of `value`, most significant first.
    @inline(__always)
    mutating func putBigEndian(_ value: UInt64, size: Int) {
        // Shifted so the wanted bytes lead the word, stored big-endian in one go; the bytes
        // after them are scratch that the next write overwrites (or the spare bytes).
        next.storeBytes(of: (value << UInt64(64 - 8 * size)).bigEndian, toByteOffset: 0, as: UInt64.self)
        next += size
    }

    /// Bytes copied as they are.
    @inline(__always)
    mutating func putBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        next.copyMemory(from: base, byteCount: bytes.count)
        next += bytes.count
    }

    /// A marker with the count in its low nibble, or 0xF and an integer object for 15 and more.
    mutating func putMarker(_ high: UInt8, count: Int) {
        if count < 15 {
            put(high | UInt8(count))
        } else {
            put(high | 0x0F)
            putUnsigned(UInt64(count))
        }
    }

    /// A non-negative integer object in 1, 2, 4 or 8 bytes by magnitude (CoreFoundation's
    /// `_appendInt`; a negative value reinterpreted as unsigned takes 8).
    mutating func putUnsigned(_ value: UInt64) {
        if value <= 0xFF {
            put(0x10); put(UInt8(value))
        } else if value <= 0xFFFF {
            put(0x11); putBigEndian(value, size: 2)
        } else if value <= 0xFFFF_FFFF {
            put(0x12); putBigEndian(value, size: 4)
        } else {
            put(0x13); putBigEndian(value, size: 8)
        }
    }

    /// Object references of `size` bytes each.
    mutating func putReferences(_ references: ArraySlice<Int>, size: Int) {
        if size == 1 {
            for reference in references { put(UInt8(truncatingIfNeeded: reference)) }
        } else {
            for reference in references { putBigEndian(UInt64(reference), size: size) }
        }
    }

    /// A scalar other than a string (strings go through ``putString(_:utf16Count:)``).
    mutating func putScalar(_ value: PlistValue) {
        switch value {
        case .boolean(let flag):
            put(flag ? 0x09 : 0x08)
        case .integer(let integer):
            if let signed = integer.int64Value {
                putUnsigned(UInt64(bitPattern: signed))
            } else {
                // Above Int64.max: a 16-byte integer whose high 8 bytes are zero.
                put(0x14)
                putBigEndian(0, size: 8)
                putBigEndian(integer.uint64Value ?? 0, size: 8)
            }
        case .real(let real):
            put(0x23)
            putBigEndian(real.bitPattern, size: 8)
        case .date(let date):
            put(0x33)
            putBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data):
            putMarker(0x40, count: data.count)
            data.withUnsafeBytes { putBytes($0) }
        case .string(let text):
            putString(text, utf16Count: BinaryPlistObjectList.utf16CountUnlessASCII(text))
        case .uid(let uid):
            let size = uid <= 0xFF ? 1 : (uid <= 0xFFFF ? 2 : 4)
            put(0x80 | UInt8(size - 1))
            putBigEndian(UInt64(uid), size: size)
        case .array, .dictionary:
            // Containers are flattened into entries of their own and never reach here.
            break
        }
    }

    /// A string object: ASCII as bytes (marker 0x5) when `utf16Count` is negative, anything
    /// else as `utf16Count` big-endian UTF-16 units (0x6), transcoded straight from the
    /// string's UTF-8 (Swift's `utf16` view walks non-ASCII text slowly).
    mutating func putString(_ text: String, utf16Count: Int) {
        var text = text
        text.withUTF8 { utf8 in
            if utf16Count < 0 {
                putMarker(0x50, count: utf8.count)
                putBytes(UnsafeRawBufferPointer(utf8))
                return
            }
            putMarker(0x60, count: utf16Count)
            var i = 0
            while i < utf8.count {
                let lead = UInt32(utf8[i])
                let scalar: UInt32
                // Swift strings hold valid UTF-8, so each sequence is complete.
                if lead < 0x80 {
                    scalar = lead
                    i += 1
                } else if lead < 0xE0 {
                    scalar = (lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
                    i += 2
                } else if lead < 0xF0 {
                    scalar = (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
                    i += 3
                } else {
                    scalar = (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                        | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
                    i += 4
                }
                if scalar < 0x10000 {
                    putBigEndian(UInt64(scalar), size: 2)
                } else {
                    putBigEndian(UInt64(0xD800 + ((scalar - 0x10000) >> 10)), size: 2)
                    putBigEndian(UInt64(0xDC00 + (scalar & 0x3FF)), size: 2)
                }
            }
        }
    }
}
