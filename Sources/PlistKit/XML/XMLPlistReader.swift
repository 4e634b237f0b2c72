import FoundationEssentials

/// Reads XML property lists: libxml2's SAX parser (``XMLSAXParser``) feeds an
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
    ///
    /// `usesPullParser: false` parses with the push parser alone, as the reader did before its
    /// fast path; tests compare the two. `mapping` is the file `bytes` map, when they do: the
    /// parse then drops the pages it has read, so that the input is never resident whole beside
    /// the tree it becomes.
    static func read(
        _ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter, usesPullParser: Bool = true,
        mapping: MappedFile? = nil
    ) throws -> PlistValue {
        guard !bytes.isEmpty else {
            throw PlistError(.corruptData, "The document is empty", at: .line(1, column: 1))
        }
        let builder = try bytes.withUnsafeBytes { raw in
            if raw.allSatisfy(XMLScalarParser.isWhitespace) {
                throw PlistError(.corruptData, "The document holds only whitespace", at: .line(1, column: 1))
            }
            // strtod in the builder must read '.' whatever locale the host program set.
            return try CNumericLocale.withCNumericLocale {
                if let wide = XMLUnicodeTranscoder.form(of: raw) {
                    let utf8 = try XMLUnicodeTranscoder.utf8(from: raw, form: wide.form, skip: wide.skip)
                    return try utf8.withUnsafeBytes {
                        try XMLAttributeScreen.check($0)
                        return try parse($0, ignoringDeclaredEncoding: true, options: options, usesPullParser: usesPullParser)
                    }
                }
                // libxml2's time is quadratic in one element's attributes: refuse many first.
                try XMLAttributeScreen.check(raw)
                return try parse(
                    raw, ignoringDeclaredEncoding: false, options: options, usesPullParser: usesPullParser,
                    releasesReadPages: mapping?.isMapping(of: raw) ?? false)
            }
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
    ///
    /// Each parse tries libxml2's pull parser first (``XMLSAXParser/Feed/memory``,
    /// the fast one) and keeps its result when it accepts the document; anything it refuses is
    /// parsed again with the push parser, whose verdict and error positions are the reference.
    /// Returns the builder that finished without failure (its root and warnings).
    private static func parse(
        _ raw: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool, options: PlistReadingOptions, usesPullParser: Bool,
        releasesReadPages: Bool = false
    ) throws -> XMLPlistTreeBuilder {
        if let rewritten = XMLCarriageReturnPreserver.rewrite(raw) {
            let finished = rewritten.withUnsafeBytes { bytes -> XMLPlistTreeBuilder? in
                if usesPullParser,
                   let builder = parseWhole(bytes, ignoringDeclaredEncoding: ignoringDeclaredEncoding, options: options) {
                    return builder
                }
                let builder = XMLPlistTreeBuilder(options: options)
                XMLSAXParser.parse(bytes, ignoringDeclaredEncoding: ignoringDeclaredEncoding, into: builder)
                return builder.failure == nil && builder.root != nil ? builder : nil
            }
            if let finished { return finished }
        } else if usesPullParser,
                  let builder = parseWhole(raw, ignoringDeclaredEncoding: ignoringDeclaredEncoding, options: options, releasesReadPages: releasesReadPages) {
            return builder
        }
        let builder = XMLPlistTreeBuilder(options: options)
        XMLSAXParser.parse(raw, ignoringDeclaredEncoding: ignoringDeclaredEncoding, into: builder)
        if let failure = builder.failure { throw failure }
        return builder
    }

    /// The builder when libxml2's pull parser accepts the document and it holds a value, else
    /// `nil` (the caller then parses with the push parser, which reports errors).
    static func parseWhole(
        _ raw: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool, options: PlistReadingOptions, releasesReadPages: Bool = false
    ) -> XMLPlistTreeBuilder? {
        let builder = XMLPlistTreeBuilder(options: options)
        XMLSAXParser.parse(raw, ignoringDeclaredEncoding: ignoringDeclaredEncoding, feed: .memory, releasesReadPages: releasesReadPages, into: builder)
        return builder.failure == nil && builder.root != nil ? builder : nil
    }
}
