/// Which platforms read some Info.plist keys and background modes: when Xcode builds for a
/// platform outside a key's list, its Info.plist processor removes the key (or the value) and
/// says so; ``InfoPlistProcessor`` does the same and ``InfoPlistChecker`` warns about them.
///
/// The tables are swift-build's (`editPlatformSpecificEntries` in
/// Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift), by platform family
/// (``InfoPlistPlatform/family``: "iOS" with iPadOS, "macOS" with Mac Catalyst, "tvOS",
/// "watchOS", "xrOS"); Mac Catalyst keeps the background modes iOS supports.
enum InfoPlistPlatformSupport {
    /// The families a key is read on, for the keys not read everywhere.
    static let keyFamilies: [String: Set<String>] = [
        "LSRequiresIPhoneOS": ["iOS", "tvOS", "xrOS"],
        "LSBackgroundOnly": ["macOS"],
        "LSUIElement": ["macOS"],
        "NSDocumentClass": ["macOS"],
        "NSServices": ["macOS"],
        "NSSupportsAutomaticTermination": ["macOS"],
        "NSSupportsSuddenTermination": ["macOS"],
        "LSApplicationCategoryType": ["macOS", "iOS", "tvOS"],
    ]

    /// The families each `UIBackgroundModes` value is read on.
    static let backgroundModeFamilies: [String: Set<String>] = [
        "audio": ["iOS", "tvOS", "watchOS", "xrOS"],
        "location": ["iOS", "watchOS"],
        "voip": ["iOS", "watchOS", "xrOS"],
        "fetch": ["iOS", "tvOS", "xrOS"],
        "remote-notification": ["iOS", "tvOS", "watchOS", "xrOS"],
        "newsstand-content": ["iOS"],
        "external-accessory": ["iOS"],
        "bluetooth-central": ["iOS", "watchOS", "xrOS"],
        "bluetooth-peripheral": ["iOS"],
        "network-authentication": ["iOS", "xrOS"],
        "processing": ["iOS", "tvOS", "xrOS"],
        "push-to-talk": ["iOS"],
        "nearby-interaction": ["iOS"],
    ]

    /// Whether `key` is read on `platform`.
    static func supports(key: String, on platform: InfoPlistPlatform) -> Bool {
        keyFamilies[key].map { $0.contains(platform.family) } ?? true
    }

    /// Whether the background mode `mode` is read on `platform`.
    static func supports(backgroundMode mode: String, on platform: InfoPlistPlatform) -> Bool {
        guard let families = backgroundModeFamilies[mode] else { return true }
        return families.contains(platform.family) || (platform == .macCatalyst && families.contains("iOS"))
    }
}
