/// What an Info.plist says about its bundle, in a few facts: its identity, versions, platforms
/// and declared capabilities. `plist-inspect info` prints ``text`` or, as JSON,
/// ``plistValue``.
///
/// The summary reads the file as it is, leniently: a value of another type than documented
/// is passed over (``InfoPlistChecker`` reports it), and a build version given as a number is
/// shown as one.
public struct InfoPlistSummary: Hashable, Sendable {
    /// A platform with the oldest version of it the bundle runs on, when the file says.
    public struct Platform: Hashable, Sendable {
        /// The platform.
        public var platform: InfoPlistPlatform
        /// `MinimumOSVersion` (`LSMinimumSystemVersion` for macOS and Mac Catalyst), or `nil`.
        public var minimumVersion: String?
    }

    /// `CFBundleDisplayName`, else `CFBundleName`.
    public var name: String?
    /// `CFBundleIdentifier`.
    public var identifier: String?
    /// What kind of bundle it is.
    public var kind: InfoPlistBundleKind
    /// `CFBundlePackageType`.
    public var packageType: String?
    /// `CFBundleShortVersionString`, as the file spells it.
    public var version: String?
    /// `CFBundleVersion`, as the file spells it.
    public var build: String?
    /// `CFBundleExecutable`.
    public var executable: String?
    /// The platforms (see ``InfoPlistPlatform/platforms(of:)-(PlistDictionary)``).
    public var platforms: [Platform]
    /// The device families of `UIDeviceFamily`, by name ("iPhone", "iPad" …).
    public var deviceFamilies: [String]
    /// `NSExtension.NSExtensionPointIdentifier`, for an app extension.
    public var extensionPoint: String?
    /// `UIBackgroundModes`.
    public var backgroundModes: [String]
    /// The capabilities `UIRequiredDeviceCapabilities` requires.
    public var requiredDeviceCapabilities: [String]
    /// The privacy strings, key and sentence, in the file's order.
    public var usageDescriptions: InfoPlistEntries<String>
    /// The URL schemes of `CFBundleURLTypes`.
    public var urlSchemes: [String]
    /// Whether `NSAppTransportSecurity.NSAllowsArbitraryLoads` is true.
    public var allowsArbitraryLoads: Bool

    /// The summary of the Info.plist dictionary `info`, whose size the caller has checked.
    init(dictionary info: PlistDictionary) {
        func scalar(_ key: String) -> String? {
            switch info[key] {
            case .string(let text)?: return text
            case .integer(let number)?: return "\(number)"
            case .real(let number)?: return "\(number)"
            default: return nil
            }
        }
        func strings(_ value: PlistValue?) -> [String] { value?.array?.compactMap(\.string) ?? [] }
        name = info["CFBundleDisplayName"]?.string ?? info["CFBundleName"]?.string
        identifier = info["CFBundleIdentifier"]?.string
        kind = InfoPlistBundleKind(info)
        packageType = info["CFBundlePackageType"]?.string
        version = scalar("CFBundleShortVersionString")
        build = scalar("CFBundleVersion")
        executable = info["CFBundleExecutable"]?.string
        platforms = InfoPlistPlatform.platforms(of: info).map { platform in
            Platform(platform: platform, minimumVersion: info[platform.minimumVersionKey]?.string)
        }
        deviceFamilies = InfoPlistPlatform.deviceFamilies(of: info).map(InfoPlistPlatform.deviceFamilyName)
        extensionPoint = InfoPlistBundleKind.extensionPoint(of: info)
        backgroundModes = strings(info["UIBackgroundModes"])
        switch info["UIRequiredDeviceCapabilities"] {
        case .dictionary(let entries)?: requiredDeviceCapabilities = entries.filter { $0.value.bool == true }.map(\.key)
        case let value?: requiredDeviceCapabilities = strings(value)
        case nil: requiredDeviceCapabilities = []
        }
        usageDescriptions = InfoPlistEntries()
        for (key, value) in info where InfoPlist.isUsageDescriptionKey(key) {
            usageDescriptions[key] = value.string
        }
        urlSchemes = (info["CFBundleURLTypes"]?.array ?? []).flatMap { strings($0["CFBundleURLSchemes"]) }
        allowsArbitraryLoads = info["NSAppTransportSecurity"]?["NSAllowsArbitraryLoads"]?.bool == true
    }

