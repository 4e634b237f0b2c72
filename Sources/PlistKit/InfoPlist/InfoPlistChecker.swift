/// Checks an Info.plist as a build pipeline does before it ships a bundle: required keys,
/// documented types, the bundle identifier's and versions' syntax, privacy strings, each
/// platform's own requirements, and build setting references left unexpanded.
///
/// ```swift
/// let findings = try InfoPlistChecker().check(try PlistValue(decoding: data))
/// let failed = findings.contains { $0.severity == .error }
/// ```
///
/// Findings come in the order of the rules (see ``InfoPlistFinding/Rule`` and
/// Docs/InfoPlist.md, which lists each rule with its severity), and within a rule in the
/// file's order. A value that still holds a build setting reference is reported once, as
/// unexpanded, and not checked for its syntax: what it will hold is not known yet.
///
/// The platforms the checks of one platform apply to are the file's
/// (``InfoPlistPlatform/platforms(of:)-(PlistDictionary)``) unless ``platforms`` names them;
/// to check what Xcode would build from a source Info.plist and its settings, check
/// ``InfoPlistProcessor``'s result.
public struct InfoPlistChecker: Sendable {
    /// Which stage of a build an Info.plist is at, which decides what an unexpanded
    /// `$(…)` reference is.
    public enum Stage: Hashable, Sendable {
        /// A source Info.plist, which the build expands: references are warnings.
        case source
        /// A built one, in a bundle: a reference is a build step missed, an error.
        case built
        /// Built when the file has a key only a build writes (`DTPlatformName`, `DTSDKName`,
        /// `DTXcode`, `DTCompiler`, `BuildMachineOSBuild` …), a source otherwise.
        case detected
    }

    /// The file's stage. Default: ``Stage/detected``.
    public var stage: Stage
    /// The platforms the file is for, or `nil` (the default) for those its keys name.
    public var platforms: [InfoPlistPlatform]?
    /// The bound on the file's size once its shared references are expanded, as writing
    /// has it: checking walks every occurrence.
    public var limits: PlistWritingOptions

    /// Creates a checker.
    public init(stage: Stage = .detected, platforms: [InfoPlistPlatform]? = nil, limits: PlistWritingOptions = PlistWritingOptions()) {
        self.stage = stage
        self.platforms = platforms
        self.limits = limits
    }

    /// The findings for the property list `value`; none when it is a good Info.plist.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value` holds more
    ///   than ``limits`` allow once its shared references are expanded (checked first, in
    ///   time proportional to its distinct containers).
    /// - Complexity: O(n) in the size of `value`.
    public func check(_ value: PlistValue) throws(PlistError) -> [InfoPlistFinding] {
        try ExpandedSizeCounter.check(value, limits: limits, for: .walk("checking an Info.plist"))
        guard case .dictionary(let info) = value else {
            return [InfoPlistFinding(
                .error, .notADictionary, at: .root, "An Info.plist is a dictionary, but the root is \(value.kind.nameWithArticle).")]
        }
        let platforms = self.platforms ?? InfoPlistPlatform.platforms(of: info)
        var findings: [InfoPlistFinding] = []
        let (unexpanded, pending) = unexpandedReferences(in: value, isBuilt: isBuilt(info))
        findings += unexpanded
        findings += wrongTypes(in: info)
        findings += missingKeys(in: info, platforms: platforms)
        findings += identifierFindings(in: info, pending: pending)
        findings += versionFindings(in: info, platforms: platforms, pending: pending)
        findings += privacyFindings(in: info, platforms: platforms)
        findings += platformFindings(in: info, platforms: platforms)
        return findings
    }

    /// The findings for the Info.plist `info` as it encodes.
    ///
    /// - Throws: what ``InfoPlist/plistValue()`` and ``check(_:)-(PlistValue)`` throw.
    public func check(_ info: InfoPlist) throws -> [InfoPlistFinding] {
        try check(try info.plistValue())
    }

    /// Whether references in `info` are errors: by ``stage``, or by the keys only a build
    /// writes.
    private func isBuilt(_ info: PlistDictionary) -> Bool {
        switch stage {
        case .source: return false
        case .built: return true
        case .detected: return Self.buildOnlyKeys.contains { info[$0] != nil }
        }
    }

    /// Whether a bundle for `platforms` can only reach people through the App Store: it is for
    /// a platform other than macOS. A Mac-only bundle, or one whose platform is not known, may
    /// not, and the App Store's own rules are then warnings.
    static func goesThroughTheAppStore(_ platforms: [InfoPlistPlatform]) -> Bool {
        platforms.contains { $0 != .macOS }
    }

    /// Keys Xcode's build writes into every bundle's Info.plist from the SDK and the machine,
    /// which no source Info.plist has.
    static let buildOnlyKeys = [
        "BuildMachineOSBuild", "DTCompiler", "DTPlatformBuild", "DTPlatformName", "DTPlatformVersion", "DTSDKBuild", "DTSDKName",
        "DTXcode", "DTXcodeBuild",
    ]

    // MARK: - Types

