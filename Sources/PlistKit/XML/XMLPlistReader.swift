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
        return try bytes.withUnsafeBytes { raw in
            if raw.allSatisfy(XMLScalarParser.isWhitespace) {
                throw PlistError(.corruptData, "The document holds only whitespace", at: .line(1, column: 1))
            }
            // strtod in the builder must read '.' whatever locale the host program set.
            return try XMLCLocale.withCNumericLocale {
                if let wide = XMLUnicodeTranscoder.form(of: raw) {
                    let utf8 = try XMLUnicodeTranscoder.utf8(from: raw, form: wide.form, skip: wide.skip)
                    return try utf8.withUnsafeBytes { try parse($0, ignoringDeclaredEncoding: true, options: options) }
                }
                return try parse(raw, ignoringDeclaredEncoding: false, options: options)
            }
        }
    }

    /// Parses with carriage returns in text kept (see ``XMLCarriageReturnPreserver``); when
    /// that fails, parses the bytes as given, so that an error names a position in the input.
    private static func parse(
        _ raw: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool, options: PlistReadingOptions
    ) throws -> PlistValue {
        if let rewritten = XMLCarriageReturnPreserver.rewrite(raw) {
            let builder = XMLPlistTreeBuilder(options: options)
            rewritten.withUnsafeBytes {
                XMLSAXParser.parse($0, ignoringDeclaredEncoding: ignoringDeclaredEncoding, into: builder)
            }
            if builder.failure == nil, let root = builder.root { return root }
        }
        let builder = XMLPlistTreeBuilder(options: options)
        XMLSAXParser.parse(raw, ignoringDeclaredEncoding: ignoringDeclaredEncoding, into: builder)
        if let failure = builder.failure { throw failure }
        guard let root = builder.root else {
            throw PlistError(.corruptData, "The document holds no property-list value", at: .line(1, column: 1))
        }
        return root
    }
}
