import FoundationEssentials

/// Reads XML property lists: libxml2's SAX2 parser (``XMLSAXParser``) feeds an
/// ``XMLPlistTreeBuilder``, which checks Apple's property-list structure and builds the value.
///
/// What is accepted and refused, beyond Apple's reader and short of it, is in Docs/XML.md.
enum XMLPlistReader {
    /// Reads an XML property list.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/corruptData`` and the line and column
    ///   for anything that is not a well-formed property list, or
    ///   ``PlistError/Code/limitExceeded`` when `options` limits are exceeded.
    /// - Complexity: O(n) in the input size.
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        guard !bytes.isEmpty else {
            throw PlistError(.corruptData, "The document is empty", at: .line(1, column: 1))
        }
        let builder = XMLPlistTreeBuilder(options: options)
        try bytes.withUnsafeBytes { raw in
            if raw.allSatisfy(XMLScalarParser.isWhitespace) {
                throw PlistError(.corruptData, "The document holds only whitespace", at: .line(1, column: 1))
            }
            // strtod in the builder must read '.' whatever locale the host program set.
            try XMLCLocale.withCNumericLocale {
                if let utf32 = XMLUTF32Transcoder.byteOrder(of: raw) {
                    let utf8 = try XMLUTF32Transcoder.utf8(from: raw, bigEndian: utf32.bigEndian, skip: utf32.skip)
                    utf8.withUnsafeBytes { XMLSAXParser.parse($0, ignoringDeclaredEncoding: true, into: builder) }
                } else {
                    XMLSAXParser.parse(raw, ignoringDeclaredEncoding: false, into: builder)
                }
            }
        }
        if let failure = builder.failure { throw failure }
        guard let root = builder.root else {
            throw PlistError(.corruptData, "The document holds no property-list value", at: .line(1, column: 1))
        }
        return root
    }
}
