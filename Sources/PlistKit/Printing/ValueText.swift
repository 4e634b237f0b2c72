import FoundationEssentials

/// Text renderings of single values shared by the printers.
enum ValueText {
    /// RFC 3339 in UTC with whole seconds, as plutil's raw extract prints dates
    /// (`2026-11-29T12:00:00Z`); milliseconds are kept when the date has a fraction. A date
    /// of infinite or NaN seconds, which no calendar holds, prints as its number of seconds.
    static func rfc3339(_ date: Date) -> String {
        CivilDate.rfc3339(ofSeconds: date.timeIntervalSinceReferenceDate)
    }

    /// NSDate's description, as plutil -p prints dates (`2026-11-29 12:00:00 +0000`): whole
    /// seconds, rounded down. A date of infinite or NaN seconds prints as its number of
    /// seconds.
    static func dateDescription(_ date: Date) -> String {
        CivilDate.description(ofSeconds: date.timeIntervalSinceReferenceDate)
    }

    /// `real` as printf's `%f` in the C locale: six decimals, `inf`, `nan`.
    static func fixedPoint(_ real: Double) -> String {
        CNumericLocale.format(real, "%f")
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

    /// `text` with line breaks, other control characters and invisible format characters
    /// (which could hide or reorder what a key says, or drive a terminal) written as
    /// `\u{…}`; everything else as it is.
    static func visible(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
