/// Makes the Info.plist Xcode would put in a bundle, from a source Info.plist (possibly
/// partial, or none) and the target's build settings, as Apple's build engine's Info.plist
/// processor does (swift-build's `InfoPlistProcessorTaskAction`).
///
/// ```swift
/// let settings = try BuildSettings(parsing: xcconfigText)     // GENERATE_INFOPLIST_FILE = YES …
/// let built = try InfoPlistProcessor(settings: settings).process(try PlistValue(decoding: partial))
/// let findings = try InfoPlistChecker().check(built.value)
/// ```
///
/// The steps, in the processor's order:
///
/// 1. With ``generatesKeys`` (by default `GENERATE_INFOPLIST_FILE = YES`), the keys the
///    settings give (``InfoPlistKeySetting``: every `INFOPLIST_KEY_…` setting; `PRODUCT_NAME`,
///    `EXECUTABLE_NAME`, `CURRENT_PROJECT_VERSION`, `DEVELOPMENT_LANGUAGE`,
///    `PRODUCT_BUNDLE_IDENTIFIER`, `PRODUCT_BUNDLE_PACKAGE_TYPE`, `MARKETING_VERSION`;
///    `CFBundleInfoDictionaryVersion` 6.0; `LSRequiresIPhoneOS` for iOS and tvOS apps; a
///    launch screen and a scene manifest from `INFOPLIST_KEY_UILaunchScreen_Generation` and
///    `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`) are merged into the source as
///    Xcode merges additional content: a scalar replaces the source's, an array adds the
///    items the source lacks, a dictionary its entries.
/// 2. For the platform built for (``platform``, by default the first of
///    ``InfoPlistPlatform/platforms(of:)-(BuildSettings)``): `CFBundleSupportedPlatforms` and
///    the minimum system version from the deployment target (for macOS only in apps), when
///    the source has none.
/// 3. Build setting references in the values are expanded; those naming settings that are
///    not defined stay as written and are listed in ``ProcessedInfoPlist/undefinedSettings``.
///    `$(CFBundleIdentifier)` is the Info.plist's own identifier, as in Xcode.
/// 4. Empty strings of the keys where the system cannot take one (`CFBundleIdentifier`,
///    `CFBundleExecutable` …) are removed.
/// 5. `UIDeviceFamily` is set from `TARGETED_DEVICE_FAMILY`.
/// 6. Keys and background modes the platform does not read are removed
///    (``InfoPlistPlatformSupport``; not with `DISABLE_INFOPLIST_PLATFORM_PROCESSING = YES`),
///    and a Mac Catalyst app gets `NSSupportsAutomaticTermination` and
///    `NSSupportsSuddenTermination` unless it says otherwise.
///
/// Settings Xcode always defines take Xcode's defaults when the settings given lack them:
/// `PRODUCT_NAME` is `$(TARGET_NAME)`, `EXECUTABLE_NAME` `$(PRODUCT_NAME)`,
/// `PRODUCT_MODULE_NAME` `$(PRODUCT_NAME:c99extidentifier)`, and
/// `PRODUCT_BUNDLE_PACKAGE_TYPE` follows `PRODUCT_TYPE`. Docs/InfoPlist.md lists what Xcode
/// adds that this does not (the `DT…` keys of the SDK and Xcode, compiled asset catalogs'
/// and storyboards' keys, `INFOPLIST_FILE_CONTENTS`, privacy manifests).
public struct InfoPlistProcessor: Sendable {
    /// The target's build settings.
    public var settings: BuildSettings
    /// Whether the settings' keys are generated into the Info.plist; `nil` (the default)
    /// follows `GENERATE_INFOPLIST_FILE`.
    public var generatesKeys: Bool?
    /// The platform built for; `nil` (the default) takes the settings'.
    public var platform: InfoPlistPlatform?
    /// Whether references to settings that are not defined stay as written (listed in
    /// ``ProcessedInfoPlist/undefinedSettings``) rather than fail the processing. Default:
    /// `true`, since the settings given are rarely all a build has.
    public var keepsUndefinedReferences: Bool
    /// The bound on the source's size once its shared references are expanded.
    public var limits: PlistWritingOptions
    /// The values conditional assignments are matched against (`sdk`, `arch`, `config`), as
    /// ``BuildSettingExpander/conditionValues``.
    public var conditionValues: [String: String]

