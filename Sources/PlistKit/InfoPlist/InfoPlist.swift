import FoundationEssentials

/// An app's, framework's or extension's `Info.plist` as a Swift type: the standard keys with
/// the types Apple documents, and every other key kept as it is.
///
/// Decode it with ``PlistDecoder`` from any format, change it, and encode it with
/// ``PlistEncoder``: a decode and an encode give back the same dictionary, every key the type
/// does not name included (in ``otherKeys``, exactly as the file held it), and with the keys
/// in the order the file had them. Keys given a value since follow the file's keys, in the
/// order of the properties here, then new privacy strings and other keys in the order they
/// were added; a key set to `nil` is left out. The XML writer sorts keys as Apple's does
/// unless the encoder keeps them (`encoder.keyOrder = .preserved`).
///
/// ```swift
/// var info = try PlistDecoder().decode(InfoPlist.self, from: data)
/// info.bundleVersion = "242"
/// info.usageDescriptions["NSCameraUsageDescription"] = "Scans documents."
/// var encoder = PlistEncoder(outputFormat: .xml)
/// encoder.keyOrder = .preserved
/// let xml = try encoder.encode(info)
/// ```
///
/// A known key holding a value of another type fails the decode with a `DecodingError` whose
/// coding path names it; ``InfoPlistChecker`` reports every such key of a file instead.
/// Equality compares keys and values, not their order.
public struct InfoPlist: Hashable, Sendable {
    /// `CFBundleIdentifier`: The bundle's unique identifier, in reverse-DNS form (`org.example.notes`).
    public var bundleIdentifier: String?

    /// `CFBundleName`: The bundle's short name, at most 15 characters by Apple's advice.
    public var bundleName: String?

    /// `CFBundleDisplayName`: The name shown to people (the Home Screen's label).
    public var bundleDisplayName: String?

    /// `CFBundleExecutable`: The name of the bundle's executable file.
    public var bundleExecutable: String?

    /// `CFBundlePackageType`: The four-letter package type: `APPL` (an app), `FMWK` (a framework), `XPC!` (an app extension or XPC service), `BNDL` (a loadable bundle).
    public var bundlePackageType: String?

    /// `CFBundleShortVersionString`: The release version people see: one to three period-separated integers (`2.4.1`).
    public var bundleShortVersionString: String?

    /// `CFBundleVersion`: The build version: one to three period-separated integers (`241`, `2.4.1`).
    public var bundleVersion: String?

    /// `CFBundleDevelopmentRegion`: The language of the bundle's own resources (`en`).
    public var developmentRegion: String?

    /// `CFBundleInfoDictionaryVersion`: The version of the Info.plist structure, `6.0`.
    public var infoDictionaryVersion: String?

    /// `CFBundleSignature`: The four-letter creator code (`????` when none).
    public var bundleSignature: String?

    /// `CFBundleIconFile`: The file name of the bundle's icon (macOS).
    public var iconFile: String?

    /// `CFBundleIconName`: The name of the bundle's icon in its asset catalog.
    public var iconName: String?

    /// `CFBundleIcons`: The bundle's icons, by role (`CFBundlePrimaryIcon`…).
    public var icons: PlistDictionary?

    /// `CFBundleLocalizations`: The localizations the bundle supports.
    public var localizations: [String]?

    /// `CFBundleAllowMixedLocalizations`: Whether the app may use localized resources of frameworks in other languages.
    public var allowsMixedLocalizations: Bool?

    /// `CFBundleSupportedPlatforms`: The platforms the bundle was built for (`iPhoneOS`, `MacOSX`…), as Xcode writes them.
    public var supportedPlatforms: [String]?

    /// `CFBundleURLTypes`: The URL schemes the app handles.
    public var urlTypes: [URLType]?

    /// `CFBundleDocumentTypes`: The document types the app opens, each a dictionary kept as it is.
    public var documentTypes: [PlistDictionary]?

    /// `LSMinimumSystemVersion`: The oldest macOS the app runs on (`13.0`).
    public var minimumSystemVersion: String?

    /// `MinimumOSVersion`: The oldest iOS, tvOS, watchOS or visionOS the app runs on (`17.0`).
    public var minimumOSVersion: String?

    /// `LSRequiresIPhoneOS`: Whether the app runs only on iOS.
    public var requiresIPhoneOS: Bool?

    /// `LSApplicationCategoryType`: The App Store category (`public.app-category.productivity`).
    public var applicationCategoryType: String?

    /// `LSUIElement`: Whether the app is an agent, without a Dock icon or menu bar (macOS).
    public var isUIElement: Bool?

