extension InfoPlistChecker {
    /// `CFBundleIdentifier`: only A–Z, a–z, 0–9, `-` and `.`, components separated by single
    /// periods (errors), and at least two components, reverse-DNS (a warning).
    func identifierFindings(in info: PlistDictionary, pending: Set<PlistKeyPath>) -> [InfoPlistFinding] {
        let path: PlistKeyPath = "CFBundleIdentifier"
        guard case .string(let identifier)? = info["CFBundleIdentifier"], !pending.contains(path) else { return [] }
        guard !identifier.isEmpty else {
            return [InfoPlistFinding(.error, .invalidIdentifier, at: path, "The bundle identifier is empty.")]
        }
        if let bad = identifier.unicodeScalars.first(where: { !Self.isIdentifierScalar($0) }) {
            return [InfoPlistFinding(
                .error, .invalidIdentifier, at: path,
                "The bundle identifier '\(identifier)' holds '\(bad)', which it may not: only A–Z, a–z, 0–9, '-' and '.' are allowed.")]
        }
        let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
        if components.contains(where: \.isEmpty) {
            return [InfoPlistFinding(
                .error, .invalidIdentifier, at: path,
                "The bundle identifier '\(identifier)' has an empty component: its components are separated by single periods, with none at either end.")]
        }
        if components.count < 2 {
            return [InfoPlistFinding(
                .warning, .invalidIdentifier, at: path,
                "The bundle identifier '\(identifier)' is not in reverse-DNS form, such as 'org.example.\(identifier)'.")]
        }
        return []
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
    }

    /// `CFBundleShortVersionString`: one to three period-separated integers (an error
    /// otherwise; a warning in a bundle only for macOS or of no known platform).
    /// `CFBundleVersion`: the same, but more than three integers is a warning
    /// (the system ignores the rest). In a bundle only for macOS, or whose platform is not
    /// known, either of another form is a warning (a development-stage suffix, `1.0d3`,
    /// `2.1b4`, `3.0fc1`, is what macOS's older rules took): such a bundle may ship outside
    /// the App Store. `MinimumOSVersion` and `LSMinimumSystemVersion`: period-separated integers.
    func versionFindings(in info: PlistDictionary, platforms: [InfoPlistPlatform], pending: Set<PlistKeyPath>) -> [InfoPlistFinding] {
        var findings: [InfoPlistFinding] = []
        if case .string(let version)? = info["CFBundleShortVersionString"], !pending.contains("CFBundleShortVersionString"),
            !(1...3).contains(Self.integerCount(version[...]) ?? 0)
        {
            // A Mac app may ship outside the App Store, where macOS shows any text; the other
            // platforms' apps all go through it. Of a bundle whose platform is not known, it
            // cannot be told.
            let message = "The release version '\(version)' is not one to three period-separated integers, such as '2.4.1'."
            findings.append(Self.goesThroughTheAppStore(platforms)
                ? InfoPlistFinding(.error, .invalidVersion, at: "CFBundleShortVersionString", message)
                : InfoPlistFinding(.warning, .invalidVersion, at: "CFBundleShortVersionString", message + " The App Store refuses it."))
        }
        // Xcode refuses a minimum system version that is no version (its Info.plist
        // processor's "is not a valid version" error).
        for key in ["MinimumOSVersion", "LSMinimumSystemVersion"] {
            guard case .string(let version)? = info[key], !pending.contains(PlistKeyPath(components: [key])),
                Self.integerCount(version[...]) == nil
            else { continue }
            findings.append(InfoPlistFinding(
                .error, .invalidVersion, at: PlistKeyPath(components: [key]),
                "The minimum system version '\(version)' is not period-separated integers, such as '17.0'."))
        }
        guard case .string(let build)? = info["CFBundleVersion"], !pending.contains("CFBundleVersion") else { return findings }
        let count = Self.integerCount(build[...])
        if let count, count > 3 {
            findings.append(InfoPlistFinding(
                .warning, .invalidVersion, at: "CFBundleVersion",
                "The build version '\(build)' has \(count) integers; the system reads only the first three."))
        } else if count == nil {
            if !Self.goesThroughTheAppStore(platforms), Self.hasDevelopmentSuffix(build) {
                findings.append(InfoPlistFinding(
                    .warning, .invalidVersion, at: "CFBundleVersion",
                    "The build version '\(build)' has a development-stage suffix, which only macOS's older rules accept; the App Store takes one to three period-separated integers."))
            } else if !Self.goesThroughTheAppStore(platforms) {
                findings.append(InfoPlistFinding(
                    .warning, .invalidVersion, at: "CFBundleVersion",
                    "The build version '\(build)' is not one to three period-separated integers, such as '241' or '2.4.1'; the App Store refuses it."))
            } else {
                findings.append(InfoPlistFinding(
                    .error, .invalidVersion, at: "CFBundleVersion",
                    "The build version '\(build)' is not one to three period-separated integers, such as '241' or '2.4.1'."))
            }
        }
        return findings
    }

    /// The number of period-separated integers `version` is made of, or `nil` when it is not
    /// made of them alone (an empty component, a sign or any other character).
    private static func integerCount(_ version: Substring) -> Int? {
        let components = version.split(separator: ".", omittingEmptySubsequences: false)
        let isInteger = { (component: Substring) in !component.isEmpty && component.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return components.allSatisfy(isInteger) ? components.count : nil
    }

    /// Whether `version` is one to three integers followed by `d`, `a`, `b` or `fc` and an
    /// integer: the development, alpha, beta and final-candidate stages of the old `vers`
    /// resource.
    private static func hasDevelopmentSuffix(_ version: String) -> Bool {
        guard let letter = version.firstIndex(where: \.isLetter) else { return false }
        let stageAndNumber = version[letter...]
        guard let stage = ["fc", "d", "a", "b"].first(where: { stageAndNumber.hasPrefix($0) }) else { return false }
        return (1...3).contains(integerCount(version[..<letter]) ?? 0) && integerCount(stageAndNumber.dropFirst(stage.count)) == 1
    }
}
