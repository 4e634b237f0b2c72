/// A subcommand of plist-inspect: its description, from which parsing and help are derived,
/// and its action.
protocol Subcommand {
    /// The name, arguments, options and help.
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments and returns the exit status.
    ///
    /// - Throws: ``CommandError`` (or a PlistKit error, mapped by ``Failure``).
    static func run(_ arguments: ParsedArguments) throws -> ExitCode
}
