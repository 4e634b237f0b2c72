/// Renders help and usage text in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`,
/// `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`, labels indented two spaces and help aligned in a
/// column.
enum HelpFormatter {
    /// The column at which help text starts.
    private static let helpColumn = 26

    /// The one-line usage, such as `plist-inspect get [--format <format>] <key-path> <file>`.
    static func usage(_ spec: CommandSpec) -> String {
        var parts = [spec.commandPath]
        if !spec.subcommands.isEmpty { parts.append("<subcommand>") }
        for option in spec.options where option.key != "--help" {
            let label = option.valueName.map { "\(option.key) <\($0)>" } ?? option.key
            parts.append((option.isRequired ? label : "[\(label)]") + (option.isRepeatable ? " ..." : ""))
        }
        for argument in spec.arguments {
            var label = "<\(argument.name)>"
            if argument.isVariadic { label += " ..." }
            parts.append(argument.isOptional ? "[\(label)]" : label)
        }
        return parts.joined(separator: " ")
    }

    /// The full help text, ending with a newline.
    static func help(_ spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if !spec.discussion.isEmpty { text += "\n\(spec.discussion)\n" }
        text += "\nUSAGE: \(usage(spec))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                text += row("<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.options {
            var label = option.names.joined(separator: ", ")
            if let value = option.valueName { label += " <\(value)>" }
            text += row(label, option.help)
        }
        if !spec.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in spec.subcommands {
                text += row(subcommand.name, subcommand.abstract)
            }
            text += "\n  See '\(spec.commandPath) help <subcommand>' for detailed help.\n"
        }
        return text
    }

    private static func row(_ label: String, _ help: String) -> String {
        let indented = "  \(label)"
        if indented.count + 2 <= helpColumn {
            return indented + String(repeating: " ", count: helpColumn - indented.count) + help + "\n"
        }
        return indented + "\n" + String(repeating: " ", count: helpColumn) + help + "\n"
    }
}
