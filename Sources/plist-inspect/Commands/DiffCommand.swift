import PlistKit

/// `diff A B`: semantic differences between two property lists.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show the differences between two property lists.",
        discussion: """
          Format and dictionary key order are ignored. Each difference is a line: '+ path'
          (only in the second), '- path' (only in the first) or '~ path' (changed), with
          strings in double quotes, their own quotes and backslashes escaped. Exits 1 when
          the files differ.
          """,
        arguments: [
            .init("first", help: "The first property list ('-' for standard input)."),
            .init("second", help: "The second property list."),
        ],
        options: [.init(["-q", "--quiet"], help: "Print nothing; only the exit status tells.")] + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let (first, second) = (arguments.positionals[0], arguments.positionals[1])
        if first == "-" && second == "-" {
            throw CommandError.usage("Only one of the two files can be standard input.", spec)
        }
        let limits = try ExpansionLimits.applying(arguments)
        let a = try Documents.load(first), b = try Documents.load(second)
        let diff: PlistDiff
        do {
            diff = try PlistDiff(from: a.value, to: b.value, limits: limits)
        } catch {
            throw Failure.wrap(error)
        }
        if !arguments.flag("--quiet") {
            Console.shared.out(diff.changes.map { "\($0)\n" }.joined())
        }
        return diff.isEmpty ? .success : .failure
    }
}
