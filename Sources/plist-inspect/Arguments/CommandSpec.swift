/// The description of a command: its arguments, options and subcommands, from which both the
/// parser and the help text are derived, so they cannot disagree.
struct CommandSpec: Sendable {
    /// A named option: a flag (no value) or an option taking one value.
    struct Option: Sendable {
        /// The spellings, such as `["-o", "--output"]`; the last one is the canonical name.
        let names: [String]
        /// The value's placeholder (`<file>`), or `nil` for a flag.
        let valueName: String?
        /// One line of help.
        let help: String
        /// Whether the option may be given more than once.
        let isRepeatable: Bool
        /// Whether the command cannot run without it (shown without brackets in usage).
        let isRequired: Bool

        init(_ names: [String], value valueName: String? = nil, help: String, repeatable: Bool = false, required: Bool = false) {
            self.names = names
            self.valueName = valueName
            self.help = help
            self.isRepeatable = repeatable
            self.isRequired = required
        }

        /// The name the parsed result is keyed by.
        var key: String { names.last ?? "" }
        var takesValue: Bool { valueName != nil }
    }

    /// A positional argument.
    struct Argument: Sendable {
        let name: String
        let help: String
        /// Whether it takes one or more values (only the last argument may).
        let isVariadic: Bool
        let isOptional: Bool

        init(_ name: String, help: String, variadic: Bool = false, optional: Bool = false) {
            self.name = name
            self.help = help
            self.isVariadic = variadic
            self.isOptional = optional
        }
    }

    /// The command's name as typed (`print`), or the tool's name for the root.
    let name: String
    /// The path of names from the tool down, used in usage lines (`plist-inspect print`).
    let commandPath: String
    /// One sentence on what it does.
    let abstract: String
    /// Further paragraphs of help, or empty.
    let discussion: String
    let arguments: [Argument]
    let options: [Option]
    /// For the root: the subcommands with their abstracts.
    let subcommands: [(name: String, abstract: String)]

    /// Creates a spec; `-h`/`--help` is added to `options` unless `takesHelpOption` is false
    /// (plutil's, where help is a verb).
    init(
        name: String, path: String? = nil, abstract: String, discussion: String = "",
        arguments: [Argument] = [], options: [Option] = [],
        subcommands: [(name: String, abstract: String)] = [], takesHelpOption: Bool = true
    ) {
        self.name = name
        self.commandPath = path ?? "plist-inspect \(name)"
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = takesHelpOption ? options + [Option(["-h", "--help"], help: "Show help information.")] : options
        self.subcommands = subcommands
    }

    /// The option spelled `name`, if any.
    func option(named name: String) -> Option? {
        options.first { $0.names.contains(name) }
    }
}
