import FoundationEssentials

/// Plain scalars for readers that take one value at a time.
///
/// The Codable source reads millions of scalars one at a time. These readers take the common
/// objects without building a `PlistValue` or going through the error plumbing, with exactly
/// the accounting `leaf(_:marker:offset:)` does (object count, coverage, slots, memo). For any
/// other object, or when reading it would fail, they return `nil` having changed nothing; the
/// caller then reads the object through `leaf`, which decodes it or reports the failure.
extension BinaryPlistDecoder {
    /// A fixed-size scalar object (an integer of 1 to 8 bytes, an 8-byte real, a date or a
    /// boolean): its marker and the big-endian bytes after the marker (none for a boolean).
    mutating func plainFixedScalar(_ index: Int) -> (marker: UInt8, payload: UInt64)? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let state = objects.slot(index)
        guard state == BinaryPlistDecodedObjects.countedScalar || state == BinaryPlistDecodedObjects.notSeen,
            let offset = try? trailer.offset(of: index, in: cursor),
            let marker = try? cursor.peekByte(at: offset)
        else { return nil }
        let size: Int
        switch marker {
        case 0x08, 0x09: size = 0
        case 0x10...0x13: size = 1 << Int(marker & 0x0F)
        case 0x23, 0x33: size = 8
        default: return nil
        }
        var payload: UInt64 = 0
        if size > 0 {
            // `scalar`'s extent check, then the read.
            guard size <= trailer.offsetTableOffset - (offset + 1),
                let raw = try? cursor.peekUInt(at: offset + 1, size: size)
            else { return nil }
            payload = raw
        }
        if state == BinaryPlistDecodedObjects.notSeen {
            // The first read: counted and covered once, as `leaf` and `scalar` do.
            guard objects.canCount(covering: 1 + size) else { return nil }
            objects.countAndCover(1 + size)
            objects.setSlot(index, BinaryPlistDecodedObjects.countedScalar)
        }
        return (marker, payload)
    }

    /// A string object already decoded (shared through the memo), or an ASCII or UTF-16 string
    /// object decoded now and remembered.
    mutating func plainString(_ index: Int) -> String? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let state = objects.slot(index)
        if state >= 0 {
            guard case .string(let text) = objects.value(in: state) else { return nil }
            return text
        }
        guard state == BinaryPlistDecodedObjects.notSeen,
            let offset = try? trailer.offset(of: index, in: cursor),
            let marker = try? cursor.peekByte(at: offset), marker & 0xF0 == 0x50 || marker & 0xF0 == 0x60,
            let (count, start) = try? self.count(nibble: marker & 0x0F, after: offset + 1, object: index, at: offset)
        else { return nil }
        let isUTF16 = marker & 0xF0 == 0x60
        // `scalar`'s checks, in its order: the extent, the object limit, the coverage.
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: isUTF16 ? 2 : 1)
        guard !overflow, byteCount <= trailer.offsetTableOffset - start,
            objects.canCount(covering: start - offset + byteCount),
            // (Every read seeks first, so moving the cursor changes nothing another read sees.)
            (try? cursor.seek(to: start)) != nil
        else { return nil }
        let decoded: String?
        if isUTF16 {
            var bad = 0
            decoded = (try? cursor.readUTF16BEString(count: count, badOffset: &bad)) ?? nil
        } else {
            decoded = try? cursor.readASCIIString(count: count)
        }
        guard let text = decoded else { return nil }
        objects.countAndCover(start - offset + byteCount)
        _ = objects.remember(index, .string(text))
        return text
    }
}
