import Foundation
import Testing
@testable import PlistKit

/// Every XML file of the shared real-world corpus (kinds `xml` and `keyed-archive-xml`) read by
/// PlistKit's XML reader and compared with what the source repository expects and with what
/// Foundation did (CHECKS.tsv). Runs only when the corpus is present.
///
/// Where PlistKit's result differs from Foundation's, the file is listed in ``differences`` with
/// the reason; every other file must be accepted exactly when Foundation accepted it (and when
/// its repository expects it to be valid), with the same root type and element count.
@Suite struct XMLConformanceTests {
    struct Difference {
        /// Whether PlistKit reads the file.
        let accepts: Bool
        /// PlistKit's root summary when both read the file but to different values.
        var summary: String? = nil
        /// Why PlistKit and Foundation differ, and who is right.
        let reason: String
    }

    /// Files where PlistKit and Foundation disagree, each with why.
    static let differences: [String: Difference] = [
        // Foundation wrong: '>' is allowed in an attribute value; its parser ends the tag there.
        "DHowett__go-plist/testdata/xml_unusual_cases/s11.plist": Difference(
            accepts: true, summary: "dict(1)", reason: "three <key>test</key> (one as `<key Q=\">\">test</key>`): duplicates, last wins, one entry; Foundation cuts the tag at the '>' inside the attribute value and reads a second key"),
        // Foundation wrong: a comment is markup, not content; the key is empty (plistlib agrees).
        "DHowett__go-plist/testdata/xml_unusual_cases/s04.plist": Difference(
            accepts: true, reason: "<key><!-- test --></key> is an empty key with a comment; Foundation's hand-written parser mistakes '<!' for a bad CDATA opening"),
        "libimobiledevice__libplist/test/data/empty_keys.plist": Difference(
            accepts: true, reason: "same as s04: a comment inside <key>, valid XML, expected valid by libplist's tests"),
        // Foundation wrong: <data/> and empty <data></data> are both empty data.
        "patsplat__plist/test/assets/test_data_elements.plist": Difference(
            accepts: true, reason: "an empty <data/> element; Foundation refuses 'empty <data>', libplist's and Ruby plist's tests expect valid"),
        // Not well-formed XML that Foundation's lenient parser skips over; libxml2 and expat refuse.
        "DHowett__go-plist/testdata/xml_unusual_cases/s07.plist": Difference(
            accepts: false, reason: "an attribute value runs across lines and holds '<' (`<plist Q=\">`), which XML 1.0 forbids"),
        "DHowett__go-plist/testdata/xml_unusual_cases/s08.plist": Difference(
            accepts: false, reason: "text after the root element ('test' after </plist>), which XML 1.0 forbids"),
        "DHowett__go-plist/testdata/xml_unusual_cases/s09.plist": Difference(
            accepts: false, reason: "a DOCTYPE with a stray quote (`<!DOCTYPE test \">`) is not a well-formed doctype declaration"),
        "DHowett__go-plist/testdata/xml_unusual_cases/s10.plist": Difference(
            accepts: false, reason: "a start tag with an attribute without a name (`<string =\">`) is not well-formed XML"),
        "libimobiledevice__libplist/fuzz/xplist-leaks/leak-4c81aae70b20d9b9408b78d40999a54205bdcfb7": Difference(
            accepts: false, reason: "a fuzzer's DOCTYPE `<!DOCTYPE plist Pey>` is not a well-formed doctype declaration"),
        "swiftlang__swift-foundation/Tests/FoundationEssentialsTests/Resources/JSON/javascriptcore_tests.plist": Difference(
            accepts: false, reason: "holds the character reference &#8; (backspace), which XML 1.0 does not allow (§4.1, Char); expat refuses it too, and PlistKit's writer refuses such strings rather than writing an unreadable file"),
        // PlistKit is strict on base64 where Foundation and plistlib skip unknown characters.
        "libimobiledevice__libplist/fuzz/xplist-crashes/clusterfuzz-testcase-4663876528373760": Difference(
            accepts: false, reason: "a fuzzer's <data> holding '\"', spaces-free text and '=' in the middle; Foundation and plistlib drop what is not base64 and decode the rest, PlistKit refuses corrupt base64"),
    ]

    static let entries = CorpusEntry.entries(ofKinds: ["xml", "keyed-archive-xml"])

    /// A summary in the form of CHECKS.tsv's foundation_result (`dict(3)`, `number`, …),
    /// without the number's Objective-C type.
    static func summary(_ value: PlistValue) -> String {
        switch value {
        case .dictionary(let dictionary): return "dict(\(dictionary.count))"
        case .array(let elements): return "array(\(elements.count))"
        case .integer, .real, .boolean: return "number"
        case .string: return "string"
        case .data: return "data"
        case .date: return "date"
        case .uid: return "_NSKeyedArchiverUID"
        }
    }

    @Test(arguments: entries)
    func readsCorpusFile(_ entry: CorpusEntry) throws {
        let data = try entry.data()
        var value: PlistValue?
        var failure: PlistError?
        do {
            value = try PlistValue(decoding: data, format: .xml)
        } catch let error as PlistError {
            failure = error
            if case .line = error.location {} else if case .byteOffset = error.location {} else {
                Issue.record("\(entry.path): an error without a location: \(error)")
            }
        }
        let accepted = value != nil
        if let difference = Self.differences[entry.path] {
            #expect(accepted == difference.accepts, "\(entry.path): \(difference.reason); got \(failure.map { "\($0)" } ?? "a value")")
            if let summary = difference.summary, let value {
                #expect(Self.summary(value) == summary, "\(entry.path)")
                #expect(Self.foundationSummary(entry) != summary, "\(entry.path) is listed as a difference but agrees with Foundation")
            } else {
                #expect(accepted != entry.foundationAccepted, "\(entry.path) is listed as a difference but agrees with Foundation")
            }
            return
        }
        switch entry.expected {
        case "valid": #expect(accepted, "\(entry.path) is valid but: \(failure.map { "\($0)" } ?? "")")
        case "invalid": #expect(!accepted, "\(entry.path) is invalid but was read")
        default: break
        }
        #expect(accepted == entry.foundationAccepted, "\(entry.path): Foundation \(entry.foundationResult); PlistKit \(failure.map { "\($0)" } ?? "a value")")
        if let value, let foundationSummary = Self.foundationSummary(entry) {
            #expect(Self.summary(value) == foundationSummary, "\(entry.path)")
        }
    }

    /// Foundation's root summary from CHECKS.tsv (`plist: ok xml dict(4) | archive: …` gives
    /// `dict(4)`, `number(q)` gives `number`), or `nil` when it did not read the file.
    static func foundationSummary(_ entry: CorpusEntry) -> String? {
        let prefix = "plist: ok xml "
        guard entry.foundationResult.hasPrefix(prefix) else { return nil }
        var summary = String(entry.foundationResult.dropFirst(prefix.count))
        if let bar = summary.range(of: " | ") { summary = String(summary[..<bar.lowerBound]) }
        if summary.hasPrefix("number(") { summary = "number" }
        return summary
    }

    @Test func everyListedDifferenceIsInTheCorpus() {
        guard !Self.entries.isEmpty else { return }
        let paths = Set(Self.entries.map(\.path))
        for path in Self.differences.keys { #expect(paths.contains(path), "\(path) is not an XML corpus file") }
    }
}
