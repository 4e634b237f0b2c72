import FoundationEssentials

/// The text being built and the recursive walk of ``PlistLiteralWriter``.
struct LiteralOutput {
    let language: PlistLiteralWriter.Language
    var text = ""

    init(language: PlistLiteralWriter.Language) {
        self.language = language
    }

    private var isSwift: Bool { language == .swift }

    private func indent(_ level: Int) -> String { String(repeating: " ", count: 4 * level) }

    private func unrepresentable(_ value: PlistValue, _ path: [String], _ why: String) -> PlistError {
        PlistError(
            .unrepresentableValue,
            "Cannot write \(value.kind.nameWithArticle) as \(isSwift ? "a Swift" : "an Objective-C") literal: \(why)",
            at: .keyPath(PlistKeyPath(components: path)))
    }

    mutating func write(_ value: PlistValue, level: Int, path: inout [String]) throws {
        switch value {
        case .string(let string):
            writeString(string)
        case .integer(let integer):
            if isSwift {
                text += integer.exceedsInt64 ? "UInt64(\(integer))" : integer.description
            } else if integer.exceedsInt64 {
                text += "@\(integer)ULL"
            } else if integer == PlistInteger(Int64.min) {
                text += "@(-9223372036854775807LL - 1)"
            } else {
                text += "@\(integer)"
            }
        case .real(let real):
            text += isSwift ? Self.swiftReal(real) : Self.objectiveCReal(real)
        case .boolean(let flag):
            text += isSwift ? (flag ? "true" : "false") : (flag ? "@YES" : "@NO")
        case .date(let date):
            guard isSwift else { throw unrepresentable(value, path, "Objective-C has no literal syntax for dates") }
            let seconds = date.timeIntervalSinceReferenceDate
            text += "Date(timeIntervalSinceReferenceDate: \(seconds.isFinite ? seconds.description : Self.swiftReal(seconds)))"
        case .data(let data):
            guard isSwift else { throw unrepresentable(value, path, "Objective-C has no literal syntax for data") }
            text += "Data(bytes: ["
            for byte in data {
                text += "0x"
                text.unicodeScalars.append(Self.hexDigit(byte >> 4))
                text.unicodeScalars.append(Self.hexDigit(byte & 0xF))
                text += ","
            }
            text += "])"
        case .uid:
            throw unrepresentable(value, path, "UIDs exist only in binary property lists and keyed archives")
        case .array(let elements):
            text += isSwift ? "[\n" : "@[\n"
            for (i, element) in elements.enumerated() {
                path.append(String(i))
                defer { path.removeLast() }
                text += indent(level + 1)
                try write(element, level: level + 1, path: &path)
                text += ",\n"
            }
            text += indent(level) + "]"
        case .dictionary(let dictionary):
            if dictionary.isEmpty && isSwift {
                text += "[:]"
                return
            }
            text += isSwift ? "[\n" : "@{\n"
            for (key, element) in PlutilKeyCollation.sorted(dictionary) {
                path.append(key)
                defer { path.removeLast() }
                text += indent(level + 1)
                writeString(key)
                text += " : "
                try write(element, level: level + 1, path: &path)
                text += ",\n"
            }
            text += indent(level) + (isSwift ? "]" : "}")
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10)
    }

    /// `%f` as plutil prints reals, when that text reads back as the same real; otherwise the
    /// shortest text that does.
    static func fixedOrShortest(_ real: Double) -> String {
        let fixed = CNumericLocale.format(real, "%f")
        if let back = Double(fixed), back.bitPattern == real.bitPattern { return fixed }
        return real.description
    }

    static func swiftReal(_ real: Double) -> String {
        if real.isNaN { return "Double.nan" }
        if real.isInfinite { return real > 0 ? "Double.infinity" : "-Double.infinity" }
        return fixedOrShortest(real)
    }

    static func objectiveCReal(_ real: Double) -> String {
        if real.isNaN { return "@(NAN)" }
        if real.isInfinite { return real > 0 ? "@(INFINITY)" : "@(-INFINITY)" }
        return "@" + fixedOrShortest(real)
    }

    private mutating func writeString(_ string: String) {
        text += isSwift ? "\"" : "@\""
        let isSwift = isSwift
        StringEscaping.escape(string, into: &text, quotingWith: "\"") { Self.escape($0, swift: isSwift) }
        text += "\""
    }

    /// The escape of a scalar a literal may not hold as it is, or `nil`. Control characters
    /// (other than tabs and line breaks) are in Swift `\0` or `\u{1F}`, in Objective-C three
    /// octal digits, since an octal escape never takes a fourth, so the next character cannot
    /// be swallowed (a `\x` escape would). The line and paragraph separators and the
    /// byte-order mark, invisible and ending or hiding a line in some editors, are `\u{…}` in
    /// Swift and `\u…` in Objective-C.
    private static func escape(_ scalar: Unicode.Scalar, swift: Bool) -> String? {
        let hex = { String(scalar.value, radix: 16, uppercase: true) }
        if StringEscaping.isControl(scalar) {
            if swift { return scalar == "\0" ? "\\0" : "\\u{\(hex())}" }
            let octal = String(scalar.value, radix: 8)
            return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        }
        guard scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FEFF}" else { return nil }
        return swift ? "\\u{\(hex())}" : "\\u\(hex())"
    }
}
