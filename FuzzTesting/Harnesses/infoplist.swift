import FoundationEssentials
import PlistKit

/// libFuzzer entry point: the Info.plist engine, as `plist-inspect expand`, `lint --info-plist`
/// and `info` run it, on a settings file and a property list.
///
/// The input is split at its first NUL byte: the bytes before it are an `.xcconfig` text, the
/// bytes after it a property list in any format (no NUL: settings only, no source Info.plist).
/// See ``InfoPlistFuzzCheck`` for what is checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0)
    let settingsText = String(decoding: bytes[..<(split ?? count)], as: UTF8.self)
    let plist = split.map { Data(bytes[($0 + 1)...]) }
    InfoPlistFuzzCheck.run(settingsText: settingsText, plist: plist)
    return 0
}

/// The checks, each a promise of the Info.plist engine's documentation (Docs/InfoPlist.md and
/// the doc comments), beyond "no crash, no hang, no unbounded memory":
///
/// - Settings: parsing gives settings or an ``InfoPlistError/Code/invalidSetting`` error at a
///   line; every setting parsed has a setting name.
/// - Expanding text: only the expansion's error codes (never `.undefinedBuildSetting` unless
///   undefined settings fail); a text without `$` is its own expansion; `$(NAME)` of a setting
///   whose value has no `$` is that value; `$$` is one `$`; nothing longer than
///   ``BuildSettingExpander/maximumLength``.
/// - Expanding the property list: a value without `$` is unchanged, with no replacements; the
///   replacements made in the original give the expanded value; with no undefined reference
///   met, every way of handling undefined settings gives the same value; every reference the
///   expansion reports undefined is one ``InfoPlistChecker`` reports unexpanded; the document's
///   new bytes read back as the expanded value.
/// - Processing (``InfoPlistProcessor``): a dictionary, or only the processor's errors.
/// - Checks: only `.limitExceeded`; a root that is no dictionary is the one finding; a source
///   and a built stage differ only in the severity of unexpanded references.
/// - The model: errors are `DecodingError`; a decoded Info.plist encodes back to the same
///   dictionary, its keys in the file's order, and checks as the value does.
/// - The summary: only its errors; its text ends its last line; its dictionary writes as JSON.
enum InfoPlistFuzzCheck {
    /// The condition values conditional assignments are matched against, as `--sdk`, `--arch`
    /// and `--config` give them.
    static let conditionValues = ["sdk": "iphoneos17.2", "arch": "arm64", "config": "Release"]

    /// The most settings whose own expansion is checked, so that one input costs a bounded
    /// number of expansions.
    static let settingsChecked = 16

    static func run(settingsText: String, plist: Data?) {
        let settings = parseSettings(settingsText)
        checkSettingExpansions(settings)
        var source: PlistValue?
        if let plist, !plist.isEmpty {
            source = FuzzSupport.document(plist, "reading the property list")?.value
            if let source { checkValueExpansion(source, settings: settings) }
            checkDocumentExpansion(plist, settings: settings)
        }
        var infoPlists: [PlistValue] = source.map { [$0] } ?? []
        if let processed = process(source, settings: settings) { infoPlists.append(processed) }
        for value in infoPlists {
            checkFindings(value)
            checkModel(value)
            checkSummary(value)
        }
    }

    // MARK: - Settings

