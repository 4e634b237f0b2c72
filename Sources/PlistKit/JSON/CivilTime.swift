import FoundationEssentials

/// Conversions between plist time (seconds since 2001-01-01 00:00:00 UTC) and proleptic
/// Gregorian calendar fields, for the text forms of dates that tagged JSON and GNUstep's `<*D…>`
/// values use.
///
/// Days are counted with the era arithmetic of the civil-from-days algorithm, exact for every
/// year that fits in `Int64` here; callers limit the years they print to 0001–9999.
struct CivilTime: Hashable {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64

    /// Days from 1970-01-01 to 2001-01-01.
    private static let referenceDayOffset: Int64 = 11_323

    /// The calendar fields of a whole number of seconds since the reference date, or `nil`
    /// when the day count would overflow.
    init?(secondsSinceReference seconds: Int64) {
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        guard case (let z0, false) = days.addingReportingOverflow(Self.referenceDayOffset + 719_468) else { return nil }
        let era = (z0 >= 0 ? z0 : z0 - 146_096) / 146_097
        let doe = z0 - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        hour = rest / 3600
        minute = rest % 3600 / 60
        second = rest % 60
    }

    init(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
    }

    /// Whether the fields name a real day and time (leap years included; no leap seconds).
    var isValid: Bool {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day >= 1 && day <= lengths[Int(month - 1)]
    }

    /// Seconds since the reference date; the caller keeps years within ±1,000,000, so no
    /// arithmetic here can overflow.
    var secondsSinceReference: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468 - Self.referenceDayOffset
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Splits a finite time into whole seconds (rounded down) and the fraction in [0, 1);
    /// `nil` when it lies outside years 0001–9999 or the split is not exact.
    ///
    /// `seconds - floor(seconds)` is exact (Sterbenz) except for -1 < seconds < 0, where
    /// `seconds + 1` can round (-1e-300 + 1 is 1.0); such a time is refused here, so that
    /// `Double(whole) + fraction == seconds` whenever the text form is used.
    static func split(_ seconds: Double) -> (CivilTime, fraction: Double)? {
        // Years 0001 through 9999 lie within these bounds (seconds since 2001).
        guard seconds.isFinite, seconds >= -63_113_904_000, seconds < 252_423_993_600 else { return nil }
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole
        guard fraction < 1, whole + fraction == seconds,
              let time = CivilTime(secondsSinceReference: Int64(whole)), (1...9999).contains(time.year)
        else { return nil }
        return (time, fraction)
    }

    /// The digits after the decimal point of `fraction` (in [0, 1)) that read back as exactly
    /// `fraction`, with no trailing zeros; empty for zero.
    static func fractionDigits(_ fraction: Double) -> String {
        guard fraction > 0 else { return "" }
        let text = fraction.description  // shortest digits that round-trip, e.g. "0.25" or "1.5e-07"
        if let e = text.firstIndex(of: "e") {
            let mantissa = String(text[..<e].filter { $0 != "." })
            let exponent = Int(text[text.index(after: e)...]) ?? 0
            let digits = String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
            return String(digits.reversed().drop(while: { $0 == "0" }).reversed())
        }
        guard let dot = text.firstIndex(of: ".") else { return "" }
        return String(text[text.index(after: dot)...])
    }

    /// Two- or four-digit zero-padded decimal text.
    static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, or `nil` outside years 0001–9999 or for
    /// non-finite times.
    static func iso8601(_ seconds: Double) -> String? {
        guard let (t, fraction) = split(seconds) else { return nil }
        var text = "\(padded(t.year, 4))-\(padded(t.month, 2))-\(padded(t.day, 2))T"
            + "\(padded(t.hour, 2)):\(padded(t.minute, 2)):\(padded(t.second, 2))"
        let digits = fractionDigits(fraction)
        if !digits.isEmpty { text += "." + digits }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DD`, a separator (`T` or a space), `HH:MM:SS`, an optional `.fraction`
    /// and a zone (`Z`, or `±HHMM` after optional spaces); returns seconds since the
    /// reference date, or `nil` when the text is not of that form or names no real time.
    static func parse(_ text: Substring, separator: Character, zone: ZoneStyle) -> Double? {
        let chars = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int64? {
            guard i + width <= chars.count else { return nil }
            var v: Int64 = 0
            for k in 0..<width {
                let c = chars[i + k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                v = v * 10 + Int64(c - 0x30)
            }
            i += width
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < chars.count, chars[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect(separator), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2)
        else { return nil }
        var fraction = 0.0
        if i < chars.count, chars[i] == UInt8(ascii: ".") {
            let start = i
            i += 1
            while i < chars.count, chars[i] >= 0x30, chars[i] <= 0x39 { i += 1 }
            guard i > start + 1, let f = Double("0" + String(decoding: chars[start..<i], as: UTF8.self)) else { return nil }
            fraction = f
        }
        var offset: Int64 = 0
        switch zone {
        case .zulu:
            guard expect("Z") else { return nil }
        case .numeric:
            while i < chars.count, chars[i] == 0x20 { i += 1 }
            guard i < chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-") else { return nil }
            let sign: Int64 = chars[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hh = number(2), let mm = number(2), hh <= 23, mm <= 59 else { return nil }
            offset = sign * (hh * 3600 + mm * 60)
        }
        guard i == chars.count else { return nil }
        let time = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard time.isValid else { return nil }
        return Double(time.secondsSinceReference - offset) + fraction
    }

    /// How a parsed date names its time zone.
    enum ZoneStyle {
        /// ISO 8601 UTC: a final `Z`.
        case zulu
        /// GNUstep: `+HHMM` or `-HHMM`.
        case numeric
    }
}