    /// The summary of the property list `value`.
    ///
    /// - Parameters:
    ///   - value: The Info.plist.
    ///   - limits: The bound on its size once its shared references are expanded, as writing
    ///     has it: the summary reads every occurrence (a URL type shared 60,000 times, each
    ///     sharing a scheme 60,000 times, is 3.6 billion schemes).
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value` passes
    ///   `limits` (checked first, in time proportional to its distinct containers);
    ///   ``InfoPlistError`` with ``InfoPlistError/Code/notADictionary`` when the root is not a
    ///   dictionary.
    public init(_ value: PlistValue, limits: PlistWritingOptions = PlistWritingOptions()) throws {
        try ExpandedSizeCounter.check(value, limits: limits, for: .walk("summarizing an Info.plist"))
        guard case .dictionary(let info) = value else {
            throw InfoPlistError(.notADictionary, "An Info.plist is a dictionary, but the root is \(value.kind.nameWithArticle)", at: .keyPath(.root))
        }
        self.init(dictionary: info)
    }

    // MARK: - Output

    /// The summary in a few lines, each a label and its facts, the lines with nothing to say
    /// left out:
    ///
    /// ```
    /// Notes (org.example.notes)
    ///   Kind:          app (APPL)
    ///   Version:       2.4.1 (build 241)
    ///   Platforms:     iOS 17.0 or later
    ///   Devices:       iPhone, iPad
    ///   …
    /// ```
    public var text: String {
        var lines = [(name ?? executable ?? "Unnamed bundle") + (identifier.map { " (\($0))" } ?? "")]
        func line(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("  " + (label + ":").padding(toLength: 15) + value)
        }
        func list(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: ", ") }
        line("Kind", kind.name + (packageType.map { " (\($0))" } ?? ""))
        switch (version, build) {
        case let (version?, build?): line("Version", "\(version) (build \(build))")
        case let (version?, nil): line("Version", version)
        case let (nil, build?): line("Version", "build \(build)")
        case (nil, nil): break
        }
        line("Platforms", list(platforms.map { $0.platform.displayName + ($0.minimumVersion.map { " \($0) or later" } ?? "") }))
        line("Devices", list(deviceFamilies))
        line("Executable", executable)
        line("Extends", extensionPoint)
        line("Background", list(backgroundModes))
        line("Requires", list(requiredDeviceCapabilities))
        line("Privacy", list(usageDescriptions.keys.map(Self.readableName(ofUsageKey:))))
        line("URL schemes", list(urlSchemes))
        line("Network", allowsArbitraryLoads ? "arbitrary loads allowed" : nil)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The summary as a dictionary for JSON, keys in a fixed order, facts the file does not
    /// give left out: `name`, `identifier`, `kind` (``InfoPlistBundleKind``'s raw value),
    /// `packageType`, `version`, `build`, `executable`, `platforms` (`[{"name",
    /// "minimumVersion"}]`), `deviceFamilies`, `extensionPoint`, `backgroundModes`,
    /// `requiredDeviceCapabilities`, `usageDescriptions` (key to sentence), `urlSchemes`,
    /// `allowsArbitraryLoads`.
    public var plistValue: PlistValue {
        var result = PlistDictionary()
        func put(_ key: String, _ value: String?) { if let value { result[key] = .string(value) } }
        func put(_ key: String, _ values: [String]) { if !values.isEmpty { result[key] = .array(values.map(PlistValue.string)) } }
        put("name", name)
        put("identifier", identifier)
        put("kind", kind.rawValue)
        put("packageType", packageType)
        put("version", version)
        put("build", build)
        put("executable", executable)
        if !platforms.isEmpty {
            result["platforms"] = .array(platforms.map { platform in
                var entry: PlistDictionary = ["name": .string(platform.platform.rawValue)]
                if let minimum = platform.minimumVersion { entry["minimumVersion"] = .string(minimum) }
                return .dictionary(entry)
            })
        }
        put("deviceFamilies", deviceFamilies)
        put("extensionPoint", extensionPoint)
        put("backgroundModes", backgroundModes)
        put("requiredDeviceCapabilities", requiredDeviceCapabilities)
        if !usageDescriptions.isEmpty {
            result["usageDescriptions"] = .dictionary(PlistDictionary(usageDescriptions.map { ($0, .string($1)) }))
        }
        put("urlSchemes", urlSchemes)
        if allowsArbitraryLoads { result["allowsArbitraryLoads"] = .boolean(true) }
        return .dictionary(result)
    }

    /// A privacy string's key in words: `NSPhotoLibraryAddUsageDescription` gives "photo
    /// library add", `NFCReaderUsageDescription` "NFC reader".
    static func readableName(ofUsageKey key: String) -> String {
        var stem = Substring(key.dropLast("UsageDescription".count))
        if stem.hasPrefix("NS") { stem = stem.dropFirst(2) }
        var words: [String] = []
        var current = ""
        let characters = Array(stem)
        for (index, character) in characters.enumerated() {
            let startsWord = character.isUppercase && index > 0
                && (characters[index - 1].isLowercase || (index + 1 < characters.count && characters[index + 1].isLowercase))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        // An acronym stays as it is; other words are lowercased.
        return words.map { $0.count > 1 && $0.allSatisfy(\.isUppercase) ? $0 : $0.lowercased() }.joined(separator: " ")
    }
}

extension String {
    /// The string followed by spaces up to `length` characters (unchanged when longer).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
