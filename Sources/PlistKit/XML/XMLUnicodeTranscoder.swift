import FoundationEssentials

/// Turns UTF-16 and UTF-32 input into UTF-8 before libxml2 sees it.
///
/// libxml2 2.9's push parser does not read UTF-32 reliably (with a BOM it reports an empty
/// document; without one it can crash) and dereferences freed memory when stopped on a broken
/// UTF-16 surrogate; Apple's reader takes both. Converting them here also lets every input go
/// through the same UTF-8 path (carriage returns kept as Apple keeps them, see
/// ``XMLCarriageReturnPreserver``). The converted bytes are parsed with the encoding declaration
/// ignored.
enum XMLUnicodeTranscoder {
    /// A Unicode encoding form wider than UTF-8.
    enum Form: Equatable {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)
    }

    /// The encoding of `bytes` when a BOM or a `<` as first character (`00 00 00 3C`,
    /// `3C 00 00 00`, `00 3C 00 x`, `3C 00 x 00`) shows UTF-16 or UTF-32, with the number of
    /// BOM bytes to skip; `nil` for anything else.
    static func form(of bytes: UnsafeRawBufferPointer) -> (form: Form, skip: Int)? {
        guard bytes.count >= 2 else { return nil }
        if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
            case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
            case (0x00, 0x00, 0x00, 0x3C): return (.utf32(bigEndian: true), 0)
            case (0x3C, 0x00, 0x00, 0x00): return (.utf32(bigEndian: false), 0)
            case (0x00, 0x3C, 0x00, _): return (.utf16(bigEndian: true), 0)
            case (0x3C, 0x00, _, 0x00): return (.utf16(bigEndian: false), 0)
            default: break
            }
        }
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF): return (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE): return (.utf16(bigEndian: false), 2)
        default: return nil
        }
    }

    /// The UTF-8 form of `bytes` in `form`, from byte `skip`.
    ///
    /// - Throws: ``PlistError/Code/corruptData`` with the byte offset of a code unit that is not
    ///   part of a Unicode scalar (an unpaired surrogate, a UTF-32 value above U+10FFFF) or of a
    ///   trailing partial code unit.
    static func utf8(from bytes: UnsafeRawBufferPointer, form: Form, skip: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var offset = skip
        switch form {
        case .utf32(let bigEndian):
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
        case .utf16(let bigEndian):
            func unit(at position: Int) -> UInt32 {
                let high = UInt32(bytes[position]), low = UInt32(bytes[position + 1])
                return bigEndian ? high << 8 | low : low << 8 | high
            }
            while offset + 2 <= bytes.count {
                let first = unit(at: offset)
                var value = first
                var width = 2
                if (0xD800...0xDBFF).contains(first), offset + 4 <= bytes.count {
                    let second = unit(at: offset + 2)
                    if (0xDC00...0xDFFF).contains(second) {
                        value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        width = 4
                    }
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw PlistError(
                        .corruptData, "The UTF-16 code unit 0x\(String(first, radix: 16, uppercase: true)) is an unpaired surrogate",
                        at: .byteOffset(offset))
                }
                UTF8.encode(scalar) { output.append($0) }
                offset += width
            }
        }
        guard offset == bytes.count else {
            throw PlistError(.corruptData, "The input ends in a partial code unit", at: .byteOffset(offset))
        }
        return output
    }
}
