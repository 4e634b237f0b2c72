import Foundation
import Testing
@testable import PlistKit

/// XML dates with a field past its range, as Apple's older writers produced them
/// (`2024-01-32T20:43:14Z`), read as the instant Foundation reads them, with a warning naming
/// the key path; strict reading refuses them.
@Suite struct XMLDateRolloverTests {
    /// Dates whose fields roll over, each read by Foundation's PropertyListSerialization and
    /// PropertyListDecoder as the same instant.
    static let rolledOver = [
        "2024-01-32T20:43:14Z", "2024-02-30T00:00:00Z", "2023-02-29T12:00:00Z", "2024-12-32T00:00:00Z",
        "2024-01-01T25:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T99:99:99Z",
        "2024-01-00T00:00:00Z", "2024-01-99T00:00:00Z", "2024-12-31T24:00:00Z", "2024-02-99T99:99:99Z",
    ]

    private static func document(_ date: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>items</key><array><string>x</string><dict><key>modified</key><date>\(date)</date></dict></array></dict></plist>".utf8)
    }

    private static func foundationDate(_ date: String) throws -> Date {
        let xml = Data("<plist version=\"1.0\"><date>\(date)</date></plist>".utf8)
        return try #require(PropertyListSerialization.propertyList(from: xml, format: nil) as? Date)
    }

    @Test(arguments: rolledOver)
    func readsTheInstantFoundationReads(_ text: String) throws {
        let document = try PlistDocument(decoding: Self.document(text))
        let expected = try Self.foundationDate(text)
        #expect(document.value[keyPath: PlistKeyPath(parsing: "items.1.modified")] == .date(expected))
        #expect(document.warnings.count == 1)
        let warning = try #require(document.warnings.first)
        #expect(warning.kind == .dateRolledOver)
        #expect(warning.keyPath == PlistKeyPath(components: ["items", "1", "modified"]))
        #expect(warning.message.contains("'\(text)'"))
    }

    @Test func theWarningNamesTheInstantReadAndTheRootHasAnEmptyPath() throws {
        let document = try PlistDocument(decoding: Data("<plist><date>2024-01-32T20:43:14Z</date></plist>".utf8))
        #expect(document.value == .date(Date(timeIntervalSinceReferenceDate: 728_512_994)))
        #expect(document.warnings == [PlistWarning(
            .dateRolledOver, at: .root,
            "The <date> '2024-01-32T20:43:14Z' names no existing day and time; it was read as 2024-02-01T20:43:14Z, as Apple's reader rolls it over.")])
    }

    @Test func datesInRangeGiveNoWarning() throws {
        let document = try PlistDocument(decoding: Self.document("2024-02-29T23:59:59Z"))
        #expect(document.warnings.isEmpty)
        #expect(document.value[keyPath: PlistKeyPath(parsing: "items.1.modified")] == .date(try Self.foundationDate("2024-02-29T23:59:59Z")))
    }

    @Test(arguments: rolledOver)
    func strictReadingRefuses(_ text: String) throws {
        let error = try #require(throws: PlistError.self) {
            try PlistDocument(decoding: Self.document(text), options: PlistReadingOptions(isStrict: true))
        }
        #expect(error.code == .corruptData)
        #expect(error.description.contains("The <date> '\(text)' names no existing day and time"))
    }

    /// Foundation's two readers disagree on months outside 1–12 (PropertyListSerialization
    /// reads 2024-00-01 as 2024-01-01 and 2024-14-01 as 2024-01-01, PropertyListDecoder as
    /// 2023-12-01 and 2025-02-01), so they are refused.
    @Test(arguments: ["2024-00-01T00:00:00Z", "2024-13-01T00:00:00Z", "2024-14-01T00:00:00Z", "2024-99-99T99:99:99Z"])
    func monthsOutOfRangeAreRefusedEvenWhenRollingOver(_ text: String) throws {
        let error = try #require(throws: PlistError.self) {
            try PlistDocument(decoding: Self.document(text))
        }
        #expect(error.description.contains("The <date> '\(text)' names no existing day and time"))
    }

    /// PlistDecoder reads the same instant Foundation's PropertyListDecoder does, and refuses
    /// the date under strict reading options.
    @Test(arguments: rolledOver)
    func plistDecoderReadsTheRolledOverDate(_ text: String) throws {
        struct Modified: Decodable { let modified: Date }
        let xml = Data("<plist version=\"1.0\"><dict><key>modified</key><date>\(text)</date></dict></plist>".utf8)
        let ours = try PlistDecoder().decode(Modified.self, from: xml)
        let foundation = try PropertyListDecoder().decode(Modified.self, from: xml)
        #expect(ours.modified == foundation.modified)
        var strict = PlistDecoder()
        strict.readingOptions.isStrict = true
        #expect(throws: DecodingError.self) { try strict.decode(Modified.self, from: xml) }
    }
}
