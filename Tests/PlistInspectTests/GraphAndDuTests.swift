import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `graph` and `du` end to end: DOT and pictures through Graphviz, the limits' notes, exit
/// statuses, sizes that add up, and the expansion bombs.
@Suite struct GraphAndDuTests {
    static let testData = CLIRunner.packageRoot.appendingPathComponent("TestData")
    static let notes = testData.appendingPathComponent("KeyedArchive/foundation-notes.bplist").path
    static let preferences = testData.appendingPathComponent("Examples/com.example.notes.plist").path
    static let infoPlist = testData.appendingPathComponent("Examples/Info.plist").path

    /// `dot` on `PATH`, which the picture tests need.
    static let hasDot: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/dot") }
    }()

    func edgeCount(_ dot: String) -> Int { dot.components(separatedBy: " -> ").count - 1 }

    // MARK: graph

    @Test func archiveGraphIsDOTWithRefusedClassesMarked() throws {
        let result = try CLIRunner.run(["graph", Self.notes])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutText.hasPrefix("digraph plist {\n"))
        #expect(result.stdoutText.hasSuffix("}\n"))
        #expect(edgeCount(result.stdoutText) == 7)
        #expect(result.stdoutText.contains("  n0 -> n1 [label=\"root\"];\n"))
        // main.Note and main.User are outside the built-in classes.
        #expect(result.stdoutText.components(separatedBy: "refused: class not allowed").count - 1 == 3)
        let allowed = try CLIRunner.run(["graph", "--allow", "main.Note, main.User", Self.notes])
        #expect(allowed.status == 0)
        #expect(!allowed.stdoutText.contains("refused"))
    }

    @Test func limitsSayWhatTheyCut() throws {
        let few = try CLIRunner.run(["graph", "--max-nodes", "3", Self.notes])
        #expect(few.status == 0)
        #expect(few.stderrText == "note: \(Self.notes): drew 3 of 7 nodes; not drawn: 4 over --max-nodes 3.\n")
        #expect(few.stdoutText.contains("3 of 7 nodes drawn"))
        let shallow = try CLIRunner.run(["graph", "--depth", "1", Self.notes])
        #expect(shallow.stderrText == "note: \(Self.notes): drew 2 of 7 nodes; not drawn: 5 beyond --depth 1.\n")
        #expect(edgeCount(shallow.stdoutText) == 1)
    }

    /// An array of 101 arrays: the 101st is past the root's 100 arrows, so it is not drawn
    /// (a box no arrow leads to), and the note says so.
    @Test func objectsPastTheArrowLimitAreNotDrawn() throws {
        let file = Self.testData.appendingPathComponent("Regressions/graph/array-past-edge-limit.json").path
        let result = try CLIRunner.run(["graph", file])
        #expect(result.status == 0)
        #expect(result.stderrText == "note: \(file): drew 101 of 102 nodes; not drawn: 1 past 100 arrows out of one node.\n")
        #expect(edgeCount(result.stdoutText) == 100)
        #expect(result.stdoutText.contains("1 past a node's arrow limit not drawn"))
    }

    @Test func rootStartsAtAKeyPathOrAnObject() throws {
        for root in ["root.0.author", "6", "$objects[6]"] {
            let result = try CLIRunner.run(["graph", "--root", root, Self.notes])
            #expect(result.status == 0, "\(root): \(result.stderrText)")
            #expect(result.stdoutText.contains("main.User $objects[6]"), "\(root)")
            #expect(edgeCount(result.stdoutText) == 0, "\(root)")
        }
        let missing = try CLIRunner.run(["graph", "--root", "root.9", Self.notes])
        #expect(missing.status == 1)
        #expect(missing.stderrText == "Error: \(Self.notes): The key path 'root.9' names nothing: 'root' has no '9'.\n")
        #expect(missing.stdout.isEmpty)
    }

    @Test func plainPropertyListGraphIsItsContainers() throws {
        let result = try CLIRunner.run(["graph", Self.infoPlist])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("n0 [label=\"dictionary (16 keys)\\n"))
        #expect(edgeCount(result.stdoutText) == 3)
        let missing = try CLIRunner.run(["graph", "--root", "Nope", Self.infoPlist])
        #expect(missing.status == 1)
        let allow = try CLIRunner.run(["graph", "--allow", "X", Self.infoPlist])
        #expect(allow.status == 64)
        #expect(allow.stderrText.hasPrefix("Error: \(Self.infoPlist) is not a keyed archive; --allow applies only to archives.\n"))
    }

    @Test(arguments: [["--format", "gif"], ["--max-nodes", "0"], ["--depth", "-1"]])
    func badOptionsAreUsageErrors(_ options: [String]) throws {
        let result = try CLIRunner.run(["graph"] + options + [Self.notes])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    /// Without `dot` on PATH a picture is refused with how to install it; DOT still works.
    @Test func missingGraphvizSaysHowToInstallIt() throws {
        let empty = try CLIRunner.scratch()
        let result = try CLIRunner.run(["graph", "--format", "svg", Self.notes], environment: ["PATH": empty.path])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("Drawing SVG needs Graphviz's 'dot', which is not on PATH."))
        #expect(result.stderrText.contains("apt-get install graphviz"))
        #expect(result.stderrText.contains("brew install graphviz"))
        let dot = try CLIRunner.run(["graph", Self.notes], environment: ["PATH": empty.path])
        #expect(dot.status == 0)
    }

    /// A `dot` that fails is reported with its message, and nothing is written.
    @Test func failingGraphvizIsReported() throws {
        let folder = try CLIRunner.scratch()
        let fake = folder.appendingPathComponent("dot")
        try "#!/bin/sh\necho 'no layout engine' >&2\nexit 3\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let output = folder.appendingPathComponent("out.svg")
        let result = try CLIRunner.run(["graph", "--format", "svg", "-o", output.path, Self.notes], environment: ["PATH": folder.path])
        #expect(result.status == 69)
        #expect(result.stderrText == "Error: Graphviz's dot (\(fake.path)) exited with status 3: no layout engine.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(.enabled(if: hasDot, "Graphviz's dot is not installed (apt-get install graphviz)"))
    func picturesAreDrawnByGraphviz() throws {
        let svg = try CLIRunner.run(["graph", "--format", "svg", Self.notes])
        #expect(svg.status == 0, "\(svg.stderrText)")
        let parser = XMLParser(data: svg.stdout)
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.stdoutText.contains("<svg"))
        #expect(svg.stdoutText.contains("main.User $objects[6]"))
        let folder = try CLIRunner.scratch()
        let png = folder.appendingPathComponent("notes.png")
        let written = try CLIRunner.run(["graph", "--format", "png", "-o", png.path, Self.notes])
        #expect(written.status == 0)
        #expect(try Data(contentsOf: png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try CLIRunner.run(["graph", "--format", "pdf", Self.infoPlist])
        #expect(pdf.stdout.starts(with: Array("%PDF".utf8)))
    }

    // MARK: du

    @Test func duListsTheLargestKeysFirst() throws {
        let result = try CLIRunner.run(["du", "--depth", "1", Self.preferences])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines[0] == "\(Self.preferences) (binary1): 5019 bytes")
        #expect(lines[1] == " 5019  100.0%  \(Self.preferences)")
        #expect(lines[2] == " 4973   99.1%  ├── (root dictionary)")
        #expect(lines[3] == " 3538   70.5%  │   ├── RecentDocumentBookmarks (array) …")
        #expect(lines.contains("    0    0.0%  │   └── NSNavPanelExpandedStateForSaveMode (boolean, shared with 'SUEnableAutomaticChecks')"))
        #expect(lines.suffix(3) == ["   32    0.6%  ├── (trailer)", "    8    0.2%  ├── (header)", "    6    0.1%  └── (objects nothing refers to)"])
    }

    /// The JSON report adds up: the root value and the overhead are the file.
    @Test(arguments: [preferences, notes, infoPlist])
    func duJSONAddsUpToTheFileSize(_ file: String) throws {
        let result = try CLIRunner.run(["du", "--json", file])
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
        #expect(report["bytes"] as? Int == size)
        let values = try #require(report["values"] as? [[String: Any]])
        let overhead = try #require(report["overhead"] as? [[String: Any]])
        let root = try #require(values.first)
        #expect(root["keyPath"] as? String == "")
        #expect((root["bytes"] as? Int ?? 0) + overhead.compactMap { $0["bytes"] as? Int }.reduce(0, +) == size)
    }

    @Test func duOfAStreamAndOfSeveralFiles() throws {
        let piped = try CLIRunner.run(["du", "--depth", "0", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: Self.infoPlist)))
        #expect(piped.status == 0)
        #expect(piped.stdoutText.hasPrefix("<stdin> (xml1): \(try Data(contentsOf: URL(fileURLWithPath: Self.infoPlist)).count) bytes\n"), "\(piped.stdoutText)")
        let several = try CLIRunner.run(["du", "--depth", "0", Self.infoPlist, "missing.plist", Self.notes])
        #expect(several.status == 66)
        #expect(several.stdoutText.components(separatedBy: "(root ").count - 1 == 2)
        #expect(several.stderrText.contains("missing.plist"))
    }

    // MARK: Bombs

    /// The expansion bombs (2⁶⁰ values; 6.5 GB of text; 200 million values) are drawn and
    /// measured at once: nodes are objects, not expanded paths.
    @Test(arguments: [0, 1, 2])
    func bombsAreDrawnAndMeasuredAtOnce(shape: Int) throws {
        let (name, bytes) = ExpansionBombTests.shapes[shape]
        let directory = try CLIRunner.scratch()
        try bytes.write(to: directory.appendingPathComponent("bomb.bplist"))
        // The wide bomb's JSON report lists its 200,000 references (21 MB): linear, but slow
        // in a debug build under AddressSanitizer; its text listing is enough here.
        var runs = [["graph", "bomb.bplist"], ["du", "bomb.bplist"]]
        if name != "wide" { runs.append(["du", "--json", "bomb.bplist"]) }
        for arguments in runs {
            let result = try ExpansionBombTests.guardedRun(arguments, in: directory)
            #expect(result.status == 0, "\(name) bomb, \(arguments): \(result.stderrText.prefix(300))")
            // Output in proportion to the file, not to its expansion.
            #expect(result.stdout.count < 256 * bytes.count + 10_000, "\(name) bomb, \(arguments): \(result.stdout.count) bytes")
        }
    }
}