    /// A value of another type than documented, at the top level and inside the records the
    /// model knows (URL types, App Transport Security, the extension's keys).
    private func wrongTypes(in info: PlistDictionary) -> [InfoPlistFinding] {
        var findings: [InfoPlistFinding] = []
        for (key, value) in info {
            guard let type = Self.documentedType(of: key) else { continue }
            if Self.launchServicesBooleans.contains(key), Self.readsAsBoolean(value) {
                findings.append(InfoPlistFinding(
                    .warning, .wrongType, at: PlistKeyPath(components: [key]),
                    "Expected a boolean, found \(value.kind.nameWithArticle); Launch Services reads it as one, but the documented type is a boolean."))
                continue
            }
            for mismatch in type.mismatches(in: value, at: PlistKeyPath(components: [key])) {
                findings.append(InfoPlistFinding(
                    .error, .wrongType, at: mismatch.keyPath,
                    "Expected \(mismatch.expected.description), found \(mismatch.found.nameWithArticle)."))
            }
        }
        return findings
    }

    /// The boolean keys macOS's Launch Services reads from a string or a number too (many
    /// Mac apps write `<string>1</string>`): such a value is a warning, not an error.
    static let launchServicesBooleans: Set<String> = ["LSUIElement", "LSBackgroundOnly"]

    /// Whether `value` is a string or integer Launch Services reads as a boolean: `1`, `0`,
    /// `YES`, `NO`, `true`, `false` in any case.
    private static func readsAsBoolean(_ value: PlistValue) -> Bool {
        switch value {
        case .string(let text): return ["1", "0", "yes", "no", "true", "false"].contains(text.lowercased())
        case .integer(let number): return number.intValue == 0 || number.intValue == 1
        default: return false
        }
    }

    /// The documented type of a top-level key: a known key's, a privacy string's, or for a
    /// device- or platform-specific key (`CFBundleIcons~ipad`, `LSMinimumSystemVersion-macos`)
    /// its base key's.
    static func documentedType(of key: String) -> InfoPlistValueType? {
        if let field = InfoPlist.fieldsByKey[key] { return field.type }
        if InfoPlist.isUsageDescriptionKey(key) { return .string }
        var base = Substring(key)
        if let tilde = base.firstIndex(of: "~") { base = base[..<tilde] }
        if let dash = base.lastIndex(of: "-"), platformSuffixes.contains(base[base.index(after: dash)...].lowercased()) {
            base = base[..<dash]
        }
        guard base.count < key.count else { return nil }
        return documentedType(of: String(base))
    }

    /// The platform names Info.plist keys take as suffixes (`key-iphoneos`).
    private static let platformSuffixes: Set<String> = ["iphoneos", "iphonesimulator", "macos", "macosx", "appletvos", "watchos", "xros"]

    // MARK: - Required keys

    /// A key the bundle's kind needs: for every bundle its identifier and build version, for
    /// those with code their executable, for apps and extensions their release version, for
    /// an extension its extension point, for an iPhone or iPad app a launch screen (not a
    /// tvOS, watchOS or visionOS one, nor a Mac app); and as warnings the
    /// keys every bundle should have.
    private func missingKeys(in info: PlistDictionary, platforms: [InfoPlistPlatform]) -> [InfoPlistFinding] {
        let kind = InfoPlistBundleKind(info)
        var findings: [InfoPlistFinding] = []
        func require(_ key: String, _ severity: InfoPlistFinding.Severity?, _ why: String) {
            guard let severity, info[key] == nil else { return }
            findings.append(InfoPlistFinding(severity, .missingKey, at: PlistKeyPath(components: [key]), "The key \(key) is missing: \(why)."))
        }
        let hasCode: InfoPlistFinding.Severity? = switch kind {
        case .application, .appExtension, .framework, .xpcService, .kernelExtension: .error
        case .unknown: .warning
        case .bundle: nil
        }
        // A Mac app may ship outside the App Store, which is what requires a release version.
        let isShipped = (kind == .application || kind == .appExtension) && Self.goesThroughTheAppStore(platforms)
        require("CFBundleIdentifier", .error, "it identifies the bundle to the system")
        require("CFBundleExecutable", hasCode, "it names the \(kind.name)'s executable")
        require("CFBundleVersion", .error, "it is the build version the system and the App Store compare")
        require("CFBundleShortVersionString", isShipped ? .error : .warning, "it is the release version people see")
        require("CFBundlePackageType", .warning, "it says what kind of bundle this is (APPL, FMWK, XPC!, BNDL)")
        require("CFBundleName", .warning, "it is the bundle's short name")
        require("CFBundleInfoDictionaryVersion", .warning, "it gives the Info.plist structure's version, 6.0")
        if kind == .appExtension, case .dictionary(let extensionKeys)? = info["NSExtension"], extensionKeys["NSExtensionPointIdentifier"] == nil {
            findings.append(InfoPlistFinding(
                .error, .missingKey, at: "NSExtension.NSExtensionPointIdentifier",
                "The key NSExtensionPointIdentifier is missing: it names the extension point the extension extends."))
        }
        let isForIPhoneOrIPad = platforms.contains(.iOS) || platforms.contains(.iPadOS)
        if kind == .application, isForIPhoneOrIPad, info["UILaunchScreen"] == nil, info["UILaunchStoryboardName"] == nil,
            info["UILaunchStoryboardName~ipad"] == nil, info["UILaunchScreen~ipad"] == nil
        {
            findings.append(InfoPlistFinding(
                .warning, .missingKey, at: "UILaunchScreen",
                "An iOS app has a launch screen, UILaunchScreen or UILaunchStoryboardName, which the App Store requires."))
        }
        return findings
    }
}
