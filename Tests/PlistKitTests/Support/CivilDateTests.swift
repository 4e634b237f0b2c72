import Foundation
import Testing
@testable import PlistKit

/// The one civil-date implementation: exact round trips over the whole year range, the
/// calendar's rules, the bounds, and the text forms the formats and the CLI use.
@Suite struct CivilDateTests {
    @Test func roundTripsSecondsOverTheWholeRange() throws {
        var random = SeededRandom(seed: 0xC1F1)
        let limit = try #require(CivilDate(year: 999_999_999, month: 12, day: 31, hour: 23, minute: 59, second: 59)).secondsSinceReference
        let low = try #require(CivilDate(year: -999_999_999, month: 1, day: 1, hour: 0, minute: 0, second: 0)).secondsSinceReference
        let edges: [Int64] = [0, -1, 1, 86_399, 86_400, -86_400, -86_401, limit, low, 1 << 53, -(1 << 53)]
        for seconds in edges + (0..<20_000).map({ _ in Int64(bitPattern: random.next()) % limit }) {
            let date = try #require(CivilDate(secondsSinceReference: seconds), "\(seconds)")
            #expect(date.secondsSinceReference == seconds)
            #expect(CivilDate(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute, second: date.second) == date)
        }
        #expect(CivilDate(secondsSinceReference: limit + 1) == nil)
        #expect(CivilDate(secondsSinceReference: low - 1) == nil)
        #expect(CivilDate(secondsSinceReference: .max) == nil)
        #expect(CivilDate(secondsSinceReference: .min) == nil)
    }

    @Test func countsDaysAsTheProlepticGregorianCalendar() throws {
        // Consecutive days over four centuries (a full 400-year cycle), across year 0.
        var previous = try #require(CivilDate(secondsSinceReference: -63_145_699_200 - 200 * 365 * 86_400))
        for day in 1..<(146_097 + 10) {
            let date = try #require(CivilDate(secondsSinceReference: previous.secondsSinceReference + 86_400))
            if date.month == previous.month {
                #expect(date.day == previous.day + 1)
            } else {
                #expect(previous.day == CivilDate.daysIn(month: previous.month, year: previous.year), "day \(day)")
                #expect(date.day == 1)
            }
            previous = date
        }
        #expect(CivilDate(secondsSinceReference: 0) == CivilDate(year: 2001, month: 1, day: 1, hour: 0, minute: 0, second: 0))
        #expect(CivilDate(secondsSinceReference: -1) == CivilDate(year: 2000, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        // 0000-01-01 and 0001-01-01, a leap year (366 days) apart.
        #expect(CivilDate(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0)?.secondsSinceReference == -63_145_526_400)
        #expect(CivilDate(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0)?.secondsSinceReference == -63_113_904_000)
    }

    @Test(arguments: [(2000, true), (1900, false), (2004, true), (2100, false), (0, true), (-4, true), (-100, false), (-400, true), (-1, false)] as [(Int64, Bool)])
    func knowsLeapYears(year: Int64, leap: Bool) {
        #expect(CivilDate.isLeapYear(year) == leap)
        #expect((CivilDate(year: year, month: 2, day: 29, hour: 0, minute: 0, second: 0) != nil) == leap)
    }

    @Test func refusesFieldsOutOfRange() {
        let good = (year: Int64(2024), month: 6, day: 15, hour: 12, minute: 30, second: 30)
        #expect(CivilDate(year: good.year, month: good.month, day: good.day, hour: good.hour, minute: good.minute, second: good.second) != nil)
        for (year, month, day, hour, minute, second) in [
            (Int64(2024), 0, 1, 0, 0, 0), (2024, 13, 1, 0, 0, 0), (2024, 4, 31, 0, 0, 0), (2024, 1, 0, 0, 0, 0),
            (2024, 1, 1, 24, 0, 0), (2024, 1, 1, -1, 0, 0), (2024, 1, 1, 0, 60, 0), (2024, 1, 1, 0, 0, 60),
            (1_000_000_000, 1, 1, 0, 0, 0), (-1_000_000_000, 1, 1, 0, 0, 0), (.max, 1, 1, 0, 0, 0), (.min, 1, 1, 0, 0, 0),
        ] {
            #expect(CivilDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second) == nil)
        }
    }

    @Test func splitsPlistTimeExactly() throws {
        let (date, fraction) = try #require(CivilDate.split(-0.25))
        #expect(date == CivilDate(year: 2000, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        #expect(fraction == 0.75)
        #expect(CivilDate.split(-1e-300) == nil)  // -1e-300 + 1 rounds to 1
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -0x1p62] { #expect(CivilDate.split(bad) == nil) }
    }

