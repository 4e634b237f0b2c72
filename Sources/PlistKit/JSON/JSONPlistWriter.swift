import FoundationEssentials

/// Writes a ``PlistValue`` as JSON, strict (as plutil) or tagged (lossless).
///
/// The bytes follow what `plutil -convert json` (Foundation's `JSONSerialization`) writes:
/// compact by default with no spaces; with ``PlistWritingOptions/prettyPrintsJSON`` (plutil's
/// `-r`), two-space indentation, `" : "` between key and value and an empty container written
/// as an opening bracket, a blank line and the closing bracket; no final newline. Strings escape
/// `"`, `\`, `/`, the control characters (as `\b \f \n \r \t` or `\u00xx`) and nothing else.
/// Reals are written with the shortest digits that read back exactly; in strict mode an
/// integral real drops its `.0` as plutil does (reported as a loss by
/// ``ConversionLossAnalyzer``), in tagged mode it keeps it so that it reads back as a real.
///
/// Tagged mode writes dates as `{"$date": "2001-01-01T00:00:00.5Z"}`, data as
/// `{"$data": "base64"}`, UIDs as `{"CF$UID": n}` and non-finite reals as `{"$real": "nan"}`,
/// and wraps a dictionary that could be mistaken for one of these in `{"$dict": {…}}`.
/// See Docs/JSON.md.
enum JSONPlistWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        var writer = JSONOutput(options: options)
        try writer.write(value, level: 0)
        return Data(writer.bytes)
    }
}
