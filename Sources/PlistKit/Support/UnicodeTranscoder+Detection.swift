extension UnicodeTranscoder {
    /// The encoding text's first bytes select, and how many bytes its byte-order mark takes
    /// (0 without one): the one reading of a text's first bytes, shared by the text readers
    /// (``TextInput``), format detection and the XML reader.
    ///
    /// - A byte-order mark names its encoding: UTF-8 (`form` is `nil`), UTF-16 or UTF-32 in
    ///   either byte order (UTF-32 little-endian's mark begins with UTF-16 little-endian's, and
    ///   wins when all four bytes are there).
    /// - Without one, zero bytes in the first code unit select UTF-16 or UTF-32, as RFC 4627
    ///   §3 describes for JSON and XML 1.0's appendix F for XML: a document's first character
    ///   is ASCII, so its other bytes in a wide encoding are zero.
    /// - Anything else is UTF-8 (`nil`), validated by whoever reads it.
    static func encoding(ofLeadingBytes bytes: some Sequence<UInt8>) -> (form: Form?, byteOrderMark: Int) {
        var iterator = bytes.makeIterator()
        let b0 = iterator.next(), b1 = iterator.next(), b2 = iterator.next(), b3 = iterator.next()
        switch (b0, b1, b2, b3) {
        case (0xEF, 0xBB, 0xBF, _): return (nil, 3)
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
        case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
        case (0x00, 0x00, 0x00, .some(let last)) where last != 0: return (.utf32(bigEndian: true), 0)
        case (.some(let first), 0x00, 0x00, 0x00) where first != 0: return (.utf32(bigEndian: false), 0)
        case (0x00, .some(let second), _, _) where second != 0: return (.utf16(bigEndian: true), 0)
        case (.some(let first), 0x00, _, _) where first != 0: return (.utf16(bigEndian: false), 0)
        default: return (nil, 0)
        }
    }
}