    /// `LSBackgroundOnly`: Whether the app runs only in the background (macOS).
    public var isBackgroundOnly: Bool?

    /// `LSApplicationQueriesSchemes`: The URL schemes the app may ask whether other apps open.
    public var applicationQueriesSchemes: [String]?

    /// `LSSupportsOpeningDocumentsInPlace`: Whether the app opens documents where they are rather than copies.
    public var supportsOpeningDocumentsInPlace: Bool?

    /// `LSEnvironment`: Environment variables set when the app is launched (macOS).
    public var environment: InfoPlistEntries<String>?

    /// `LSArchitecturePriority`: The architectures to prefer, first first (macOS).
    public var architecturePriority: [String]?

    /// `LSMultipleInstancesProhibited`: Whether only one instance of the app may run at a time (macOS).
    public var multipleInstancesProhibited: Bool?

    /// `NSHumanReadableCopyright`: The copyright notice (macOS's About window).
    public var humanReadableCopyright: String?

    /// `NSPrincipalClass`: The name of the bundle's principal class.
    public var principalClass: String?

    /// `NSMainNibFile`: The name of the app's main nib file.
    public var mainNibFile: String?

    /// `NSMainStoryboardFile`: The name of the app's main storyboard (macOS).
    public var mainStoryboardFile: String?

    /// `NSAppTransportSecurity`: What the app's network connections may do beyond App Transport Security's defaults.
    public var appTransportSecurity: AppTransportSecurity?

    /// `NSExtension`: What an app extension extends and how (app extensions only).
    public var appExtension: AppExtension?

    /// `NSHighResolutionCapable`: Whether the app draws for Retina displays (macOS).
    public var isHighResolutionCapable: Bool?

    /// `NSSupportsAutomaticTermination`: Whether macOS may quit the app when it is not in use.
    public var supportsAutomaticTermination: Bool?

    /// `NSSupportsSuddenTermination`: Whether macOS may end the app's process without asking it.
    public var supportsSuddenTermination: Bool?

    /// `NSRequiresAquaSystemAppearance`: Whether the app always uses the light appearance (macOS).
    public var requiresAquaSystemAppearance: Bool?

    /// `NSUserActivityTypes`: The user activity types the app continues (Handoff, Siri).
    public var userActivityTypes: [String]?

    /// `NSBonjourServices`: The Bonjour service types the app browses for (`_http._tcp`).
    public var bonjourServices: [String]?

    /// `NSServices`: The services the app offers to others (macOS), each a dictionary kept as it is.
    public var services: [PlistDictionary]?

    /// `UIDeviceFamily`: The device families the app runs on: 1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch, 6 Mac, 7 Apple Vision. A file that gives one number keeps it as one number while the array holds one element.
    public var deviceFamily: [Int]?

    /// `UIRequiredDeviceCapabilities`: The device capabilities the app needs (or, in a dictionary, needs absent).
    public var requiredDeviceCapabilities: RequiredDeviceCapabilities?

    /// `UISupportedInterfaceOrientations`: The interface orientations the app supports.
    public var supportedInterfaceOrientations: [String]?

    /// `UISupportedInterfaceOrientations~ipad`: The interface orientations the app supports on iPad, when they differ.
    public var supportedInterfaceOrientationsForPad: [String]?

    /// `UISupportedInterfaceOrientations~iphone`: The interface orientations the app supports on iPhone, when they differ.
    public var supportedInterfaceOrientationsForPhone: [String]?

    /// `UIBackgroundModes`: The services the app provides in the background (`audio`, `location`, `fetch`…).
    public var backgroundModes: [String]?

    /// `UILaunchStoryboardName`: The storyboard of the app's launch screen.
    public var launchStoryboardName: String?

    /// `UILaunchScreen`: The app's launch screen, built from these settings.
    public var launchScreen: PlistDictionary?

    /// `UIMainStoryboardFile`: The name of the app's main storyboard (iOS, tvOS, visionOS).
    public var uiMainStoryboardFile: String?

    /// `UIApplicationSceneManifest`: The app's scenes, kept as they are.
    public var applicationSceneManifest: PlistDictionary?

    /// `UIStatusBarStyle`: The status bar's style at launch.
    public var statusBarStyle: String?

    /// `UIStatusBarHidden`: Whether the status bar is hidden at launch.
    public var isStatusBarHidden: Bool?

    /// `UIViewControllerBasedStatusBarAppearance`: Whether view controllers set the status bar's style.
    public var viewControllerBasedStatusBarAppearance: Bool?

