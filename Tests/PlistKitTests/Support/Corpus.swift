import Foundation

/// One file of the shared real-world corpus, with what its source repository expects of it
/// and what Foundation and plistlib did with it (see `../shared/corpus/README.txt`).
struct CorpusEntry: CustomStringConvertible, Sendable {
    /// The path below the corpus folder.
    let path: String
    /// `binary`, `xml`, `json`, `openstep`, `strings`, `keyed-archive-binary`, `keyed-archive-xml`,
    /// `invalid` or `other`, sniffed from the content.
    let kind: String
    /// `valid`, `invalid` or `unknown`, from the source repository's own tests.
    let expected: String
    /// Foundation's result, e.g. `plist: ok xml dict(1)` or `plist: error …`.
    let foundationResult: String
    /// plistlib's result.
    let plistlibResult: String

    var description: String { path }

    /// Whether Foundation read the file.
    var foundationAccepted: Bool { foundationResult.contains(": ok") }
    /// Whether plistlib read the file.
    var plistlibAccepted: Bool { plistlibResult.contains(": ok") }

    /// The file's bytes.
    func data() throws -> Data {
        try Data(contentsOf: Fixtures.corpus!.appendingPathComponent(path))
    }

    /// Every entry, or none when the corpus is absent.
    static let all: [CorpusEntry] = {
        guard let corpus = Fixtures.corpus,
              let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8),
              let checks = try? String(contentsOf: corpus.appendingPathComponent("CHECKS.tsv"), encoding: .utf8)
        else { return [] }
        var results: [String: (String, String)] = [:]
        for line in checks.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5 else { continue }
            results[fields[0]] = (fields[3], fields[4])
        }
        return manifest.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 7 else { return nil }
            let (foundation, plistlib) = results[fields[0]] ?? ("", "")
            return CorpusEntry(path: fields[0], kind: fields[5], expected: fields[6],
                               foundationResult: foundation, plistlibResult: plistlib)
        }
    }()

    /// The entries of the given kinds.
    static func entries(ofKinds kinds: Set<String>) -> [CorpusEntry] {
        all.filter { kinds.contains($0.kind) }
    }
}
