import Dispatch
import FoundationEssentials
import PlistKit
import Synchronization

/// What one file of a batch produced: its output and messages, printed in input order, and
/// whether it failed.
struct FileOutcome: Sendable {
    var stdout = Data()
    var stderr = ""
    /// The exit status of this file alone; anything but success counts as a failure.
    var exitCode: ExitCode = .success
    /// The failure's message without decoration, for reports.
    var message = ""
    /// The input's format as plutil names it, once it was read (for `--report`).
    var format: String?
    /// How long the file took, in seconds (measured by ``BatchRunner``).
    var seconds = 0.0
    /// Fields a subcommand adds to the file's entry of its JSON report (`lint --info-plist`'s
    /// findings).
    var reportFields = PlistDictionary()
    /// Why the file was left alone, when it was.
    var skipped: Skip?

    /// Why a batch leaves a file alone; neither is a failure.
    enum Skip: Sendable {
        /// A symbolic link would lead the batch outside the directories it was given: an
        /// input found in a tree (see ``FileTree``), or its output (see ``OutputPlan``).
        case leadsOutside
        /// `--update`: the output is not older than the input.
        case upToDate
    }

    var failed: Bool { exitCode != .success }

    /// An outcome for a failure: `Error: message` on stderr, and the message without the
    /// file's name for reports.
    static func failure(_ error: CommandError) -> FileOutcome {
        FileOutcome(stderr: "Error: \(error.message)\n", exitCode: error.exitCode, message: error.fileProblem ?? error.message)
    }

    /// The outcome for a file left alone because a symbolic link would lead the batch
    /// outside the directories it was given: a warning on stderr, and `reason` (a sentence
    /// without the file's name) in the report.
    static func skipped(_ file: String, because reason: String) -> FileOutcome {
        FileOutcome(stderr: "warning: \(StringEscaping.singleLine(FileIO.displayName(file))): \(reason)\n", message: reason, skipped: .leadsOutside)
    }
}

/// Runs one job per file on up to N threads (Dispatch), printing each file's output in input
/// order as soon as it and every earlier file are done, drawing a progress bar on stderr when
/// it is a terminal, and ending with a summary line. One file failing never stops the others.
enum BatchRunner {
    /// Parses the `--jobs` value (default 1).
    static func jobs(_ arguments: ParsedArguments) throws -> Int {
        try arguments.integer("--jobs", minimum: 1) ?? 1
    }

    /// The option every batch subcommand takes.
    static let jobsOption = CommandSpec.Option(["-j", "--jobs"], value: "n", help: "Work on up to N files at once (default 1).")

    /// The option that asks for a JSON Lines report (see ``writeReport(_:files:to:)``).
    static let reportOption = CommandSpec.Option(["--report"], value: "file", help: "Write one JSON line per file here: path, format, verdict, error, seconds.")

    /// Writes the report `--report` asks for, one JSON object a line, in input order:
    /// `{"path", "format", "verdict": "ok"|"failed"|"skipped"|"up-to-date", "error", "exitCode",
    /// "seconds"}`, with `format` and `error` null where there is none (`error` says why a
    /// file failed or was skipped, without the file's name).
    ///
    /// - Throws: ``CommandError`` with exit 74 when the report cannot be written.
    static func writeReport(_ outcomes: [FileOutcome], files: [String], to path: String) throws {
        // Field by field: a property list has no null, which JSON uses for what is absent.
        func json(_ value: PlistValue?) throws -> String {
            guard let value else { return "null" }
            return String(decoding: try value.encoded(as: .json), as: UTF8.self)
        }
        var lines = ""
        for (file, outcome) in zip(files, outcomes) {
            let verdict = outcome.failed ? "failed"
                : outcome.skipped == .leadsOutside ? "skipped" : outcome.skipped == .upToDate ? "up-to-date" : "ok"
            let fields: [(String, PlistValue?)] = [
                ("path", .string(file)),
                ("format", outcome.format.map(PlistValue.string)),
                ("verdict", .string(verdict)),
                ("error", outcome.failed || outcome.skipped == .leadsOutside ? .string(outcome.message) : nil),
                ("exitCode", .integer(PlistInteger(Int64(outcome.exitCode.rawValue)))),
                ("seconds", .real((outcome.seconds * 1_000_000).rounded() / 1_000_000)),
            ]
            lines += "{" + (try fields.map { "\"\($0.0)\":\(try json($0.1))" }.joined(separator: ",")) + "}\n"
        }
        try FileIO.write(Data(lines.utf8), to: path)
    }

