/// Parses a command line against a ``CommandSpec``.
///
/// Rules, after swift-argument-parser and POSIX habits: options may come before, between or
/// after positional arguments; `--name=value` and `--name value` both work; an option that
/// takes a value takes the next word whatever it looks like (so `--integer -5` works); `--`
/// makes every later word positional; `-` alone is a positional (standard input or output).
enum ArgumentParser {
    /// Parses `words` (the arguments after the subcommand name).
    ///
    /// - Throws: a usage ``CommandError`` for an unknown option, a missing value, a repeated
    ///   option that may not repeat, or a wrong number of positional arguments. `-h`/`--help`
    ///   is returned as a flag named `--help` and skips the positional count check.
    static func parse(_ words: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var result = ParsedArguments(spec: spec)
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            } else if !word.hasPrefix("--"), word.count > 2, spec.option(named: word) == nil,
                let short = spec.option(named: String(word.prefix(2))), short.takesValue
            {
                // A short option with its value attached, as getopt allows: `-fxml`.
                name = String(word.prefix(2))
                inlineValue = String(word.dropFirst(2))
            }
            guard let option = spec.option(named: name) else {
                if name == "-i", spec.option(named: "--in-place") != nil {
                    // plistutil's -i names the input; a short flag that replaced it would be a trap.
                    throw CommandError.usage("Unknown option '-i'; the input files need no flag, and --in-place (spelled out) replaces them.", spec)
                }
                throw CommandError.usage("Unknown option '\(name)'.", spec)
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else {
                        throw CommandError.usage("Missing value for '\(name)'.", spec)
                    }
                    value = words[index]
                    index += 1
                }
                if !option.isRepeatable, result.value(option.key) != nil {
                    throw CommandError.usage("The option '\(name)' may be given only once.", spec)
                }
                result.values.append((option.key, value))
            } else {
                if inlineValue != nil {
                    throw CommandError.usage("The flag '\(name)' takes no value.", spec)
                }
                if !result.flag(option.key) { result.flags.append(option.key) }
            }
        }
        if result.flag("--help") { return result }
        for option in spec.options where option.isRequired && result.value(option.key) == nil {
            let label = option.valueName.map { "\(option.key) <\($0)>" } ?? option.key
            throw CommandError.usage("Missing expected argument '\(label)'.", spec)
        }
        try checkPositionals(result.positionals, spec)
        return result
    }

    private static func checkPositionals(_ positionals: [String], _ spec: CommandSpec) throws {
        let required = spec.arguments.filter { !$0.isOptional }.count
        let variadic = spec.arguments.last?.isVariadic ?? false
        if positionals.count < required {
            let missing = spec.arguments.filter { !$0.isOptional }[positionals.count]
            throw CommandError.usage("Missing expected argument '<\(missing.name)>'.", spec)
        }
        if !variadic && positionals.count > spec.arguments.count {
            throw CommandError.usage("Unexpected argument '\(positionals[spec.arguments.count])'.", spec)
        }
    }
}
