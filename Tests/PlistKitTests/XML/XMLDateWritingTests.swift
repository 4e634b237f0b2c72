import Foundation
import Testing
@testable import PlistKit

/// Dates are written as CoreFoundation prints them, `%04d-%02d-%02dT%02d:%02d:%02dZ` of the
/// proleptic Gregorian date rounded down to the second; years 0 through 9999 by a fixed
/// layout written in place, others digit by digit. Both against `String(format:)`.
@Suite struct XMLDateWritingTests {
    @Test func datesOfEveryYearMatchThePrintfLayout() throws {
        var random = SeededRandom(seed: 0xDA7E)
        // Around the years where the layout changes (-1, 0, 9999, 10000) and anywhere between.
        let edges: [Double] = [-63_145_699_200, -63_145_699_201, -63_114_076_800, 252_423_993_599, 252_423_993_600, 0, -0.5, 59.999]
        let randomSeconds = (0..<3_000).map { _ in Double(Int64(random.next() % 340_000_000_000) - 70_000_000_000) + Double(random.next() % 1000) / 1000 }
        for seconds in edges + randomSeconds {
            let civil = try #require(CivilDate(secondsSinceReference: Int64(seconds.rounded(.down))))
            let expected = String(format: "%04lld-%02d-%02dT%02d:%02d:%02dZ", civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second)
            let xml = String(decoding: try PlistValue.date(Date(timeIntervalSinceReferenceDate: seconds)).encoded(as: .xml), as: UTF8.self)
            #expect(xml.contains("<date>\(expected)</date>"), "\(seconds)")
        }
    }
}
