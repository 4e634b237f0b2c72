import FoundationEssentials
import PlistKit

/// `info FILE…`: what an Info.plist says about its bundle, in a few lines or as JSON.
enum InfoCommand: Subcommand {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Summarize Info.plists: identity, versions, platforms and capabilities.",
        discussion: """
          The file is read leniently: a value of another type than documented is passed
          over ('lint --info-plist' reports it). Several files are printed one after another,
          a blank line between them. Given build settings (-D, --settings, --environment, and
          --sdk, --arch, --config for conditional ones, as for expand), the summary is of the Info.plist Xcode would produce from the file:
          references expanded, and with --generate or GENERATE_INFOPLIST_FILE = YES the keys the
          settings generate added; the platform is then the settings' (SDKROOT,
          TARGETED_DEVICE_FAMILY).
          """,
        arguments: [.init("file", help: "The Info.plist files ('-' for standard input).", variadic: true)],
        options: [.init(["--json"], help: "Print each summary as a JSON object for programs.")] + InfoPlistInput.options + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let json = arguments.flag("--json")
        let files = arguments.positionals
        let limits = try ExpansionLimits.applying(arguments)
        let processor = try InfoPlistInput.processor(arguments, spec: spec, limits: limits)
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "summarized", showsSummary: false) { file in
            do {
                let document = try Documents.load(file)
                let summary: InfoPlistSummary
                var notes: [String] = []
                do {
                    let value: PlistValue
                    (value, notes) = try InfoPlistInput.value(document.value, processor: processor)
                    summary = try InfoPlistSummary(value, limits: limits)
                } catch {
                    throw Failure.wrap(error, file: file)
                }
                let stderr = notes.map { "warning: \(FileIO.displayName(file)): \(StringEscaping.singleLine($0))\n" }.joined()
                if json { return FileOutcome(stdout: try jsonReport(summary, file: file), stderr: stderr) }
                let separator = file == files.first ? "" : "\n"
                return FileOutcome(stdout: Data((separator + summary.text).utf8), stderr: stderr)
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// `{"file": …, "name": …, …}` in pretty JSON, the summary's facts after the file's name.
    private static func jsonReport(_ summary: InfoPlistSummary, file: String) throws -> Data {
        var report: PlistDictionary = ["file": .string(FileIO.displayName(file))]
        for (key, value) in summary.plistValue.dictionary ?? [:] { report[key] = value }
        var data = try PlistValue.dictionary(report).encoded(
            as: .json, options: PlistWritingOptions(keyOrder: .preserved, prettyPrintsJSON: true))
        if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        return data
    }
}
