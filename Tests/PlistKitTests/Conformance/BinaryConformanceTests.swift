import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Every binary plist and binary keyed archive of the shared real-world corpus
/// (`../shared/corpus`), read by PlistKit and compared with what Foundation on this machine
/// did with it (CHECKS.tsv). Runs only when the corpus is present.
///
/// Foundation is run in-process only on files it is recorded as having read: it crashes on
/// some hostile input, and the rest are not fed to it.
@Suite struct BinaryConformanceTests {
    /// How PlistKit's result differs from Foundation's on a file, and why. Every entry must
    /// still differ as stated (the test fails when a difference disappears).
    enum Difference {
        /// Foundation read the file; PlistKit rejects it.
        case weReject(String)
        /// Foundation rejected the file; PlistKit reads it.
        case weAccept(String)
        /// Both read the file, to different values.
        case differentValue(String)
    }

    static let differences: [String: Difference] = [
        "libimobiledevice__libplist/fuzz/bplist-crashes/crash-39f1347115f8fe9ac25cdc9332e3fc5cd32c7f7b": .weReject(
            "A dictionary key is an integer. CoreFoundation accepts any scalar as a key, but a property "
                + "list's keys are strings (XML, OpenStep and PlistValue cannot hold others), so we reject it."),
        "swiftlang__swift-foundation/Tests/FoundationEssentialsTests/Resources/Test_82142612.bad": .weReject(
            "A dictionary key is a data object (swift-foundation keeps this file as a known-bad input). "
                + "Property list keys are strings; we reject it rather than invent a key."),
        "wooster__biplist/tests/data/sorted.plist": .weAccept(
            "A well-formed bplist00 holding a set of three strings and a dictionary. Foundation on Linux "
                + "crashes (signal 11) on it and plistlib has no sets; we read the set as an array and warn."),
    ]

    static var entries: [CorpusEntry] { CorpusEntry.entries(ofKinds: ["binary", "keyed-archive-binary"]) }

    @Test func readsEveryCorpusBinaryAsFoundationDoesOrSaysWhy() throws {
        let entries = Self.entries
        guard !entries.isEmpty else { return }  // No corpus here: nothing to compare.
        var unexplained: [String] = []
        for entry in entries {
            let bytes = try entry.data()
            let ours = Result { try PlistValue(decoding: bytes, format: .binary) }
            if case .failure(let error) = ours {
                // Whatever the input, a failure is a typed error with a place.
                #expect(error is PlistError, "\(entry.path): \(error)")
            }
            let difference = Self.differences[entry.path]
            if entry.foundationAccepted {
                // Foundation may return what a property-list value cannot hold (a non-string
                // key, an NSNull); the table must then explain why we reject the file.
                let foundation = try? PlistValue(
                    propertyList: PropertyListSerialization.propertyList(from: bytes, options: [], format: nil))
                switch (ours, difference) {
                case (.success, nil) where foundation == nil:
                    unexplained.append("\(entry.path): Foundation's result cannot be bridged, yet we read the file")
                case (.success(let value), nil):
                    if value != foundation { unexplained.append("\(entry.path): values differ") }
                case (.success(let value), .differentValue?):
                    #expect(value != foundation, "\(entry.path) is listed as differing but no longer does")
                case (.failure(let error), .weReject?):
                    _ = error  // Explained in the table.
                case (.failure(let error), _):
                    unexplained.append("\(entry.path): we reject what Foundation reads: \(error)")
                case (.success, _):
                    unexplained.append("\(entry.path): listed as rejected or accepted, but both read it")
                }
            } else {
                switch (ours, difference) {
                case (.failure, nil):
                    break
                case (.success, .weAccept?):
                    break
                case (.success(let value), _):
                    unexplained.append("\(entry.path): we read what Foundation rejects (\(entry.foundationResult)) as \(value.kind)")
                case (.failure, _):
                    unexplained.append("\(entry.path): listed as a difference, but both reject it")
                }
            }
            if entry.expected == "valid", case .failure(let error) = ours, difference == nil {
                unexplained.append("\(entry.path): the source repository marks it valid, but we reject it: \(error)")
            }
            // For keyed archives, "invalid" concerns the archive (missing $top, bad classes), not
            // the plist, so only plain binaries are held to it here.
            if entry.kind == "binary", entry.expected == "invalid", case .success = ours, difference == nil {
                unexplained.append("\(entry.path): the source repository marks it invalid, but we read it")
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    }
}
