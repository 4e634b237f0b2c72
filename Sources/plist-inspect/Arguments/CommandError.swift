/// A failure that ends a command: the message for stderr (without the `Error: ` prefix) and
/// the exit status.
struct CommandError: Error, CustomStringConvertible {
    /// What went wrong, as a full sentence.
    let message: String
    /// The exit status.
    let exitCode: ExitCode
    /// For usage errors, the command whose usage line is shown as a hint.
    let usageOf: CommandSpec?

    init(_ message: String, exitCode: ExitCode, usageOf: CommandSpec? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.usageOf = usageOf
    }

    /// A usage error for `command`.
    static func usage(_ message: String, _ command: CommandSpec) -> CommandError {
        CommandError(message, exitCode: .usage, usageOf: command)
    }

    var description: String { message }
}
