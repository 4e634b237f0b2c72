import Foundation
import PlistKit

/// Text renderings of single values shared by the printers.
enum ValueText {
    /// RFC 3339 in UTC with whole seconds, as plutil's raw extract prints dates
    /// (`2026-11-29T12:00:00Z`); fractional seconds are kept when present.
    static func rfc3339(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { return "\(seconds)" }
        if seconds.rounded(.down) != seconds {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        return date.formatted(Date.ISO8601FormatStyle())
    }

    /// NSDate's description, as plutil -p prints dates (`2026-11-29 12:00:00 +0000`).
    static func dateDescription(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { return "\(seconds)" }
        let whole = Date(timeIntervalSinceReferenceDate: seconds.rounded(.down))
        let style = Date.ISO8601FormatStyle(dateTimeSeparator: .space)
        let text = whole.formatted(style)  // 2026-11-29 12:00:00Z
        return text.hasSuffix("Z") ? String(text.dropLast()) + " +0000" : text
    }

    /// Bytes as lowercase hexadecimal, two digits each.
    static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A string in double quotes with `"`, `\` and control characters escaped, so that it
    /// stays on one line.
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

    /// `text` with control characters escaped (`\n`, `\t`, `\u{1b}`), so that a message
    /// quoting hostile input stays one line on a terminal and in a log.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
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
        return out
    }

    /// Keys in the order plutil prints them (`-p`, raw extract of a dictionary): Finder-like
    /// order, numbers by value, case-insensitive first.
    static func plutilSorted(_ keys: [String]) -> [String] {
        keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}
