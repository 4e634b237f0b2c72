/// One problem ``InfoPlistChecker`` found in an Info.plist: how serious, which rule, where and
/// what, as a full sentence.
public struct InfoPlistFinding: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is. Build pipelines fail on errors (`plist-inspect lint
    /// --info-plist` exits 1) and show warnings.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        /// The bundle is wrong: the system or the App Store refuses it, or a build step was
        /// missed.
        case error
        /// Probably a mistake, or something Apple's tools warn about.
        case warning
    }

    /// The rule a finding is about; Docs/InfoPlist.md has the full table.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// The root is not a dictionary.
        case notADictionary
        /// A key the bundle's kind needs is missing.
        case missingKey
        /// A known key holds a value of another type than documented.
        case wrongType
        /// `CFBundleIdentifier` is not reverse-DNS of A–Z, a–z, 0–9, `-` and `.`.
        case invalidIdentifier
        /// `CFBundleShortVersionString` or `CFBundleVersion` is not one to three
        /// period-separated integers, or a minimum system version is no version.
        case invalidVersion
        /// A capability or background mode needs a privacy string the file lacks.
        case missingUsageDescription
        /// A privacy string is empty or only white space.
        case emptyUsageDescription
        /// A key or string still holds a `$(…)` or `${…}` build setting reference.
        case unexpandedBuildSetting
        /// A key or background mode that none of the bundle's platforms reads (Xcode removes
        /// it when it builds for them).
        case unsupportedOnPlatform
        /// A requirement of one platform: an iPad app's orientations, how an app that opens
        /// documents says it opens them.
        case platformRequirement
    }

    /// How serious.
    public let severity: Severity
    /// Which rule.
    public let rule: Rule
    /// The value or key the finding is about (for a missing key, where it belongs).
    public let keyPath: PlistKeyPath
    /// What is wrong, as a full sentence.
    public let message: String

    /// Creates a finding.
    public init(_ severity: Severity, _ rule: Rule, at keyPath: PlistKeyPath, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.keyPath = keyPath
        self.message = message
    }

    /// `error: At 'CFBundleVersion': The build version …`, as ``PlistWarning`` writes its place.
    public var description: String {
        let place = keyPath.isEmpty ? "At the root" : "At '\(keyPath)'"
        return "\(severity.rawValue): \(place): \(message)"
    }
}
