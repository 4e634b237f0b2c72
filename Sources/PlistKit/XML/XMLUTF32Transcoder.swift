import FoundationEssentials

/// Turns UTF-32 input into UTF-8 before libxml2 sees it.
///
/// libxml2 2.9's push parser does not read UTF-32 reliably (with a BOM it reports an empty
/// document; without one it can crash), while Apple's reader takes UTF-32 with a BOM or with
/// `<?xml` in UTF-32. The converted bytes are parsed with the encoding declaration ignored.
enum XMLUTF32Transcoder {
    /// The byte order of UTF-32 input, detected from a BOM or from `<` as the first
    /// character (`00 00 00 3C` or `3C 00 00 00`), or `nil` for anything else.
    static func byteOrder(of bytes: UnsafeRawBufferPointer) -> (bigEndian: Bool, skip: Int)? {
        guard bytes.count >= 4 else { return nil }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return (true, 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (false, 4)
        case (0x00, 0x00, 0x00, 0x3C): return (true, 0)
        case (0x3C, 0x00, 0x00, 0x00): return (false, 0)
        default: return nil
        }
    }

    /// The UTF-8 form of UTF-32 `bytes`.
    ///
    /// - Throws: ``PlistError/Code/corruptData`` with the byte offset of a code unit that is not
    ///   a Unicode scalar or of a trailing partial code unit.
    static func utf8(from bytes: UnsafeRawBufferPointer, bigEndian: Bool, skip: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4 + 16)
        var offset = skip
        while offset + 4 <= bytes.count {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
            let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
            let value = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
            guard let scalar = Unicode.Scalar(value) else {
                throw PlistError(
                    .corruptData, "The UTF-32 code unit 0x\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar",
                    at: .byteOffset(offset))
            }
            UTF8.encode(scalar) { output.append($0) }
            offset += 4
        }
        guard offset == bytes.count else {
            throw PlistError(.corruptData, "The UTF-32 input ends in a partial code unit", at: .byteOffset(offset))
        }
        return output
    }
}
