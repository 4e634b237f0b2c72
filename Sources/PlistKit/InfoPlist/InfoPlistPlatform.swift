/// An Apple platform a bundle is built for, as its Info.plist or its build settings tell.
///
/// iOS and iPadOS are one SDK (`iphoneos`) told apart by device family (1 iPhone, 2 iPad);
/// Mac Catalyst is that SDK's build for the Mac (device family 6, `CFBundleSupportedPlatforms`
/// `MacOSX`).
public enum InfoPlistPlatform: String, CaseIterable, Hashable, Sendable {
    /// iOS on iPhone (`iPhoneOS` in `CFBundleSupportedPlatforms`, device family 1).
    case iOS
    /// iPadOS (`iPhoneOS`, device family 2).
    case iPadOS
    /// An iOS app built for the Mac (`MacOSX` with device family 2 or 6).
    case macCatalyst
    /// macOS (`MacOSX`).
    case macOS
    /// tvOS (`AppleTVOS`, device family 3).
    case tvOS
    /// watchOS (`WatchOS`, device family 4).
    case watchOS
    /// visionOS (`XROS`, device family 7).
    case visionOS

    /// The platform's name for people: "iOS", "iPadOS", "Mac Catalyst", "macOS" …
    public var displayName: String {
        self == .macCatalyst ? "Mac Catalyst" : rawValue
    }

    /// The platform family of Apple's build engine, whose tables say which keys and values
    /// each supports: "iOS" (with iPadOS), "macOS" (with Mac Catalyst, which some tables treat
    /// as iOS), "tvOS", "watchOS", "xrOS".
    var family: String { sdk.family }

    /// The name `CFBundleSupportedPlatforms` gives the platform's devices.
    var supportedPlatformName: String { sdk.supportedPlatformName }

    /// The Info.plist key of the oldest system version the bundle runs on.
    var minimumVersionKey: String {
        switch self {
        case .macOS, .macCatalyst: return "LSMinimumSystemVersion"
        default: return "MinimumOSVersion"
        }
    }

    /// The build setting of that version (Mac Catalyst's is the macOS one, as Xcode uses it
    /// for the Info.plist).
    var deploymentTargetSetting: String { sdk.deploymentTargetSetting }

    /// The names one SDK goes by, which its platforms share (iOS and iPadOS the iPhone SDK's,
    /// Mac Catalyst and macOS the Mac's): a row of one table, so that they stay together.
    private struct SDKNames {
        /// What the SDK's names begin with, lowercased: `iphoneos` and `iphonesimulator`
        /// begin with `iphone`, `CFBundleSupportedPlatforms`' `iPhoneOS` too.
        let prefix: String
        let family: String
        let supportedPlatformName: String
        let deploymentTargetSetting: String
    }

    private var sdk: SDKNames {
        switch self {
        case .iOS, .iPadOS: return SDKNames(prefix: "iphone", family: "iOS", supportedPlatformName: "iPhoneOS", deploymentTargetSetting: "IPHONEOS_DEPLOYMENT_TARGET")
        case .macCatalyst, .macOS: return SDKNames(prefix: "macos", family: "macOS", supportedPlatformName: "MacOSX", deploymentTargetSetting: "MACOSX_DEPLOYMENT_TARGET")
        case .tvOS: return SDKNames(prefix: "appletv", family: "tvOS", supportedPlatformName: "AppleTVOS", deploymentTargetSetting: "TVOS_DEPLOYMENT_TARGET")
        case .watchOS: return SDKNames(prefix: "watch", family: "watchOS", supportedPlatformName: "WatchOS", deploymentTargetSetting: "WATCHOS_DEPLOYMENT_TARGET")
        case .visionOS: return SDKNames(prefix: "xr", family: "xrOS", supportedPlatformName: "XROS", deploymentTargetSetting: "XROS_DEPLOYMENT_TARGET")
        }
    }

