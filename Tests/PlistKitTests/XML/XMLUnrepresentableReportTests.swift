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

    /// Records that share one key array (as decoded records do) have their keys scanned once;
    /// a record with other keys is still scanned, and a bad shared array is reported at its
    /// first record.
    @Test func recordsSharingKeysAreCheckedByTheirOwnKeys() throws {
        let shared = ["name", "size"]
        func record(_ keys: [String]) -> PlistValue {
            .dictionary(PlistDictionary(readingKeys: keys, values: [.string("x"), .integer(1)]))
        }
        let strict = PlistWritingOptions(keyOrder: .preserved, isStrict: true)
        let badLast = PlistValue.array([record(shared), record(shared), record(["name", "si\u{1}ze"])])
        let last = try #require(throws: PlistError.self) { try badLast.encoded(as: .xml, options: strict) }
        #expect(last.code == .unrepresentableValue)
        #expect(last.location == .keyPath(PlistKeyPath(components: ["2"])))

        let badShared = ["na\u{FFFF}me", "size"]
        let badFirst = PlistValue.array([record(["name", "size"]), record(badShared), record(badShared)])
        let first = try #require(throws: PlistError.self) { try badFirst.encoded(as: .xml, options: strict) }
        #expect(first.location == .keyPath(PlistKeyPath(components: ["1"])))
        #expect(first.description.contains("U+FFFF"))
    }
}