    @Test(arguments: [
        (0.0, "2001-01-01T00:00:00Z", "2001-01-01 00:00:00 +0000"),
        (0.25, "2001-01-01T00:00:00.25Z", "2001-01-01 00:00:00.25 +0000"),
        (-0.5, "2000-12-31T23:59:59.5Z", "2000-12-31 23:59:59.5 +0000"),
        (1.5e-7, "2001-01-01T00:00:00.00000015Z", "2001-01-01 00:00:00.00000015 +0000"),
        (-63_113_904_000, "0001-01-01T00:00:00Z", "0001-01-01 00:00:00 +0000"),
        (252_423_993_599, "9999-12-31T23:59:59Z", "9999-12-31 23:59:59 +0000"),
    ] as [(Double, String, String)])
    func writesAndParsesTheTaggedJSONAndGNUstepForms(seconds: Double, json: String, gnustep: String) {
        #expect(CivilDate.text(ofSeconds: seconds, separator: "T", zone: "Z") == json)
        #expect(CivilDate.text(ofSeconds: seconds, separator: " ", zone: " +0000") == gnustep)
        #expect(CivilDate.parse(json, separator: UInt8(ascii: "T"), zone: .zulu) == seconds)
        #expect(CivilDate.parse(gnustep, separator: UInt8(ascii: " "), zone: .numeric) == seconds)
    }

    @Test func writesTheTaggedFormsOnlyForYearsOneThrough9999() {
        for seconds in [-63_113_904_000.5, 252_423_993_600, .nan, .infinity, -1e-300] {
            #expect(CivilDate.text(ofSeconds: seconds, separator: "T", zone: "Z") == nil)
        }
    }

    @Test func parsesZonesAndRefusesWhatNamesNoTime() {
        #expect(CivilDate.parse("2001-01-01 01:30:00 +0130", separator: UInt8(ascii: " "), zone: .numeric) == 0)
        #expect(CivilDate.parse("2001-01-01 00:00:00    -0100", separator: UInt8(ascii: " "), zone: .numeric) == 3_600)
        for bad in ["2001-02-29T00:00:00Z", "2001-01-01T24:00:00Z", "2001-1-01T00:00:00Z", "2001-01-01T00:00:00", "2001-01-01T00:00:00.Z", "2001-01-01T00:00:00Zx", ""] {
            #expect(CivilDate.parse(bad, separator: UInt8(ascii: "T"), zone: .zulu) == nil, "\(bad)")
        }
        #expect(CivilDate.parse("2001-01-01 00:00:00 +2400", separator: UInt8(ascii: " "), zone: .numeric) == nil)
    }

    /// RFC 3339 and NSDate's description as the CLI prints them; matching Foundation's
    /// ISO8601FormatStyle from 1583 on (before the Gregorian reform Foundation's calendar is
    /// Julian, while plists count proleptic Gregorian days, as CoreFoundation does).
    @Test func rendersTheCLIFormsAsFoundationDoes() {
        var random = SeededRandom(seed: 0x3339)
        let fromYear1583 = -13_000_000_000.0
        for _ in 0..<2_000 {
            let seconds = fromYear1583 + Double(random.next() % 250_000_000_000) + Double(random.next() % 1_000) / 1_000
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let expected = seconds.rounded(.down) == seconds
                ? date.formatted(Date.ISO8601FormatStyle())
                : date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            #expect(CivilDate.rfc3339(ofSeconds: seconds) == expected, "\(seconds)")
            let whole = Date(timeIntervalSinceReferenceDate: seconds.rounded(.down)).formatted(Date.ISO8601FormatStyle(dateTimeSeparator: .space))
            #expect(CivilDate.description(ofSeconds: seconds) == whole.dropLast() + " +0000", "\(seconds)")
        }
        #expect(CivilDate.description(ofSeconds: 817_646_400) == "2026-11-29 12:00:00 +0000")
        #expect(CivilDate.rfc3339(ofSeconds: -1e-300) == "2000-12-31T23:59:59.999Z")
        // Proleptic Gregorian: four days before the Julian date Foundation prints (-0218-10-19).
        #expect(CivilDate.rfc3339(ofSeconds: -70_000_000_000) == "-0218-10-15T19:33:20Z")
        #expect(CivilDate.rfc3339(ofSeconds: 1e12) == "33689-09-27T01:46:40Z")
    }

    @Test func rendersNonFiniteAndHugeTimesWithoutTrapping() {
        for (seconds, text) in [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (1e300, "1e+300"), (-0x1p62, "-4.611686018427388e+18")] {
            #expect(CivilDate.rfc3339(ofSeconds: seconds) == text)
            #expect(CivilDate.description(ofSeconds: seconds) == text)
        }
    }
}
