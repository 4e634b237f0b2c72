/// A date and time of day in UTC, in the proleptic Gregorian calendar with a year 0 (as
/// CoreFoundation's `CFAbsoluteTimeGetGregorianDate` counts), converted to and from plist time
/// (seconds since 2001-01-01 00:00:00 UTC) in exact integer arithmetic; and the text forms of
/// dates the formats use.
///
/// Every value has its fields in range (month 1–12, a day the month has, hour 0–23, minute
/// and second 0–59; no leap seconds) and a year within ``yearRange``, so every conversion is
/// exact and none can overflow. Days are counted with Howard Hinnant's `days_from_civil` and
/// `civil_from_days`.
///
/// Text forms (all in UTC):
/// - XML plists: `%04d-%02d-%02dT%02d:%02d:%02dZ` of the fields, whole seconds
///   (``putPlistXMLText(into:)``, and ``parsePlistXMLText(_:rollsOver:)``, which reads any
///   number of year digits up to nine and rolls fields past their range over).
/// - Tagged JSON and GNUstep `<*D…>`: ``text(ofSeconds:separator:zone:)`` and
///   ``parse(_:separator:zone:)``, years 0001–9999, fractions kept exactly.
/// - RFC 3339 as `plutil -extract … raw` prints it (``rfc3339(ofSeconds:)``) and NSDate's
///   description as `plutil -p` prints it (``description(ofSeconds:)``). These render every
///   `Double`: NaN and infinities as `nan`, `inf` and `-inf`, and finite times beyond
///   ``yearRange`` as their number of seconds, so no date can make them trap.
struct CivilDate: Hashable, Sendable {
    let year: Int64
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int

    /// The years a civil date may have: nine digits either side of year 0, which the XML
    /// reader accepts and which keep every conversion within `Int64`.
    static let yearRange: ClosedRange<Int64> = -999_999_999...999_999_999

    /// Days from 0000-03-01 (where `civil_from_days` counts from) to 1970-01-01, and from
    /// 1970-01-01 to 2001-01-01, the epoch of Apple's reference dates.
    private static let marchZeroTo1970: Int64 = 719_468
    private static let epochDays: Int64 = 11_323

