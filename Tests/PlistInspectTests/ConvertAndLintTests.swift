import Foundation
import Testing
import PlistKit

/// convert and lint, alone, in pipelines and in batches.
@Suite struct ConvertAndLintTests {
    private func value(_ directory: URL, _ name: String) throws -> PlistValue {
        try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test(arguments: ["xml", "binary", "json", "xml1", "binary1"])
    func convertsToEachFormatKeepingTheValue(format: String) throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let result = try CLIRunner.run(["convert", "-f", format, "-o", "out", "unsorted.bplist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("out"))
        #expect(PlistFormat(detecting: bytes) == PlistFormat(name: format))
        #expect(try PlistValue(decoding: bytes) == value(directory, "unsorted.bplist"))
    }

    @Test func pipelineThroughStdinAndStdout() throws {
        // binary → XML on stdout → back to binary from stdin: the value survives.
        let original = try Data(contentsOf: CLIRunner.testData.appendingPathComponent("plutil/input/Info.bplist"))
        let xml = try CLIRunner.run(["convert", "-f", "xml", "-"], stdin: original)
        #expect(xml.status == 0, "\(xml.stderrText)")
        #expect(xml.stdoutText.hasPrefix("<?xml"))
        let binary = try CLIRunner.run(["convert", "-f", "binary", "-o", "-", "-"], stdin: xml.stdout)
        #expect(binary.status == 0)
        #expect(try PlistValue(decoding: binary.stdout) == PlistValue(decoding: original))
        let lint = try CLIRunner.run(["lint", "-"], stdin: binary.stdout)
        #expect(lint.stdoutText == "<stdin>: OK\n")
    }

    @Test func extensionAndInPlace() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "data.bplist"], from: "files")
        let withExtension = try CLIRunner.run(["convert", "-f", "xml", "-e", "xml", "unsorted.bplist", "data.bplist"], in: directory)
        #expect(withExtension.status == 0, "\(withExtension.stderrText)")
        #expect(withExtension.stderrText == "2 of 2 files converted, 0 failed.\n")
        #expect(try value(directory, "unsorted.xml") == value(directory, "unsorted.bplist"))
        #expect(try value(directory, "data.xml") == value(directory, "data.bplist"))
        let inPlace = try CLIRunner.run(["convert", "-f", "xml", "--in-place", "data.bplist"], in: directory)
        #expect(inPlace.status == 0)
        let bytes = try Data(contentsOf: directory.appendingPathComponent("data.bplist"))
        #expect(PlistFormat(detecting: bytes) == .xml)
    }

    @Test func keyOrderOptions() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let kept = try CLIRunner.run(["convert", "-f", "binary", "--keep-order", "unsorted.bplist"], in: directory)
        #expect(try PlistValue(decoding: kept.stdout).dictionary?.keys == ["zeta", "alpha", "mid"])
        let sorted = try CLIRunner.run(["convert", "-f", "binary", "--sort-keys", "unsorted.bplist"], in: directory)
        #expect(try PlistValue(decoding: sorted.stdout).dictionary?.keys == ["alpha", "mid", "zeta"])
        let both = try CLIRunner.run(["convert", "-f", "xml", "--sort-keys", "--keep-order", "unsorted.bplist"], in: directory)
        #expect(both.status == 64)
    }

    @Test func lossIsAWarningWithKeyPathOrAnErrorUnderStrict() throws {
        let directory = try CLIRunner.scratch(copying: ["fractional-date.bplist"], from: "files")
        let lossy = try CLIRunner.run(["convert", "-f", "xml", "-o", "out.plist", "fractional-date.bplist"], in: directory)
        #expect(lossy.status == 0, "\(lossy.stderrText)")
        #expect(lossy.stderrText.hasPrefix("warning: fractional-date.bplist: At 'events.0.when': XML dates hold whole seconds"))
        let strict = try CLIRunner.run(["convert", "-f", "xml", "--strict", "-o", "strict.plist", "fractional-date.bplist"], in: directory)
        #expect(strict.status == 65)
        #expect(strict.stderrText.hasPrefix("Error: fractional-date.bplist: Refusing a lossy conversion"))
        #expect(strict.stderrText.contains("At 'events.0.when': XML dates hold whole seconds"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("strict.plist").path))
    }

    /// A binary file converted to XML is walked, not read whole (see
    /// `BinaryPlistXMLConverter`); standard input still takes the tree path. The two agree
    /// byte for byte, in warnings with key paths, and in errors, which leave no output.
    @Test(arguments: [[], ["--keep-order"], ["--strict"], ["--sort-keys"]])
    func aLargeBinaryFileConvertsToXMLAsFromStandardInput(options: [String]) throws {
        let directory = try CLIRunner.scratch()
        var records: [PlistValue] = (0..<3000).map { index -> PlistValue in
            .dictionary(["when": .date(Date(timeIntervalSinceReferenceDate: Double(index))), "name": .string("record \(index)")])
        }
        records[1500] = .dictionary(["when": .date(Date(timeIntervalSinceReferenceDate: 0.5))])
        let lossy: PlistValue = .dictionary(["records": .array(records), "count": .integer(3000)])
        records[2999] = .array([.string("bell \u{7}")])
        let unwritable: PlistValue = .array(records)
        for (name, value) in [("lossy", lossy), ("unwritable", unwritable)] {
            let bytes = try value.encoded(as: .binary)
            try bytes.write(to: directory.appendingPathComponent("\(name).bplist"))
            let fromFile = try CLIRunner.run(["convert", "-f", "xml"] + options + ["-o", "\(name).xml", "\(name).bplist"], in: directory)
            let fromStandardInput = try CLIRunner.run(["convert", "-f", "xml"] + options + ["-o", "-", "-"], stdin: bytes)
            #expect(fromFile.status == fromStandardInput.status, "\(name): \(fromFile.stderrText)")
            #expect(
                fromFile.stderrText.replacingOccurrences(of: "\(name).bplist", with: "<stdin>") == fromStandardInput.stderrText,
                "\(name)")
            let written = FileManager.default.contents(atPath: directory.appendingPathComponent("\(name).xml").path)
            #expect(written == (fromStandardInput.status == 0 ? fromStandardInput.stdout : nil), "\(name)")
        }
    }

    @Test func strictJSONRefusesAUIDAndTaggedJSONKeepsIt() throws {
        let directory = try CLIRunner.scratch(copying: ["uid.bplist"], from: "files")
        let strict = try CLIRunner.run(["convert", "-f", "json", "uid.bplist"], in: directory)
        #expect(strict.status == 65)
        #expect(strict.stderrText.contains("at key path 'ref'"))
        let tagged = try CLIRunner.run(["convert", "-f", "json", "--tagged", "-o", "uid.json", "uid.bplist"], in: directory)
        #expect(tagged.status == 0, "\(tagged.stderrText)")
        let back = try CLIRunner.run(["convert", "-f", "binary", "--tagged", "uid.json"], in: directory)
        #expect(back.status == 0, "\(back.stderrText)")
        #expect(try PlistValue(decoding: back.stdout) == value(directory, "uid.bplist"))
    }

    @Test func convertUsageErrors() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "data.bplist"], from: "files")
        #expect(try CLIRunner.run(["convert", "unsorted.bplist"], in: directory).status == 64)
        #expect(try CLIRunner.run(["convert", "-f", "yaml", "unsorted.bplist"], in: directory).status == 64)
        #expect(try CLIRunner.run(["convert", "-f", "xml", "-o", "x", "unsorted.bplist", "data.bplist"], in: directory).status == 64)
        #expect(try CLIRunner.run(["convert", "-f", "xml", "unsorted.bplist", "data.bplist"], in: directory).status == 64)
    }

    @Test func batchWithABadFileConvertsTheRest() throws {
        var names = ["truncated.bplist"]
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "truncated.bplist"], from: "files")
        for index in 0..<12 {
            let name = "good\(index).bplist"
            try FileManager.default.copyItem(at: directory.appendingPathComponent("unsorted.bplist"), to: directory.appendingPathComponent(name))
            names.insert(name, at: index % 2 == 0 ? names.count : 0)
        }
        let result = try CLIRunner.run(["convert", "-f", "xml", "-e", "xml", "--jobs", "4"] + names, in: directory)
        #expect(result.status == 65)
        #expect(result.stderrText.contains("Error: truncated.bplist: "))
        #expect(result.stderrText.hasSuffix("12 of 13 files converted, 1 failed.\n"))
        // No progress bar when stderr is not a terminal.
        #expect(!result.stderrText.contains("\r"))
        for name in names where name != "truncated.bplist" {
            let xml = directory.appendingPathComponent(name.replacingOccurrences(of: ".bplist", with: ".xml"))
            #expect(try PlistValue(decoding: Data(contentsOf: xml)) == value(directory, "unsorted.bplist"))
        }
    }

    @Test func lintReportsEachFileAndExits1OnAnyFailure() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "truncated.bplist", "data.bplist"], from: "files")
        let result = try CLIRunner.run(
            ["lint", "--jobs", "3", "unsorted.bplist", "truncated.bplist", "missing.plist", "data.bplist"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutText == "unsorted.bplist: OK\ndata.bplist: OK\n")
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("truncated.bplist: "))
        #expect(!lines[0].hasPrefix("truncated.bplist: truncated.bplist"))
        #expect(lines[0].contains("byte offset"))
        #expect(lines[1] == "missing.plist: No such file.")
        #expect(lines[2] == "2 of 4 files passed, 2 failed.")
        let good = try CLIRunner.run(["lint", "-s", "unsorted.bplist"], in: directory)
        #expect(good.status == 0)
        #expect(good.stdout.isEmpty)
    }

    @Test func aDirectoryOnStandardInputIsAnUnreadableInput() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let get = try CLIRunner.run(["-c", "'\(CLIRunner.binary.path)' get '' - < /"], executable: shell)
        #expect(get.status == 66)
        #expect(get.stderrText == "Error: Cannot read '<stdin>': It is a directory.\n")
        let plutil = try CLIRunner.run(["-c", "'\(CLIRunner.binary.path)' plutil -lint - < /"], executable: shell)
        #expect(plutil.status == 1)
        #expect(plutil.stderrText == "<stdin>: (It is a directory.)\n")
    }

    @Test func lintJSONReport() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "truncated.bplist"], from: "files")
        let result = try CLIRunner.run(["lint", "--json", "unsorted.bplist", "truncated.bplist"], in: directory)
        #expect(result.status == 1)
        let report = try PlistValue(decoding: result.stdout, format: .json)
        #expect(report["checked"] == .integer(2))
        #expect(report["failed"] == .integer(1))
        #expect(report["files"]?[0] == .dictionary(["file": .string("unsorted.bplist"), "ok": .boolean(true)]))
        #expect(report["files"]?[1]?["ok"] == .boolean(false))
        #expect(report["files"]?[1]?["exitCode"] == .integer(65))
        #expect(report["files"]?[1]?["error"]?.string?.contains("byte offset") == true)
        #expect(report["files"]?[1]?["error"]?.string?.hasPrefix("truncated.bplist") == false)
    }

    @Test func progressBarOnlyOnATerminal() throws {
        // `script` runs the tool on a pseudo-terminal, so standard error is a terminal.
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist", "data.bplist", "uid.bplist"], from: "files")
        let command = "cd '\(directory.path)' && '\(CLIRunner.binary.path)' lint --jobs 2 unsorted.bplist data.bplist uid.bplist"
        let result = try CLIRunner.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.stdoutText.contains("] 3/3"))
        #expect(result.stdoutText.contains("\r\u{1B}[K"))
        #expect(result.stdoutText.contains("3 of 3 files passed, 0 failed."))
        // Each result line starts a line of its own: the progress line was erased before it.
        // (The terminal ends lines with CR LF, one Character, which `isNewline` splits at.)
        let resultLines = result.stdoutText.split(whereSeparator: \.isNewline).filter { $0.contains(": OK") }
        #expect(resultLines.count == 3)
        for line in resultLines {
            let shown = line.split(separator: "\r", omittingEmptySubsequences: false).last ?? line
            #expect(!shown.contains("/3"), "a result line runs on from the progress bar: \(line.debugDescription)")
        }
    }

    @Test func openStepNeedsGNUstepTypesForNumbersAndWritesStringsFiles() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let plain = try CLIRunner.run(["convert", "-f", "openstep", "unsorted.bplist"], in: directory)
        #expect(plain.status == 65)
        #expect(plain.stderrText.contains("at key path 'zeta'"))
        let typed = try CLIRunner.run(["convert", "-f", "openstep", "--gnustep", "-o", "typed.plist", "unsorted.bplist"], in: directory)
        #expect(typed.status == 0, "\(typed.stderrText)")
        #expect(typed.stderrText.contains("warning: unsorted.bplist: At 'zeta': the integer is written as a GNUstep typed value"))
        #expect(try value(directory, "typed.plist") == value(directory, "unsorted.bplist"))
        let strings = try CLIRunner.run(["convert", "-f", "openstep", "--strings", "-"], stdin: Data("{\"greeting\": \"hello\"}".utf8))
        #expect(strings.status == 0, "\(strings.stderrText)")
        #expect(try PlistValue(decoding: strings.stdout, format: .openStep) == .dictionary(["greeting": .string("hello")]))
        #expect(!strings.stdoutText.hasPrefix("{"))
    }

    @Test func prettyJSONMatchesPlutilReadableOutput() throws {
        // plutil -convert json -r gave this for items.json (TestData/CLI/plutil/expected).
        let expected = try Data(contentsOf: CLIRunner.testData.appendingPathComponent("plutil/expected/convert-json-readable.out"))
        let directory = try CLIRunner.scratch(copying: ["items.plist"])
        let result = try CLIRunner.run(["convert", "-f", "json", "--pretty", "items.plist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == String(decoding: expected, as: UTF8.self))
        let json = try CLIRunner.run(["get", "-f", "json", "nested", "items.plist"], in: directory)
        #expect(json.stdoutText == "{\"deep\":{\"x\":1}}")
    }

    @Test(arguments: [("swift", "convert-swift"), ("objc", "convert-objc")])
    func sourceCodeOutputMatchesPlutil(format: String, plutilCase: String) throws {
        let expected = try Data(contentsOf: CLIRunner.testData.appendingPathComponent("plutil/expected/\(plutilCase).out"))
        let directory = try CLIRunner.scratch(copying: ["items.json"])
        let result = try CLIRunner.run(["convert", "-f", format, "items.json"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == String(decoding: expected, as: UTF8.self))
        let toFile = try CLIRunner.run(["convert", "-f", format, "-e", format == "objc" ? "m" : "swift", "items.json"], in: directory)
        #expect(toFile.status == 0)
        let written = try Data(contentsOf: directory.appendingPathComponent(format == "objc" ? "items.m" : "items.swift"))
        #expect(written == expected)
    }

    @Test func sourceCodeRefusesValuesTheLanguageCannotHold() throws {
        let directory = try CLIRunner.scratch(copying: ["uid.bplist"], from: "files")
        let result = try CLIRunner.run(["convert", "-f", "swift", "uid.bplist"], in: directory)
        #expect(result.status == 65)
        #expect(result.stderrText.contains("at key path 'ref'"))
    }

    @Test func errorQuotingAControlCharacterStaysOneLine() throws {
        let result = try CLIRunner.run(["lint", "-"], stdin: Data("{\"a\": \"x\ny\"}".utf8))
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix("<stdin>: "))
        #expect(result.stderrText.filter { $0 == "\n" }.count == 1)
    }

    @Test func outputToADeviceIsWrittenNotReplaced() throws {
        let directory = try CLIRunner.scratch(copying: ["unsorted.bplist"], from: "files")
        let result = try CLIRunner.run(["convert", "-f", "xml", "-o", "/dev/stdout", "unsorted.bplist"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("<?xml"))
        #expect(try CLIRunner.run(["convert", "-f", "xml", "-o", "/dev/null", "unsorted.bplist"], in: directory).status == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }
}
