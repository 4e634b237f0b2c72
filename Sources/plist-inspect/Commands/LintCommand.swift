import FoundationEssentials
import PlistKit

/// `lint FILE…`: checks that files are valid property lists.
enum LintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check that files are valid property lists.",
        discussion: """
          Prints 'FILE: OK' for each good file and the error with its position on standard
          error for each bad one. Exits 1 when any file fails.
          """,
        arguments: [.init("file", help: "The files (or, with --recursive, directories) to check ('-' for standard input).", variadic: true)],
        options: [
            BatchRunner.jobsOption,
            .init(["-s", "--silent"], help: "Print nothing for good files."),
            .init(["--json"], help: "Print a JSON report instead of lines."),
            BatchRunner.reportOption,
        ] + FileTree.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let jobs = try BatchRunner.jobs(arguments)
        let silent = arguments.flag("--silent"), json = arguments.flag("--json")
        let files = try FileTree(arguments).inputs(arguments.positionals, spec: spec).map(\.path)
        // Results are also kept per file for the JSON report.
        let outcomes = BatchRunner.run(files, jobs: jobs, verb: "passed", showsSummary: files.count > 1 && !json) { file in
            do {
                let format = try Documents.load(file).format.plutilName
                if json || silent { return FileOutcome(format: format) }
                return FileOutcome(stdout: Data("\(FileIO.displayName(file)): OK\n".utf8), format: format)
            } catch {
                let failure = Failure.wrap(error, file: nil)
                let problem = failure.fileProblem ?? failure.message
                if json { return FileOutcome(stderr: "", exitCode: failure.exitCode, message: problem) }
                return FileOutcome(stderr: "\(FileIO.displayName(file)): \(problem)\n", exitCode: failure.exitCode, message: problem)
            }
        }
        if json {
            try printReport(files: files, outcomes: outcomes)
        }
        if let report = arguments.value("--report") { try BatchRunner.writeReport(outcomes, files: files, to: report) }
        return outcomes.contains(where: \.failed) ? .failure : .success
    }

    private static func printReport(files: [String], outcomes: [FileOutcome]) throws {
        var entries: [PlistValue] = []
        for (file, outcome) in zip(files, outcomes) {
            var entry: PlistDictionary = ["file": .string(FileIO.displayName(file)), "ok": .boolean(!outcome.failed)]
            if outcome.failed {
                entry["error"] = .string(outcome.message)
                entry["exitCode"] = .integer(PlistInteger(Int64(outcome.exitCode.rawValue)))
            }
            entries.append(.dictionary(entry))
        }
        let failed = outcomes.filter(\.failed).count
        let report: PlistValue = .dictionary([
            "files": .array(entries), "checked": .integer(PlistInteger(Int64(files.count))),
            "failed": .integer(PlistInteger(Int64(failed))),
        ])
        var data = try report.encoded(as: .json, options: PlistWritingOptions(keyOrder: .preserved, prettyPrintsJSON: true))
        if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        Console.shared.out(data)
    }
}
