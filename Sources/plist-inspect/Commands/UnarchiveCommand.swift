import FoundationEssentials
import PlistKit

/// `unarchive FILE`: a keyed archive as a plain tree.
enum UnarchiveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "unarchive",
        abstract: "Decode an NSKeyedArchiver archive into a plain tree without instantiating classes.",
        discussion: """
          Several archives (or, with --recursive, directories of them) need --output-dir,
          which mirrors the inputs' tree with the format's extension.
          """,
        arguments: [.init("file", help: "The archives ('-' for standard input).", variadic: true)],
        options: [
            .init(["-f", "--format"], value: "format", help: "print (default), xml, binary, json or openstep."),
            .init(["--allow"], value: "classes", help: "Fail unless every class is in this comma-separated list."),
            .init(["-o", "--output"], value: "path", help: "Write the tree here instead of standard output."),
            .init(["--output-dir"], value: "dir", help: "Write each tree under DIR, at the archive's path below its directory."),
            BatchRunner.jobsOption,
            BatchRunner.reportOption,
        ] + FileTree.options + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let inputs = try FileTree(arguments).inputs(arguments.positionals, spec: spec)
        let output = arguments.value("--output"), outputDirectory = arguments.value("--output-dir")
        if output != nil && outputDirectory != nil {
            throw CommandError.usage("Use either -o or --output-dir.", spec)
        }
        if inputs.count != 1 && outputDirectory == nil {
            throw CommandError.usage("Several archives need --output-dir.", spec)
        }
        let limits = try ExpansionLimits.applying(arguments)
        let allowed = arguments.value("--allow").map(ArchiveView.classNames)
        let name = arguments.value("--format") ?? "print"
        var format: PlistFormat?
        if name != "print" {
            guard let parsed = PlistFormat(name: name) else {
                throw CommandError.usage("Unknown format '\(name)'; use print, xml, binary, json or openstep.", spec)
            }
            format = parsed
        }
        // An archive's integers, dates and references need GNUstep's typed values in OpenStep.
        let options = try ExpansionLimits.applying(
            arguments,
            to: PlistWritingOptions(keyOrder: .preserved, jsonStyle: .tagged, prettyPrintsJSON: true, writesGNUstepTypedValues: true))
        let ext = format.map { OutputFormat.plist($0).fileExtension } ?? "txt"
        let destinations = inputs.map { input in
            outputDirectory.map { FileTree.path(under: $0, for: ConvertCommand.replacingExtension(of: input.relativePath, with: ext)) } ?? output ?? "-"
        }
        let plan = try OutputPlan(inputs, outputs: destinations, outputDirectory: outputDirectory, spec: spec)
        let colors = Console.shared.usesColor && output == nil && outputDirectory == nil, outputFormat = format
        let outcomes = BatchRunner.run(inputs, jobs: try BatchRunner.jobs(arguments), verb: "unarchived", showsSummary: inputs.count > 1) { index in
            let file = inputs[index].path
            do {
                if let reason = plan.skips[index] { return .skipped(file, because: reason) }
                let document = try Documents.load(file)
                let tree = try ArchiveView.tree(document.value, file: file, allowedClasses: allowed)
                let data: Data
                if let outputFormat {
                    // JSON ends where its value ends, as `convert -f json` and plutil write it.
                    data = try Encoding.encode(tree, as: .plist(outputFormat), options: options, sourceName: file).data
                } else {
                    let printer = PlistTreePrinter(usesColor: colors, limits: limits)
                    do {
                        data = Data(try printer.tree(of: tree, title: "\(FileIO.displayName(file)) (keyed archive)").utf8)
                    } catch {
                        throw Failure.wrap(error, file: file)
                    }
                }
                let destination = destinations[index]
                if outputDirectory != nil { try FileTree.makeParentDirectory(of: destination) }
                if destination == "-" { return FileOutcome(stdout: data, format: document.format.plutilName) }
                try FileIO.write(data, to: destination)
                return FileOutcome(format: document.format.plutilName)
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        if let report = arguments.value("--report") { try BatchRunner.writeReport(outcomes, files: inputs.map(\.path), to: report) }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }
}
