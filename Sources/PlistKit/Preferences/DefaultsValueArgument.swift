import FoundationEssentials

/// The values of a `defaults write` command line: a typed argument (`-int 5`, `-bool yes`,
/// `-data 0a0b`) or a bare one, which is an old-style property-list literal when it looks like
/// one and a string otherwise.
public enum DefaultsValueArgument {
    /// The types `defaults write` names with a flag.
    public enum ValueType: String, Hashable, Sendable, CaseIterable {
        case string, data, integer, float, boolean, date

        /// The type a flag names: `-string`, `-data`, `-int`/`-integer`, `-float`,
        /// `-bool`/`-boolean`, `-date`; `nil` for anything else.
        public init?(flag: String) {
            switch flag {
            case "-string": self = .string
            case "-data": self = .data
            case "-int", "-integer": self = .integer
            case "-float": self = .float
            case "-bool", "-boolean": self = .boolean
            case "-date": self = .date
            default: return nil
            }
        }
    }

    /// The value of `text` given with a type flag.
    ///
    /// `-data` takes hexadecimal digits (an even number of them); `-int` an integer from
    /// `Int64.min` through `UInt64.max`; `-float` a decimal number; `-bool` `true`, `false`,
    /// `yes` or `no` in any case; `-date` `2024-06-01 12:00:00 +0000` (NSDate's form, any
    /// zone offset), `2024-06-01T12:00:00Z` or `2024-06-01` (midnight UTC).
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` naming the flag and
    ///   the text when it is not of that type (macOS's `defaults` stores 0 for `-int abc`;
    ///   this refuses it).
    public static func value(_ text: String, as type: ValueType) throws -> PlistValue {
        func invalid(_ expected: String) -> PlistError {
            PlistError(.invalidArgument, "Invalid value for -\(type.rawValue): '\(text)' is not \(expected)")
        }
        switch type {
        case .string:
            return .string(text)
        case .data:
            guard let bytes = hexBytes(text) else { throw invalid("an even number of hexadecimal digits") }
            return .data(bytes)
        case .integer:
            guard let integer = PlistInteger(text) else { throw invalid("an integer") }
            return .integer(integer)
        case .float:
            guard let real = Double(text) else { throw invalid("a number") }
            return .real(real)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes": return .boolean(true)
            case "false", "no": return .boolean(false)
            default: throw invalid("true, false, yes or no")
            }
        case .date:
            guard let seconds = dateSeconds(text) else { throw invalid("a date such as 2024-06-01 12:00:00 +0000") }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        }
    }

    /// The value of a bare argument: an old-style property list when it starts (after white
    /// space) with `{`, `(`, `<` or `"` — a dictionary, an array, data, a quoted string, or an
    /// XML element such as `<dict>…</dict>` — and otherwise the text itself as a string (so
    /// `1` is the string "1", as on macOS).
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` and macOS's words
    ///   ("Could not parse: … Try single-quoting it.") when a literal does not parse, quoting
    ///   at most ``quotedPrefixLength`` characters of it; for a literal nested deeper than the
    ///   readers' `maximumDepth` (512 levels), a message that says it is too deep.
    public static func value(parsing text: String) throws -> PlistValue {
        let trimmed = text.drop { $0.isWhitespace }
        guard let first = trimmed.first, "{(<\"".contains(first) else { return .string(text) }
        do {
            if first == "<", let xml = xmlDocument(trimmed) {
                return try PlistValue(decoding: Data(xml.utf8), format: .xml)
            }
            return try PlistValue(decoding: Data(text.utf8), format: .openStep)
        } catch let error as PlistError where error.code == .limitExceeded {
            let place = error.location.map { " \($0)" } ?? ""
            throw PlistError(.invalidArgument, "Could not parse \(quoted(text)): the value is nested too deep (\(error.reason)\(place))")
        } catch {
            throw PlistError(.invalidArgument, "Could not parse: \(quoted(text)).  Try single-quoting it")
        }
    }

    /// The most characters of a literal an error message repeats: a value of many kilobytes
    /// is named by its beginning.
    public static let quotedPrefixLength = 200

    private static func quoted(_ text: String) -> String {
        guard text.count > quotedPrefixLength else { return text }
        return "\(text.prefix(quotedPrefixLength))… (\(text.utf8.count) bytes)"
    }

    /// The elements a bare XML value may start with (`<dict>…</dict>`, as the Dock's
    /// `-array-add '<dict>…</dict>'` idiom gives).
    private static let xmlValueElements: Set<String> = ["dict", "array", "string", "integer", "real", "true", "false", "date", "data"]

    /// XML text as a whole document, or `nil` when `text` is OpenStep data (`<0a0b>`, `<*I5>`).
    private static func xmlDocument(_ text: Substring) -> String? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("<?xml") || lowered.hasPrefix("<plist") || lowered.hasPrefix("<!doctype") { return String(text) }
        let name = text.dropFirst().prefix { $0 != ">" && $0 != "/" && !$0.isWhitespace }
        guard xmlValueElements.contains(String(name)) else { return nil }
        return "<plist version=\"1.0\">\(text)</plist>"
    }

    private static func hexBytes(_ text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = TextInput.hexDigitValue(digits[index]), let low = TextInput.hexDigitValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func dateSeconds(_ text: String) -> Double? {
        if let seconds = CivilDate.parse(text, separator: UInt8(ascii: " "), zone: .numeric) { return seconds }
        if let seconds = CivilDate.parse(text, separator: UInt8(ascii: "T"), zone: .zulu) { return seconds }
        if text.utf8.count == 10 { return CivilDate.parse(text + " 00:00:00 +0000", separator: UInt8(ascii: " "), zone: .numeric) }
        return nil
    }
}