    /// Creates a processor.
    public init(
        settings: BuildSettings, generatesKeys: Bool? = nil, platform: InfoPlistPlatform? = nil, keepsUndefinedReferences: Bool = true,
        limits: PlistWritingOptions = PlistWritingOptions(), conditionValues: [String: String] = [:]
    ) {
        self.settings = settings
        self.generatesKeys = generatesKeys
        self.platform = platform
        self.keepsUndefinedReferences = keepsUndefinedReferences
        self.limits = limits
        self.conditionValues = conditionValues
    }

    /// An expander over `settings` that keeps undefined references and matches conditional
    /// assignments against ``conditionValues``.
    private func makeExpander(over settings: BuildSettings) -> BuildSettingExpander {
        BuildSettingExpander(settings: settings, undefinedSettings: .keep, conditionValues: conditionValues)
    }

    /// Whether the settings ask for a generated Info.plist (`GENERATE_INFOPLIST_FILE = YES`).
    public var settingsGenerateInfoPlist: Bool {
        isYes("GENERATE_INFOPLIST_FILE")
    }

    /// The Info.plist Xcode would produce from `source` (`nil` when the target has none).
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `source` passes
    ///   ``limits`` once its shared references are expanded; ``InfoPlistError``:
    ///   ``InfoPlistError/Code/notADictionary`` for a source that is no dictionary,
    ///   ``InfoPlistError/Code/conflictingValue`` when a generated key's value cannot merge
    ///   with the source's, ``InfoPlistError/Code/undefinedBuildSetting`` naming every
    ///   reference to an undefined setting unless ``keepsUndefinedReferences``, and the other
    ///   errors of ``BuildSettingExpander/expand(_:)-(PlistValue)``.
    /// - Complexity: O(n) in the size of `source` plus the length of what it expands to.
    public func process(_ source: PlistValue?) throws -> ProcessedInfoPlist {
        var info = PlistDictionary()
        if let source {
            try ExpandedSizeCounter.check(source, limits: limits, for: .walk("processing an Info.plist"))
            guard case .dictionary(let dictionary) = source else {
                throw InfoPlistError(.notADictionary, "An Info.plist is a dictionary, but the root is \(source.kind.nameWithArticle)", at: .keyPath(.root))
            }
            info = dictionary
        }
        var expander = makeExpander(over: effectiveSettings(identifier: nil))
        let settings = expander.settings
        let platform = self.platform ?? InfoPlistPlatform.platforms(of: settings).first
        var result = ProcessedInfoPlist(value: .dictionary([:]), platform: platform)
        let isApplication = isApplication(source: info, expander: expander)
        if generatesKeys ?? settingsGenerateInfoPlist {
            let generated = try generatedKeys(platform: platform, isApplication: isApplication, expander: expander, into: &result)
            try Self.merge(generated, into: &info)
        }
        if let platform {
            addPlatformEntries(for: platform, isApplication: isApplication, to: &info, result: &result)
        }
        // Xcode evaluates $(CFBundleIdentifier) as the Info.plist's own value, once the
        // generated keys are in.
        expander.settings = effectiveSettings(identifier: info["CFBundleIdentifier"]?.string)
        let expansion = try expander.expand(PlistValue.dictionary(info))
        result.undefinedSettings += expansion.undefinedSettings
        info = expansion.value.dictionary ?? info
        Self.elideEmptyStrings(in: &info)
        if let platform {
            setDeviceFamilies(for: platform, in: &info, expander: expander)
            if !isYes("DISABLE_INFOPLIST_PLATFORM_PROCESSING") {
                editPlatformEntries(for: platform, isApplication: isApplication, in: &info, result: &result)
            }
        }
        result.value = .dictionary(info)
        if !keepsUndefinedReferences, !result.undefinedSettings.isEmpty {
            throw InfoPlistError.undefined(result.undefinedSettings)
        }
        return result
    }

