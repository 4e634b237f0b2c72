import FoundationEssentials
import PlistKit

/// The Info.plist the Info.plist commands (`lint --info-plist`, `info`, `expand --generate`)
/// work on: the file as it is, or, given build settings, the Info.plist Xcode would produce
/// from it (``InfoPlistProcessor``).
enum InfoPlistInput {
    /// `--generate`.
    static let generateOption = CommandSpec.Option(
        ["--generate"],
        help: "Add the keys the build settings generate (INFOPLIST_KEY_…, PRODUCT_BUNDLE_IDENTIFIER …), as Xcode does; on by default when the settings say GENERATE_INFOPLIST_FILE = YES.")

    /// The options that give build settings (as `expand` reads them: -D, --settings,
    /// --environment, and --sdk, --arch, --config for conditional assignments) and
    /// `--generate`.
    static var options: [CommandSpec.Option] { ExpandCommand.buildSettingOptions + [generateOption] }

    /// The processor the command line asks for, or `nil` when it gives no settings and no
    /// `--generate`: the file is then taken as it is.
    ///
    /// - Throws: what reading the settings throws (a usage error for a bad -D, 65 or 66 for a
    ///   bad or missing settings file).
    static func processor(_ arguments: ParsedArguments, spec: CommandSpec, limits: PlistWritingOptions) throws -> InfoPlistProcessor? {
        let givesSettings = ExpandCommand.buildSettingOptions.contains { option in
            arguments.flag(option.key) || !arguments.allValues(option.key).isEmpty
        }
        let generates = arguments.flag("--generate")
        guard givesSettings || generates else { return nil }
        let settings = try ExpandCommand.settings(arguments, for: spec)
        return InfoPlistProcessor(
            settings: settings, generatesKeys: generates ? true : nil, limits: limits, conditionValues: ExpandCommand.conditionValues(arguments))
    }

    /// The value to check or summarize: `value` processed with `processor` when there is
    /// one, and the warnings to print about it (settings not defined, entries removed).
    static func value(_ value: PlistValue, processor: InfoPlistProcessor?) throws -> (value: PlistValue, notes: [String]) {
        guard let processor else { return (value, []) }
        let processed = try processor.process(value)
        return (processed.value, notes(processed))
    }

    /// The warnings about a processed Info.plist: each entry the platform does not read, which
    /// was removed. (References to undefined settings are the checks' own findings.)
    static func notes(_ processed: ProcessedInfoPlist) -> [String] {
        processed.removedEntries.map { "Removed \($0)." }
    }

    /// For `expand`: the file `bytes` processed into the Info.plist Xcode would produce,
    /// written whole in its own format, when the command line asks for generation
    /// (`--generate`, or `GENERATE_INFOPLIST_FILE = YES` in the settings); `nil` otherwise,
    /// for the plain expansion.
    static func generatedFile(
        _ bytes: Data, settings: BuildSettings, arguments: ParsedArguments, writingOptions: PlistWritingOptions
    ) throws -> (data: Data, notes: [String])? {
        var processor = InfoPlistProcessor(
            settings: settings, generatesKeys: arguments.flag("--generate") ? true : nil,
            keepsUndefinedReferences: arguments.flag("--keep-undefined"), limits: writingOptions,
            conditionValues: ExpandCommand.conditionValues(arguments))
        guard processor.generatesKeys == true || processor.settingsGenerateInfoPlist else { return nil }
        processor.generatesKeys = true
        let document = try PlistDocument(decoding: bytes)
        let processed = try processor.process(document.value)
        let notes = processed.undefinedSettings.map { "\($0); the reference is left as it is." } + Self.notes(processed)
        return (try processed.value.encoded(as: document.format, options: writingOptions), notes)
    }
}

extension ExpandCommand {
    /// The options that give build settings (-D, --settings, --environment) and choose the
    /// conditional assignments that apply (--sdk, --arch, --config), as `expand` takes them,
    /// for the other commands that read settings.
    static var buildSettingOptions: [CommandSpec.Option] {
        spec.options.filter { !Set($0.names).isDisjoint(with: ["--define", "--settings", "--environment", "--sdk", "--arch", "--config"]) }
    }
}