    /// The platform each SDK builds for when nothing else tells (an iPhone SDK gives iOS).
    private static let platformsBySDK: [InfoPlistPlatform] = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]

    // MARK: - From the keys

    /// The platforms `info`'s keys name, in this enum's order.
    ///
    /// `CFBundleSupportedPlatforms` decides when it names any (`iPhoneOS` and its simulator
    /// are iOS, or iPadOS for device family 2; `MacOSX` macOS, or Mac Catalyst with device
    /// family 2 or 6; `AppleTVOS` tvOS, `WatchOS` watchOS, `XROS` visionOS). Otherwise
    /// `UIDeviceFamily` (1 iOS, 2 iPadOS, 3 tvOS, 4 watchOS, 6 Mac Catalyst, 7 visionOS);
    /// otherwise the keys only one platform reads: WatchKit's keys or a WatchKit or ClockKit
    /// extension point (watchOS), a TV top shelf extension point (tvOS), a scene manifest
    /// whose default role is an immersive space or a volume (visionOS), UIKit's app keys or
    /// `MinimumOSVersion` (iOS, and iPadOS when a key has a `~ipad` variant),
    /// `LSMinimumSystemVersion`, or AppKit's keys in a file with none of UIKit's (macOS).
    /// Values of other types than documented are passed over.
    public static func platforms(of info: PlistDictionary) -> [InfoPlistPlatform] {
        var found = Set<InfoPlistPlatform>()
        let families = Set(deviceFamilies(of: info))
        for name in info["CFBundleSupportedPlatforms"]?.array?.compactMap(\.string) ?? [] {
            switch InfoPlistPlatform(sdk: name) {
            case .iOS?: found.formUnion(iPhoneSDKPlatforms(families: families, info: info))
            case .macOS?: found.insert(families.contains(6) || families.contains(2) ? .macCatalyst : .macOS)
            case let platform?: found.insert(platform)
            case nil: break
            }
        }
        if found.isEmpty {
            let byFamily: [Int: InfoPlistPlatform] = [1: .iOS, 2: .iPadOS, 3: .tvOS, 4: .watchOS, 6: .macCatalyst, 7: .visionOS]
            found.formUnion(families.compactMap { byFamily[$0] })
        }
        if found.isEmpty {
            found.formUnion(platformsOfOwnKeys(info))
        }
        return allCases.filter(found.contains)
    }

    /// iOS and iPadOS as device families 1 and 2 say; iOS when they name neither (Xcode's
    /// default device family is the iPhone's), with iPadOS when a key has a `~ipad` variant.
    private static func iPhoneSDKPlatforms(families: Set<Int>, info: PlistDictionary) -> Set<InfoPlistPlatform> {
        var found = Set<InfoPlistPlatform>()
        if families.contains(1) { found.insert(.iOS) }
        if families.contains(2) { found.insert(.iPadOS) }
        if found.isEmpty {
            found.insert(.iOS)
            if info.keys.contains(where: { $0.hasSuffix("~ipad") }) { found.insert(.iPadOS) }
        }
        return found
    }

    /// The platforms told by keys that only one platform's bundles have.
    private static func platformsOfOwnKeys(_ info: PlistDictionary) -> Set<InfoPlistPlatform> {
        var found = Set<InfoPlistPlatform>()
        let point = InfoPlistBundleKind.extensionPoint(of: info) ?? ""
        if watchKeys.contains(where: { info[$0] != nil }) || point.hasPrefix("com.apple.watchkit") || point.hasPrefix("com.apple.clockkit") {
            found.insert(.watchOS)
        } else if point.hasPrefix("com.apple.tv-") {
            found.insert(.tvOS)
        } else if let role = info["UIApplicationSceneManifest"]?["UIApplicationPreferredDefaultSceneSessionRole"]?.string,
            role.contains("ImmersiveSpace") || role.contains("Volumetric")
        {
            found.insert(.visionOS)
        } else if info["LSRequiresIPhoneOS"]?.bool == true || info["MinimumOSVersion"]?.string != nil
            || uiKitAppKeys.contains(where: { info[$0] != nil })
        {
            found.formUnion(iPhoneSDKPlatforms(families: [], info: info))
        }
        if info["LSMinimumSystemVersion"]?.string != nil
            || (found.isEmpty && (info["NSPrincipalClass"]?.string == "NSApplication" || appKitKeys.contains(where: { info[$0] != nil })))
        {
            found.insert(.macOS)
        }
        return found
    }

    /// Keys only watchOS apps have.
    private static let watchKeys = [
        "WKApplication", "WKWatchKitApp", "WKWatchOnly", "WKCompanionAppBundleIdentifier", "WKRunsIndependentlyOfCompanionApp",
        "WKExtensionDelegateClassName", "WKAppBundleIdentifier", "CLKComplicationPrincipalClass",
    ]

    /// UIKit's keys of an app's interface, which iOS apps have (tvOS and visionOS apps may
    /// too, but their files or settings name their platform).
    private static let uiKitAppKeys = [
        "UILaunchStoryboardName", "UILaunchScreen", "UIApplicationSceneManifest", "UIMainStoryboardFile",
        "UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities", "UIStatusBarStyle",
    ]

    /// AppKit's keys, which only macOS bundles have.
    private static let appKitKeys = [
        "NSMainStoryboardFile", "LSUIElement", "LSBackgroundOnly", "NSSupportsAutomaticTermination", "NSSupportsSuddenTermination",
        "NSServices",
    ]

    // MARK: - From build settings

    /// The platform of an SDK name as build settings spell it (`SDKROOT`,
    /// `SUPPORTED_PLATFORMS`): `iphoneos`, `iphonesimulator17.2`, `macosx`, `appletvos`,
    /// `watchsimulator`, `xros` …; `nil` for another. An iPhone SDK gives iOS.
    public init?(sdk name: String) {
        let lowered = name.lowercased()
        guard let platform = Self.platformsBySDK.first(where: { lowered.hasPrefix($0.sdk.prefix) }) else { return nil }
        self = platform
    }

    /// The platforms build settings build for, in this enum's order: the SDKs of `SDKROOT`
    /// and `SUPPORTED_PLATFORMS`; for the iPhone SDK, iOS and iPadOS as
    /// `TARGETED_DEVICE_FAMILY` says (1 and 2; iOS when it is not set, as Xcode's default is
    /// 1), and Mac Catalyst with `SUPPORTS_MACCATALYST = YES`. References in the settings'
    /// values are expanded first.
    public static func platforms(of settings: BuildSettings) -> [InfoPlistPlatform] {
        let expander = BuildSettingExpander(settings: settings, keepsUndefinedReferences: true)
        func value(_ name: String) -> String {
            guard let raw = settings[name] else { return "" }
            return (try? expander.expand(raw)) ?? raw
        }
        var found = Set<InfoPlistPlatform>()
        for sdk in [value("SDKROOT")] + InfoPlistSettingValue.items(value("SUPPORTED_PLATFORMS")) {
            guard let platform = InfoPlistPlatform(sdk: sdk) else { continue }
            if platform == .iOS {
                let families = targetedDeviceFamilies(value("TARGETED_DEVICE_FAMILY"))
                if families.isEmpty || families.contains(1) { found.insert(.iOS) }
                if families.contains(2) { found.insert(.iPadOS) }
                if InfoPlistSettingValue.isYes(value("SUPPORTS_MACCATALYST")) { found.insert(.macCatalyst) }
            } else {
                found.insert(platform)
            }
        }
        return allCases.filter(found.contains)
    }

    /// The numbers of a `TARGETED_DEVICE_FAMILY` value, `"1,2"`: comma- or space-separated.
    static func targetedDeviceFamilies(_ value: String) -> [Int] {
        value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).compactMap { Int($0) }
    }

    // MARK: - Device families

    /// The numbers of `UIDeviceFamily`, given as an array or as one number.
    static func deviceFamilies(of info: PlistDictionary) -> [Int] {
        switch info["UIDeviceFamily"] {
        case .integer(let number)?: return number.intValue.map { [$0] } ?? []
        case .array(let elements)?: return elements.compactMap(\.int)
        default: return []
        }
    }

    /// The name of a `UIDeviceFamily` number: "iPhone", "iPad", "Apple TV", "Apple Watch",
    /// "Mac", "Apple Vision", or "family N".
    static func deviceFamilyName(_ number: Int) -> String {
        switch number {
        case 1: return "iPhone"
        case 2: return "iPad"
        case 3: return "Apple TV"
        case 4: return "Apple Watch"
        case 6: return "Mac"
        case 7: return "Apple Vision"
        default: return "family \(number)"
        }
    }
}
