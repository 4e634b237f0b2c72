import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Every JSON, OpenStep and `.strings` file of the shared real-world corpus (see
/// `CorpusEntry`): valid files read, invalid ones refused, and for the rest the same verdict as
/// Foundation, except where the table below says why PlistKit differs. Without the corpus the
/// suite has nothing to check.
@Suite struct TextFormatsConformanceTests {
    static let entries = CorpusEntry.entries(ofKinds: ["json", "openstep", "strings"])

    /// Files where PlistKit's verdict differs from the source repository's expectation or from
    /// Foundation's result on this machine, keyed by the end of their path.
    static let differences: [String: (accepted: Bool, why: String)] = [
        "JSON/fail/fail1.json": (true, """
            JSON_checker's rule that the top level must be an object or an array predates RFC 8259, \
            which allows any value; Foundation (with fragments allowed) reads it too.
            """),
        "JSON/pass/pass9.json": (false, "It holds null, which no property-list type can hold."),
        "JSON/pass/pass15.json": (false, "It holds null, which no property-list type can hold."),
        "Benchmarks/JSON/Resources/twitter.json": (false, "It holds null, which no property-list type can hold."),
        "JSON5/pass/example.json5": (false, "JSON5 (comments, unquoted keys), not RFC 8259; Foundation reads it only with JSONDecoder's json5 option."),
        "JSON5/pass/hex.json5": (false, "JSON5 hexadecimal numbers, not RFC 8259."),
        "JSON5/pass/numbers.json5": (false, "JSON5 unquoted keys and number forms, not RFC 8259."),
        "JSON5/pass/strings.json5": (false, "JSON5 single-quoted strings, not RFC 8259."),
        "JSON5/pass/whitespace.json5": (false, "JSON5 comments and white space, not RFC 8259."),
    ]

    static func explanation(for entry: CorpusEntry) -> (accepted: Bool, why: String)? {
        differences.first { entry.path.hasSuffix($0.key) }?.value
    }

    /// Foundation's verdict on the file in its own format: JSONSerialization for JSON,
    /// PropertyListSerialization for OpenStep (CHECKS.tsv records both for JSON files).
    static func foundationAccepted(_ entry: CorpusEntry) -> Bool {
        let segments = entry.foundationResult.components(separatedBy: " | ")
        let prefix = entry.kind == "json" ? "json:" : "plist:"
        return segments.first { $0.hasPrefix(prefix) }?.contains(": ok") ?? false
    }

    @Test func readsTheCorpusTextFiles() throws {
        var checked = 0
        for entry in Self.entries {
            let data = try entry.data()
            let format: PlistFormat = entry.kind == "json" ? .json : .openStep
            var value: PlistValue? = nil
            do {
                value = try PlistValue(decoding: data, format: format)
            } catch let error as PlistError {
                #expect(error.location != nil, "\(entry): \(error) has no location")
            } catch {
                Issue.record("\(entry): untyped error \(error)")
            }
            let expected: Bool
            if let explained = Self.explanation(for: entry) {
                expected = explained.accepted
            } else if entry.expected == "valid" {
                expected = true
            } else if entry.expected == "invalid" {
                expected = false
            } else {
                expected = Self.foundationAccepted(entry)
            }
            #expect((value != nil) == expected, "\(entry): expected \(expected ? "accepted" : "refused")")
            checked += 1
            guard let value else { continue }
            // Whatever we read, tagged JSON carries back exactly.
            let tagged = try value.encoded(as: .json, options: PlistWritingOptions(jsonStyle: .tagged))
            #expect(try PlistValue(decoding: tagged, format: .json, options: PlistReadingOptions(readsTaggedJSON: true)) == value,
                    "\(entry)")
        }
        #expect(checked == Self.entries.count)
    }

    /// For the valid OpenStep and .strings files Foundation read, our values equal Foundation's.
    /// These are real projects' files that Foundation already read without trouble (CHECKS.tsv),
    /// not fuzzer output, so running Foundation on them in-process is safe.
    @Test func readsOpenStepAsFoundationDoes() throws {
        for entry in Self.entries where entry.kind != "json" && entry.expected == "valid" && Self.foundationAccepted(entry) {
            let data = try entry.data()
            let ours = try PlistValue(decoding: data, format: .openStep)
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(try ours == PlistValue(propertyList: object), "\(entry)")
        }
    }

    /// For the valid JSON files both read, our values equal JSONSerialization's, up to the
    /// places where Foundation on Linux is lossy (integers of 19+ digits as doubles, reals not
    /// correctly rounded, booleans as numbers, U+FEFF dropped; see `JSONRoundTripTests.firstDifference`). The
    /// files are real projects' data that Foundation read without trouble (CHECKS.tsv).
    @Test func readsJSONAsFoundationDoes() throws {
        var compared = 0
        for entry in Self.entries where entry.kind == "json" && entry.expected == "valid" && Self.foundationAccepted(entry) {
            let data = try entry.data()
            guard let ours = try? PlistValue(decoding: data, format: .json) else { continue }  // null: see the table
            let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let theirs = try PlistValue(propertyList: object)
            if let difference = JSONRoundTripTests.firstDifference(theirs, ours) {
                Issue.record("\(entry): \(difference)")
            }
            compared += 1
        }
        #expect(Self.entries.isEmpty || compared > 20)
    }

    /// Every difference listed is still a difference: a stale entry fails.
    @Test func explainsOnlyRealDifferences() throws {
        guard !Self.entries.isEmpty else { return }
        for (suffix, explained) in Self.differences {
            let matches = Self.entries.filter { $0.path.hasSuffix(suffix) }
            #expect(matches.count == 1, "\(suffix) should name one corpus file")
            for entry in matches {
                let differsFromExpectation = entry.expected == "valid" ? !explained.accepted : explained.accepted
                #expect(differsFromExpectation || explained.accepted != Self.foundationAccepted(entry), "\(suffix)")
            }
        }
    }
}
