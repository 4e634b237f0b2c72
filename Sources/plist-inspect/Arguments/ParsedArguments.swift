/// The result of parsing a command line against a ``CommandSpec``.
struct ParsedArguments: Sendable {
    /// The command it was parsed for.
    let spec: CommandSpec
    // Options and flags are kept in arrays, not in a String-keyed Dictionary or Set: a command
    // line holds a handful, and the first such hashed collection a process makes has the Swift
    // runtime look up `String: Hashable` by scanning every protocol conformance in the binary
    // (about 0.2 M instructions, where a whole small conversion runs 0.74 M).

    /// Options' values with the options' canonical names, in command-line order.
    var values: [(key: String, value: String)] = []
    /// Flags given, by canonical name.
    var flags: [String] = []
    /// Positional arguments in order.
    var positionals: [String] = []

    /// Whether the flag with canonical name `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for the option, or `nil`.
    func value(_ name: String) -> String? { values.last { $0.key == name }?.value }

    /// Every value given for a repeatable option.
    func allValues(_ name: String) -> [String] { values.compactMap { $0.key == name ? $0.value : nil } }

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
