import FoundationEssentials

/// The text macOS's `defaults read` prints for a value (Foundation's old-style `description`
/// of property-list objects), and the type names `defaults read-type` prints.
///
/// ```
/// {
///     Count = 3;
///     "last-opened" = "2024-06-01 12:00:00 +0000";
///     Recent =     (
///         Notes,
///         "To do"
///     );
///     Token = {length = 4, bytes = 0x01020304};
/// }
/// ```
///
/// - Dictionaries list their keys sorted (UTF-16 order) as `key = value;`, four spaces per
///   level; arrays separate elements with `,`. A nested container begins with the indentation
///   of its own level as well, right after ` = ` or the element's indentation — Foundation's
///   layout, kept as it is (`Recent =     (` above).
/// - A string or key is written bare when it is non-empty ASCII letters and digits, and
///   quoted otherwise, with `\"`, `\\`, `\n`, `\t` and `\r` escaped and other control and
///   non-ASCII characters as `\Uxxxx` (lowercase hex, one per UTF-16 unit).
/// - Integers in decimal, reals as `%.16g` (NSNumber's description), booleans as 1 and 0,
///   dates as `2024-06-01 12:00:00 +0000` (whole seconds, UTC, quoted inside containers),
///   data as `{length = N, bytes = 0x…}`: all bytes up to 24, beyond that the first 16 and the
///   last 8 in groups of four, `...` between them.
/// - At the top level (`defaults read DOMAIN KEY`) a string and a date print as they are,
///   without quotes or escapes.
///
/// Docs/Preferences.md lists which of these rules were checked against real macOS output.
public enum DefaultsDescription {
    /// What `defaults read` prints for `value` (without the final newline).
    ///
    /// - Parameter limits: the limits on the value's size once its shared references are
    ///   expanded, as writing checks them (see ``PlistTreePrinter/limits``).
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value` passes
    ///   `limits`, before anything is printed.
    public static func text(of value: PlistValue, limits: PlistWritingOptions = PlistWritingOptions()) throws -> String {
        try ExpandedSizeCounter.check(value, limits: limits, for: .textWriter("defaults"))
        switch value {
        case .string(let string): return string
        case .date(let date): return dateText(date)
        default:
            var out = ""
            write(value, level: 0, into: &out)
            return out
        }
    }

    /// The type name `defaults read-type` prints after `Type is ` (`string`, `integer`,
    /// `float`, `boolean`, `date`, `data`, `array`, `dictionary`), or `nil` for a UID, which
    /// is no preferences type.
    public static func typeName(of value: PlistValue) -> String? {
        switch value {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "float"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .uid: return nil
        }
    }

    /// The line `defaults read-type` prints: `Type is integer`, or, for a value of no
    /// preferences type, `Found a value that is not of a known property list type`.
    public static func typeLine(of value: PlistValue) -> String {
        typeName(of: value).map { "Type is \($0)" } ?? "Found a value that is not of a known property list type"
    }

    // MARK: Layout

    private static func indent(_ level: Int) -> String {
        String(repeating: " ", count: 4 * level)
    }

    /// A value inside a container at `level`: a nested container starts with its own
    /// indentation.
    private static func writeNested(_ value: PlistValue, level: Int, into out: inout String) {
        if value.isContainer { out += indent(level) }
        write(value, level: level, into: &out)
    }

    private static func write(_ value: PlistValue, level: Int, into out: inout String) {
        switch value {
        case .dictionary(let dictionary):
            out += "{\n"
            for (key, element) in dictionary.sortedByKey() {
                out += indent(level + 1) + quotedIfNeeded(key) + " = "
                writeNested(element, level: level + 1, into: &out)
                out += ";\n"
            }
            out += indent(level) + "}"
        case .array(let elements):
            out += "(\n"
            for (index, element) in elements.enumerated() {
                out += indent(level + 1)
                writeNested(element, level: level + 1, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += indent(level) + ")"
        case .string(let string): out += quotedIfNeeded(string)
        case .date(let date): out += quotedIfNeeded(dateText(date))
        case .integer(let integer): out += integer.description
        case .real(let real): out += realText(real)
        case .boolean(let flag): out += flag ? "1" : "0"
        case .data(let data): out += dataText(data)
        case .uid(let uid): out += "<CFKeyedArchiverUID>{value = \(uid)}"
        }
    }

    // MARK: Scalars

    private static func isBare(_ string: String) -> Bool {
        !string.isEmpty && string.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    static func quotedIfNeeded(_ string: String) -> String {
        guard !isBare(string) else { return string }
        var out = "\""
        for unit in string.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                out += "\\U"
                for shift in stride(from: 12, through: 0, by: -4) {
                    out.unicodeScalars.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
                }
            }
        }
        return out + "\""
    }

    /// NSNumber's description of a double: printf's `%.16g`.
    static func realText(_ real: Double) -> String {
        CNumericLocale.format(real, "%.16g")
    }

    /// NSDate's description: `YYYY-MM-DD HH:MM:SS +0000`, seconds rounded down.
    static func dateText(_ date: Date) -> String {
        CivilDate.description(ofSeconds: date.timeIntervalSinceReferenceDate)
    }

    /// NSData's description since macOS 10.15.
    static func dataText(_ data: Data) -> String {
        let bytes = [UInt8](data)
        func hex<C: Collection>(_ part: C, grouped: Bool) -> String where C.Element == UInt8 {
            var out = ""
            for (index, byte) in part.enumerated() {
                if grouped, index > 0, index % 4 == 0 { out += " " }
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
            }
            return out
        }
        guard bytes.count > 24 else { return "{length = \(bytes.count), bytes = 0x\(hex(bytes, grouped: false))}" }
        return "{length = \(bytes.count), bytes = 0x\(hex(bytes.prefix(16), grouped: true)) ... \(hex(bytes.suffix(8), grouped: true)) }"
    }
}
