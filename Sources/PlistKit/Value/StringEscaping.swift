/// The one escaping of control characters: how a string is written so that it stays on one
/// line, for what `diff` and the tree printer show of a string (``quoted(_:)``), for messages
/// that quote hostile input (``singleLine(_:)``) and, with their own escapes, for Swift and
/// Objective-C literals (``escape(_:into:quotingWith:escapingOthers:)``).
public enum StringEscaping {
    /// `string` in double quotes with `"` and `\` escaped by a backslash, `\n`, `\r`, `\t` by
    /// name and other control characters as `\u{…}`, so that it stays on one line and its own
    /// quotes are told apart from the ones around it (`"开启 \"on\""`).
    public static func quoted(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        escape(string, into: &out, quotingWith: "\"")
        return out + "\""
    }

    /// `text` with control characters escaped (`\n`, `\t`, `\u{1b}`) and nothing else, so that
    /// a message quoting hostile input stays one line on a terminal and in a log.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        escape(text, into: &out, quotingWith: nil)
        return out
    }

    /// Appends `string` to `out` with `\n`, `\r` and `\t` escaped by name, `quote` (when one is
    /// given) and `\` by a backslash, and any other scalar as `escapingOthers` writes it
    /// (`nil`: as it is); by default control characters (C0 and DEL) as `\u{…}` in lowercase
    /// hex, ``controlCharacterAsUnicodeEscape(_:)``.
    static func escape(
        _ string: String, into out: inout String, quotingWith quote: Unicode.Scalar?,
        escapingOthers escaped: (Unicode.Scalar) -> String? = controlCharacterAsUnicodeEscape
    ) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\" where quote != nil: out += "\\\\"
            case quote: out += "\\" + String(scalar)
            default:
                if let escape = escaped(scalar) {
                    out += escape
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// `\u{…}` for a control character, `nil` for anything else.
    static func controlCharacterAsUnicodeEscape(_ scalar: Unicode.Scalar) -> String? {
        isControl(scalar) ? "\\u{" + String(scalar.value, radix: 16) + "}" : nil
    }

    /// Whether `scalar` is a C0 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