    // MARK: - Settings

    /// The settings with Xcode's defaults for the settings it always defines, and with
    /// `$(CFBundleIdentifier)` naming `identifier` when there is one.
    private func effectiveSettings(identifier: String?) -> BuildSettings {
        var defaults: [String: String] = [:]
        if settings["TARGET_NAME"] != nil { defaults["PRODUCT_NAME"] = "$(TARGET_NAME)" }
        if settings["PRODUCT_NAME"] != nil || settings["TARGET_NAME"] != nil {
            defaults["EXECUTABLE_NAME"] = "$(PRODUCT_NAME)"
            defaults["PRODUCT_MODULE_NAME"] = "$(PRODUCT_NAME:c99extidentifier)"
        }
        if let type = settings["PRODUCT_TYPE"].flatMap(Self.packageType(ofProductType:)) {
            defaults["PRODUCT_BUNDLE_PACKAGE_TYPE"] = type
        }
        let merged = BuildSettings(defaults).merging(settings)
        return identifier.map { merged.merging(BuildSettings(["CFBundleIdentifier": $0])) } ?? merged
    }

    /// The package type of an Xcode product type (`com.apple.product-type.application` is
    /// `APPL`), as the product types' specifications give it.
    static func packageType(ofProductType type: String) -> String? {
        let identifier = type.trimmingWhitespace()
        if identifier.hasPrefix("com.apple.product-type.application") { return "APPL" }
        if identifier.hasPrefix("com.apple.product-type.framework") { return "FMWK" }
        if identifier.contains("extension") || identifier.hasPrefix("com.apple.product-type.xpc-service") { return "XPC!" }
        if identifier.hasPrefix("com.apple.product-type.bundle") { return "BNDL" }
        if identifier.hasPrefix("com.apple.product-type.kernel-extension") { return "KEXT" }
        return nil
    }

    /// Whether the boolean setting `name`, expanded, is true.
    private func isYes(_ name: String) -> Bool {
        let expander = makeExpander(over: settings)
        guard let value = (try? expander.expandedSetting(name)) ?? settings.assignment(of: name, conditionValues: conditionValues)?.value else {
            return false
        }
        return InfoPlistSettingValue.isYes(value)
    }

    /// Whether the product is an app: by `PRODUCT_TYPE`, else the package type the settings
    /// give, else the source's keys.
    private func isApplication(source: PlistDictionary, expander: BuildSettingExpander) -> Bool {
        if let type = settings["PRODUCT_TYPE"] { return Self.packageType(ofProductType: type) == "APPL" }
        if let expanded = try? expander.expandedSetting("PRODUCT_BUNDLE_PACKAGE_TYPE") {
            return expanded == "APPL"
        }
        return InfoPlistBundleKind(source) == .application
    }

    // MARK: - Generated keys

    /// The keys the settings give, in the order of ``InfoPlistKeySetting``'s tables.
    private func generatedKeys(
        platform: InfoPlistPlatform?, isApplication: Bool, expander: BuildSettingExpander, into result: inout ProcessedInfoPlist
    ) throws(InfoPlistError) -> PlistDictionary {
        var content = PlistDictionary()
        func expanded(_ name: String) throws(InfoPlistError) -> String? {
            try expander.expandedSetting(name)
        }
        for entry in InfoPlistKeySetting.infoPlistKeySettings + InfoPlistKeySetting.productSettings {
            guard let text = try expanded(entry.setting) else { continue }
            content[entry.key] = entry.value(from: text)
        }
        content["CFBundleInfoDictionaryVersion"] = "6.0"
        let family = platform?.family
        if isApplication, family == "iOS" || family == "tvOS" {
            content["LSRequiresIPhoneOS"] = true
        }
        if isApplication, platform == .watchOS, settings["PRODUCT_TYPE"] != "com.apple.product-type.application.watchapp2" {
            // So that iPadOS versions that check it install an iPhone app holding the watch app.
            content["MinimumOSVersion~ipad"] = "9.0"
        }
        if let flag = try expanded(InfoPlistKeySetting.launchScreenGeneration), InfoPlistSettingValue.isYes(flag) {
            // swift-build writes this shape; the system reads any UILaunchScreen dictionary.
            content["UILaunchScreen"] = ["UILaunchScreen": [:]]
        }
        if let flag = try expanded(InfoPlistKeySetting.sceneManifestGeneration), InfoPlistSettingValue.isYes(flag) {
            content["UIApplicationSceneManifest"] = ["UIApplicationSupportsMultipleScenes": true, "UISceneConfigurations": [:]]
        }
        if platform == .watchOS, settings["PRODUCT_TYPE"] == "com.apple.product-type.application.watchapp2" {
            content["WKWatchKitApp"] = true
        }
        result.generatedKeys = content.keys
        return content
    }

