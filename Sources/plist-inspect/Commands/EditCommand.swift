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
            .init(["--force"], help: "Replace the edited file, or the -o output, even when it is read-only or another user's."),
            .init(["--reformat"], help: "Rewrite the whole file as the writer lays it out, instead of changing only the edited text."),
            .init(["-s", "--silent"], help: "Print no warnings."),
        ] + ExpansionLimits.options
        let target = verb == .append ? "The array to append to ('' for the root)." : "Where to edit."
        return CommandSpec(
            name: verb.rawValue,
            abstract: verb.abstract,
            discussion: """
              In XML, OpenStep (.strings, project.pbxproj) and JSON files only the edited
              value, key or entry changes: comments, key order, indentation, number spellings,
              line ends and encoding stay as they were (--reformat rewrites the whole file).
              In an Xcode project new text is laid out as Xcode writes it: keys sorted,
              objects in their sections, annotations that follow references.
              The file is replaced atomically: a temporary file in the same directory is
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
        if files.count == 1 { try FileIO.requireArgumentOrder(keyPath: arguments.positionals[0], file: files[0], command: verb.rawValue) }
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
        let silent = arguments.flag("--silent"), reformats = arguments.flag("--reformat"), forces = arguments.flag("--force")
        let edit = plistEdit(verb, newValue, at: path), targetFormat = format
        let writingOptions = try ExpansionLimits.applying(arguments)
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "edited", showsSummary: false) { file in
            do {
                var stderr = ""
                func edited(_ bytes: Data) throws -> Data {
                    let document = try Documents.decode(bytes, from: file)
                    var value = document.value
                    do {
                        try value.apply(edit)
                    } catch {
                        throw Failure.wrap(error, file: file)
                    }
                    // Encoded whole even when spliced: a value the format cannot hold fails here,
                    // with its key path, before anything is written.
                    let encoded = try Encoding.encode(
                        value, as: .plist(targetFormat ?? document.format), options: writingOptions, sourceName: file)
                    var warnings = Encoding.significant(encoded.warnings), rewriteNote = ""
                    defer { stderr = silent ? "" : Encoding.warningText(warnings, file: file) + rewriteNote }
                    guard targetFormat == nil, !reformats, document.format != .binary else { return encoded.data }
                    switch PlistSourceEditor.splice(edit, into: bytes, format: document.format, original: document.value, options: writingOptions) {
                    case .success(let spliced):
                        warnings = warnings.filter { $0.keyPath.components.starts(with: edit.path.components) }
                        return spliced
                    case .failure(let unavailable):
                        rewriteNote = "warning: \(FileIO.displayName(file)): The whole file was rewritten: the edit could not change only its own text (\(unavailable.reason)).\n"
                        return encoded.data
                    }
                }
                if output == nil && !forces { try FileIO.requireWritePermission(file, hint: " (--force edits it anyway)") }
                let bytes = try FileIO.read(file)
                try FileIO.write(try edited(bytes), to: output ?? file, madeFrom: bytes, of: file, overridingPermissions: forces, recomputing: edited)
                return FileOutcome(stderr: stderr)
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// The library's edit for `verb`; `newValue` is `nil` only for ``Verb/remove``.
    private static func plistEdit(_ verb: Verb, _ newValue: PlistValue?, at path: PlistKeyPath) -> PlistEdit {
        guard let newValue else { return .remove(at: path) }
        switch verb {
        case .set: return .set(newValue, at: path)
        case .insert: return .insert(newValue, at: path)
        case .replace: return .replace(newValue, at: path)
        case .append: return .append(newValue, to: path)
        case .remove: return .remove(at: path)
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
            throw CommandError.usage(StringEscaping.singleLine(error.description), spec)
        } catch {
            // A bad value on the command line is a usage error, whatever its type (exit 64).
            throw CommandError.usage("The --\(kind.rawValue) value is not valid: \(StringEscaping.singleLine("\(error)"))", spec)
        }
    }
}
