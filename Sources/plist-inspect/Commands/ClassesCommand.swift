import PlistKit

/// `classes FILE`: the classes in a keyed archive.
enum ClassesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "classes",
        abstract: "List the classes in an NSKeyedArchiver archive with their chains and instance counts.",
        arguments: [.init("file", help: "The archive ('-' for standard input).")])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let file = arguments.positionals[0]
        let document = try Documents.load(file)
        _ = try ArchiveView.tree(document.value, file: file)
        return .success
    }
}
