import FoundationEssentials
import PlistKit

/// `get KEYPATH FILE`: prints the value at a key path (plutil's `-extract`).
enum GetCommand: Subcommand {
    static let spec = CommandSpec(
        name: "get",
        abstract: "Print the value at a key path.",
        discussion: """
          Key paths use plutil's syntax: keys separated by '.', '\\.' for a literal dot, a
          number indexes an array, '' is the root. Raw output prints scalars as text (reals
          as %f, dates as RFC 3339, data as base64), a dictionary's keys one per line and an
          array's count.
          """,
        arguments: [
            .init("key-path", help: "The value to print ('' for the root)."),
            .init("file", help: "The property list ('-' for standard input)."),
        ],
        options: [
            .init(["-f", "--format"], value: "format", help: "raw (default), xml, binary, json or openstep."),
            .init(["-o", "--output"], value: "path", help: "Write the value here instead of standard output."),
            .init(["-n", "--no-newline"], help: "Raw: no newline after the value."),
            .init(["--expect"], value: "type", help: "Fail unless the value has this type."),
            .init(["--tagged"], help: "JSON: write dates, data and UIDs as tagged objects."),
        ] + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let format = try parseFormat(arguments.value("--format") ?? "raw")
        let options = try ExpansionLimits.applying(arguments)
        let path = PlistKeyPath(parsing: arguments.positionals[0])
        let file = arguments.positionals[1]
        try FileIO.requireArgumentOrder(keyPath: arguments.positionals[0], file: file, command: spec.name)
        let value = try TypeCommand.lookUp(path, in: file)
        if let expected = arguments.value("--expect") {
            try TypeCommand.check(value, isOfType: expected, at: path, file: file, spec: spec)
        }
        let data: Data
        if format == .raw {
            data = Encoding.raw(value, newline: !arguments.flag("--no-newline"))
        } else {
            var options = options
            let tagged = arguments.flag("--tagged")
            if tagged { options.jsonStyle = .tagged }
            let (bytes, warnings) = try Encoding.encode(value, as: format, options: options, sourceName: file, at: path)
            // With --tagged, a date or data written as a tagged object is what was asked for.
            let told = Encoding.significant(warnings).filter { !(tagged && $0.kind == .typeChanged) }
            Console.shared.err(Encoding.warningText(told, file: file))
            data = bytes
        }
        try FileIO.write(data, to: arguments.value("--output") ?? "-")
        return .success
    }

    private static func parseFormat(_ name: String) throws -> OutputFormat {
        guard let format = OutputFormat(name: name), format != .swift, format != .objc else {
            throw CommandError.usage("Unknown format '\(name)'; use raw, xml, binary, json or openstep.", spec)
        }
        return format
    }
}
