import FoundationEssentials

/// Writes a ``PlistValue`` as OpenStep text, or as a `.strings` file.
///
/// Apple's tools read OpenStep but no longer write it (Foundation refuses
/// `.openStep` for writing and plutil has no `-convert openstep`), so the layout is PlistKit's
/// own, chosen to read like Xcode's project files and Foundation's `description`:
///
/// ```
/// {
///     key = value;
///     "needs quotes" = (
///         one,
///         <0a0b0c0d 0e>
///     );
///     empty = {};
/// }
/// ```
///
/// Four spaces per level; a string is unquoted when it is non-empty, uses only
/// `[A-Za-z0-9_$:.-]` and `/` (not first, where `//` or `/*` would start a comment), and quoted
/// with `"` otherwise, escaping `"`, `\`, `\n`, `\t`, `\r` by name, other control characters
/// as `\U00XX`, and leaving other text as UTF-8; data is lowercase hex in groups of four bytes;
/// the output ends with a newline. With ``PlistWritingOptions/writesGNUstepTypedValues``,
/// integers, reals, booleans and dates become `<*I…>`, `<*R…>`, `<*BY>`/`<*BN>` and
/// `<*D2001-01-01 00:00:00 +0000>` (a fraction of a second, when there is one, is written before
/// the zone so the date reads back exactly). With ``PlistWritingOptions/writesStringsFile``, a
/// dictionary of strings is written as `"key" = "value";` lines.
///
/// ``ConversionLossAnalyzer`` refuses, with key paths, what the options do not allow before
/// this writer runs; the writer's own errors are a backstop.
enum OpenStepWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        var output = OpenStepOutput(options: options)
        if options.writesStringsFile {
            try output.writeStringsFile(value)
        } else {
            try output.write(value, level: 0)
            output.bytes.append(0x0A)
        }
        return Data(output.bytes)
    }
}
