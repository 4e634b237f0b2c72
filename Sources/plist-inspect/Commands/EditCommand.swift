import FoundationEssentials
import PlistKit

/// `set`, `insert`, `replace`, `remove` and `append`: edit files in place, atomically, in
/// each file's own format.
enum EditCommand {
    /// The edits.
    enum Verb: String, CaseIterable, Sendable {
        case set, insert, replace, remove, append

        var abstract: String {
            switch self {
            case .set: return "Set the value at a key path, adding or replacing it."
            case .insert: return "Insert a value at a key path that does not exist yet (or at an array index)."
            case .replace: return "Replace the value at a key path that exists."
            case .remove: return "Remove the value at a key path."
            case .append: return "Append a value to the array at a key path."
            }
        }
    }

    /// The value options, in help order.
    static let valueOptions: [CommandSpec.Option] = [
        .init(["--bool"], value: "value", help: "A boolean: true, false, YES or NO."),
        .init(["--integer"], value: "value", help: "An integer."),
        .init(["--real"], value: "value", help: "A real number."),
        .init(["--string"], value: "value", help: "A string."),
        .init(["--date"], value: "value", help: "A date such as 2020-01-02T03:04:05Z."),
        .init(["--data"], value: "base64", help: "Data, in base64."),
        .init(["--xml"], value: "plist", help: "A value given as an XML property list."),
        .init(["--json"], value: "json", help: "A value given as JSON."),
        .init(["--dictionary"], help: "An empty dictionary."),
        .init(["--array"], help: "An empty array."),
    ]

    /// The command description for `verb`.
    static func spec(_ verb: Verb) -> CommandSpec {
        var options: [CommandSpec.Option] = verb == .remove ? [] : valueOptions
        options += [
            .init(["-f", "--format"], value: "format", help: "Write in this format instead of the file's own."),
            .init(["-o", "--output"], value: "path", help: "Write the result here instead of in place ('-' for standard output)."),
            .init(["-s", "--silent"], help: "Print no warnings."),
        ] + ExpansionLimits.options
        let target = verb == .append ? "The array to append to ('' for the root)." : "Where to edit."
        return CommandSpec(
            name: verb.rawValue,
            abstract: verb.abstract,
            discussion: """
              The file is rewritten atomically: a temporary file in the same directory is
              written, synced and renamed over it, keeping its permissions, under a lock that
              makes concurrent edits of one file wait for each other. Standard input ('-')
              is written to standard output.
              """,
            arguments: [
                .init("key-path", help: target),
                .init("file", help: "The files to edit ('-' for standard input).", variadic: true),
            ],
            options: options)
    }

    static func run(_ verb: Verb, _ arguments: ParsedArguments) throws -> ExitCode {
        let spec = arguments.spec
        let path = PlistKeyPath(parsing: arguments.positionals[0])
        let files = Array(arguments.positionals.dropFirst())
        var newValue: PlistValue?
        if verb != .remove {
            newValue = try value(from: arguments, spec: spec)
        }
        var format: PlistFormat?
        if let name = arguments.value("--format") {
            guard let parsed = PlistFormat(name: name) else {
                throw CommandError.usage("Unknown format '\(name)'; use xml, binary, json or openstep.", spec)
            }
            format = parsed
        }
        let output = arguments.value("--output")
        if output != nil && files.count > 1 {
            throw CommandError.usage("-o takes one input file.", spec)
        }
        let silent = arguments.flag("--silent")
        let edit = newValue, targetFormat = format
        let writingOptions = try ExpansionLimits.applying(arguments)
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "edited", showsSummary: false) { file in
            do {
                var warnings: [PlistWarning] = []
                func edited(_ bytes: Data) throws -> Data {
                    let document = try Documents.decode(bytes, from: file)
                    var value = document.value
                    do {
                        try apply(verb, edit, at: path, to: &value)
                    } catch {
                        throw Failure.wrap(error, file: file)
                    }
                    let encoded = try Encoding.encode(
                        value, as: .plist(targetFormat ?? document.format), options: writingOptions, sourceName: file)
                    warnings = encoded.warnings
                    return encoded.data
                }
                let bytes = try FileIO.read(file)
                try FileIO.write(try edited(bytes), to: output ?? file, madeFrom: bytes, of: file, recomputing: edited)
                return FileOutcome(stderr: silent ? "" : Encoding.warningText(Encoding.significant(warnings), file: file))
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// Applies one edit; `newValue` is `nil` only for ``Verb/remove``.
    ///
    /// - Throws: ``PlistError`` from the library's key-path edits.
    static func apply(_ verb: Verb, _ newValue: PlistValue?, at path: PlistKeyPath, to value: inout PlistValue) throws {
        if verb == .remove {
            try value.removeValue(at: path)
            return
        }
        guard let newValue else {
            throw PlistError(.invalidArgument, "The \(verb.rawValue) edit needs a value")
        }
        switch verb {
        case .set, .replace:
            if verb == .replace { _ = try value.value(at: path) }  // must exist
            if path.isEmpty { value = newValue } else { try value.setValue(newValue, at: path) }
        case .insert:
            try value.insertValue(newValue, at: path)
        case .append:
            try value.appendValue(newValue, to: path)
        case .remove:
            break
        }
    }

    /// The value given by exactly one of the value options.
    private static func value(from arguments: ParsedArguments, spec: CommandSpec) throws -> PlistValue {
        var found: [(TypedValueArgument.Kind, String)] = []
        for option in valueOptions {
            let name = String(option.key.dropFirst(2))
            guard let kind = TypedValueArgument.Kind(name: name) else { continue }
            if option.takesValue {
                for text in arguments.allValues(option.key) { found.append((kind, text)) }
            } else if arguments.flag(option.key) {
                found.append((kind, ""))
            }
        }
        guard found.count == 1, let (kind, text) = found.first else {
            throw CommandError.usage(
                found.isEmpty
                    ? "Give the value with one of --bool, --integer, --real, --string, --date, --data, --xml, --json, --dictionary or --array."
                    : "Give only one value.", spec)
        }
        do {
            return try TypedValueArgument.value(text, as: kind)
        } catch let error as PlistError where error.code == .invalidArgument {
            throw CommandError.usage(MessageText.singleLine(error.description), spec)
        } catch {
            throw CommandError("The --\(kind.rawValue) value is not valid: \(error)", exitCode: .dataError)
        }
    }
}
