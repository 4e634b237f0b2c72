import Foundation
import Testing
import PlistKit

/// The small things a daily user meets: help on help, attached short-option values, arguments
/// given in the wrong order, one set of type names, one exit code for a bad value, one ending
/// for JSON, and messages that say what happened.
@Suite struct DailyUseTests {
    @Test(arguments: [["help", "--help"], ["help", "-h"], ["help", "help"]])
    func helpOnHelpIsTheOverview(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("OVERVIEW:"))
    }

    @Test func aShortOptionTakesItsValueAttached() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let attached = try CLIRunner.run(["convert", "-fxml", "-o", "-", "Info.bplist"], in: directory)
        let separate = try CLIRunner.run(["convert", "-f", "xml", "-o", "-", "Info.bplist"], in: directory)
        #expect(attached.status == 0, "\(attached.stderrText)")
        #expect(attached.stdout == separate.stdout)
        #expect(attached.stdoutText.hasPrefix("<?xml"))
    }

    @Test(arguments: [["get", "Info.bplist", "CFBundleVersion"], ["type", "Info.bplist", "CFBundleVersion"]])
    func argumentsInTheWrongOrderAreNamed(arguments: [String]) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let result = try CLIRunner.run(arguments, in: directory)
        #expect(result.status == 66)
        #expect(result.stderrText.contains("Cannot read 'CFBundleVersion': No such file."))
        #expect(result.stderrText.contains("The key path comes before the file: '\(arguments[0]) CFBundleVersion Info.bplist'?"))
    }

    @Test func typeAndExpectSpeakOfTheSameTypes() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let type = try CLIRunner.run(["type", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(type.stdoutText == "integer\n")
        for spelling in ["real", "float"] {
            let result = try CLIRunner.run(["get", "CFBundleVersion", "--expect", spelling, "Info.bplist"], in: directory)
            #expect(result.status == 1)
            #expect(result.stderrText == "Error: Info.bplist: Expected float at key path 'CFBundleVersion', found integer.\n")
        }
    }

    @Test(arguments: [["--json", "{"], ["--xml", "<plist><dict>"], ["--date", "yesterday"], ["--integer", "ten"]])
    func aBadValueIsAUsageError(option: [String]) throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let before = try Data(contentsOf: directory.appendingPathComponent("Info.bplist"))
        let result = try CLIRunner.run(["set", "K"] + option + ["Info.bplist"], in: directory)
        #expect(result.status == 64, "\(result.stderrText)")
        #expect(result.stderrText.contains("Usage: plist-inspect set"))
        #expect(try Data(contentsOf: directory.appendingPathComponent("Info.bplist")) == before)
    }

    @Test func jsonEndsAlikeFromConvertAndUnarchive() throws {
        let directory = try CLIRunner.scratch(copying: ["plain.archive"], from: "archives")
        let unarchived = try CLIRunner.run(["unarchive", "-f", "json", "plain.archive"], in: directory)
        let converted = try CLIRunner.run(["convert", "-f", "json", "--tagged", "-o", "-", "plain.archive"], in: directory)
        #expect(unarchived.status == 0 && converted.status == 0)
        #expect(unarchived.stdout.last == UInt8(ascii: "}"))
        #expect(converted.stdout.last == UInt8(ascii: "}"))
    }

    @Test func aTruncatedBinaryPlistIsCalledTruncated() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let whole = try Data(contentsOf: directory.appendingPathComponent("Info.bplist"))
        try whole.prefix(whole.count - 10).write(to: directory.appendingPathComponent("cut.bplist"))
        let result = try CLIRunner.run(["print", "cut.bplist"], in: directory)
        #expect(result.status == 65)
        #expect(result.stderrText.contains("the file looks truncated"), "\(result.stderrText)")
        let short = try CLIRunner.run(["print", "truncated.bplist"], in: try CLIRunner.scratch(copying: ["truncated.bplist"], from: "files"))
        #expect(short.stderrText.contains("it looks truncated"), "\(short.stderrText)")
    }

    @Test func messagesNameDataWithAnArticle() throws {
        let result = try CLIRunner.run(["convert", "-f", "json", "-o", "-", "-"], stdin: Data("{ d = <0fbd>; }".utf8))
        #expect(result.status == 65)
        #expect(result.stderrText.contains("Cannot write a data value as json"), "\(result.stderrText)")
    }

    @Test func taggedJSONWarnsOnlyWhenItIsNotAskedFor() throws {
        let directory = try CLIRunner.scratch()
        try Data(#"{"when":{"$date":"2020-01-01T00:00:00Z"},"blob":{"$data":"AAE="}}"#.utf8)
            .write(to: directory.appendingPathComponent("tagged.json"))
        let plain = try CLIRunner.run(["convert", "-f", "xml", "-o", "plain.plist", "tagged.json"], in: directory)
        #expect(plain.status == 0)
        #expect(plain.stderrText.contains("At 'when': the dictionary looks like tagged JSON ('$date'); --tagged reads it"))
        #expect(plain.stderrText.contains("At 'blob':"))
        let silent = try CLIRunner.run(["convert", "-s", "-f", "xml", "-o", "plain.plist", "tagged.json"], in: directory)
        #expect(silent.status == 0 && silent.stderrText.isEmpty)
        let read = try CLIRunner.run(["convert", "--tagged", "-f", "xml", "-o", "dates.plist", "tagged.json"], in: directory)
        #expect(read.status == 0 && read.stderrText.isEmpty, "\(read.stderrText)")
        let written = try CLIRunner.run(["convert", "--tagged", "-f", "json", "-o", "-", "dates.plist"], in: directory)
        #expect(written.status == 0)
        #expect(written.stderrText.isEmpty, "\(written.stderrText)")
        #expect(try PlistValue(decoding: written.stdout, options: PlistReadingOptions(readsTaggedJSON: true))["when"]?.date != nil)
    }

    @Test func getWritesADateAsJSONWhenTaggedAndNamesItsKeyPathOtherwise() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.plist"], from: "../Examples")
        let strict = try CLIRunner.run(["get", "ReleaseDate", "-f", "json", "Info.plist"], in: directory)
        #expect(strict.status == 65)
        #expect(strict.stderrText.contains("at key path 'ReleaseDate'"), "\(strict.stderrText)")
        let tagged = try CLIRunner.run(["get", "ReleaseDate", "-f", "json", "--tagged", "Info.plist"], in: directory)
        #expect(tagged.status == 0)
        #expect(tagged.stdoutText == #"{"$date":"2026-11-29T12:00:00Z"}"#)
        #expect(tagged.stderrText.isEmpty)
    }

    @Test func unarchiveWritesOpenStepWithGNUstepTypes() throws {
        let directory = try CLIRunner.scratch(copying: ["plain.archive", "people.archive"], from: "archives")
        for archive in ["plain.archive", "people.archive"] {
            let result = try CLIRunner.run(["unarchive", "-f", "openstep", archive], in: directory)
            #expect(result.status == 0, "\(archive): \(result.stderrText)")
            let json = try CLIRunner.run(["unarchive", "-f", "json", archive], in: directory)
            let fromOpenStep = try PlistValue(decoding: result.stdout, format: .openStep)
            let fromJSON = try PlistValue(decoding: json.stdout, options: PlistReadingOptions(readsTaggedJSON: true))
            #expect(fromOpenStep == fromJSON, "\(archive)")
        }
    }

    @Test func formatStringsWritesAStringsFileAndDashIIsNotInPlace() throws {
        let directory = try CLIRunner.scratch()
        try Data(#"{"greeting": "hello"}"#.utf8).write(to: directory.appendingPathComponent("in.json"))
        let strings = try CLIRunner.run(["convert", "-f", "strings", "-o", "-", "in.json"], in: directory)
        #expect(strings.status == 0, "\(strings.stderrText)")
        #expect(strings.stdoutText.trimmingCharacters(in: .newlines) == #""greeting" = "hello";"#)
        let dashI = try CLIRunner.run(["convert", "-f", "xml", "-i", "in.json"], in: directory)
        #expect(dashI.status == 64)
        #expect(dashI.stderrText.contains("--in-place (spelled out)"))
        #expect(try Data(contentsOf: directory.appendingPathComponent("in.json")) == Data(#"{"greeting": "hello"}"#.utf8))
    }

    @Test func whatXMLCannotCarrySuggestsWhatCan() throws {
        let result = try CLIRunner.run(["convert", "-f", "xml", "-o", "-", "-"], stdin: Data(#"{"a": "x\u0001y"}"#.utf8))
        #expect(result.status == 65)
        #expect(result.stderrText.contains("which XML 1.0 cannot carry (binary and JSON can)"), "\(result.stderrText)")
    }
}
