/// Strings quoted for one-line output: what `diff` and the tree printer show of a string.
enum StringEscaping {
    /// `string` in double quotes with `"` and `\` escaped by a backslash, `\n`, `\r`, `\t` by
    /// name and other control characters as `\u{…}`, so that it stays on one line and its own
    /// quotes are told apart from the ones around it (`"开启 \"on\""`).
    static func quoted(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
