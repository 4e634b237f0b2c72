/// The result of parsing a command line against a ``CommandSpec``.
struct ParsedArguments: Sendable {
    /// The command it was parsed for.
    let spec: CommandSpec
    /// Values of options, by canonical name, in command-line order.
    var values: [String: [String]] = [:]
    /// Flags given, by canonical name.
    var flags: Set<String> = []
    /// Positional arguments in order.
    var positionals: [String] = []

    /// Whether the flag with canonical name `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for the option, or `nil`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The option's value as a non-negative integer.
    ///
    /// - Throws: a usage ``CommandError`` when it is not one.
    func integer(_ name: String, minimum: Int = 0) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw CommandError.usage("The value '\(text)' of \(name) is not an integer of at least \(minimum).", spec)
        }
        return number
    }
}