    /// A date and time from its fields, or `nil` when they name no existing day and time or
    /// the year is outside ``yearRange``.
    init?(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard Self.yearRange.contains(year), (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The date and time a whole number of seconds after 2001-01-01 00:00:00 UTC (before it,
    /// when negative), or `nil` when its year is outside ``yearRange``.
    init?(secondsSinceReference seconds: Int64) {
        // No step overflows for any Int64: the day count is below 2^47.
        let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
        let z = days + Self.epochDays + Self.marchZeroTo1970
        let era = Self.floorDivision(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: Int(month), day: Int(day),
            hour: Int(secondOfDay / 3_600), minute: Int(secondOfDay % 3_600 / 60), second: Int(secondOfDay % 60))
    }

    /// The seconds from 2001-01-01 00:00:00 UTC to this date and time.
    var secondsSinceReference: Int64 {
        let shiftedYear = year - (month <= 2 ? 1 : 0)
        let era = Self.floorDivision(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let month = Int64(self.month)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - Self.marchZeroTo1970 - Self.epochDays
        return days * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// Whether `year` has a February 29.
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1–12) in `year`.
    static func daysIn(month: Int, year: Int64) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    // MARK: Plist time

    /// Splits plist time into its date and whole second (rounded down) and the fraction of a
    /// second in [0, 1); `nil` for a non-finite time, a year beyond ``yearRange``, or when the
    /// split is not exact.
    ///
    /// `seconds - floor(seconds)` is exact (Sterbenz) except for -1 < seconds < 0, where
    /// `seconds + 1` can round (-1e-300 + 1 is 1.0); such a time is refused, so that
    /// `Double(whole) + fraction == seconds` whenever a date is split.
    static func split(_ seconds: Double) -> (date: CivilDate, fraction: Double)? {
        // Beyond 2^62 seconds the year is out of range anyway; the bound keeps `Int64(_:)` safe.
        guard seconds.isFinite, seconds.magnitude < 0x1p62 else { return nil }
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole
        guard fraction < 1, whole + fraction == seconds, let date = CivilDate(secondsSinceReference: Int64(whole)) else {
            return nil
        }
        return (date, fraction)
    }

    // MARK: Text

    /// `YYYY-MM-DD`, `separator`, `HH:MM:SS`: the year in at least four digits (more above
    /// 9999), a minus sign before a negative one (`-0001`), the other fields in two.
    func text(separator: Character) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        let yearDigits = String(year.magnitude).utf8
        for _ in yearDigits.count..<Swift.max(4, yearDigits.count) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: yearDigits)
        // Every other field is in 0 ... 59: two digits after its separator.
        func append(_ field: Int, after separator: UInt8) {
            bytes.append(separator)
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: field / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: field % 10))
        }
        append(month, after: UInt8(ascii: "-"))
        append(day, after: UInt8(ascii: "-"))
        append(hour, after: separator.asciiValue ?? UInt8(ascii: " "))
        append(minute, after: UInt8(ascii: ":"))
        append(second, after: UInt8(ascii: ":"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Zero-padded decimal text of at least `width` digits.
    private static func padded(_ value: UInt64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Plist time as `YYYY-MM-DD`, `separator`, `HH:MM:SS`, a fraction when there is one
    /// (the shortest digits that read back exactly), then `zone`: the form of tagged JSON
    /// (`T`, `Z`) and GNUstep (a space, ` +0000`). `nil` outside years 0001–9999, for
    /// non-finite times, and when the split is not exact (see ``split(_:)``).
    static func text(ofSeconds seconds: Double, separator: Character, zone: String) -> String? {
        guard let (date, fraction) = split(seconds), (1...9999).contains(date.year) else { return nil }
        let digits = fractionDigits(fraction)
        return date.text(separator: separator) + (digits.isEmpty ? "" : "." + digits) + zone
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

    /// RFC 3339 in UTC, as `plutil -extract … raw` prints a date: `2026-11-29T12:00:00Z` for
    /// a whole second, `2026-11-29T12:00:00.250Z` (milliseconds, truncated toward the past)
    /// otherwise. Years as ``text(separator:)`` writes them; NaN, infinities and times beyond
    /// ``yearRange`` as described on the type.
    static func rfc3339(ofSeconds seconds: Double) -> String {
        guard let (date, fraction) = renderable(seconds) else { return "\(seconds)" }
        guard fraction > 0 else { return date.text(separator: "T") + "Z" }
        let milliseconds = Swift.min(999, Int(fraction * 1000))
        return date.text(separator: "T") + "." + padded(UInt64(milliseconds), 3) + "Z"
    }

    /// NSDate's description, as `plutil -p` prints a date: `2026-11-29 12:00:00 +0000`, the
    /// second rounded down. Years as ``text(separator:)`` writes them; NaN, infinities and
    /// times beyond ``yearRange`` as described on the type.
    static func description(ofSeconds seconds: Double) -> String {
        guard let (date, _) = renderable(seconds) else { return "\(seconds)" }
        return date.text(separator: " ") + " +0000"
    }

    /// The date and fraction of `seconds` for the renderings that take any time: the split
    /// of ``split(_:)``, or, where it is not exact (tiny negative times), the second before
    /// 2001 and a fraction just below 1.
    private static func renderable(_ seconds: Double) -> (date: CivilDate, fraction: Double)? {
        guard seconds.isFinite, seconds.magnitude < 0x1p62 else { return nil }
        if let split = split(seconds) { return split }
        let whole = seconds.rounded(.down)
        guard let date = CivilDate(secondsSinceReference: Int64(whole)) else { return nil }
        return (date, (seconds - whole).nextDown)
    }

    // MARK: Parsing

    /// How a parsed date names its time zone.
    enum ZoneStyle {
        /// ISO 8601 UTC: a final `Z`.
        case zulu
        /// GNUstep: `+HHMM` or `-HHMM` after optional spaces.
        case numeric
    }

    /// Parses `YYYY-MM-DD`, `separator` (`T` or a space), `HH:MM:SS`, an optional `.fraction`
    /// and a zone; returns seconds since the reference date, or `nil` when the text is not of
    /// that form or names no real time.
    static func parse(_ text: String, separator: UInt8, zone: ZoneStyle) -> Double? {
        let chars = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= chars.count else { return nil }
            var v = 0
            for k in 0..<width {
                let c = chars[i + k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += width
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < chars.count, chars[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(separator), let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2)
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
            guard expect(UInt8(ascii: "Z")) else { return nil }
        case .numeric:
            while i < chars.count, chars[i] == 0x20 { i += 1 }
            guard i < chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-") else { return nil }
            let sign: Int64 = chars[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hh = number(2), let mm = number(2), hh <= 23, mm <= 59 else { return nil }
            offset = sign * Int64(hh * 3600 + mm * 60)
        }
        guard i == chars.count,
              let date = CivilDate(year: Int64(year), month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return Double(date.secondsSinceReference - offset) + fraction
    }

    // MARK: XML property-list text

    /// How a text is not an XML property list's date.
    enum PlistXMLTextProblem: Error {
        /// Not of the form `[-]Y…Y-MM-DDTHH:MM:SSZ`.
        case notOfTheForm
        /// More than nine year digits.
        case yearBeyondRange
        /// Of the form, but naming no existing day and time (and not rolled over).
        case noSuchDayAndTime
    }

    /// Parses the text of an XML property list's `<date>`: `[-]Y…Y-MM-DDTHH:MM:SSZ` with one
    /// to nine year digits and exactly two digits elsewhere, nothing around it. Returns the
    /// seconds since the reference date, and whether fields past their range were rolled over.
    ///
    /// A day, hour, minute or second past its range (January 32, February 30 of 2023, day
    /// 00, hour 24, minute or second 60, up to 99) is carried into the larger fields when
    /// `rollsOver` is set, as Apple's reader does and as Apple's older writers relied on
    /// (`2024-01-32T20:43:14Z` is 2024-02-01T20:43:14Z). A month outside 1–12 is refused either
    /// way: Foundation's two readers disagree on what month 00 or 14 means.
    static func parsePlistXMLText(_ text: Span<UInt8>, rollsOver: Bool) -> Result<(seconds: Int64, rolledOver: Bool), PlistXMLTextProblem> {
        func digit(_ byte: UInt8) -> Int? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
        }
        var i = 0
        var negative = false
        if i < text.count && text[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var year: Int64 = 0
        var yearDigits = 0
        while i < text.count, let value = digit(text[i]) {
            yearDigits += 1
            guard yearDigits <= 9 else { return .failure(.yearBeyondRange) }
            year = year * 10 + Int64(value)
            i += 1
        }
        guard yearDigits > 0 else { return .failure(.notOfTheForm) }
        /// The two digits after `separator`, at `i`.
        func field(after separator: UInt8) -> Int? {
            guard i + 2 < text.count, text[i] == separator, let high = digit(text[i + 1]), let low = digit(text[i + 2]) else {
                return nil
            }
            i += 3
            return high * 10 + low
        }
        guard let month = field(after: UInt8(ascii: "-")), let day = field(after: UInt8(ascii: "-")),
              let hour = field(after: UInt8(ascii: "T")), let minute = field(after: UInt8(ascii: ":")),
              let second = field(after: UInt8(ascii: ":")), i + 1 == text.count, text[i] == UInt8(ascii: "Z")
        else { return .failure(.notOfTheForm) }
        if negative { year = -year }
        if let civil = CivilDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second) {
            return .success((civil.secondsSinceReference, false))
        }
        guard rollsOver, let monthStart = CivilDate(year: year, month: month, day: 1, hour: 0, minute: 0, second: 0) else {
            return .failure(.noSuchDayAndTime)
        }
        // The first of the month is a real day; the other fields, each below 100, are added to
        // it as a count of seconds.
        let seconds = monthStart.secondsSinceReference + Int64(day - 1) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return .success((seconds, true))
    }

    /// Puts the date as CoreFoundation's XML writer prints it, C's
    /// `%04d-%02d-%02dT%02d:%02d:%02dZ` of the fields: year -1 is `-001`, year 10000 `10000`.
    func putPlistXMLText(into writer: inout ByteWriter) {
        /// Two decimal digits of `value` (0 ... 99) as a big-endian 16-bit word.
        func pair(_ value: Int) -> UInt64 {
            UInt64(0x30 + value / 10) << 8 | UInt64(0x30 + value % 10)
        }
        let dash = UInt64(UInt8(ascii: "-")), colon = UInt64(UInt8(ascii: ":"))
        if year >= 0 && year <= 9999 {
            // The usual case, twenty bytes of fixed layout in three stores.
            let century = Int(year / 100), rest = Int(year % 100)
            writer.putBigEndian(pair(century) << 48 | pair(rest) << 32 | dash << 24 | pair(month) << 8 | dash, size: 8)
        } else {
            if year < 0 { writer.put(UInt8(ascii: "-")) }
            writer.putDecimal(year.magnitude, minimumDigits: year < 0 ? 3 : 4)
            writer.putBigEndian(dash << 24 | pair(month) << 8 | dash, size: 4)
        }
        writer.putBigEndian(pair(day) << 48 | UInt64(UInt8(ascii: "T")) << 40 | pair(hour) << 24 | colon << 16 | pair(minute), size: 8)
        writer.putBigEndian(colon << 24 | pair(second) << 8 | UInt64(UInt8(ascii: "Z")), size: 4)
    }
}
