import FoundationEssentials
import PlistKit

/// `expand FILE…`: replaces build setting references in keys and strings by the settings'
/// values, in each file's own format, changing only the expanded text of text files.
enum ExpandCommand: Subcommand {
    static let spec = CommandSpec(
        name: "expand",
        abstract: "Expand build settings such as $(PRODUCT_NAME) in property lists.",
        discussion: """
          References in keys and strings, at any depth, become the settings' values, as
          Xcode's build engine (swift-build) computes them: $(NAME), ${NAME} and $NAME,
          nested names ($(SERVER_$(CONFIG))), $(inherited), and operators chained left to
          right ($(PRODUCT_NAME:lower:rfc1034identifier)): quote, upper, lower, identifier,
          rfc1034identifier, c99extidentifier, __md5, __stripslash, dir, file, base, suffix,
          standardizepath, not, and with an operand default=, dir=, file=, base=, suffix=,
          relativeto=, isancestor=. $$ is a literal $. Settings come from the environment
          (--environment), then each --settings file in order (.xcconfig files with their
          #include and #include? lines, conditional assignments NAME[sdk=…][arch=…][config=…]
          chosen by --sdk, --arch and --config, and comments), then -D, each over the ones
          before. A reference to an undefined setting fails the file (exit 1, nothing
          written), naming each reference with its key path, unless --keep-undefined leaves
          it as it is or --undefined-empty expands it to nothing as Xcode does; a bare $NAME
          of an undefined setting stays as written. An unknown operator, a setting that
          reaches itself through others with nothing to inherit, and an expansion past its
          bounds fail too. In XML, OpenStep and JSON files only the expanded strings and keys
          change (--reformat rewrites the whole file). The file is replaced atomically, as the
          edit verbs replace it; standard input ('-') is written to standard output. With
          --generate (or GENERATE_INFOPLIST_FILE = YES in the settings) the file is written
          whole as the Info.plist Xcode would produce: the keys the settings generate added,
          each platform's entries, empty values Xcode drops removed.
          """,
        arguments: [.init("file", help: "The files to expand ('-' for standard input).", variadic: true)],
        options: [
            .init(["-D", "--define"], value: "name=value", help: "Define a build setting (repeatable).", repeatable: true),
            .init(["--settings"], value: "file", help: "Read settings from an .xcconfig file, with its includes (repeatable).", repeatable: true),
            .init(["--environment"], help: "Take settings not otherwise defined from the environment."),
            .init(["--sdk"], value: "name", help: "The SDK conditional settings match ([sdk=iphoneos*])."),
            .init(["--arch"], value: "name", help: "The architecture conditional settings match ([arch=arm64])."),
            .init(["--config"], value: "name", help: "The configuration conditional settings match ([config=Release])."),
            .init(["--keep-undefined"], help: "Leave references to undefined settings as they are, with a warning."),
            .init(["--undefined-empty"], help: "Expand references to undefined settings to nothing, as Xcode does."),
            .init(["-o", "--output"], value: "path", help: "Write the result here instead of in place ('-' for standard output)."),
            .init(["--force"], help: "Replace the expanded file, or the -o output, even when it is read-only or another user's."),
            .init(["--reformat"], help: "Rewrite the whole file as the writer lays it out, instead of changing only the expanded text."),
            .init(["-s", "--silent"], help: "Print no warnings."),
            InfoPlistInput.generateOption,
        ] + ExpansionLimits.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let files = arguments.positionals
        let output = arguments.value("--output")
        if output != nil && files.count > 1 {
            throw CommandError.usage("-o takes one input file.", spec)
        }
        let buildSettings = try settings(arguments)
        let expander = try expander(arguments, settings: buildSettings)
        let silent = arguments.flag("--silent"), reformats = arguments.flag("--reformat"), forces = arguments.flag("--force")
        let writingOptions = try ExpansionLimits.applying(arguments)
        let outcomes = BatchRunner.run(files, jobs: 1, verb: "expanded", showsSummary: false) { file in
            do {
                var stderr = ""
                func expanded(_ bytes: Data) throws -> Data {
                    // --generate, or GENERATE_INFOPLIST_FILE = YES: the Info.plist Xcode would produce.
                    if let generated = try InfoPlistInput.generatedFile(bytes, settings: buildSettings, arguments: arguments, writingOptions: writingOptions) {
                        stderr = silent ? "" : generated.notes.map { "warning: \(FileIO.displayName(file)): \(StringEscaping.singleLine($0))\n" }.joined()
                        return generated.data
                    }
                    let result: BuildSettingDocumentExpansion
                    do {
                        result = try expander.expand(document: bytes, keepingLayout: !reformats, writingOptions: writingOptions)
                    } catch {
                        throw Failure.wrap(error, file: file)
                    }
                    var notes = result.expansion.undefinedSettings.map { "\($0); the reference is left as it is." }
                    if let reason = result.rewriteReason {
                        notes.append("The whole file was rewritten: the expansion could not change only its own text (\(reason)).")
                    }
                    stderr = silent ? "" : notes.map { "warning: \(FileIO.displayName(file)): \(StringEscaping.singleLine($0))\n" }.joined()
                    return result.data
                }
                if output == nil && !forces { try FileIO.requireWritePermission(file, hint: " (--force expands it anyway)") }
                let bytes = try FileIO.read(file)
                let result = try expanded(bytes)
                // In place, a file with nothing to expand is left alone rather than rewritten.
                if output != nil || file == "-" || result != bytes {
                    try FileIO.write(result, to: output ?? file, madeFrom: bytes, of: file, overridingPermissions: forces, recomputing: expanded)
                }
                return FileOutcome(stderr: stderr)
            } catch {
                return .failure(Failure.wrap(error, file: file))
            }
        }
        return BatchRunner.exitCode(outcomes, checkFailure: false)
    }