    /// `UIRequiresFullScreen`: Whether the app needs the whole screen (no iPad multitasking).
    public var requiresFullScreen: Bool?

    /// `UIFileSharingEnabled`: Whether the app's Documents folder is shared through the Finder.
    public var fileSharingEnabled: Bool?

    /// `UIAppFonts`: The font files the app brings.
    public var appFonts: [String]?

    /// `UIUserInterfaceStyle`: The interface style the app always uses (`Light`, `Dark`).
    public var userInterfaceStyle: String?

    /// `UIApplicationSupportsIndirectInputEvents`: Whether the app takes pointer input as such.
    public var supportsIndirectInputEvents: Bool?

    /// `UIRequiresPersistentWiFi`: Whether the app keeps a Wi-Fi connection open.
    public var requiresPersistentWiFi: Bool?

    /// `ITSAppUsesNonExemptEncryption`: Whether the app uses encryption that export rules do not exempt.
    public var usesNonExemptEncryption: Bool?

    /// `UTExportedTypeDeclarations`: The uniform types the app declares, each a dictionary kept as it is.
    public var exportedTypeDeclarations: [PlistDictionary]?

    /// `UTImportedTypeDeclarations`: The uniform types the app uses and others declare, each kept as it is.
    public var importedTypeDeclarations: [PlistDictionary]?

    /// The privacy strings, by key: every top-level key ending in `UsageDescription`
    /// (`NSCameraUsageDescription`, `NSLocationWhenInUseUsageDescription`,
    /// `NFCReaderUsageDescription`…), each the sentence the system shows when it asks for
    /// access.
    public var usageDescriptions: [String: String] = [:]

    /// Every other key, with its value as the file holds it.
    public var otherKeys = PlistDictionary()

    /// The key order and value shapes the file had.
    var layout = InfoPlistLayout()

    /// An Info.plist with no keys.
    public init() {}

    /// The Info.plist a property list holds.
    ///
    /// - Throws: `DecodingError` when `value` is not a dictionary or a known key holds a value
    ///   of another type, with the coding path of the value.
    public init(_ value: PlistValue) throws {
        self = try PlistDecoder().decode(InfoPlist.self, from: value)
    }

    /// This Info.plist as a property list, its keys in the order ``InfoPlist`` documents.
    ///
    /// - Throws: `EncodingError` only when an ``otherKeys`` value cannot be encoded, which a
    ///   ``PlistValue`` always can.
    public func plistValue() throws -> PlistValue {
        var encoder = PlistEncoder()
        encoder.keyOrder = .preserved
        return try encoder.encodeValue(self)
    }
}

