import FoundationEssentials

/// A text file's bytes as UTF-8, for the layout scanners and the splice, and the way back to
/// the file's own encoding.
///
/// UTF-8 (with or without a BOM) is taken as it is. UTF-16 with a BOM, as `.strings` files
/// often are, is transcoded, and only when transcoding back gives the file's exact bytes
/// (so an unpaired surrogate, which has no UTF-8 form, keeps the file from being spliced).
struct SourceText {
    /// The file's encoding.
    enum Encoding {
        case utf8, utf16LittleEndian, utf16BigEndian
    }

    /// The text as UTF-8; a UTF-16 BOM becomes a UTF-8 one.
    let utf8: [UInt8]
    let encoding: Encoding

    init(_ bytes: Data) throws {
        let raw = [UInt8](bytes)
        if raw.starts(with: [0xFF, 0xFE]) && !raw.starts(with: [0xFF, 0xFE, 0, 0]) {
            encoding = .utf16LittleEndian
        } else if raw.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16BigEndian
        } else {
            guard !raw.starts(with: [0, 0, 0xFE, 0xFF]), !raw.starts(with: [0xFF, 0xFE, 0, 0]) else {
                throw LayoutUnavailable("the file is UTF-32")
            }
            // UTF-16 or UTF-32 without a BOM (JSON allows it): the NUL bytes of its ASCII
            // characters show it; the splice would take them for UTF-8.
            guard !raw.contains(0) else { throw LayoutUnavailable("the text holds NUL bytes: UTF-16 or UTF-32 without a byte order mark") }
            encoding = .utf8
            utf8 = raw
            return
        }
        guard raw.count % 2 == 0 else { throw LayoutUnavailable("the UTF-16 file has an odd number of bytes") }
        var units: [UInt16] = []
        units.reserveCapacity(raw.count / 2)
        for offset in stride(from: 0, to: raw.count, by: 2) {
            let (first, second) = (UInt16(raw[offset]), UInt16(raw[offset + 1]))
            units.append(encoding == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
        }
        utf8 = Array(String(decoding: units, as: UTF16.self).utf8)
        guard self.encoded(utf8) == bytes else {
            throw LayoutUnavailable("the UTF-16 text does not transcode exactly")
        }
    }

    /// `text` (UTF-8) in the file's encoding.
    func encoded(_ text: [UInt8]) -> Data {
        switch encoding {
        case .utf8:
            return Data(text)
        case .utf16LittleEndian, .utf16BigEndian:
            var bytes = Data()
            bytes.reserveCapacity(text.count * 2)
            for unit in String(decoding: text, as: UTF8.self).utf16 {
                let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                if encoding == .utf16LittleEndian { bytes.append(low); bytes.append(high) } else { bytes.append(high); bytes.append(low) }
            }
            return bytes
        }
    }
}
