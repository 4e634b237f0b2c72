import FoundationEssentials
import PlistKit

/// `lint FILE…`: checks that files are valid property lists.
enum LintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check that files are valid property lists.",
        discussion: """
          Prints 'FILE: OK' for each good file and the error with its position on standard
          error for each bad one. Exits 1 when any file fails. With --info-plist each file is
          also checked as an Info.plist (required keys, documented types, the identifier and
          versions, privacy strings, each platform's own requirements, unexpanded $(…)
          settings); every finding is printed on standard error, and an error-level one fails
          the file. A $(…) reference is an error in a built Info.plist (one with the DT… keys a
          build writes) and a warning in a source one. Given build settings (-D, --settings,
          --environment, and --sdk, --arch, --config for conditional ones, as for expand), the file checked is the Info.plist Xcode would produce
          from it: references expanded, and with --generate or GENERATE_INFOPLIST_FILE = YES the
          keys the settings generate (PRODUCT_BUNDLE_IDENTIFIER, INFOPLIST_KEY_…) added.
          """,
        arguments: [.init("file", help: "The files (or, with --recursive, directories) to check ('-' for standard input).", variadic: true)],
        options: [
            BatchRunner.jobsOption,
            .init(["-s", "--silent"], help: "Print nothing for good files."),
            .init(["--json"], help: "Print a JSON report instead of lines."),
            .init(["--info-plist"], help: "Also check each file as an Info.plist."),
            .init(["--allow-build-settings"], help: "With --info-plist, report $(…) references as warnings even in a built Info.plist."),
            BatchRunner.reportOption,
        ] + InfoPlistInput.options + FileTree.options + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let jobs = try BatchRunner.jobs(arguments)
        let silent = arguments.flag("--silent"), json = arguments.flag("--json")
        let inputs = try FileTree(arguments).inputs(arguments.positionals, spec: spec), files = inputs.map(\.path)
        let checksInfoPlists = arguments.flag("--info-plist")
        let limits = try ExpansionLimits.applying(arguments)
        let processor = try InfoPlistInput.processor(arguments, spec: spec, limits: limits)
        for option in ["--allow-build-settings", "--generate"] where arguments.flag(option) && !checksInfoPlists {
            throw CommandError.usage("\(option) goes with --info-plist.", spec)
        }
        if processor != nil && !checksInfoPlists {
            throw CommandError.usage("Build settings go with --info-plist.", spec)
        }
        let checker = InfoPlistChecker(stage: arguments.flag("--allow-build-settings") ? .source : .detected, limits: limits)
        // Results are also kept per file for the JSON report.
        let outcomes = BatchRunner.run(inputs, jobs: jobs, verb: "passed", showsSummary: files.count > 1 && !json) { index in
            let file = files[index]
            do {
                let document = try Documents.load(file)
                let format = document.format.plutilName
                if checksInfoPlists {
                    let (value, notes) = try InfoPlistInput.value(document.value, processor: processor)
                    var result = outcome(of: try checker.check(value), file: file, format: format, silent: silent, json: json)
                    if !silent && !json {
                        result.stderr = notes.map { "\(FileIO.displayName(file)): warning: \(StringEscaping.singleLine($0))\n" }.joined() + result.stderr
                    }
                    return result
                }
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

    /// A file's outcome from its Info.plist findings: each on standard error as
    /// `FILE: error: At 'key': …` (warnings of a good file only when not silent), then
    /// `FILE: OK` for a file without errors; a failure (exit 1) when any is an error.
    private static func outcome(of findings: [InfoPlistFinding], file: String, format: String, silent: Bool, json: Bool) -> FileOutcome {
        let name = FileIO.displayName(file)
        let errors = findings.filter { $0.severity == .error }
        let lines = findings.map { "\(name): \(StringEscaping.singleLine($0.description))\n" }.joined()
        var outcome = FileOutcome(format: format)
        outcome.reportFields["findings"] = .array(findings.map { finding in
            .dictionary([
                "severity": .string(finding.severity.rawValue), "rule": .string(finding.rule.rawValue),
                "keyPath": .string(finding.keyPath.description), "message": .string(finding.message),
            ])
        })
        if let first = errors.first {
            outcome.exitCode = .failure
            outcome.message = StringEscaping.singleLine(first.description) + (errors.count > 1 ? " (and \(errors.count - 1) more errors)" : "")
            if !json { outcome.stderr = lines }
        } else if !json && !silent {
            outcome.stderr = lines
            outcome.stdout = Data("\(name): OK\n".utf8)
        }
        return outcome
    }

    private static func printReport(files: [String], outcomes: [FileOutcome]) throws {
        var entries: [PlistValue] = []
        for (file, outcome) in zip(files, outcomes) {
            var entry: PlistDictionary = ["file": .string(FileIO.displayName(file)), "ok": .boolean(!outcome.failed)]
            if outcome.failed {
                entry["error"] = .string(outcome.message)
                entry["exitCode"] = .integer(PlistInteger(Int64(outcome.exitCode.rawValue)))
            }
            if outcome.skipped != nil { entry["skipped"] = .string(outcome.message) }
            for (key, value) in outcome.reportFields { entry[key] = value }
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