    static func parseSettings(_ text: String) -> BuildSettings {
        do {
            let settings = try BuildSettings(parsing: text)
            for name in settings.assignments.keys where !isSettingName(name) {
                fail("A settings file assigned '\(name)', which is not a setting name")
            }
            return settings
        } catch {
            guard error.code == .invalidSetting, !error.description.isEmpty else {
                fail("Parsing settings threw \(error.code), not invalidSetting: \(error)")
            }
            // A line of the file, or none for a bound on the whole file.
            switch error.location {
            case nil, .line?: break
            case let location?: fail("A settings file's error is located at \(location), not a line: \(error)")
            }
            return BuildSettings()
        }
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    static func isSettingName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    // MARK: - Expanding text

    static let expansionCodes: Set<InfoPlistError.Code> = [.buildSettingCycle, .expansionTooDeep, .expansionTooLong, .unknownModifier]

    static func expander(_ settings: BuildSettings, _ handling: BuildSettingExpander.UndefinedSettingHandling) -> BuildSettingExpander {
        BuildSettingExpander(settings: settings, undefinedSettings: handling, conditionValues: conditionValues)
    }

    /// `text` expanded, or `nil` after checking the error is one the expansion documents.
    static func expand(_ text: String, with expander: BuildSettingExpander) -> String? {
        do {
            let result = try expander.expand(text)
            guard result.utf8.count <= expander.maximumLength else {
                fail("Expanding '\(text.prefix(200))' gave \(result.utf8.count) bytes, past maximumLength")
            }
            return result
        } catch {
            let allowed = expansionCodes.union(expander.undefinedSettings == .fail ? [.undefinedBuildSetting] : [])
            guard allowed.contains(error.code), !error.description.isEmpty else {
                fail("Expanding '\(text.prefix(200))' (\(expander.undefinedSettings)) threw \(error.code): \(error)")
            }
            return nil
        }
    }

    static func checkSettingExpansions(_ settings: BuildSettings) {
        let failing = expander(settings, .fail)
        let keeping = expander(settings, .keep)
        for name in settings.assignments.keys.sorted().prefix(settingsChecked) {
            let raw = settings.assignments[name]!.last { $0.conditions.allSatisfy { $0.holds(for: conditionValues) } }?.value
            _ = expand("$(\(name))", with: keeping)
            let expanded = expand("$(\(name))", with: failing)
            // `$(inherited)` at the top names no setting, whatever a file assigns to the name.
            if let raw, !raw.utf8.contains(UInt8(ascii: "$")), name != "inherited" {
                guard expanded == raw else {
                    fail("'$(\(name))' expanded to \(expanded.map { "'\($0)'" } ?? "an error"), not its value '\(raw)'")
                }
                guard expand(raw, with: failing) == raw else { fail("The text '\(raw)', without '$', changed in expansion") }
                guard expand("$$" + raw, with: failing) == "$" + raw else { fail("'$$\(raw)' did not expand to '$\(raw)'") }
            }
        }
    }

    // MARK: - Expanding a property list

    static func expand(_ value: PlistValue, with expander: BuildSettingExpander) -> BuildSettingExpansion? {
        do {
            return try expander.expand(value)
        } catch {
            let allowed = expansionCodes.union([.duplicateKey]).union(expander.undefinedSettings == .fail ? [.undefinedBuildSetting] : [])
            guard allowed.contains(error.code), !error.description.isEmpty else {
                fail("Expanding a property list (\(expander.undefinedSettings)) threw \(error.code): \(error)")
            }
            // Every error but the list of undefined settings says where in the value.
            guard error.code == .undefinedBuildSetting || error.location != nil else {
                fail("Expanding a property list threw \(error.code) without a key path: \(error)")
            }
            if error.code == .undefinedBuildSetting, error.undefinedSettings.isEmpty {
                fail("An undefinedBuildSetting error lists no setting: \(error)")
            }
            return nil
        }
    }

    static func checkValueExpansion(_ value: PlistValue, settings: BuildSettings) {
        guard FuzzSupport.isExpansionSmall(value, budget: FuzzSupport.expansionBudget) else {
            // Shared subtrees: the expansion must still end (it walks distinct containers).
            _ = expand(value, with: expander(settings, .keep))
            return
        }
        let keeping = expand(value, with: expander(settings, .keep))
        if let keeping {
            if !holdsDollar(value) {
                guard !keeping.changesValue, keeping.replacements.isEmpty, keeping.value == value else {
                    fail("A property list without '$' changed in expansion:\n\(keeping.value)", value: value)
                }
            }
            let replaced: PlistValue
            do {
                replaced = try value.replacing(keeping.replacements)
            } catch {
                fail("The expansion's replacements do not apply to the original: \(error)", value: value)
            }
            guard replaced == keeping.value else {
                fail("The expansion's replacements give another value than the expansion:\n\(replaced)\n\(keeping.value)", value: value)
            }
            if keeping.undefinedSettings.isEmpty {
                // No undefined reference met: how undefined settings are handled cannot matter.
                for handling in [BuildSettingExpander.UndefinedSettingHandling.fail, .expandToNothing] {
                    guard let other = expand(value, with: expander(settings, handling)), other.value == keeping.value else {
                        fail("With no undefined setting, .\(handling) expanded otherwise than .keep", value: value)
                    }
                }
            }
        }
        // What the expansion finds undefined without settings, by a setting's name, the checks
        // find unexpanded (a reference naming no setting a file could define, `$(echo hi)`,
        // is text to the checks).
        do {
            _ = try BuildSettingExpander(settings: BuildSettings(), undefinedSettings: .fail).expand(value)
        } catch where error.code == .undefinedBuildSetting {
            let unexpanded = Set(((try? InfoPlistChecker(stage: .source).check(value)) ?? [])
                .filter { $0.rule == .unexpandedBuildSetting }.map(\.keyPath))
            for reference in error.undefinedSettings where isSettingName(reference.name) && !unexpanded.contains(reference.keyPath) {
                fail("The expansion found '\(reference.name)' undefined at '\(reference.keyPath)', which the checks do not report", value: value)
            }
        } catch {}
    }

    /// Whether any key or string of `value` holds a `$`.
    static func holdsDollar(_ value: PlistValue) -> Bool {
        switch value {
        case .string(let text): return text.utf8.contains(UInt8(ascii: "$"))
        case .array(let elements): return elements.contains(where: holdsDollar)
        case .dictionary(let dictionary):
            return dictionary.keys.contains { $0.utf8.contains(UInt8(ascii: "$")) } || dictionary.values.contains(where: holdsDollar)
        default: return false
        }
    }

    static func checkDocumentExpansion(_ bytes: Data, settings: BuildSettings) {
        let result: BuildSettingDocumentExpansion
        do {
            result = try expander(settings, .keep).expand(document: bytes, readingOptions: FuzzSupport.readingOptions)
        } catch let error as InfoPlistError {
            guard expansionCodes.union([.duplicateKey]).contains(error.code) else {
                fail("Expanding a document threw \(error.code): \(error)", value: nil)
            }
            return
        } catch {
            FuzzSupport.expectPlistError(error, "expanding a document")
            return
        }
        guard result.expansion.changesValue else {
            guard result.data == bytes else { fail("A document with nothing to expand was rewritten", value: nil) }
            return
        }
        let reread: PlistValue
        do {
            reread = try PlistValue(decoding: result.data, format: result.format, options: FuzzSupport.readingOptions)
        } catch {
            fail("An expanded document does not read back as \(result.format): \(error)", value: result.expansion.value)
        }
        guard FuzzSupport.isExpansionSmall(reread, budget: FuzzSupport.expansionBudget) else { return }
        let expected = FuzzSupport.afterDocumentedLosses(result.expansion.value, format: result.format)
        guard reread == expected || reread == result.expansion.value else {
            fail("An expanded \(result.format) document reads back as another value:\n\(reread)", value: result.expansion.value)
        }
    }

    // MARK: - Processing

    static let processorCodes = expansionCodes.union([.notADictionary, .conflictingValue, .duplicateKey])

    /// The Info.plist the processor makes of `source`, generating keys, or `nil`.
    static func process(_ source: PlistValue?, settings: BuildSettings) -> PlistValue? {
        let processor = InfoPlistProcessor(settings: settings, generatesKeys: true, conditionValues: conditionValues)
        do {
            let processed = try processor.process(source)
            guard processed.value.dictionary != nil else { fail("The processor made a root that is no dictionary", value: processed.value) }
            if let source, source.dictionary == nil { fail("The processor took a root that is no dictionary", value: source) }
            return processed.value
        } catch let error as InfoPlistError {
            guard processorCodes.contains(error.code), !error.description.isEmpty else {
                fail("Processing threw \(error.code): \(error)", value: source)
            }
            return nil
        } catch let error as PlistError {
            guard error.code == .limitExceeded else { fail("Processing threw PlistError \(error.code): \(error)", value: source) }
            return nil
        } catch {
            fail("Processing threw \(type(of: error)): \(error)", value: source)
        }
    }

    // MARK: - Checks, model, summary

    static func findings(_ value: PlistValue, _ checker: InfoPlistChecker) -> [InfoPlistFinding]? {
        do {
            return try checker.check(value)
        } catch {
            guard error.code == .limitExceeded else { fail("The checks threw \(error.code): \(error)", value: value) }
            return nil
        }
    }

    static func checkFindings(_ value: PlistValue) {
        guard let detected = findings(value, InfoPlistChecker()) else { return }
        if value.dictionary == nil {
            guard detected.count == 1, detected[0].rule == .notADictionary else {
                fail("A root that is no dictionary gave the findings \(detected)", value: value)
            }
        }
        for finding in detected where finding.message.isEmpty || finding.description.isEmpty {
            fail("A finding has no message: \(finding.rule) at \(finding.keyPath)", value: value)
        }
        guard let source = findings(value, InfoPlistChecker(stage: .source)),
              let built = findings(value, InfoPlistChecker(stage: .built))
        else { return }
        // The stage says only how serious an unexpanded reference is.
        let sameFindings = source.count == built.count && zip(source, built).allSatisfy { a, b in
            a.rule == b.rule && a.keyPath == b.keyPath && a.message == b.message
                && (a.rule == .unexpandedBuildSetting ? a.severity == .warning && b.severity == .error : a.severity == b.severity)
        }
        guard sameFindings else { fail("A source and a built Info.plist's findings differ:\n\(source)\n\(built)", value: value) }
    }

    static func checkModel(_ value: PlistValue) {
        // The model reads every occurrence of a shared subtree, as writing does.
        guard FuzzSupport.isExpansionSmall(value, budget: FuzzSupport.expansionBudget) else { return }
        let info: InfoPlist
        do {
            info = try InfoPlist(value)
        } catch let error as DecodingError {
            _ = "\(error)"
            return
        } catch {
            fail("The model threw \(type(of: error)), not DecodingError: \(error)", value: value)
        }
        guard let dictionary = value.dictionary else { fail("The model read a root that is no dictionary", value: value) }
        let encoded: PlistValue
        do {
            encoded = try info.plistValue()
        } catch {
            fail("The model cannot encode what it decoded: \(error)", value: value)
        }
        guard encoded == value, encoded.dictionary?.keys == dictionary.keys else {
            fail("The model's decode and encode changed the Info.plist:\n\(encoded)", value: value)
        }
        guard (try? InfoPlist(encoded)) == info else { fail("The model decodes its own encoding otherwise", value: value) }
        guard let direct = findings(value, InfoPlistChecker()) else { return }
        guard (try? InfoPlistChecker().check(info)) == direct else {
            fail("The model checks otherwise than its property list", value: value)
        }
    }

    static func checkSummary(_ value: PlistValue) {
        let summary: InfoPlistSummary
        do {
            summary = try InfoPlistSummary(value)
        } catch let error as InfoPlistError {
            guard error.code == .notADictionary, value.dictionary == nil else { fail("The summary threw \(error.code): \(error)", value: value) }
            return
        } catch let error as PlistError {
            guard error.code == .limitExceeded else { fail("The summary threw PlistError \(error.code): \(error)", value: value) }
            return
        } catch {
            fail("The summary threw \(type(of: error)): \(error)", value: value)
        }
        guard value.dictionary != nil else { fail("The summary read a root that is no dictionary", value: value) }
        let text = summary.text
        guard !text.isEmpty, text.hasSuffix("\n") else { fail("The summary's text does not end its last line: \(text)", value: value) }
        do {
            _ = try summary.plistValue.encoded(as: .json)
        } catch {
            fail("The summary's dictionary does not write as JSON: \(error)", value: value)
        }
    }

    static func fail(_ message: String, value: PlistValue? = nil) -> Never {
        guard let value else { fatalError("Fuzz check failed: \(message)") }
        FuzzSupport.fail(message, value: value)
    }
}
