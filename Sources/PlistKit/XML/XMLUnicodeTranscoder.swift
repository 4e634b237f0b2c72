import FoundationEssentials

/// Turns UTF-16 and UTF-32 input into UTF-8 before libxml2 sees it: XML's way of recognising
/// wide input, and its error messages, over the shared ``UnicodeTranscoder``.
///
/// libxml2 2.9's push parser does not read UTF-32 reliably (with a BOM it reports an empty
/// document; without one it can crash) and dereferences freed memory when stopped on a broken
/// UTF-16 surrogate; Apple's reader takes both. Converting them here also lets every input go
/// through the same UTF-8 path (carriage returns kept as Apple keeps them, see
/// ``XMLCarriageReturnPreserver``). The converted bytes are parsed with the encoding declaration
/// ignored.
enum XMLUnicodeTranscoder {
    /// The encoding of `bytes` when a BOM or a `<` as first character (`00 00 00 3C`,
    /// `3C 00 00 00`, `00 3C 00 x`, `3C 00 x 00`) shows UTF-16 or UTF-32, with the number of
    /// BOM bytes to skip; `nil` for anything else.
    static func form(of bytes: UnsafeRawBufferPointer) -> (form: UnicodeTranscoder.Form, skip: Int)? {
        let cursor = ByteCursor(bytes)
        guard let b0 = cursor.byte(at: 0), let b1 = cursor.byte(at: 1) else { return nil }
        if let b2 = cursor.byte(at: 2), let b3 = cursor.byte(at: 3) {
            switch (b0, b1, b2, b3) {
            case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
            case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
            case (0x00, 0x00, 0x00, 0x3C): return (.utf32(bigEndian: true), 0)
            case (0x3C, 0x00, 0x00, 0x00): return (.utf32(bigEndian: false), 0)
            case (0x00, 0x3C, 0x00, _): return (.utf16(bigEndian: true), 0)
            case (0x3C, 0x00, _, 0x00): return (.utf16(bigEndian: false), 0)
            default: break
            }
        }
        switch (b0, b1) {
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
    static func utf8(from bytes: UnsafeRawBufferPointer, form: UnicodeTranscoder.Form, skip: Int) throws -> [UInt8] {
        var cursor = ByteCursor(bytes)
        // `skip` is a BOM length that `form(of:)` found in these bytes.
        try PlistError.reportingReadFailures { try cursor.seek(to: skip) }
        do {
            return try UnicodeTranscoder.utf8(from: &cursor, form: form)
        } catch {
            let hex = String(error.value, radix: 16, uppercase: true)
            let reason: String
            switch error.kind {
            case .unpairedSurrogate: reason = "The UTF-16 code unit 0x\(hex) is an unpaired surrogate"
            case .notAScalar: reason = "The UTF-32 code unit 0x\(hex) is not a Unicode scalar"
            case .partialCodeUnit: reason = "The input ends in a partial code unit"
            }
            throw PlistError(.corruptData, reason, at: .byteOffset(error.offset))
        }
    }
}
