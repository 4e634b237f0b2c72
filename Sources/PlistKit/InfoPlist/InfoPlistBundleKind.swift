/// What kind of bundle an Info.plist describes, from `CFBundlePackageType` and the extension
/// keys (`NSExtension`, ExtensionKit's `EXAppExtensionAttributes`).
public enum InfoPlistBundleKind: String, CaseIterable, Hashable, Sendable {
    /// `APPL`.
    case application
    /// An `NSExtension` or `EXAppExtensionAttributes` dictionary (its package type is `XPC!`).
    case appExtension
    /// `FMWK`.
    case framework
    /// `XPC!` without `NSExtension`.
    case xpcService
    /// `BNDL`: a loadable or resource bundle.
    case bundle
    /// `KEXT`.
    case kernelExtension
    /// No package type, or one of another kind.
    case unknown

    /// The kind `info` describes.
    ///
    /// A source Info.plist may leave the package type to the build (no
    /// `CFBundlePackageType`, or `$(PRODUCT_BUNDLE_PACKAGE_TYPE)`): it is then an app when it
    /// has keys only apps have (a launch screen, a main storyboard or nib, scenes, interface
    /// orientations, `LSRequiresIPhoneOS`, `LSApplicationCategoryType`, WatchKit's app keys,
    /// `NSPrincipalClass` `NSApplication`), and of unknown kind otherwise.
    public init(_ info: PlistDictionary) {
        if case .dictionary? = info["NSExtension"] {
            self = .appExtension
            return
        }
        if case .dictionary? = info["EXAppExtensionAttributes"] {
            self = .appExtension
            return
        }
        switch info["CFBundlePackageType"] {
        case .string("APPL")?: self = .application
        case .string("FMWK")?: self = .framework
        case .string("XPC!")?: self = .xpcService
        case .string("BNDL")?: self = .bundle
        case .string("KEXT")?: self = .kernelExtension
        case .string(let type)? where !type.contains("$"): self = .unknown
        default: self = Self.hasApplicationKeys(info) ? .application : .unknown
        }
    }

    /// Whether `info` has a key only apps have.
    private static func hasApplicationKeys(_ info: PlistDictionary) -> Bool {
        applicationKeys.contains { info[$0] != nil } || info["NSPrincipalClass"]?.string == "NSApplication"
    }

    /// Keys only apps have.
    private static let applicationKeys = [
        "LSRequiresIPhoneOS", "UILaunchStoryboardName", "UILaunchScreen", "UIApplicationSceneManifest", "UIMainStoryboardFile",
        "NSMainStoryboardFile", "NSMainNibFile", "UISupportedInterfaceOrientations", "LSApplicationCategoryType", "WKApplication",
        "WKWatchKitApp",
    ]

    /// An extension's extension point: `NSExtension.NSExtensionPointIdentifier`, else
    /// ExtensionKit's `EXAppExtensionAttributes.EXExtensionPointIdentifier`.
    static func extensionPoint(of info: PlistDictionary) -> String? {
        info["NSExtension"]?["NSExtensionPointIdentifier"]?.string
            ?? info["EXAppExtensionAttributes"]?["EXExtensionPointIdentifier"]?.string
    }

    /// The kind in words: "app", "app extension", "framework", "XPC service", "bundle",
    /// "kernel extension", "bundle of unknown type".
    public var name: String {
        switch self {
        case .application: return "app"
        case .appExtension: return "app extension"
        case .framework: return "framework"
        case .xpcService: return "XPC service"
        case .bundle: return "bundle"
        case .kernelExtension: return "kernel extension"
        case .unknown: return "bundle of unknown type"
        }
    }
}