    /// The expander the command line asks for.
    private static func expander(_ arguments: ParsedArguments, settings: BuildSettings) throws -> BuildSettingExpander {
        let keeps = arguments.flag("--keep-undefined"), empties = arguments.flag("--undefined-empty")
        if keeps && empties { throw CommandError.usage("--keep-undefined and --undefined-empty exclude each other.", spec) }
        return BuildSettingExpander(
            settings: settings, undefinedSettings: keeps ? .keep : empties ? .expandToNothing : .fail,
            conditionValues: conditionValues(arguments))
    }

    /// The values conditional assignments are matched against (`NAME[sdk=…][arch=…][config=…]`),
    /// from --sdk, --arch and --config.
    static func conditionValues(_ arguments: ParsedArguments) -> [String: String] {
        var conditions: [String: String] = [:]
        for (option, parameter) in [("--sdk", "sdk"), ("--arch", "arch"), ("--config", "config")] {
            if let value = arguments.value(option) { conditions[parameter] = value }
        }
        return conditions
    }

    /// The settings the command line gives: the environment's (with --environment), then
    /// each --settings file's, then -D's, each over those before.
    static func settings(_ arguments: ParsedArguments, for command: CommandSpec = spec) throws -> BuildSettings {
        var settings = BuildSettings()
        if arguments.flag("--environment") { settings = BuildSettings(ProcessInfo.processInfo.environment) }
        let limits = BuildSettings.FileLimits()
        for path in arguments.allValues("--settings") {
            // Read here, for the errors (and exit statuses) of unreadable input, and bounded, so
            // that a huge file is refused before it is read; its includes the library reads.
            let bytes = try FileIO.read(path, maximumBytes: limits.maximumFileBytes, limitName: "BuildSettings.FileLimits.maximumFileBytes")
            do {
                let file = try BuildSettings(parsing: String(decoding: bytes, as: UTF8.self), path: path == "-" ? "./-" : path, limits: limits)
                settings = settings.merging(file)
            } catch {
                throw Failure.wrap(error, file: path)
            }
        }
        do {
            return settings.merging(try BuildSettings(definitions: arguments.allValues("--define")))
        } catch {
            throw CommandError.usage(StringEscaping.singleLine(error.description), command)
        }
    }
}
