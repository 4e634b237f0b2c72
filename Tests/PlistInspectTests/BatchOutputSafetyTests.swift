import Foundation
import Testing
import PlistKit

/// Batches neither lose nor leak files: outputs are planned before anything is written
/// (collisions refused), links out of the trees given are skipped, an extension is a name,
/// `--update` reruns, and the report's `error` field has no path in it.
@Suite struct BatchOutputSafetyTests {
    /// Writes `value` to `path` (under `directory`) in `format`, making the folders between.
    @discardableResult
    private func write(_ value: PlistValue, as format: PlistFormat = .xml, to path: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try value.encoded(as: format).write(to: url)
        return url
    }

    private func link(_ path: String, to destination: String, in directory: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(path).path, withDestinationPath: destination)
    }

    /// Every file under `directory`, relative, with its bytes: a snapshot to compare.
    private func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: directory.path)
        while let path = walker?.nextObject() as? String {
            let url = directory.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    private func reportLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    // MARK: - Collisions

    @Test(arguments: ["1", "2"])
    func twoInputsWithOneOutputAreRefused(jobs: String) throws {
        let directory = try CLIRunner.scratch()
        try write(["A": "a"], to: "a/x.plist", in: directory)
        try write(["B": "b"], to: "b/x.plist", in: directory)
        let result = try CLIRunner.run(
            ["convert", "-f", "json", "a/x.plist", "b/x.plist", "--output-dir", "o", "--jobs", jobs], in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("""
            Error: Nothing was written: each output must be its input's alone.
              'a/x.plist' and 'b/x.plist' would both be written to 'o/x.json'.
            Usage: plist-inspect convert
            """))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("o").path))
    }

    /// `same.json` converted to XML with `-e plist` would be written over the binary
    /// `same.plist`, another input, perhaps before it is read.
    @Test(arguments: ["1", "2"])
    func anOutputOverAnotherInputIsRefused(jobs: String) throws {
        let directory = try CLIRunner.scratch()
        let binary = try write(["Kept": "binary"], as: .binary, to: "t/same.plist", in: directory)
        try write(["From": "json"], as: .json, to: "t/same.json", in: directory)
        let before = try snapshot(directory)
        let result = try CLIRunner.run(["convert", "-f", "xml", "-e", "plist", "-R", "t", "--jobs", jobs], in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText.contains(
            "\n  't/same.json' would be written to 't/same.plist', replacing the input 't/same.plist'.\n"))
        #expect(try snapshot(directory) == before)
        #expect(try PlistValue(decoding: Data(contentsOf: binary))["Kept"] == "binary")
    }

    /// Two names of one file (a link beside its target) rewritten in place write one file twice.
    @Test func twoNamesOfOneFileInPlaceAreRefused() throws {
        let directory = try CLIRunner.scratch()
        try write(["K": "v"], to: "t/real.plist", in: directory)
        try link("t/alias.plist", to: "real.plist", in: directory)
        let result = try CLIRunner.run(["convert", "-f", "binary", "--in-place", "-R", "t"], in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText.contains("'t/alias.plist' and 't/real.plist' would both be written to 't/real.plist'."))
    }

    /// unarchive --output-dir plans its outputs the same way.
    @Test func unarchiveRefusesTwoArchivesWithOneOutput() throws {
        let directory = try CLIRunner.scratch(copying: ["plain.archive"], from: "archives")
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: directory.appendingPathComponent("plain.archive"), to: directory.appendingPathComponent("\(folder)/plain.archive"))
        }
        let result = try CLIRunner.run(
            ["unarchive", "-f", "json", "a/plain.archive", "b/plain.archive", "--output-dir", "trees"], in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText.contains("\n  'a/plain.archive' and 'b/plain.archive' would both be written to 'trees/plain.json'.\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("trees").path))
    }

    // MARK: - Links out of the tree

    @Test func inPlaceSkipsALinkToAFileOutsideTheTree() throws {
        let directory = try CLIRunner.scratch()
        let secret = try write(["Secret": "s"], to: "outside/secret.plist", in: directory)
        let before = try Data(contentsOf: secret)
        try write(["K": "v"], to: "tree/a.plist", in: directory)
        try link("tree/link.plist", to: "../outside/secret.plist", in: directory)
        let result = try CLIRunner.run(
            ["convert", "-f", "binary", "--in-place", "-R", "tree", "--jobs", "2", "--report", "-"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try Data(contentsOf: secret) == before)
        #expect(PlistFormat(detecting: try Data(contentsOf: directory.appendingPathComponent("tree/a.plist"))) == .binary)
        let target = secret.resolvingSymlinksInPath().path
        let reason = "It is a symbolic link to '\(target)', outside the directories given; it was skipped."
        #expect(result.stderrText == "warning: tree/link.plist: \(reason)\n1 of 2 files converted, 1 skipped, 0 failed.\n")
        let records = try reportLines(result.stdoutText)
        #expect(records.map { $0["verdict"] as? String } == ["ok", "skipped"])
        #expect(records.last?["error"] as? String == reason)
        #expect(records.last?["exitCode"] as? Int == 0)
    }

    /// A one-word file outside, reached by a link, would be copied into the output (it
    /// parses as an OpenStep string). A link to a file inside the tree is an input like any.
    @Test func outputDirDoesNotCopyALinkedFileOut() throws {
        let directory = try CLIRunner.scratch()
        try Data("hunter2".utf8).write(to: directory.appendingPathComponent("token"))
        try write(["K": "v"], to: "tree/sub/real.plist", in: directory)
        try link("tree/token.plist", to: "../token", in: directory)
        try link("tree/alias.plist", to: "sub/real.plist", in: directory)
        let result = try CLIRunner.run(["convert", "-f", "json", "-R", "tree", "--output-dir", "o"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("warning: tree/token.plist: It is a symbolic link to "))
        #expect(result.stderrText.hasSuffix("2 of 3 files converted, 1 skipped, 0 failed.\n"))
        let written = try snapshot(directory.appendingPathComponent("o"))
        #expect(Set(written.keys) == ["alias.json", "sub/real.json"])
        #expect(!written.values.contains { String(decoding: $0, as: UTF8.self).contains("hunter2") })
    }

    /// lint reads no file outside the tree either.
    @Test func lintSkipsALinkOutOfTheTree() throws {
        let directory = try CLIRunner.scratch()
        try write(["K": "v"], to: "outside/x.plist", in: directory)
        try write(["K": "v"], to: "tree/a.plist", in: directory)
        try link("tree/x.plist", to: "../outside/x.plist", in: directory)
        let result = try CLIRunner.run(["lint", "-R", "tree"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == "tree/a.plist: OK\n")
        #expect(result.stderrText.contains("warning: tree/x.plist: It is a symbolic link to "))
    }

    /// An output beside its input that is a link out of the tree would write where it leads.
    @Test func anOutputThatLinksOutOfTheTreeIsSkipped() throws {
        let directory = try CLIRunner.scratch()
        let victim = directory.appendingPathComponent("victim.json")
        try Data("keep".utf8).write(to: victim)
        try write(["K": "v"], to: "tree/a.plist", in: directory)
        try write(["K": "w"], to: "tree/b.plist", in: directory)
        try link("tree/a.json", to: "../victim.json", in: directory)
        let result = try CLIRunner.run(["convert", "-f", "json", "-e", "json", "-R", "--include", "*.plist", "tree"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        #expect(result.stderrText.contains("warning: tree/a.plist: Its output 'tree/a.json' leads to '\(victim.resolvingSymlinksInPath().path)', outside the directories given; it was skipped.\n"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("tree/b.json").path))
    }

    // MARK: - Extensions

    /// `-e '/../../..'` with a folder named `x.` would climb out of --output-dir.
    @Test(arguments: [["--output-dir", "o"], []])
    func anExtensionIsANameNotAPath(placement: [String]) throws {
        let directory = try CLIRunner.scratch()
        try write(["K": "v"], to: "t/x./f", in: directory)
        let before = try snapshot(directory)
        let result = try CLIRunner.run(["convert", "-f", "json", "-R", "t", "-e", "/../../.."] + placement, in: directory)
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("Error: The extension '/../../..' is a name, not a path: it may not contain '/'.\n"))
        #expect(try snapshot(directory) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["t"])
    }

    /// plutil mode's `-e` is the same name: `plutil -convert json -e /../x` would write a
    /// file named by a path that climbs out of the input's folder.
    @Test func plutilsExtensionIsANameNotAPath() throws {
        let directory = try CLIRunner.scratch()
        try write(["K": "v"], to: "t/f.plist", in: directory)
        let before = try snapshot(directory)
        let result = try CLIRunner.run(["plutil", "-convert", "json", "-e", "/../../escaped", "t/f.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText == "The extension '/../../escaped' is a name, not a path: it may not contain '/'.\n")
        #expect(try snapshot(directory) == before)
    }

    // MARK: - Reruns

    @Test func updateConvertsOnlyInputsNewerThanTheirOutputs() throws {
        let directory = try CLIRunner.scratch()
        let old = Date(timeIntervalSince1970: 1_600_000_000), new = Date(timeIntervalSince1970: 1_700_000_000)
        let fresh = try write(["K": "fresh"], to: "t/fresh.plist", in: directory)
        let stale = try write(["K": "stale"], to: "t/stale.plist", in: directory)
        try write(["K": "new"], to: "t/new.plist", in: directory)
        let freshOutput = directory.appendingPathComponent("o/fresh.json"), staleOutput = directory.appendingPathComponent("o/stale.json")
        try FileManager.default.createDirectory(at: freshOutput.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"K":"kept"}"#.utf8).write(to: freshOutput)
        try Data(#"{"K":"outdated"}"#.utf8).write(to: staleOutput)
        // fresh.json is as new as its input (not older: left alone); stale.json is older.
        for (url, date) in [(fresh, old), (freshOutput, old), (stale, new), (staleOutput, old)] {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        }
        let result = try CLIRunner.run(
            ["convert", "-f", "json", "-R", "t", "--output-dir", "o", "--update", "--jobs", "2", "--report", "r.jsonl"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText == "2 of 3 files converted, 1 skipped, 0 failed.\n")
        #expect(try Data(contentsOf: freshOutput) == Data(#"{"K":"kept"}"#.utf8))
        #expect(try PlistValue(decoding: Data(contentsOf: staleOutput))["K"] == "stale")
        #expect(try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("o/new.json")))["K"] == "new")
        let records = try reportLines(String(decoding: try Data(contentsOf: directory.appendingPathComponent("r.jsonl")), as: UTF8.self))
        #expect(records.map { $0["path"] as? String } == ["t/fresh.plist", "t/new.plist", "t/stale.plist"])
        #expect(records.map { $0["verdict"] as? String } == ["up-to-date", "ok", "ok"])
        #expect(records.first?["error"] is NSNull)

        // A second run finds everything up to date and writes nothing.
        let again = try CLIRunner.run(["convert", "-f", "json", "-R", "t", "--output-dir", "o", "--update"], in: directory)
        #expect(again.stderrText == "0 of 3 files converted, 3 skipped, 0 failed.\n")
    }

    @Test func updateNeedsOutputsOfTheirOwn() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"])
        let inPlace = try CLIRunner.run(["convert", "-f", "binary", "--in-place", "--update", "Info.plist"], in: directory)
        #expect(inPlace.status == 64)
        #expect(inPlace.stderrText.hasPrefix("Error: --update compares each input with its output: use it with -o, -e or --output-dir.\n"))
        let toStandardOutput = try CLIRunner.run(["convert", "-f", "json", "--update", "Info.plist"], in: directory)
        #expect(toStandardOutput.status == 64)
        // -e with the input's own extension converts in place: the file is never its own
        // up-to-date output.
        let sameName = try CLIRunner.run(["convert", "-f", "binary", "-e", "plist", "--update", "Info.plist"], in: directory)
        #expect(sameName.status == 0, "\(sameName.stderrText)")
        #expect(PlistFormat(detecting: try Data(contentsOf: directory.appendingPathComponent("Info.plist"))) == .binary)
    }

    // MARK: - The report

    /// The `error` field is the message without the file's name, as the documentation says.
    @Test func theReportsErrorHasNoPath() throws {
        let directory = try CLIRunner.scratch()
        try Data("{ unterminated".utf8).write(to: directory.appendingPathComponent("broken.plist"))
        try write(["Date": .date(Date(timeIntervalSinceReferenceDate: 0))], to: "dated.plist", in: directory)
        let result = try CLIRunner.run(
            ["convert", "-f", "json", "-e", "json", "broken.plist", "missing.plist", "dated.plist", "--report", "-"], in: directory)
        #expect(result.status == 1)
        let messages = result.stderrText.split(separator: "\n").filter { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) }
        #expect(messages.count == 3)
        let records = try reportLines(result.stdoutText)
        #expect(records.count == 3)
        guard records.count == 3, messages.count == 3 else { return }
        let errors = records.compactMap { $0["error"] as? String }
        #expect(errors[0] == String(messages[0].dropFirst("broken.plist: ".count)))
        #expect(errors[1] == "No such file.")
        #expect(messages[1] == "Cannot read 'missing.plist': No such file.")
        #expect(errors[2] == String(messages[2].dropFirst("dated.plist: ".count)))
        #expect(!errors.contains { $0.contains(".plist") })
    }
}
