import FoundationEssentials

/// Reads JSON (RFC 8259) into a ``PlistValue``.
///
/// Strict RFC 8259 grammar: no comments, no trailing commas, no leading zeros, no `NaN`, only the
/// four white-space characters, escapes as the RFC lists them with surrogate pairs joined and
/// unpaired surrogates refused. Beyond the RFC: a UTF-8 byte-order mark is skipped and UTF-16 or
/// UTF-32 input (with a BOM, or recognised by its zero bytes) is read, as Foundation's
/// `JSONSerialization` does.
///
/// Mapping: a number without a fraction or exponent is an integer and must lie in
/// `Int64.min ... UInt64.max` (a larger one is refused rather than rounded); a number with a
/// fraction or exponent is a real (one too large for a `Double` is refused); `null` is refused
/// because no plist type holds it; a repeated key keeps its first position and its last value.
/// With ``PlistReadingOptions/readsTaggedJSON``, the tagged objects ``JSONPlistWriter`` writes are
/// turned back into dates, data, UIDs and non-finite reals (see Docs/JSON.md).
enum JSONPlistReader {
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        try PlistError.readingText(bytes, formatName: "JSON") { cursor in
            var parser = JSONParser(cursor, options: options)
            return try parser.parseDocument()
        }
    }
}
