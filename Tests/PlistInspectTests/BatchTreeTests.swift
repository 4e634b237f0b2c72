import Foundation
import Testing
import PlistKit

/// convert, lint and unarchive over directory trees: --recursive, --include/--exclude,
/// --output-dir mirroring, and the --report JSON Lines.
@Suite struct BatchTreeTests {
    /// A tree: `app/Info.plist` (XML), `app/Sub/data.bplist` (binary), `app/broken.plist`
    /// (not a property list), `app/notes.txt`, and a link back to the top.
    private func makeTree() throws -> URL {
        let directory = try CLIRunner.scratch(copying: ["Info.plist", "Info.bplist"])
        let app = directory.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: directory.appendingPathComponent("Info.plist"), to: app.appendingPathComponent("Info.plist"))
        try FileManager.default.moveItem(at: directory.appendingPathComponent("Info.bplist"), to: app.appendingPathComponent("Sub/data.bplist"))
        try Data("{ unterminated".utf8).write(to: app.appendingPathComponent("broken.plist"))
        try Data("not a plist at all".utf8).write(to: app.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Sub/loop").path, withDestinationPath: "..")
        return directory
    }

    /// The report's records, read by Foundation's JSON reader (they hold nulls, which a
    /// property list has no value for).
    private func reportLines(_ url: URL) throws -> [[String: Any]] {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func convertMirrorsATreeAndReportsEachFile() throws {
        let directory = try makeTree()
        let result = try CLIRunner.run(
            ["convert", "-f", "json", "--tagged", "--recursive", "--exclude", "*.txt", "--output-dir", "out", "--report", "report.jsonl", "--jobs", "2", "app"],
            in: directory)
        #expect(result.status == 65, "\(result.stderrText)")
        #expect(result.stderrText.contains("2 of 3 files converted, 1 failed."))
        let out = directory.appendingPathComponent("out")
        let converted = try PlistValue(decoding: Data(contentsOf: out.appendingPathComponent("Info.json")), options: PlistReadingOptions(readsTaggedJSON: true))
        #expect(try converted == PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("app/Info.plist"))))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Sub/data.json").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("broken.json").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("notes.json").path))

        let records = try reportLines(directory.appendingPathComponent("report.jsonl"))
        // In the order of the paths, though two jobs ran at once.
        #expect(records.map { $0["path"] as? String ?? "" } == ["app/Info.plist", "app/Sub/data.bplist", "app/broken.plist"])
        guard records.count == 3 else { return }
        let (info, data, broken) = (records[0], records[1], records[2])
        #expect(info["verdict"] as? String == "ok")
        #expect(info["format"] as? String == "xml1")
        #expect(info["error"] is NSNull)
        #expect(info["seconds"] as? Double != nil)
        #expect(data["format"] as? String == "binary1")
        #expect(broken["verdict"] as? String == "failed")
        #expect(broken["exitCode"] as? Int == 65)
        #expect(broken["format"] is NSNull)
        #expect((broken["error"] as? String)?.contains("line 1") == true)
    }

    @Test func includeChoosesAndADirectoryNeedsRecursive() throws {
        let directory = try makeTree()
        let lint = try CLIRunner.run(["lint", "--recursive", "--include", "*.plist", "app"], in: directory)
        #expect(lint.status == 1)
        #expect(lint.stdoutText == "app/Info.plist: OK\n")
        #expect(lint.stderrText.contains("app/broken.plist:"))
        #expect(!lint.stderrText.contains("data.bplist") && !lint.stdoutText.contains("data.bplist"))

        let bare = try CLIRunner.run(["lint", "app"], in: directory)
        #expect(bare.status == 64)
        #expect(bare.stderrText.contains("'app' is a directory; --recursive takes the files under it."))
        let filterAlone = try CLIRunner.run(["lint", "--include", "*.plist", "app/Info.plist"], in: directory)
        #expect(filterAlone.status == 64)
    }

    @Test func unarchiveMirrorsArchives() throws {
        let directory = try CLIRunner.scratch(copying: ["plain.archive", "people.archive"], from: "archives")
        let several = try CLIRunner.run(["unarchive", "-f", "json", "plain.archive", "people.archive"], in: directory)
        #expect(several.status == 64)
        let result = try CLIRunner.run(
            ["unarchive", "-f", "json", "--recursive", "--include", "*.archive", "--output-dir", "trees", "--report", "-", "."], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        for name in ["plain", "people"] {
            let tree = try PlistValue(
                decoding: Data(contentsOf: directory.appendingPathComponent("trees/\(name).json")), options: PlistReadingOptions(readsTaggedJSON: true))
            #expect(tree["root"] != nil)
        }
        #expect(result.stdoutText.split(separator: "\n").count == 2)
        #expect(result.stdoutText.contains(#""verdict":"ok""#))
    }
}
