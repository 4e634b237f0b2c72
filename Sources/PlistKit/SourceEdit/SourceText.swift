import FoundationEssentials

/// A text file's bytes as UTF-8, for the layout scanners and the splice, and the way back to
/// the file's own encoding.
///
/// The encoding is the one the text readers see (``TextInput/encoding(of:)``): UTF-8, or
/// UTF-16 of either byte order with or without a byte order mark, transcoded by the shared
/// ``UnicodeTranscoder``. A file is spliced only when transcoding back gives its exact bytes
/// (so an unpaired surrogate, which has no UTF-8 form, keeps it from being spliced). UTF-32,
/// which no writer of these formats produces, is not spliced.
struct SourceText {
    /// The text as UTF-8, without its byte order mark.
    let utf8: [UInt8]
    /// The file's byte order mark, as it was.
    private let byteOrderMark: Data
    /// The file's encoding when it is UTF-16: whether big-endian; `nil` for UTF-8.
    private let utf16BigEndian: Bool?

    init(_ bytes: Data) throws {
        let encoding = TextInput.encoding(of: bytes)
        byteOrderMark = Data(bytes.prefix(encoding.byteOrderMark))
        switch encoding.form {
        case nil:
            utf16BigEndian = nil
        case .utf16(let bigEndian):
            utf16BigEndian = bigEndian
        case .utf32:
            throw LayoutUnavailable("the text is UTF-32, which no writer of the format produces")
        }
        do {
            utf8 = [UInt8](try TextInput.utf8(bytes, formatName: "source"))
        } catch {
            throw LayoutUnavailable("the text is not valid in its encoding")
        }
        guard self.encoded(utf8) == bytes else {
            throw LayoutUnavailable("the text does not transcode back to its own bytes")
        }
    }

    /// The byte offsets in the file of `positions` of ``utf8`` (each at the start of a
    /// character, in any order): past the byte order mark, and in a UTF-16 file two bytes
    /// per code unit before them.
    ///
    /// - Complexity: O(n + p log p) in the text and the positions.
    func fileOffsets(of positions: [Int]) -> [Int] {
        let start = byteOrderMark.count
        guard utf16BigEndian != nil else { return positions.map { start + $0 } }
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        var offsets = [Int](repeating: start, count: positions.count)
        var position = 0, units = 0
        for index in order {
            let target = Swift.min(positions[index], utf8.count)
            while position < target {
                let byte = utf8[position]
                // A lead byte starts one UTF-16 unit, a four-byte sequence's lead two;
                // continuation bytes add none.
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
                position += 1
            }
            offsets[index] = start + 2 * units
        }
        return offsets
    }

    /// `text` (UTF-8) in the file's encoding, after its byte order mark.
    func encoded(_ text: [UInt8]) -> Data {
        guard let bigEndian = utf16BigEndian else { return byteOrderMark + Data(text) }
        var sink = UTF16Bytes(bigEndian: bigEndian, bytes: byteOrderMark)
        sink.bytes.reserveCapacity(byteOrderMark.count + text.count * 2)
        UnicodeTranscoder.transcodeToUTF16(String(decoding: text, as: UTF8.self), into: &sink)
        return sink.bytes
    }

    /// UTF-16 code units as bytes in one byte order.
    private struct UTF16Bytes: UTF16Sink {
        let bigEndian: Bool
        var bytes: Data

        mutating func append(utf16 unit: UInt16) {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            if bigEndian {
                bytes.append(high)
                bytes.append(low)
            } else {
                bytes.append(low)
                bytes.append(high)
            }
        }
    }
}
