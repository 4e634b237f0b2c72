import Foundation
import Testing
@testable import PlistKit

/// Outside strict writing, values XML cannot hold are found by the XML writer itself rather
/// than by ConversionLossAnalyzer's walk; the error must be the one the walk reports: the same
/// words, and the first such value in the walk's order (stored key order, containers before
/// their children), even when the writer sorts keys and meets another bad value first.
@Suite struct XMLUnrepresentableReportTests {
    static let trees: [PlistValue] = [
        // Two bad strings: "z" is stored first, "a" is written first (keys sorted).
        .dictionary(PlistDictionary([("z", .string("bad\u{1}")), ("a", .string("also\u{2}"))])),
        // A bad key beside a bad value; the dictionary itself is reported for its key.
        .dictionary(PlistDictionary([("ok", .array([.string("x\u{FFFF}")])), ("k\u{FFFE}", .integer(1))])),
        // A date XML cannot write, after good values, deep down.
        .array([.string("fine"), .array([.dictionary(PlistDictionary([("when", .date(Date(timeIntervalSinceReferenceDate: .infinity)))]))])]),
        .array([.date(Date(timeIntervalSinceReferenceDate: 1e300)), .string("\u{0}")]),
        .string("root\u{1F}"),
    ]

    @Test(arguments: trees)
    func writerReportsWhatTheAnalyzerReports(_ tree: PlistValue) throws {
        // Strict writing runs the analyzer's check; `.preserved` keeps it from also finding
        // key-order losses, so both report only the unrepresentable value.
        let analyzed = try #require(throws: PlistError.self) {
            try tree.encoded(as: .xml, options: PlistWritingOptions(keyOrder: .preserved, isStrict: true))
        }
        for keyOrder in [PlistWritingOptions.KeyOrder.formatDefault, .preserved] {
            let written = try #require(throws: PlistError.self) {
                try tree.encoded(as: .xml, options: PlistWritingOptions(keyOrder: keyOrder))
            }
            #expect(written.code == .unrepresentableValue)
            #expect(written.description == analyzed.description)
        }
    }
}
