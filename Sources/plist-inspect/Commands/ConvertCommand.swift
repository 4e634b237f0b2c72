import FoundationEssentials
import PlistKit

/// `convert -f FORMAT FILE…`: rewrites files in another format.
enum ConvertCommand: Subcommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert property lists to another format.",
        discussion: """
          With one input and no -o, -e, --output-dir or --in-place, the result goes to standard
          output. With --recursive, directories are converted file by file; --output-dir
          mirrors the inputs' tree under a directory with the new extension.
          Every output is planned first: when two inputs would share an output, or an output
          would replace another input, nothing is written (exit 64). A symbolic link in a tree
          that leads outside the directories given is skipped and reported, as is an input
          whose output would lead outside them. A file the caller may not write (read-only,
          or another user's) is never replaced.
          Information the target format cannot keep is reported on standard error with its key
          path; --strict makes any such loss an error.
          """,
        arguments: [.init("file", help: "The files (or, with --recursive, directories) to convert ('-' for standard input).", variadic: true)],
        options: [
            .init(["-f", "--format"], value: "format", help: "xml, binary, json, openstep, swift or objc.", required: true),
            .init(["-o", "--output"], value: "path", help: "Write the result here ('-' for standard output)."),
            .init(["-e", "--extension"], value: "ext", help: "Write each result beside its input with this extension (a name: no '/')."),
            .init(["--in-place"], help: "Replace each input with its converted form."),
            .init(["--update"], help: "Convert only the inputs newer than their outputs (or without one)."),
            .init(["--output-dir"], value: "dir", help: "Write each result under DIR, at the input's path below its directory, with the format's extension (or -e's)."),
            .init(["--sort-keys"], help: "Write dictionary keys in sorted order."),
            .init(["--keep-order"], help: "Write dictionary keys in the order the input had."),
            .init(["--strict"], help: "Fail instead of losing any information."),
            .init(["--tagged"], help: "JSON: write and read dates, data and UIDs as tagged objects."),
            .init(["-s", "--silent"], help: "Print no warnings."),
            .init(["-r", "--pretty"], help: "JSON: indent for people."),
            .init(["--gnustep"], help: "OpenStep: write numbers, booleans and dates as GNUstep typed values."),
            .init(["--strings"], help: "OpenStep: write a flat dictionary of strings as a .strings file."),
            BatchRunner.jobsOption,
            BatchRunner.reportOption,
        ] + FileTree.options + ExpansionLimits.options)

    /// Why `ext` cannot be an output file's extension (`-e`, here and in plutil mode), or
    /// `nil` when it can: an extension is a name, never a path.
    static func refusal(ofExtension ext: String) -> String? {
        guard ext.contains("/") || ext.contains("\0") else { return nil }
        return "The extension '\(StringEscaping.singleLine(ext))' is a name, not a path: it may not contain '/'."
    }

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let formatName = arguments.value("--format") ?? ""  // required: the parser checked
        guard let format = OutputFormat(name: formatName), format != .raw else {
            throw CommandError.usage("Unknown format '\(formatName)'; use xml, binary, json, openstep, swift or objc.", spec)
        }
        let inputs = try FileTree(arguments).inputs(arguments.positionals, spec: spec)
        let files = inputs.map(\.path)
        let output = arguments.value("--output"), ext = arguments.value("--extension")
        let outputDirectory = arguments.value("--output-dir"), inPlace = arguments.flag("--in-place")
        let update = arguments.flag("--update")
        if [output != nil, ext != nil && outputDirectory == nil, outputDirectory != nil, inPlace].filter({ $0 }).count > 1 {
            throw CommandError.usage("Use only one of -o, -e, --output-dir and --in-place (-e may go with --output-dir).", spec)
        }
        if files.count != 1 && output != nil {
            throw CommandError.usage("-o takes one input file; use -e, --output-dir or --in-place for several.", spec)
        }
        if files.count != 1 && output == nil && ext == nil && outputDirectory == nil && !inPlace {
            throw CommandError.usage("Several files need -e, --output-dir or --in-place (or convert one file to standard output).", spec)
        }
        if let ext, let refusal = refusal(ofExtension: ext) { throw CommandError.usage(refusal, spec) }
        if update && (inPlace || (output == nil && ext == nil && outputDirectory == nil)) {
            throw CommandError.usage("--update compares each input with its output: use it with -o, -e or --output-dir.", spec)
        }
        if outputDirectory != nil && files.contains("-") {
            throw CommandError.usage("--output-dir needs files, not standard input.", spec)
        }
        let newExtension = ext ?? format.fileExtension
        let destinations = inputs.map { input -> String in
            if let output { return output }
            if let outputDirectory { return FileTree.path(under: outputDirectory, for: replacingExtension(of: input.relativePath, with: newExtension)) }
            if let ext { return input.path == "-" ? "-" : replacingExtension(of: input.path, with: ext) }
            return inPlace ? input.path : "-"
        }
        if inPlace && (format == .swift || format == .objc) {
            throw CommandError.usage("--in-place cannot replace a property list with source code; use -o or -e.", spec)
        }
        if arguments.flag("--sort-keys") && arguments.flag("--keep-order") {
            throw CommandError.usage("Use either --sort-keys or --keep-order.", spec)
        }
        var options = try ExpansionLimits.applying(arguments)
        options.keyOrder = arguments.flag("--sort-keys") ? .sorted : arguments.flag("--keep-order") ? .preserved : .formatDefault
        // --strict is checked here on the reported losses rather than by the writer's strict
        // mode, which also refuses the key sorting XML always does: dictionary order is not
        // information a property-list reader sees.
        let strict = arguments.flag("--strict")
        options.jsonStyle = arguments.flag("--tagged") ? .tagged : .strict
        options.prettyPrintsJSON = arguments.flag("--pretty")
        options.writesGNUstepTypedValues = arguments.flag("--gnustep")
        // `-f strings` names the .strings layout, not only the OpenStep syntax.
        options.writesStringsFile = arguments.flag("--strings") || formatName.lowercased() == "strings"
        var reading = PlistReadingOptions()
        reading.readsTaggedJSON = arguments.flag("--tagged")
        let readingOptions = reading, writingOptions = options
        let tagged = arguments.flag("--tagged"), silent = arguments.flag("--silent")
        let jobs = try BatchRunner.jobs(arguments)
        let plan = try OutputPlan(inputs, outputs: destinations, outputDirectory: outputDirectory, spec: spec)

        let outcomes = BatchRunner.run(inputs, jobs: jobs, verb: "converted", showsSummary: files.count > 1) { index in
            let file = inputs[index].path
            do {
                if let reason = plan.skips[index] { return .skipped(file, because: reason) }
                let destination = destinations[index]
                if update, OutputPlan.isUpToDate(destination, comparedWith: file) {
                    return FileOutcome(skipped: .upToDate)
                }
                if outputDirectory != nil { try FileTree.makeParentDirectory(of: destination) }
                var warnings: [PlistWarning] = []
                var inputFormat: PlistFormat?
                func accept(read: [PlistWarning], written: [PlistWarning], taggedLooking: [PlistWarning]) throws {
                    // With --tagged, a date or data written as a tagged object is what was asked for.
                    let asked = written.filter { !(tagged && $0.kind == .typeChanged && format == .plist(.json)) }
                    warnings = Encoding.significant(read + asked) + taggedLooking
                    if strict, let first = warnings.first {
                        throw CommandError(
                            "\(FileIO.displayName(file)): Refusing a lossy conversion: \(first)", exitCode: .dataError,
                            fileProblem: "Refusing a lossy conversion: \(first)")
                    }
                }
                // Dictionaries shaped like tagged objects, in JSON read without --tagged.
                func taggedLooking(_ document: PlistDocument) -> [PlistWarning] {
                    document.format == .json && !tagged ? Encoding.taggedLookingObjects(in: document.value) : []
                }
                guard FileIO.replacesInPlace(destination, source: file) else {
                    if format == .plist(.xml), file != "-", try FileIO.startsLikeBinaryPlist(file) {
                        // Binary to XML builds the tree, several times the size of a
                        // compact binary file, only for a small file: a larger mapped file
                        // is walked instead.
                        inputFormat = .binary
                        try FileIO.write(to: destination) { put in
                            do {
                                try BinaryPlistXMLConverter.convert(
                                    contentsOfFile: file, readingOptions: readingOptions, writingOptions: writingOptions,
                                    // Never reported (see Encoding.significant), so never held.
                                    ignoring: [.keyOrderChanged],
                                    acceptingLosses: { try accept(read: $0, written: $1, taggedLooking: []) }, to: put)
                            } catch {
                                throw Failure.wrap(error, file: file)
                            }
                        }
                        return FileOutcome(stderr: silent ? "" : Encoding.warningText(warnings, file: file), format: inputFormat?.plutilName)
                    }
                    // A conversion to another file holds only what it must at its peak: the
                    // input's bytes are released once decoded, the tree is handed to the
                    // writer (which frees it as it goes) and XML goes out in pieces.
                    let document = try Documents.load(file, options: readingOptions)
                    let readWarnings = document.warnings, looking = taggedLooking(document)
                    inputFormat = document.format
                    var tree: PlistValue? = (consume document).value
                    try FileIO.write(to: destination) { put in
                        guard let value = tree.take() else { return }
                        try Encoding.write(
                            consume value, as: format, options: writingOptions, sourceName: file,
                            acceptingLosses: { try accept(read: readWarnings, written: $0, taggedLooking: looking) }, to: put)
                    }
                    return FileOutcome(stderr: silent ? "" : Encoding.warningText(warnings, file: file), format: inputFormat?.plutilName)
                }
                func converted(_ bytes: Data) throws -> Data {
                    let document = try Documents.decode(bytes, from: file, options: readingOptions)
                    inputFormat = document.format
                    let (data, writeWarnings) = try Encoding.encode(document.value, as: format, options: writingOptions, sourceName: file)
                    try accept(read: document.warnings, written: writeWarnings, taggedLooking: taggedLooking(document))
                    return data
                }
                let bytes = try FileIO.read(file)
                try FileIO.write(try converted(bytes), to: destination, madeFrom: bytes, of: file, recomputing: converted)
                return FileOutcome(stderr: silent ? "" : Encoding.warningText(warnings, file: file), format: inputFormat?.plutilName)
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        if let report = arguments.value("--report") { try BatchRunner.writeReport(outcomes, files: files, to: report) }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// `dir/name.json` with `xml` gives `dir/name.xml`; a name without an extension gains one.
    static func replacingExtension(of path: String, with ext: String) -> String {
        let trimmed = ext.hasPrefix(".") ? String(ext.dropFirst()) : ext
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart {
            return String(path[..<dot]) + "." + trimmed
        }
        return path + "." + trimmed
    }
}
