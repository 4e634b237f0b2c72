import FoundationEssentials

/// Reads XML property lists: libxml2 (``XMLEventParser``) feeds an ``XMLPlistTreeBuilder``,
/// which checks Apple's property-list structure and builds the value.
///
/// What is accepted and refused, beyond Apple's reader and short of it, is in Docs/XML.md.
enum XMLPlistReader {
    /// Reads an XML property list.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/corruptData`` and the line and column
    ///   for anything that is not a well-formed property list (the byte offset for UTF-16 or
    ///   UTF-32 that is not text), or ``PlistError/Code/limitExceeded`` when `options` limits
    ///   are exceeded.
    /// - Complexity: O(n) in the input size.
    ///
    /// `mapping` is the file `bytes` map, when they do: the parse then drops the pages it has
    /// read, so that the input is never resident whole beside the tree it becomes.
    /// `tapeFlushSize` is for tests (see ``XMLEventParser/parse(_:ignoringDeclaredEncoding:releasesReadPages:tapeFlushSize:into:)``).
    static func read(
        _ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter, mapping: MappedFile? = nil, tapeFlushSize: Int = 0
    ) throws -> PlistValue {
        guard !bytes.isEmpty else {
            throw PlistError(.corruptData, "The document is empty", at: .line(1, column: 1))
        }
        let onlyWhitespace = ByteCursor.withBytes(of: bytes) { input in
            var cursor = input
            cursor.skip(while: XMLScalarParser.isWhitespace)
            return cursor.isAtEnd
        }
        if onlyWhitespace {
            throw PlistError(.corruptData, "The document holds only whitespace", at: .line(1, column: 1))
        }
        let builder: XMLPlistTreeBuilder
        if TextInput.encoding(of: bytes).form != nil {
            // UTF-16 and UTF-32 (a byte-order mark, or zero bytes in the first character) are
            // converted to UTF-8 first: libxml2 2.9 reads UTF-32 unreliably (with a BOM it
            // reports an empty document; without one it can crash) and reads freed memory when
            // it stops on a broken UTF-16 surrogate. The declared encoding is then ignored.
            let utf8 = try PlistError.reportingReadFailures { try TextInput.utf8(bytes, formatName: "XML") }
            builder = try parse(utf8, ignoringDeclaredEncoding: true, options: options, tapeFlushSize: tapeFlushSize)
        } else {
            builder = try parse(
                bytes, ignoringDeclaredEncoding: false, options: options, releasesReadPages: mapping?.isMapping(of: bytes) ?? false,
                tapeFlushSize: tapeFlushSize)
        }
        // Only a builder that finished holds the root.
        guard let root = builder.root else {
            throw PlistError(.corruptData, "The document holds no property-list value", at: .line(1, column: 1))
        }
        for warning in builder.warnings {
            try losses.report(warning.kind, at: warning.keyPath, warning.message)
        }
        return root
    }

    /// Parses with carriage returns in text kept (see ``XMLCarriageReturnPreserver``); when
    /// that fails, parses the bytes as given, so that an error names a position in the input.
    /// Returns the builder that finished without failure (its root and warnings).
    private static func parse(
        _ bytes: Data, ignoringDeclaredEncoding: Bool, options: PlistReadingOptions, releasesReadPages: Bool = false, tapeFlushSize: Int
    ) throws -> XMLPlistTreeBuilder {
        // libxml2's time is quadratic in one element's attributes: refuse many first.
        try XMLAttributeScreen.check(bytes)
        if let rewritten = XMLCarriageReturnPreserver.rewrite(bytes) {
            var builder = XMLPlistTreeBuilder(options: options, documentSize: rewritten.count)
            XMLEventParser.parse(
                rewritten, ignoringDeclaredEncoding: ignoringDeclaredEncoding, releasesReadPages: false, tapeFlushSize: tapeFlushSize,
                into: &builder)
            if !builder.hasFailed { return builder }
        }
        var builder = XMLPlistTreeBuilder(options: options, documentSize: bytes.count)
        XMLEventParser.parse(
            bytes, ignoringDeclaredEncoding: ignoringDeclaredEncoding, releasesReadPages: releasesReadPages, tapeFlushSize: tapeFlushSize,
            into: &builder)
        if let failure = builder.failure { throw failure }
        return builder
    }
}
