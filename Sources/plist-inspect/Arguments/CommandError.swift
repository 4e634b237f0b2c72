/// A failure that ends a command: the message for stderr (without the `Error: ` prefix) and
/// the exit status.
struct CommandError: Error, CustomStringConvertible {
    /// What went wrong, as a full sentence.
    let message: String
    /// The exit status.
    let exitCode: ExitCode
    /// For usage errors, the command whose usage line is shown as a hint.
    let usageOf: CommandSpec?
    /// For a problem with one file, the problem without the file's name ("No such file."),
    /// for reports that print the name themselves (`lint`).
    let fileProblem: String?

    init(_ message: String, exitCode: ExitCode, usageOf: CommandSpec? = nil, fileProblem: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.usageOf = usageOf
        self.fileProblem = fileProblem
    }

    /// A usage error for `command`.
    static func usage(_ message: String, _ command: CommandSpec) -> CommandError {
        CommandError(message, exitCode: .usage, usageOf: command)
    }

    var description: String { message }
}