    /// Merges `content` into `info` as Xcode merges additional Info.plist content: a new key is
    /// set; a scalar replaces a scalar; an array gets the items it lacks; a dictionary gets
    /// the entries, replacing those it has (one level, not deeper); `UIRequiredDeviceCapabilities`
    /// in its two shapes becomes the dictionary shape.
    ///
    /// - Throws: ``InfoPlistError/Code/conflictingValue`` for values of kinds that do not merge.
    static func merge(_ content: PlistDictionary, into info: inout PlistDictionary) throws(InfoPlistError) {
        for (key, new) in content {
            guard let old = info[key] else {
                info[key] = new
                continue
            }
            switch (old, new) {
            case (.array(let oldItems), .array(let newItems)):
                info[key] = .array(oldItems + newItems.filter { !oldItems.contains($0) })
            case (.dictionary(var oldEntries), .dictionary(let newEntries)):
                for (entryKey, entry) in newEntries { oldEntries[entryKey] = entry }
                info[key] = .dictionary(oldEntries)
            case (.array(let items), .dictionary(let entries)) where key == "UIRequiredDeviceCapabilities",
                (.dictionary(let entries), .array(let items)) where key == "UIRequiredDeviceCapabilities":
                var merged = PlistDictionary()
                let fromArray = PlistDictionary(items.compactMap(\.string).map { ($0, PlistValue.boolean(true)) })
                let (first, second) = old.array != nil ? (fromArray, entries) : (entries, fromArray)
                for (name, value) in first { merged[name] = value }
                for (name, value) in second { merged[name] = value }
                info[key] = .dictionary(merged)
            case (.array, _), (.dictionary, _), (_, .array), (_, .dictionary):
                throw InfoPlistError(
                    .conflictingValue,
                    "The build settings give \(key) \(new.kind.nameWithArticle), which does not merge with the Info.plist's value, \(old.kind.nameWithArticle)",
                    at: .keyPath(PlistKeyPath(components: [key])))
            default:
                info[key] = new
            }
        }
    }

    // MARK: - Platform

    /// The platform's own entries, for the keys the source lacks: `CFBundleSupportedPlatforms`
    /// and the minimum system version from the deployment target (on macOS, apps only).
    private func addPlatformEntries(
        for platform: InfoPlistPlatform, isApplication: Bool, to info: inout PlistDictionary, result: inout ProcessedInfoPlist
    ) {
        var added: [String] = []
        if info["CFBundleSupportedPlatforms"] == nil {
            info["CFBundleSupportedPlatforms"] = [.string(platform.supportedPlatformName)]
            added.append("CFBundleSupportedPlatforms")
        }
        let key = platform.minimumVersionKey
        let appliesHere = key == "MinimumOSVersion" || isApplication
        if appliesHere, info[key] == nil, settings[platform.deploymentTargetSetting] != nil {
            info[key] = .string("$(\(platform.deploymentTargetSetting))")
            added.append(key)
        }
        result.generatedKeys += added
    }

