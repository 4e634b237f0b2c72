import FoundationEssentials
import PlistKit

/// `du FILE…`: where each file's bytes go, by key path.
enum DuCommand: Subcommand {
    static let spec = CommandSpec(
        name: "du",
        abstract: "Show which key paths hold a property list file's bytes, as du does for folders.",
        discussion: """
          Each value is listed with its bytes and its share of the file, the largest first.
          In a binary file a value's bytes are its objects' (with their offset-table entries);
          an object referred to from several places is counted once, where first met, and
          shown as shared elsewhere, so the listing adds up to the file's size with the
          header, trailer and unreferenced objects. In a text file a value's bytes are those
          of its text, from its first byte to its last.
          """,
        arguments: [.init("file", help: "The files to measure ('-' for standard input).", variadic: true)],
        options: [
            .init(["--depth"], value: "n", help: "List values only down to N levels below the root."),
            .init(["--json"], help: "Print each file's sizes as JSON for programs."),
        ])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let printer = PlistSizeMapPrinter(maximumDepth: try arguments.integer("--depth", minimum: 0))
        let json = arguments.flag("--json")
        let files = arguments.positionals
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "measured", showsSummary: false) { file in
            do {
                let map = try measure(file)
                let name = FileIO.displayName(file)
                if json {
                    let options = PlistWritingOptions(keyOrder: .preserved, prettyPrintsJSON: true)
                    var data = try Encoding.encode(printer.report(of: map, title: name), as: .plist(.json), options: options, sourceName: file).data
                    if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
                    return FileOutcome(stdout: data)
                }
                // A blank line between the listings of several files.
                let separator = file == files.first ? "" : "\n"
                return FileOutcome(stdout: Data((separator + printer.tree(of: map, title: name)).utf8))
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// The size map of the file at `path`: a regular file through the library's mapping of
    /// it, anything else (standard input, a pipe, a file that cannot be opened, for the
    /// error) read here.
    private static func measure(_ path: String) throws -> PlistSizeMap {
        do {
            guard path != "-", FileIO.isReadableRegularFile(path) else {
                return try PlistSizeMap(measuring: FileIO.read(path))
            }
            return try PlistSizeMap(contentsOfFile: path)
        } catch {
            throw Failure.wrap(error, file: path)
        }
    }
}
