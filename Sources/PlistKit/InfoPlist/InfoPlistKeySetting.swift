/// A build setting from which Xcode writes an Info.plist key when it generates the Info.plist
/// (`GENERATE_INFOPLIST_FILE = YES`): `INFOPLIST_KEY_CFBundleDisplayName` gives
/// `CFBundleDisplayName`, `MARKETING_VERSION` gives `CFBundleShortVersionString`.
///
/// The table follows Apple's build engine, swift-build: the keys its Info.plist processor
/// generates (`InfoPlistProcessorTaskAction.defaultInfoPlistContent`, in
/// Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift) and the settings
/// Xcode's Build Settings Reference lists as `INFOPLIST_KEY_…` ("When GENERATE_INFOPLIST_FILE
/// is enabled, sets the value of the … key in the Info.plist file to the value of this build
/// setting"). A setting's type decides the value's: a boolean setting (`YES`/`NO`) gives
/// `<true/>` or `<false/>`, a string list (white-space separated) an array of strings,
/// anything else a string.
struct InfoPlistKeySetting: Sendable {
    /// How the setting's value becomes the key's.
    enum ValueType: Sendable {
        /// The value as it is.
        case string
        /// `YES`, `TRUE` or `1` give true, anything else false.
        case boolean
        /// The white-space separated items, as an array of strings.
        case list
    }

    /// The Info.plist key.
    let key: String
    /// The build setting.
    let setting: String
    /// How its value becomes the key's.
    let type: ValueType

    /// The value the key gets from the setting's (already expanded) value.
    func value(from text: String) -> PlistValue {
        switch type {
        case .string: return .string(text)
        case .boolean: return .boolean(InfoPlistSettingValue.isYes(text))
        case .list: return .array(InfoPlistSettingValue.items(text).map(PlistValue.string))
        }
    }

    /// Every `INFOPLIST_KEY_…` setting, in swift-build's order (general, privacy, macOS, iOS and
    /// derived, iOS, watchOS, Metal, game controllers, stickers), with the privacy keys
    /// Xcode's reference lists beyond it in their place. A `~ipad`/`~iphone` key's setting
    /// spells the suffix `_iPad`/`_iPhone`.
    static let infoPlistKeySettings: [InfoPlistKeySetting] = {
        let strings = [
            "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass",
            "ITSEncryptionExportComplianceCode", "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription",
            "NSAppDataUsageDescription", "NSAppleEventsUsageDescription", "NSAppleMusicUsageDescription",
            "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription", "NSBluetoothWhileInUseUsageDescription",
            "NSCalendarsFullAccessUsageDescription", "NSCalendarsUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
            "NSCameraUsageDescription", "NSContactsUsageDescription", "NSCriticalMessagingUsageDescription",
            "NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription",
            "NSFaceIDUsageDescription", "NSFallDetectionUsageDescription", "NSFileProviderDomainUsageDescription",
            "NSFileProviderPresenceUsageDescription", "NSFinancialDataUsageDescription", "NSFocusStatusUsageDescription",
            "NSGKFriendListUsageDescription", "NSHandsTrackingUsageDescription", "NSHealthClinicalHealthRecordsShareUsageDescription",
            "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NSHomeKitUsageDescription",
            "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            "NSLocationAlwaysUsageDescription", "NSLocationTemporaryUsageDescriptionDictionary", "NSLocationUsageDescription",
            "NSLocationWhenInUseUsageDescription", "NSMainCameraUsageDescription", "NSMicrophoneUsageDescription",
            "NSMotionUsageDescription", "NSNearbyInteractionAllowOnceUsageDescription", "NSNearbyInteractionUsageDescription",
            "NSNetworkVolumesUsageDescription", "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription",
            "NSRemindersFullAccessUsageDescription", "NSRemindersUsageDescription", "NSRemovableVolumesUsageDescription",
            "NSSensorKitPrivacyPolicyURL", "NSSensorKitUsageDescription", "NSSiriUsageDescription",
            "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription", "NSSystemExtensionUsageDescription",
            "NSUserTrackingUsageDescription", "NSVideoSubscriberAccountUsageDescription", "NSVoIPUsageDescription",
            "NSWorldSensingUsageDescription", "OSBundleUsageDescription",
            "NSMainNibFile", "NSMainStoryboardFile",
            "UILaunchStoryboardName", "UIMainStoryboardFile", "UIUserInterfaceStyle", "UIStatusBarStyle",
            "CLKComplicationPrincipalClass", "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName",
            "NSStickerSharingLevel",
        ]
        let booleans = [
            "ITSAppUsesNonExemptEncryption", "LSBackgroundOnly", "LSUIElement", "LSSupportsOpeningDocumentsInPlace",
            "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates", "UIApplicationSupportsIndirectInputEvents",
            "UIRequiresFullScreen", "UIStatusBarHidden", "UISupportsDocumentBrowser", "WKApplication",
            "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "MetalCaptureEnabled", "GCSupportsControllerUserInteraction",
            "GCSupportsGameMode",
        ]
        let lists = [
            "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~ipad",
            "UISupportedInterfaceOrientations~iphone", "WKSupportsLiveActivityLaunchAttributeTypes",
        ]
        func setting(_ key: String, _ type: ValueType) -> InfoPlistKeySetting {
            let name = key.replacingSuffix("~ipad", with: "_iPad").replacingSuffix("~iphone", with: "_iPhone")
            return InfoPlistKeySetting(key: key, setting: "INFOPLIST_KEY_" + name, type: type)
        }
        return strings.map { setting($0, .string) } + booleans.map { setting($0, .boolean) } + lists.map { setting($0, .list) }
    }()

    /// The keys Xcode fills from general build settings when it generates an Info.plist (only
    /// when the setting is defined, so that a value the source Info.plist gives is kept
    /// otherwise).
    static let productSettings: [InfoPlistKeySetting] = [
        InfoPlistKeySetting(key: "CFBundleName", setting: "PRODUCT_NAME", type: .string),
        InfoPlistKeySetting(key: "CFBundleExecutable", setting: "EXECUTABLE_NAME", type: .string),
        InfoPlistKeySetting(key: "CFBundleVersion", setting: "CURRENT_PROJECT_VERSION", type: .string),
        InfoPlistKeySetting(key: "CFBundleDevelopmentRegion", setting: "DEVELOPMENT_LANGUAGE", type: .string),
        InfoPlistKeySetting(key: "CFBundleIdentifier", setting: "PRODUCT_BUNDLE_IDENTIFIER", type: .string),
        InfoPlistKeySetting(key: "CFBundlePackageType", setting: "PRODUCT_BUNDLE_PACKAGE_TYPE", type: .string),
        InfoPlistKeySetting(key: "CFBundleShortVersionString", setting: "MARKETING_VERSION", type: .string),
    ]

    /// `INFOPLIST_KEY_UILaunchScreen_Generation`: when true, the generated Info.plist gets a
    /// `UILaunchScreen` entry (swift-build writes it as `{UILaunchScreen = {}}`).
    static let launchScreenGeneration = "INFOPLIST_KEY_UILaunchScreen_Generation"

    /// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`: when true, the generated
    /// Info.plist gets `UIApplicationSceneManifest = {UIApplicationSupportsMultipleScenes =
    /// YES; UISceneConfigurations = {}}`.
    static let sceneManifestGeneration = "INFOPLIST_KEY_UIApplicationSceneManifest_Generation"
}

extension String {
    /// The string with `suffix` replaced by `replacement`, or unchanged without it.
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