    /// Runs `job` for every input that is not a link leading outside the trees given, and
    /// returns the outcomes in input order (for those links, the outcome that says so).
    /// `job` is given the input's index in `inputs`, by which subcommands find what they
    /// planned for it (see ``OutputPlan``).
    static func run(
        _ inputs: [FileTree.Input], jobs: Int, verb: String, showsSummary: Bool,
        _ job: @escaping @Sendable (_ index: Int) -> FileOutcome
    ) -> [FileOutcome] {
        run(count: inputs.count, jobs: jobs, verb: verb, showsSummary: showsSummary) { index in
            if let target = inputs[index].linkTargetOutside {
                return .skipped(inputs[index].path, because: "It is a symbolic link to '\(StringEscaping.singleLine(target))', outside the directories given; it was skipped.")
            }
            return job(index)
        }
    }

    /// Runs `job` for every file and returns the outcomes in input order.
    ///
    /// - Parameters:
    ///   - jobs: the most files worked on at once (at least 1).
    ///   - verb: the past-tense verb for the summary line ("converted", "linted").
    ///   - showsSummary: whether to print `N files verb, M failed.` on stderr at the end.
    static func run(
        _ files: [String], jobs: Int, verb: String, showsSummary: Bool,
        _ job: @escaping @Sendable (String) -> FileOutcome
    ) -> [FileOutcome] {
        run(count: files.count, jobs: jobs, verb: verb, showsSummary: showsSummary) { job(files[$0]) }
    }

    /// Runs `job` for each index below `count`, on up to `jobs` threads: what both `run`
    /// methods above do, for inputs or for paths.
    private static func run(
        count: Int, jobs: Int, verb: String, showsSummary: Bool,
        _ job: @escaping @Sendable (_ index: Int) -> FileOutcome
    ) -> [FileOutcome] {
        let console = Console.shared
        let state = BatchState(count: count)
        let workers = max(1, min(jobs, count))
        let draw: @Sendable (Int) -> Void = { done in
            guard count > 1 else { return }
            console.progress(progressLine(done: done, total: count))
        }
        draw(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.nextIndex() {
                let start = ContinuousClock.now
                var outcome = job(index)
                let elapsed = ContinuousClock.now - start
                outcome.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                // Printing happens inside the state's lock so that files appear in input order.
                state.complete(index, outcome) { item in
                    if !item.stderr.isEmpty { console.err(item.stderr) }
                    if !item.stdout.isEmpty { console.out(item.stdout) }
                } progress: { done in
                    draw(done)
                }
            }
        }
        console.clearProgress()
        let outcomes = state.outcomes()
        if showsSummary {
            let failed = outcomes.filter(\.failed).count, skipped = outcomes.filter { $0.skipped != nil }.count
            let files = outcomes.count == 1 ? "file" : "files"
            let skips = skipped == 0 ? "" : "\(skipped) skipped, "
            console.err("\(outcomes.count - failed - skipped) of \(outcomes.count) \(files) \(verb), \(skips)\(failed) failed.\n")
        }
        return outcomes
    }

    /// `[#########           ] 45/100`
    static func progressLine(done: Int, total: Int) -> String {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total)"
    }

    /// The overall exit status: success if every file succeeded, otherwise `failedStatus`
    /// (1 for checks), or the first file's own status when all failures share it.
    static func exitCode(_ outcomes: [FileOutcome], checkFailure: Bool) -> ExitCode {
        let failures = outcomes.filter(\.failed)
        guard let first = failures.first else { return .success }
        if checkFailure { return .failure }
        return failures.allSatisfy { $0.exitCode == first.exitCode } ? first.exitCode : .failure
    }
}

/// The shared state of a batch, behind a lock.
private final class BatchState: Sendable {
    private struct State {
        var next = 0
        var printed = 0
        var done = 0
        var results: [FileOutcome?]
    }

    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(results: Array(repeating: nil, count: count))) }

    func nextIndex() -> Int? {
        state.withLock { state in
            guard state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Records an outcome, hands every outcome now printable in order to `emit`, and reports
    /// how many are done.
    func complete(_ index: Int, _ outcome: FileOutcome, emit: (FileOutcome) -> Void, progress: (Int) -> Void) {
        state.withLock { state in
            state.results[index] = outcome
            state.done += 1
            while state.printed < state.results.count, let result = state.results[state.printed] {
                emit(result)
                state.printed += 1
            }
            progress(state.done)
        }
    }

    func outcomes() -> [FileOutcome] {
        state.withLock { $0.results.compactMap { $0 } }
    }
}
