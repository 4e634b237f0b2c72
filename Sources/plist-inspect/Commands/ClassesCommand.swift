import FoundationEssentials
import PlistKit

/// `classes FILE`: the classes in a keyed archive.
enum ClassesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "classes",
        abstract: "List the classes in an NSKeyedArchiver archive with their chains and instance counts.",
        discussion: "One line per class: its name, how many objects have it, and its class chain.",
        arguments: [.init("file", help: "The archive ('-' for standard input).")],
        options: [.init(["--json"], help: "Print a JSON array of {name, instances, chain}.")])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let file = arguments.positionals[0]
        let document = try Documents.load(file)
        let summaries = try ArchiveView.archive(document.value, file: file).classSummaries
        if arguments.flag("--json") {
            let list: PlistValue = .array(summaries.map { summary in
                .dictionary([
                    "name": .string(summary.name),
                    "instances": .integer(PlistInteger(Int64(summary.instanceCount))),
                    "chain": .array(summary.chain.map { .string($0) }),
                ])
            })
            var data = try Encoding.encode(
                list, as: .plist(.json), options: PlistWritingOptions(keyOrder: .preserved, prettyPrintsJSON: true),
                sourceName: file).data
            if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
            Console.shared.out(data)
            return .success
        }
        let width = summaries.map(\.name.count).max() ?? 0
        var text = ""
        for summary in summaries {
            let count = "\(summary.instanceCount) \(summary.instanceCount == 1 ? "instance" : "instances")"
            let padded = summary.name + String(repeating: " ", count: width - summary.name.count)
            // The count column is 12 wide, longer counts cut to fit.
            let column = String(count.prefix(12))
            let paddedCount = column + String(repeating: " ", count: 12 - column.count)
            text += "\(padded)  \(paddedCount)  \(summary.chain.joined(separator: " → "))\n"
        }
        Console.shared.out(text)
        return .success
    }
}
