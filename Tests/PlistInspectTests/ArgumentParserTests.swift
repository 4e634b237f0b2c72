import Testing
@testable import plist_inspect

/// The argument parser and help formatter in-process (the end-to-end suites cover them
/// through the binary too).
@Suite struct ArgumentParserTests {
    static let spec = CommandSpec(
        name: "demo", abstract: "A demo.",
        arguments: [.init("key", help: "A key."), .init("file", help: "Files.", variadic: true)],
        options: [
            .init(["-o", "--output"], value: "path", help: "Output."),
            .init(["--tag"], value: "t", help: "Tags.", repeatable: true),
            .init(["-v", "--verbose"], help: "Verbose."),
        ])

    @Test func mixesOptionsAndPositionalsInAnyOrder() throws {
        let parsed = try ArgumentParser.parse(["k", "-v", "a", "--output=x", "--tag", "1", "b", "--tag", "2"], for: Self.spec)
        #expect(parsed.positionals == ["k", "a", "b"])
        #expect(parsed.flag("--verbose"))
        #expect(parsed.value("--output") == "x")
        #expect(parsed.allValues("--tag") == ["1", "2"])
    }

    @Test func dashIsPositionalAndDoubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["-", "--", "-v", "--output"], for: Self.spec)
        #expect(parsed.positionals == ["-", "-v", "--output"])
        #expect(!parsed.flag("--verbose"))
    }

    @Test func valueMayStartWithDash() throws {
        let parsed = try ArgumentParser.parse(["-o", "-", "k", "f"], for: Self.spec)
        #expect(parsed.value("--output") == "-")
    }

    @Test(arguments: [
        (["k"], "Missing expected argument '<file>'."),
        (["k", "f", "--nope"], "Unknown option '--nope'."),
        (["k", "f", "-o"], "Missing value for '-o'."),
        (["k", "f", "-o", "a", "-o", "b"], "The option '-o' may be given only once."),
        (["k", "f", "--verbose=1"], "The flag '--verbose' takes no value."),
    ])
    func rejectsBadCommandLines(words: [String], message: String) {
        let error = #expect(throws: CommandError.self) { try ArgumentParser.parse(words, for: Self.spec) }
        #expect(error?.message == message)
        #expect(error?.exitCode == .usage)
    }

    @Test func requiredOptionIsCheckedAndUnbracketed() throws {
        let spec = CommandSpec(name: "r", abstract: "R.", options: [.init(["-f", "--format"], value: "format", help: "F.", required: true)])
        let error = #expect(throws: CommandError.self) { try ArgumentParser.parse([], for: spec) }
        #expect(error?.message == "Missing expected argument '--format <format>'.")
        #expect(HelpFormatter.usage(spec) == "plist-inspect r --format <format>")
        #expect(try ArgumentParser.parse(["-f", "xml"], for: spec).value("--format") == "xml")
    }

    @Test func helpSkipsPositionalChecks() throws {
        let parsed = try ArgumentParser.parse(["--help"], for: Self.spec)
        #expect(parsed.flag("--help"))
    }

    @Test func helpLayout() {
        #expect(HelpFormatter.usage(Self.spec) == "plist-inspect demo [--output <path>] [--tag <t>] ... [--verbose] <key> <file> ...")
        #expect(HelpFormatter.help(Self.spec) == """
            OVERVIEW: A demo.

            USAGE: plist-inspect demo [--output <path>] [--tag <t>] ... [--verbose] <key> <file> ...

            ARGUMENTS:
              <key>                   A key.
              <file>                  Files.

            OPTIONS:
              -o, --output <path>     Output.
              --tag <t>               Tags.
              -v, --verbose           Verbose.
              -h, --help              Show help information.

            """)
    }

    @Test func longLabelsWrapToTheHelpColumn() {
        let spec = CommandSpec(name: "x", abstract: "X.", options: [.init(["--a-very-long-option-name"], value: "value", help: "Long.")])
        #expect(HelpFormatter.help(spec).contains("  --a-very-long-option-name <value>\n                          Long.\n"))
    }

    @Test func extensionReplacement() {
        #expect(ConvertCommand.replacingExtension(of: "dir/a.json", with: "xml") == "dir/a.xml")
        #expect(ConvertCommand.replacingExtension(of: "dir.d/noext", with: ".plist") == "dir.d/noext.plist")
        #expect(ConvertCommand.replacingExtension(of: ".hidden", with: "xml") == ".hidden.xml")
    }
}
