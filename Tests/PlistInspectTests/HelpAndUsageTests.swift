import Foundation
import Testing

@Suite struct HelpAndUsageTests {
    static let subcommands = [
        "print", "convert", "lint", "get", "type", "set", "insert", "replace", "remove", "append",
        "expand", "unarchive", "classes", "graph", "du", "diff", "info",
    ]

    private func golden(_ name: String) throws -> String {
        try String(contentsOf: CLIRunner.testData.appendingPathComponent("help/\(name).txt"), encoding: .utf8)
    }

    @Test(arguments: subcommands)
    func subcommandHelpMatchesGolden(_ name: String) throws {
        let result = try CLIRunner.run([name, "--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutText == (try golden(name)))
        // `help NAME` and `-h` print the same.
        #expect(try CLIRunner.run(["help", name]).stdoutText == result.stdoutText)
        #expect(try CLIRunner.run([name, "-h"]).stdoutText == result.stdoutText)
    }

    @Test func rootHelpListsEverySubcommand() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText == (try golden("root")))
        for name in Self.subcommands + ["plutil"] {
            #expect(result.stdoutText.contains("\n  \(name) "))
        }
        #expect(try CLIRunner.run([]).stdoutText == result.stdoutText)
    }

    @Test func helpHasArgumentParserSections() throws {
        let text = try golden("get")
        let sections = ["OVERVIEW: ", "\nUSAGE: plist-inspect get ", "\nARGUMENTS:\n", "\nOPTIONS:\n"]
        var position = text.startIndex
        for section in sections {
            let range = try #require(text.range(of: section, range: position..<text.endIndex))
            position = range.upperBound
        }
    }

    @Test func versionPrintsVersion() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "1.0.0\n")
    }

    @Test(arguments: [
        (["frobnicate"], "Error: Unknown subcommand 'frobnicate'.\nUsage: plist-inspect <subcommand> [--version]\n  See 'plist-inspect --help' for more information.\n"),
        (["get", "a"], "Error: Missing expected argument '<file>'.\nUsage: plist-inspect get [--format <format>] [--output <path>] [--no-newline] [--expect <type>] [--tagged] [--max-expanded-values <n>] [--max-expanded-bytes <n>] <key-path> <file>\n  See 'plist-inspect get --help' for more information.\n"),
        (["type", "--bogus", "a", "b"], "Error: Unknown option '--bogus'.\nUsage: plist-inspect type [--expect <type>] <key-path> <file>\n  See 'plist-inspect type --help' for more information.\n"),
        (["diff", "a", "b", "c"], "Error: Unexpected argument 'c'.\nUsage: plist-inspect diff [--quiet] [--max-expanded-values <n>] [--max-expanded-bytes <n>] <first> <second>\n  See 'plist-inspect diff --help' for more information.\n"),
        (["print", "--depth"], "Error: Missing value for '--depth'.\nUsage: plist-inspect print [--depth <n>] [--key-paths] [--json] [--archive] [--max-expanded-values <n>] [--max-expanded-bytes <n>] <file> ...\n  See 'plist-inspect print --help' for more information.\n"),
        (["print", "--depth", "x", "f"], "Error: The value 'x' of --depth is not an integer of at least 0.\nUsage: plist-inspect print [--depth <n>] [--key-paths] [--json] [--archive] [--max-expanded-values <n>] [--max-expanded-bytes <n>] <file> ...\n  See 'plist-inspect print --help' for more information.\n"),
        (["lint", "--silent=yes", "f"], "Error: The flag '--silent' takes no value.\nUsage: plist-inspect lint [--jobs <n>] [--silent] [--json] [--info-plist] [--allow-build-settings] [--report <file>] [--define <name=value>] ... [--settings <file>] ... [--environment] [--sdk <name>] [--arch <name>] [--config <name>] [--generate] [--recursive] [--include <glob>] ... [--exclude <glob>] ... [--max-expanded-values <n>] [--max-expanded-bytes <n>] <file> ...\n  See 'plist-inspect lint --help' for more information.\n"),
    ])
    func usageErrorsExit64WithHint(arguments: [String], stderr: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == stderr)
    }

    /// A child that exits on a usage error without reading its input: feeding it 4 MB (more
    /// than a pipe holds) must not kill the test process with SIGPIPE, and the error still
    /// arrives.
    @Test func usageErrorWithUnreadInputStillReports() throws {
        let result = try CLIRunner.run(["frobnicate", "-"], stdin: Data(repeating: 0x41, count: 4 << 20))
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("Error: Unknown subcommand 'frobnicate'."))
    }

    @Test func optionValuesMayLookLikeOptionsAndUseEquals() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        let negative = try CLIRunner.run(["set", "n", "--integer", "-5", "-o", "-", "Info.bplist"], in: directory)
        #expect(negative.status == 0)
        let equals = try CLIRunner.run(["get", "--format=raw", "CFBundleVersion", "Info.bplist"], in: directory)
        #expect(equals.stdoutText == "241\n")
    }

    @Test func doubleDashEndsOptions() throws {
        let directory = try CLIRunner.scratch(copying: ["Info.bplist"])
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("Info.bplist"), to: directory.appendingPathComponent("-x.plist"))
        let result = try CLIRunner.run(["lint", "--", "-x.plist"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdoutText == "-x.plist: OK\n")
    }
}