extension InfoPlist: InfoPlistRecord {
    static let fields: [InfoPlistField<InfoPlist>] = [
        .init("CFBundleIdentifier", .string, \.bundleIdentifier),
        .init("CFBundleName", .string, \.bundleName),
        .init("CFBundleDisplayName", .string, \.bundleDisplayName),
        .init("CFBundleExecutable", .string, \.bundleExecutable),
        .init("CFBundlePackageType", .string, \.bundlePackageType),
        .init("CFBundleShortVersionString", .string, \.bundleShortVersionString),
        .init("CFBundleVersion", .string, \.bundleVersion),
        .init("CFBundleDevelopmentRegion", .string, \.developmentRegion),
        .init("CFBundleInfoDictionaryVersion", .string, \.infoDictionaryVersion),
        .init("CFBundleSignature", .string, \.bundleSignature),
        .init("CFBundleIconFile", .string, \.iconFile),
        .init("CFBundleIconName", .string, \.iconName),
        .init("CFBundleIcons", dictionary: \.icons),
        .init("CFBundleLocalizations", .array(.string), \.localizations),
        .init("CFBundleAllowMixedLocalizations", .boolean, \.allowsMixedLocalizations),
        .init("CFBundleSupportedPlatforms", .array(.string), \.supportedPlatforms),
        .init("CFBundleURLTypes", .array(URLType.schema), \.urlTypes),
        .init("CFBundleDocumentTypes", dictionaries: \.documentTypes),
        .init("LSMinimumSystemVersion", .string, \.minimumSystemVersion),
        .init("MinimumOSVersion", .string, \.minimumOSVersion),
        .init("LSRequiresIPhoneOS", .boolean, \.requiresIPhoneOS),
        .init("LSApplicationCategoryType", .string, \.applicationCategoryType),
        .init("LSUIElement", .boolean, \.isUIElement),
        .init("LSBackgroundOnly", .boolean, \.isBackgroundOnly),
        .init("LSApplicationQueriesSchemes", .array(.string), \.applicationQueriesSchemes),
        .init("LSSupportsOpeningDocumentsInPlace", .boolean, \.supportsOpeningDocumentsInPlace),
        .init("LSEnvironment", .entries(.string), \.environment),
        .init("LSArchitecturePriority", .array(.string), \.architecturePriority),
        .init("LSMultipleInstancesProhibited", .boolean, \.multipleInstancesProhibited),
        .init("NSHumanReadableCopyright", .string, \.humanReadableCopyright),
        .init("NSPrincipalClass", .string, \.principalClass),
        .init("NSMainNibFile", .string, \.mainNibFile),
        .init("NSMainStoryboardFile", .string, \.mainStoryboardFile),
        .init("NSAppTransportSecurity", AppTransportSecurity.schema, \.appTransportSecurity),
        .init("NSExtension", AppExtension.schema, \.appExtension),
        .init("NSHighResolutionCapable", .boolean, \.isHighResolutionCapable),
        .init("NSSupportsAutomaticTermination", .boolean, \.supportsAutomaticTermination),
        .init("NSSupportsSuddenTermination", .boolean, \.supportsSuddenTermination),
        .init("NSRequiresAquaSystemAppearance", .boolean, \.requiresAquaSystemAppearance),
        .init("NSUserActivityTypes", .array(.string), \.userActivityTypes),
        .init("NSBonjourServices", .array(.string), \.bonjourServices),
        .init("NSServices", dictionaries: \.services),
        .init("UIDeviceFamily", integers: \.deviceFamily),
        .init("UIRequiredDeviceCapabilities", RequiredDeviceCapabilities.schema, \.requiredDeviceCapabilities),
        .init("UISupportedInterfaceOrientations", .array(.string), \.supportedInterfaceOrientations),
        .init("UISupportedInterfaceOrientations~ipad", .array(.string), \.supportedInterfaceOrientationsForPad),
        .init("UISupportedInterfaceOrientations~iphone", .array(.string), \.supportedInterfaceOrientationsForPhone),
        .init("UIBackgroundModes", .array(.string), \.backgroundModes),
        .init("UILaunchStoryboardName", .string, \.launchStoryboardName),
        .init("UILaunchScreen", dictionary: \.launchScreen),
        .init("UIMainStoryboardFile", .string, \.uiMainStoryboardFile),
        .init("UIApplicationSceneManifest", dictionary: \.applicationSceneManifest),
        .init("UIStatusBarStyle", .string, \.statusBarStyle),
        .init("UIStatusBarHidden", .boolean, \.isStatusBarHidden),
        .init("UIViewControllerBasedStatusBarAppearance", .boolean, \.viewControllerBasedStatusBarAppearance),
        .init("UIRequiresFullScreen", .boolean, \.requiresFullScreen),
        .init("UIFileSharingEnabled", .boolean, \.fileSharingEnabled),
        .init("UIAppFonts", .array(.string), \.appFonts),
        .init("UIUserInterfaceStyle", .string, \.userInterfaceStyle),
        .init("UIApplicationSupportsIndirectInputEvents", .boolean, \.supportsIndirectInputEvents),
        .init("UIRequiresPersistentWiFi", .boolean, \.requiresPersistentWiFi),
        .init("ITSAppUsesNonExemptEncryption", .boolean, \.usesNonExemptEncryption),
        .init("UTExportedTypeDeclarations", dictionaries: \.exportedTypeDeclarations),
        .init("UTImportedTypeDeclarations", dictionaries: \.importedTypeDeclarations),
    ]

    static let fieldsByKey = index(fields)

    /// Whether `key` is a privacy string's key.
    static func isUsageDescriptionKey(_ key: String) -> Bool {
        key.hasSuffix("UsageDescription") && key.utf8.count > "UsageDescription".utf8.count
    }

    mutating func decodeFamilyKey(_ key: PlistCodingKey, from container: KeyedDecodingContainer<PlistCodingKey>) throws -> Bool {
        guard Self.isUsageDescriptionKey(key.stringValue) else { return false }
        usageDescriptions[key.stringValue] = try container.decode(String.self, forKey: key)
        return true
    }

    var familyKeys: [String] { usageDescriptions.keys.sorted() }

    func encodeFamilyKey(_ key: PlistCodingKey, to container: inout KeyedEncodingContainer<PlistCodingKey>) throws -> Bool {
        guard let text = usageDescriptions[key.stringValue] else { return false }
        try container.encode(text, forKey: key)
        return true
    }
}
