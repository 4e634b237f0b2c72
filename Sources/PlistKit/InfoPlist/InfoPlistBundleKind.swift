/// What kind of bundle an Info.plist describes, from `CFBundlePackageType` and `NSExtension`.
public enum InfoPlistBundleKind: String, CaseIterable, Hashable, Sendable {
    /// `APPL`.
    case application
    /// An `NSExtension` dictionary (its package type is `XPC!`).
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
    public init(_ info: PlistDictionary) {
        if case .dictionary? = info["NSExtension"] {
            self = .appExtension
            return
        }
        switch info["CFBundlePackageType"]?.string {
        case "APPL": self = .application
        case "FMWK": self = .framework
        case "XPC!": self = .xpcService
        case "BNDL": self = .bundle
        case "KEXT": self = .kernelExtension
        default: self = .unknown
        }
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
