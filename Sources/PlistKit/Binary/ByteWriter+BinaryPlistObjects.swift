import FoundationEssentials

/// The encodings of binary plist objects, as CoreFoundation's `CFBinaryPlistWrite` writes them.
extension ByteWriter {
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

    /// A UID object in 1, 2 or 4 bytes by magnitude.
    mutating func putUID(_ uid: UInt32) {
        let size = uid <= 0xFF ? 1 : (uid <= 0xFFFF ? 2 : 4)
        put(0x80 | UInt8(size - 1))
        putBigEndian(UInt64(uid), size: size)
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
            put(contentsOf: data)
        case .string(let text):
            putString(text, utf16Count: BinaryPlistObjectList.utf16CountUnlessASCII(text))
        case .uid(let uid):
            putUID(uid)
        case .array, .dictionary:
            // Containers are flattened into entries of their own and never reach here.
            break
        }
    }

    /// A string object: ASCII as bytes (marker 0x5) when `utf16Count` is negative, anything
    /// else as `utf16Count` big-endian UTF-16 units (0x6).
    mutating func putString(_ text: String, utf16Count: Int) {
        if utf16Count < 0 {
            putMarker(0x50, count: text.utf8.count)
            put(utf8Of: text)
            return
        }
        putMarker(0x60, count: utf16Count)
        UnicodeTranscoder.transcodeToUTF16(text, into: &self)
    }
}

/// Binary plists hold UTF-16 big-endian.
extension ByteWriter: UTF16Sink {
    mutating func append(utf16 unit: UInt16) {
        putBigEndian(UInt64(unit), size: 2)
    }
}
