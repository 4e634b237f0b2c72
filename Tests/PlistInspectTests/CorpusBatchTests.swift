import Foundation
import Testing
import PlistKit

/// Batches over the shared real-world corpus (602 files from other projects' test suites,
/// many malformed on purpose): every file gets a result, none stops the batch, and the tool
/// never dies of a signal.
@Suite(.enabled(if: CLIRunner.corpus != nil, "the shared corpus is not present"))
struct CorpusBatchTests {
    static let files: [String] = {
        guard let corpus = CLIRunner.corpus,
              let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return manifest.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: "\t").first.map { corpus.appendingPathComponent(String($0)).path }
        }
    }()

    @Test func lintReportsEveryFileInParallel() throws {
        #expect(Self.files.count > 500)
        let result = try CLIRunner.run(["lint", "--jobs", "2", "--json"] + Self.files)
        #expect(result.status == 0 || result.status == 1)
        let report = try PlistValue(decoding: result.stdout, format: .json)
        let entries = try #require(report["files"]?.array)
        #expect(entries.count == Self.files.count)
        #expect(report["checked"] == .integer(PlistInteger(Int64(Self.files.count))))
        // Files come back in the order given, each either OK or with a located reason.
        for (entry, file) in zip(entries, Self.files) {
            #expect(entry["file"] == .string(file))
            if entry["ok"] == .boolean(false) {
                #expect(entry["exitCode"] == .integer(65) || entry["exitCode"] == .integer(66))
                #expect(entry["error"]?.string?.hasSuffix(".") == true)
            }
        }
    }

    @Test func printAndPlutilPrintSurviveEveryFile() throws {
        let tree = try CLIRunner.run(["print"] + Self.files)
        #expect(tree.status == 0 || tree.status == 1 || tree.status == 65)
        let plutil = try CLIRunner.run(["plutil", "-p"] + Self.files)
        #expect(plutil.status == 0 || plutil.status == 1)
        // Each failure is one line naming its file.
        for line in plutil.stderrText.split(separator: "\n") {
            #expect(Self.files.contains { line.hasPrefix($0 + ": ") }, "\(line)")
        }
        #expect(!plutil.stdout.isEmpty)
    }
}
