extension InfoPlistChecker {
    /// The checks of one platform, each made only when the file is for it: keys and
    /// background modes none of its platforms reads (warnings: Xcode removes them), an iPad
    /// app's orientations, and how an app that opens documents says it opens them (Xcode's
    /// warning on iOS, its error on macOS).
    func platformFindings(in info: PlistDictionary, platforms: [InfoPlistPlatform]) -> [InfoPlistFinding] {
        guard !platforms.isEmpty else { return [] }
        var findings: [InfoPlistFinding] = []
        let names = platforms.map(\.displayName).joined(separator: ", ")
        for (key, _) in info where InfoPlistPlatformSupport.keyFamilies[key] != nil {
            guard !platforms.contains(where: { InfoPlistPlatformSupport.supports(key: key, on: $0) }) else { continue }
            findings.append(InfoPlistFinding(
                .warning, .unsupportedOnPlatform, at: PlistKeyPath(components: [key]),
                "\(names) \(platforms.count == 1 ? "does" : "do") not read \(key); Xcode removes it when it builds the bundle."))
        }
        if case .array(let modes)? = info["UIBackgroundModes"] {
            for (index, mode) in modes.enumerated() {
                guard case .string(let name) = mode,
                    !platforms.contains(where: { InfoPlistPlatformSupport.supports(backgroundMode: name, on: $0) })
                else { continue }
                findings.append(InfoPlistFinding(
                    .warning, .unsupportedOnPlatform, at: PlistKeyPath(components: ["UIBackgroundModes", String(index)]),
                    "\(names) \(platforms.count == 1 ? "has" : "have") no background mode '\(name)'; Xcode removes it when it builds the bundle."))
            }
        }
        let kind = InfoPlistBundleKind(info)
        if kind == .application, platforms.contains(.iPadOS) {
            findings += iPadOrientationFindings(in: info)
        }
        findings += documentOpeningFindings(in: info, platforms: platforms)
        return findings
    }

    /// The four interface orientations, which an iPad app that takes part in multitasking
    /// (without `UIRequiresFullScreen`) supports: the App Store refuses it otherwise.
    static let allOrientations = [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown", "UIInterfaceOrientationLandscapeLeft",
        "UIInterfaceOrientationLandscapeRight",
    ]

    /// An iPad app's orientations (`UISupportedInterfaceOrientations~ipad`, else the general
    /// key) lacking one of the four while the app does not require full screen.
    private func iPadOrientationFindings(in info: PlistDictionary) -> [InfoPlistFinding] {
        guard info["UIRequiresFullScreen"]?.bool != true, info["UIRequiresFullScreen~ipad"]?.bool != true else { return [] }
        let key = info["UISupportedInterfaceOrientations~ipad"] != nil ? "UISupportedInterfaceOrientations~ipad" : "UISupportedInterfaceOrientations"
        guard case .array(let values)? = info[key] else { return [] }
        let given = Set(values.compactMap(\.string))
        if given.contains(where: { $0.contains("$") }) { return [] }
        let missing = Self.allOrientations.filter { !given.contains($0) }
        guard !missing.isEmpty else { return [] }
        return [InfoPlistFinding(
            .warning, .platformRequirement, at: PlistKeyPath(components: [key]),
            "An iPad app that takes part in multitasking supports all four orientations, and this one lacks \(missing.joined(separator: ", ")); the App Store refuses it unless UIRequiresFullScreen is true.")]
    }

    /// An app with document types that does not say whether it opens them in place (Xcode
    /// warns on iOS), or says it does not on macOS (Xcode fails the build).
    private func documentOpeningFindings(in info: PlistDictionary, platforms: [InfoPlistPlatform]) -> [InfoPlistFinding] {
        guard case .array(let types)? = info["CFBundleDocumentTypes"], !types.isEmpty else { return [] }
        var findings: [InfoPlistFinding] = []
        let inPlace = info["LSSupportsOpeningDocumentsInPlace"]
        if platforms.contains(.iOS) || platforms.contains(.iPadOS), inPlace == nil, info["UISupportsDocumentBrowser"] == nil {
            findings.append(InfoPlistFinding(
                .warning, .platformRequirement, at: "LSSupportsOpeningDocumentsInPlace",
                "The app opens documents but does not say whether it opens them in place: iOS needs LSSupportsOpeningDocumentsInPlace or UISupportsDocumentBrowser."))
        }
        if platforms.contains(.macOS) || platforms.contains(.macCatalyst), inPlace?.bool == false {
            findings.append(InfoPlistFinding(
                .error, .platformRequirement, at: "LSSupportsOpeningDocumentsInPlace",
                "LSSupportsOpeningDocumentsInPlace is false, which macOS does not support: remove it or make it true (Xcode refuses to build it)."))
        }
        return findings
    }
}
