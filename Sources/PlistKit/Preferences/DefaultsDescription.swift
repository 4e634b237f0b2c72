import FoundationEssentials

/// The text macOS's `defaults read` prints for a value, and the type names `defaults read-type`
/// prints.
///
/// ```
/// {
///     Count = 3;
///     Offset = "-147.5";
///     Recent =     (
///         Notes,
///         "To do"
///     );
///     Title = "Caf\\U00e9";
///     Token = {length = 4, bytes = 0x01020304};
///     "last-opened" = "2024-06-01 12:00:00 +0000";
/// }
/// ```
///
/// `defaults` prints Foundation's old-style `description` of the value, then writes that text
/// in CoreFoundation's NonLossyASCII encoding. So:
///
/// - Dictionaries list their keys sorted (UTF-16 order) as `key = value;`, four spaces per
///   level; arrays separate elements with `,`. A nested container begins with the indentation
///   of its own level as well, right after ` = ` or the element's indentation: Foundation's
///   layout, kept as it is (`Recent =     (` above).
/// - Inside a container, a key, string, number or date is written as its own description,
///   bare when that text is non-empty ASCII letters and digits and quoted otherwise:
///   `tilesize = 48;` but `"autohide-time-modifier" = "0.25";`, `preferreditemsize = "-1";`.
///   A quoted text escapes `"` and `\` with a backslash, a newline, tab and carriage return as
///   `\n`, `\t`, `\r`, and other control and non-ASCII characters as `\Uxxxx` (lowercase hex,
///   one per UTF-16 unit).
/// - A number's description: integers in decimal, reals as `%.16g` (NSNumber's description of
///   a double), booleans as 1 and 0. A date's: `2024-06-01 12:00:00 +0000` (whole seconds,
///   UTC). Data's: `{length = N, bytes = 0x…}`, all bytes up to 24, beyond that the first 16
///   and the last 8 in groups of four with `...` between them; data is never quoted.
/// - At the top level (`defaults read DOMAIN KEY`) a scalar is its description alone, never
///   quoted or escaped by the description: `-1`, `0.25`, `two words`.
/// - The NonLossyASCII encoding then turns every `\` of the whole text into `\\` (so
///   `"Caf\U00e9"` prints as `"Caf\\U00e9"`), other characters below U+0100 that are not
///   printable ASCII, newline, tab or carriage return into three-digit octal (`à` alone prints
///   as `\340`), and characters from U+0100 into `\u` and four lowercase hex digits per UTF-16
///   unit.
///
/// Docs/Preferences.md lists the published macOS output behind each rule and how strong it is.
public enum DefaultsDescription {
    /// What `defaults read` prints for `value` (without the final newline).
    ///
    /// - Parameter limits: the limits on the value's size once its shared references are
    ///   expanded, as writing checks them (see ``PlistTreePrinter/limits``).
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value` passes
    ///   `limits`, before anything is printed.
    /// - Complexity: O(n) in the size of the printed text.
    public static func text(of value: PlistValue, limits: PlistWritingOptions = PlistWritingOptions()) throws -> String {
        try ExpandedSizeCounter.check(value, limits: limits, for: .textWriter("defaults"))
        var description = ""
        if value.isContainer {
            write(value, level: 0, into: &description)
        } else {
            description = scalarDescription(value)
        }
        return nonLossyASCII(description)
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

    private static func write(_ value: PlistValue, level: Int, into out: inout String) {
        switch value {
        case .dictionary(let dictionary):
            out += "{\n"
            for (key, element) in dictionary.sortedByKey() {
                out += indent(level + 1) + quotedIfNeeded(key) + " = "
                writeElement(element, level: level + 1, into: &out)
                out += ";\n"
            }
            out += indent(level) + "}"
        case .array(let elements):
            out += "(\n"
            for (index, element) in elements.enumerated() {
                out += indent(level + 1)
                writeElement(element, level: level + 1, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += indent(level) + ")"
        default:
            out += scalarDescription(value)
        }
    }

    /// A value inside a container at `level`: a nested container starts with its own
    /// indentation; a string, number or date is quoted when its description needs it. Data's
    /// and a UID's descriptions are written as they are, braces and spaces included.
    private static func writeElement(_ value: PlistValue, level: Int, into out: inout String) {
        switch value {
        case .dictionary, .array:
            out += indent(level)
            write(value, level: level, into: &out)
        case .string, .integer, .real, .boolean, .date:
            out += quotedIfNeeded(scalarDescription(value))
        case .data, .uid:
            out += scalarDescription(value)
        }
    }

    // MARK: Descriptions

    /// The value's own description, as `defaults read DOMAIN KEY` shows it before encoding.
    private static func scalarDescription(_ value: PlistValue) -> String {
        switch value {
        case .string(let string): return string
        case .date(let date): return dateText(date)
        case .integer(let integer): return integer.description
        case .real(let real): return realText(real)
        case .boolean(let flag): return flag ? "1" : "0"
        case .data(let data): return dataText(data)
        case .uid(let uid): return "<CFKeyedArchiverUID>{value = \(uid)}"
        case .dictionary, .array: return ""
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    private static func appendHex(_ unit: UInt16, to out: inout String) {
        for shift in stride(from: 12, through: 0, by: -4) {
            out.unicodeScalars.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }

    /// A description as a collection's description writes it: bare when it is non-empty ASCII
    /// letters and digits (`-`, `_`, `.`, `/` and space all make macOS quote), else quoted with
    /// old-style escapes.
    static func quotedIfNeeded(_ text: String) -> String {
        let isBare = !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        guard !isBare else { return text }
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                out += "\\U"
                appendHex(unit, to: &out)
            }
        }
        return out + "\""
    }

    /// `text` in CoreFoundation's NonLossyASCII encoding, which `defaults` writes its output
    /// in: printable ASCII, newline, tab and carriage return as they are, `\` doubled, other
    /// units below 0x100 as `\` and three octal digits, the rest as `\u` and four lowercase
    /// hex digits.
    static func nonLossyASCII(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for unit in text.utf16 {
            switch unit {
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F, 0x0A, 0x09, 0x0D: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            case ..<0x100:
                out += "\\"
                for shift in [6, 3, 0] as [UInt16] {
                    out.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8((unit >> shift) & 7)))
                }
            default:
                out += "\\u"
                appendHex(unit, to: &out)
            }
        }
        return out
    }

    /// NSNumber's description of a double: printf's `%.16g` (NSNumber's documented `%0.16g`).
    static func realText(_ real: Double) -> String {
        CNumericLocale.format(real, "%.16g")
    }

    /// NSDate's description: `YYYY-MM-DD HH:MM:SS +0000`, seconds rounded down.
    static func dateText(_ date: Date) -> String {
        CivilDate.description(ofSeconds: date.timeIntervalSinceReferenceDate)
    }

    /// NSData's description since macOS 10.15.
    static func dataText(_ data: Data) -> String {
        func hex<C: Collection>(_ part: C, grouped: Bool) -> String where C.Element == UInt8 {
            var out = ""
            for (index, byte) in part.enumerated() {
                if grouped, index > 0, index % 4 == 0 { out += " " }
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
            }
            return out
        }
        guard data.count > 24 else { return "{length = \(data.count), bytes = 0x\(hex(data, grouped: false))}" }
        return "{length = \(data.count), bytes = 0x\(hex(data.prefix(16), grouped: true)) ... \(hex(data.suffix(8), grouped: true)) }"
    }
}
