/// The top level: finds the subcommand, handles help, prints errors with usage hints.
enum RootCommand {
    /// The tool's version.
    static let version = "1.0.0"

    /// A subcommand's description and action.
    struct Entry: Sendable {
        /// Makes the description, on demand: a call runs one subcommand, and making every
        /// one's options and help texts was 5% of the instructions of converting a small file.
        let makeSpec: @Sendable () -> CommandSpec
        let run: @Sendable (ParsedArguments) throws -> ExitCode

        /// The subcommand's description.
        var spec: CommandSpec { makeSpec() }
    }

    /// The subcommands by name, in help order.
    static let subcommands: [Entry] = {
        var entries = [
            Entry(makeSpec: { PrintCommand.spec }, run: { try PrintCommand.run($0) }),
            Entry(makeSpec: { ConvertCommand.spec }, run: { try ConvertCommand.run($0) }),
            Entry(makeSpec: { LintCommand.spec }, run: { try LintCommand.run($0) }),
            Entry(makeSpec: { GetCommand.spec }, run: { try GetCommand.run($0) }),
            Entry(makeSpec: { TypeCommand.spec }, run: { try TypeCommand.run($0) }),
        ]
        for verb in EditCommand.Verb.allCases {
            entries.append(Entry(makeSpec: { EditCommand.spec(verb) }, run: { try EditCommand.run(verb, $0) }))
        }
        entries += [
            Entry(makeSpec: { ExpandCommand.spec }, run: { try ExpandCommand.run($0) }),
            Entry(makeSpec: { UnarchiveCommand.spec }, run: { try UnarchiveCommand.run($0) }),
            Entry(makeSpec: { ClassesCommand.spec }, run: { try ClassesCommand.run($0) }),
            Entry(makeSpec: { GraphCommand.spec }, run: { try GraphCommand.run($0) }),
            Entry(makeSpec: { DuCommand.spec }, run: { try DuCommand.run($0) }),
            Entry(makeSpec: { DiffCommand.spec }, run: { try DiffCommand.run($0) }),
            Entry(makeSpec: { InfoCommand.spec }, run: { try InfoCommand.run($0) }),
            // Dispatched before parsing (its arguments are plutil's); listed for help.
            Entry(makeSpec: { PlutilCommand.spec }, run: { _ in .success }),
            Entry(makeSpec: { DefaultsCommand.spec }, run: { _ in .success }),
        ]
        return entries
    }()

    static let spec = CommandSpec(
        name: "plist-inspect", path: "plist-inspect",
        abstract: "Convert, inspect, query and edit property lists and keyed archives.",
        discussion: """
          Every file argument may be '-' for standard input. Exit status: 0 success, 1 a check
          failed or files differ, 64 usage error, 65 invalid data, 66 missing or unreadable
          input, 69 a program needed (Graphviz's dot) missing or failing, 74 output error.
          """,
        options: [.init(["--version"], help: "Show the version.")],
        subcommands: subcommands.map { let spec = $0.spec; return (spec.name, spec.abstract) }
            + [("help", "Show subcommand help information.")])

    /// The subcommand called `name` and its description, made once.
    private static func subcommand(named name: String) -> (entry: Entry, spec: CommandSpec)? {
        for entry in subcommands {
            let spec = entry.spec
            if spec.name == name { return (entry, spec) }
        }
        return nil
    }

    /// Runs the tool with the words after the program name and returns the exit status.
    static func main(_ words: [String]) -> ExitCode {
        guard let first = words.first else {
            Console.shared.out(HelpFormatter.help(spec))
            return .success
        }
        switch first {
        case "-h", "--help":
            Console.shared.out(HelpFormatter.help(spec))
            return .success
        case "--version":
            Console.shared.out(version + "\n")
            return .success
        case "help":
            guard let name = words.dropFirst().first, !["-h", "--help", "help"].contains(name) else {
                Console.shared.out(HelpFormatter.help(spec))
                return .success
            }
            guard let subcommand = subcommand(named: name) else {
                return report(CommandError.usage("Unknown subcommand '\(name)'.", spec))
            }
            Console.shared.out(HelpFormatter.help(subcommand.spec))
            return .success
        case "plutil":
            return PlutilCommand.main(Array(words.dropFirst()))
        case "defaults":
            return DefaultsCommand.main(Array(words.dropFirst()))
        default:
            break
        }
        guard let (entry, subcommandSpec) = subcommand(named: first) else {
            return report(CommandError.usage("Unknown subcommand '\(first)'.", spec))
        }
        do {
            let arguments = try ArgumentParser.parse(Array(words.dropFirst()), for: subcommandSpec)
            if arguments.flag("--help") {
                Console.shared.out(HelpFormatter.help(subcommandSpec))
                return .success
            }
            return try entry.run(arguments)
        } catch {
            return report(Failure.wrap(error))
        }
    }

    /// Prints `Error: …` (and for usage errors the usage line and a pointer to --help) on
    /// stderr and returns the error's status.
    static func report(_ error: CommandError) -> ExitCode {
        var text = "Error: \(error.message)\n"
        if let command = error.usageOf {
            text += "Usage: \(HelpFormatter.usage(command))\n"
            let helpCommand = command.commandPath == "plist-inspect" ? "plist-inspect --help" : "\(command.commandPath) --help"
            text += "  See '\(helpCommand)' for more information.\n"
        }
        Console.shared.err(text)
        return error.exitCode
    }
}
