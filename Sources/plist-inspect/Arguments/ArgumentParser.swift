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
        let result: ParsedArguments
        do {
            result = try scan(words, for: spec)
        } catch {
            switch error {
            case .unknownOption("-i") where spec.option(named: "--in-place") != nil:
                // plistutil's -i names the input; a short flag that replaced it would be a trap.
                throw CommandError.usage("Unknown option '-i'; the input files need no flag, and --in-place (spelled out) replaces them.", spec)
            case .unknownOption(let name): throw CommandError.usage("Unknown option '\(name)'.", spec)
            case .missingValue(let name): throw CommandError.usage("Missing value for '\(name)'.", spec)
            case .repeated(let name): throw CommandError.usage("The option '\(name)' may be given only once.", spec)
            case .valueForFlag(let name): throw CommandError.usage("The flag '\(name)' takes no value.", spec)
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

    /// What ``scan(_:for:attachingValues:)`` refuses, each with the option's name, for its
    /// caller to word.
    enum Refusal: Error, Equatable {
        case unknownOption(String)
        case missingValue(String)
        case repeated(String)
        case valueForFlag(String)
    }

    /// Sorts `words` into options' values, flags and positionals by `spec`'s options, by the
    /// rules above: the one loop over words of every command line, the subcommands' and
    /// plutil's. Checks neither required options nor the count of positionals.
    ///
    /// `attachingValues` allows a short option's value attached to it, as getopt does
    /// (`-fxml`); plutil's options never take one.
    static func scan(_ words: some Collection<String>, for spec: CommandSpec, attachingValues: Bool = true) throws(Refusal) -> ParsedArguments {
        var result = ParsedArguments(spec: spec)
        var words = words.makeIterator()
        var onlyPositionals = false
        while let word = words.next() {
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
            } else if attachingValues, !word.hasPrefix("--"), word.count > 2, spec.option(named: word) == nil,
                let short = spec.option(named: String(word.prefix(2))), short.takesValue
            {
                // A short option with its value attached, as getopt allows: `-fxml`.
                name = String(word.prefix(2))
                inlineValue = String(word.dropFirst(2))
            }
            guard let option = spec.option(named: name) else { throw .unknownOption(name) }
            if option.takesValue {
                guard let value = inlineValue ?? words.next() else { throw .missingValue(name) }
                if !option.isRepeatable, result.value(option.key) != nil { throw .repeated(name) }
                result.values.append((option.key, value))
            } else {
                if inlineValue != nil { throw .valueForFlag(name) }
                if !result.flag(option.key) { result.flags.append(option.key) }
            }
        }
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