    /// `UIDeviceFamily` from `TARGETED_DEVICE_FAMILY`, the families the platform has kept
    /// (1 and 2 on iOS, 3 on tvOS, 4 on watchOS, 7 on visionOS; on Mac Catalyst 2 and 6, and
    /// 2 when neither is given), replacing the source's as Xcode does.
    private func setDeviceFamilies(for platform: InfoPlistPlatform, in info: inout PlistDictionary, expander: BuildSettingExpander) {
        let text = (try? expander.expandedSetting("TARGETED_DEVICE_FAMILY")) ?? settings["TARGETED_DEVICE_FAMILY"] ?? ""
        let given = InfoPlistPlatform.targetedDeviceFamilies(text)
        let allowed: Set<Int>
        switch platform {
        case .iOS, .iPadOS: allowed = [1, 2]
        case .tvOS: allowed = [3]
        case .watchOS: allowed = [4]
        case .visionOS: allowed = [7]
        case .macCatalyst: allowed = [2, 6]
        case .macOS: return
        }
        var families = Set(given.filter(allowed.contains))
        // A Mac Catalyst build is at least the iPad's (Xcode writes [2] for "1,2").
        if platform == .macCatalyst, families.isEmpty { families.insert(2) }
        guard !families.isEmpty else { return }
        info["UIDeviceFamily"] = .array(families.sorted().map { .integer(PlistInteger(Int64($0))) })
    }

    /// Removes the keys and background modes `platform` does not read, noting each in
    /// `result`, and gives a Mac Catalyst app its termination keys.
    private func editPlatformEntries(
        for platform: InfoPlistPlatform, isApplication: Bool, in info: inout PlistDictionary, result: inout ProcessedInfoPlist
    ) {
        for key in InfoPlistPlatformSupport.keyFamilies.keys.sorted() where info[key] != nil {
            guard !InfoPlistPlatformSupport.supports(key: key, on: platform) else { continue }
            info.removeValue(forKey: key)
            result.removedEntries.append("\(key), which \(platform.displayName) does not read")
        }
        if case .array(let modes)? = info["UIBackgroundModes"] {
            let kept = modes.filter { mode in
                guard let name = mode.string, !InfoPlistPlatformSupport.supports(backgroundMode: name, on: platform) else { return true }
                result.removedEntries.append("the background mode '\(name)', which \(platform.displayName) does not read")
                return false
            }
            if kept.count != modes.count { info["UIBackgroundModes"] = .array(kept) }
        }
        if platform == .macCatalyst, isApplication {
            for key in ["NSSupportsAutomaticTermination", "NSSupportsSuddenTermination"] where info[key] == nil {
                info[key] = true
                result.generatedKeys.append(key)
            }
        }
    }

    // MARK: - Empty values

    /// The keys whose empty string Xcode removes, at any depth: the system cannot take an
    /// empty one, or the App Store refuses it.
    static let keysElidedWhenEmpty: Set<String> = [
        "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleGetInfoString", "CFBundleIconFile", "CFBundleIdentifier",
        "CFBundleName", "CFBundlePackageType", "CFBundleResourceSpecification", "CFBundleShortVersionString", "CFBundleSignature",
        "CFBundleTypeIconFile", "CFBundleTypeRole", "CFBundleVersion", "NSDocumentClass", "NSHelpFile", "NSHumanReadableCopyright",
        "NSMainNibFile", "NSPrincipalClass", "NSStickerSharingLevel", "BuildMachineOSBuild", "DTSwiftPlaygroundsBuild",
        "DTSwiftPlaygroundsVersion", "DTXcode", "DTXcodeBuild",
    ]

    /// Removes the empty strings of ``keysElidedWhenEmpty`` from every dictionary in `info`.
    private static func elideEmptyStrings(in info: inout PlistDictionary) {
        var paths: [PlistKeyPath] = []
        PlistValue.dictionary(info).forEachKeyAndString { text, path, isKey in
            if !isKey, text.isEmpty, let key = path.components.last, keysElidedWhenEmpty.contains(key) { paths.append(path) }
        }
        guard !paths.isEmpty else { return }
        var value = PlistValue.dictionary(info)
        for path in paths { _ = try? value.removeValue(at: path) }
        info = value.dictionary ?? info
    }
}
