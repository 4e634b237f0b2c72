import FoundationEssentials
import PlistKit

/// `print FILE…`: a readable tree of each file.
enum PrintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "print",
        abstract: "Print property lists as readable trees with types and sizes.",
        discussion: """
          Data is shown as its length and leading bytes. Colour is used only when standard
          output is a terminal and NO_COLOR is not set.
          """,
        arguments: [.init("file", help: "The files to print ('-' for standard input).", variadic: true)],
        options: [
            .init(["--depth"], value: "n", help: "Show containers only down to depth N."),
            .init(["--key-paths"], help: "Label each value with its full key path."),
            .init(["--json"], help: "Print each file as tagged JSON for programs."),
            .init(["--archive"], help: "Show a keyed archive as its object graph."),
        ] + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let limits = try ExpansionLimits.applying(arguments)
        let printer = PlistTreePrinter(
            showsKeyPaths: arguments.flag("--key-paths"), maximumDepth: try arguments.integer("--depth", minimum: 0),
            usesColor: Console.shared.usesColor, limits: limits)
        let json = arguments.flag("--json"), archive = arguments.flag("--archive")
        let files = arguments.positionals
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "printed", showsSummary: false) { file in
            do {
                let document = try Documents.load(file)
                var value = document.value
                if archive { value = try ArchiveView.tree(document.value, file: file) }
                if json {
                    return FileOutcome(stdout: try jsonReport(value, format: document.format, file: file, limits: limits))
                }
                let title = "\(FileIO.displayName(file)) (\(archive ? "keyed archive" : document.format.plutilName))"
                // A blank line between the trees of several files.
                let separator = file == files.first ? "" : "\n"
                return FileOutcome(stdout: Data((separator + (try printer.tree(of: value, title: title))).utf8))
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// `{"file": …, "format": …, "value": …}` in pretty tagged JSON, written by PlistKit.
    private static func jsonReport(_ value: PlistValue, format: PlistFormat, file: String, limits: PlistWritingOptions) throws -> Data {
        let report: PlistValue = .dictionary([
            "file": .string(FileIO.displayName(file)),
            "format": .string(format.plutilName),
            "value": value,
        ])
        var options = limits
        options.keyOrder = .preserved
        options.jsonStyle = .tagged
        options.prettyPrintsJSON = true
        var data = try report.encoded(as: .json, options: options)
        if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        return data
    }
}
