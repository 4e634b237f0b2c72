import FoundationEssentials
import PlistKit

/// `unarchive FILE`: a keyed archive as a plain tree.
enum UnarchiveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "unarchive",
        abstract: "Decode an NSKeyedArchiver archive into a plain tree without instantiating classes.",
        arguments: [.init("file", help: "The archive ('-' for standard input).")],
        options: [
            .init(["-f", "--format"], value: "format", help: "print (default), xml, binary, json or openstep."),
            .init(["--allow"], value: "classes", help: "Fail unless every class is in this comma-separated list."),
            .init(["-o", "--output"], value: "path", help: "Write the tree here instead of standard output."),
        ] + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let file = arguments.positionals[0]
        let limits = try ExpansionLimits.applying(arguments)
        let document = try Documents.load(file)
        let allowed = arguments.value("--allow").map { list in
            Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        let tree = try ArchiveView.tree(document.value, file: file, allowedClasses: allowed)
        let name = arguments.value("--format") ?? "print"
        let data: Data
        if name == "print" {
            let printer = PlistTreePrinter(usesColor: Console.shared.usesColor && arguments.value("--output") == nil, limits: limits)
            do {
                data = Data(try printer.tree(of: tree, title: "\(FileIO.displayName(file)) (keyed archive)").utf8)
            } catch {
                throw Failure.wrap(error, file: file)
            }
        } else {
            guard let format = PlistFormat(name: name) else {
                throw CommandError.usage("Unknown format '\(name)'; use print, xml, binary, json or openstep.", spec)
            }
            // An archive's integers, dates and references need GNUstep's typed values in OpenStep.
            let options = try ExpansionLimits.applying(
                arguments,
                to: PlistWritingOptions(keyOrder: .preserved, jsonStyle: .tagged, prettyPrintsJSON: true, writesGNUstepTypedValues: true))
            // JSON ends where its value ends, as `convert -f json` and plutil write it.
            data = try Encoding.encode(tree, as: .plist(format), options: options, sourceName: file).data
        }
        try FileIO.write(data, to: arguments.value("--output") ?? "-")
        return .success
    }
}
