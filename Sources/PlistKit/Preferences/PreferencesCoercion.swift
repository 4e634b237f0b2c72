/// UserDefaults' conversions of a stored value to the type a getter asks for.
///
/// CoreFoundation's `CFPreferencesGetAppIntegerValue` and `CFPreferencesGetAppBooleanValue`
/// rules, as UserDefaults' documentation describes them: numbers convert (reals truncate toward
/// zero, as `NSNumber.integerValue` does), booleans are 1 and 0, and a string is read by its
/// leading number the way `CFStringGetIntValue`/`strtod` read it (white space, a sign, digits;
/// nothing numeric is 0). For `bool`, the strings "true" and "YES" (any case) are true, and
/// other strings are true when their leading integer is not 0.
enum PreferencesCoercion {
    static func integer(_ value: PlistValue?) -> Int {
        switch value {
        case .integer(let integer)?:
            if let int = integer.intValue { return int }
            return integer.isNegative ? Int.min : Int.max
        case .real(let real)?:
            return integer(fromReal: real)
        case .boolean(let flag)?:
            return flag ? 1 : 0
        case .string(let string)?:
            return leadingInteger(string)
        default:
            return 0
        }
    }

    static func double(_ value: PlistValue?) -> Double {
        switch value {
        case .integer(let integer)?: return integer.doubleValue
        case .real(let real)?: return real
        case .boolean(let flag)?: return flag ? 1 : 0
        case .string(let string)?: return leadingReal(string)
        default: return 0
        }
    }

    static func bool(_ value: PlistValue?) -> Bool {
        switch value {
        case .integer(let integer)?:
            return integer != PlistInteger(0)
        case .real(let real)?:
            return real != 0
        case .boolean(let flag)?:
            return flag
        case .string(let string)?:
            let lowered = string.lowercased()
            return lowered == "true" || lowered == "yes" || leadingInteger(string) != 0
        default:
            return false
        }
    }

    /// `stringForKey:`: strings, and numbers as their description; `nil` for anything else.
    static func string(_ value: PlistValue?) -> String? {
        switch value {
        case .string(let string)?: return string
        // A number is one value, within any limit of the printer's.
        case .integer, .real, .boolean: return value.flatMap { try? DefaultsDescription.text(of: $0) }
        default: return nil
        }
    }

    private static func integer(fromReal real: Double) -> Int {
        guard !real.isNaN else { return 0 }
        let truncated = real.rounded(.towardZero)
        if truncated >= 0x1p63 { return Int.max }
        if truncated < -0x1p63 { return Int.min }
        return Int(truncated)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The integer at the start of `text`, clamped to `Int`'s range.
    static func leadingInteger(_ text: String) -> Int {
        var bytes = Substring(text).utf8.drop(while: isWhitespace)
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var magnitude: UInt64 = 0
        var overflow = false
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { break }
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - 0x30))
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        if negative {
            return overflow || magnitude > UInt64(Int.max) + 1 ? Int.min : Int(truncatingIfNeeded: 0 &- magnitude)
        }
        return overflow || magnitude > UInt64(Int.max) ? Int.max : Int(magnitude)
    }

    /// The real at the start of `text` (`[sign] digits [. digits] [e [sign] digits]`), or 0.
    static func leadingReal(_ text: String) -> Double {
        let bytes = Array(Substring(text).utf8.drop(while: isWhitespace))
        var end = 0
        func digits() -> Int {
            let start = end
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            return end - start
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        var count = digits()
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            count += digits()
        }
        guard count > 0 else { return 0 }
        let mantissaEnd = end
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            end += 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            if digits() == 0 { end = mantissaEnd }
        }
        return Double(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0
    }
}
