/// The calendar arithmetic of XML plist dates: the proleptic Gregorian calendar with a year 0,
/// in UTC, as CoreFoundation's `CFAbsoluteTimeGetGregorianDate` and
/// `CFGregorianDateGetAbsoluteTime` compute it, done in exact integer arithmetic.
enum XMLDate {
    /// A date and time of day, all fields in their ordinary ranges.
    struct Civil: Equatable {
        var year: Int64
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
    }

    /// Days from 1970-01-01 to 2001-01-01, the plist epoch.
    static let epochDays: Int64 = 11_323

    /// The civil date and time of a whole number of seconds from 2001-01-01 00:00:00 UTC.
    ///
    /// - Precondition: `|seconds| <= 2⁵³` (so no step overflows).
    static func civil(fromSecondsSince2001 seconds: Int64) -> Civil {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        // Howard Hinnant's civil_from_days, on days counted from 0000-03-01.
        let z = days + epochDays + 719_468
        let era = floorDivision(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Civil(
            year: year, month: Int(month), day: Int(day),
            hour: Int(secondOfDay / 3_600), minute: Int(secondOfDay % 3_600 / 60), second: Int(secondOfDay % 60))
    }

    /// Seconds from 2001-01-01 00:00:00 UTC to a civil date and time whose fields are in range.
    ///
    /// - Precondition: `|year| <= 999_999_999`, month 1...12, day 1...31 (no step overflows).
    static func secondsSince2001(_ civil: Civil) -> Int64 {
        // Howard Hinnant's days_from_civil.
        let year = civil.year - (civil.month <= 2 ? 1 : 0)
        let era = floorDivision(year, 400).quotient
        let yearOfEra = year - era * 400
        let month = Int64(civil.month)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(civil.day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468 - epochDays
        return days * 86_400 + Int64(civil.hour * 3_600 + civil.minute * 60 + civil.second)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysInMonth(_ month: Int, year: Int64) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = a / b
        var r = a % b
        if r < 0 {
            q -= 1
            r += b
        }
        return (q, r)
    }
}
