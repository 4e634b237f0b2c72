import Foundation

/// An app's Info.plist as Codable types, for the Codable operations of the size ladder's
/// Info.plist rungs: the example's keys, and the optional ones a large Info.plist adds
/// (``DataSets/largeInfoPlist()``).
struct InfoPlistModel: ChecksummedModel {
    struct URLType: Codable {
        var role: String?
        var name: String
        var schemes: [String]
        enum CodingKeys: String, CodingKey {
            case role = "CFBundleTypeRole", name = "CFBundleURLName", schemes = "CFBundleURLSchemes"
        }
    }

    struct DocumentType: Codable {
        var name: String
        var role: String
        var rank: String?
        var contentTypes: [String]
        var iconFiles: [String]?
        enum CodingKeys: String, CodingKey {
            case name = "CFBundleTypeName", role = "CFBundleTypeRole", rank = "LSHandlerRank"
            case contentTypes = "LSItemContentTypes", iconFiles = "CFBundleTypeIconFiles"
        }
    }

    struct TypeDeclaration: Codable {
        var identifier: String
        var description: String?
        var conformsTo: [String]
        var tags: [String: [String]]
        enum CodingKeys: String, CodingKey {
            case identifier = "UTTypeIdentifier", description = "UTTypeDescription"
            case conformsTo = "UTTypeConformsTo", tags = "UTTypeTagSpecification"
        }
    }

    struct AdNetwork: Codable {
        var identifier: String
        enum CodingKeys: String, CodingKey { case identifier = "SKAdNetworkIdentifier" }
    }

    struct TransportSecurity: Codable {
        struct ExceptionDomain: Codable {
            var includesSubdomains: Bool?
            var allowsInsecureHTTPLoads: Bool?
            var minimumTLSVersion: String?
            enum CodingKeys: String, CodingKey {
                case includesSubdomains = "NSIncludesSubdomains"
                case allowsInsecureHTTPLoads = "NSExceptionAllowsInsecureHTTPLoads"
                case minimumTLSVersion = "NSExceptionMinimumTLSVersion"
            }
        }
        var allowsArbitraryLoads: Bool?
        var exceptionDomains: [String: ExceptionDomain]?
        enum CodingKeys: String, CodingKey {
            case allowsArbitraryLoads = "NSAllowsArbitraryLoads", exceptionDomains = "NSExceptionDomains"
        }
    }

    var developmentRegion: String
    var displayName: String?
    var executable: String
    var identifier: String
    var shortVersion: String
    var version: String
    var requiresIPhoneOS: Bool?
    var backgroundModes: [String]?
    var launchScreen: [String: String]?
    var orientations: [String]?
    var minimumFrameRate: Double?
    var releaseDate: Date?
    var iconHash: Data?
    var adNetworks: [AdNetwork]?
    var queriedSchemes: [String]?
    var urlTypes: [URLType]?
    var documentTypes: [DocumentType]?
    var exportedTypes: [TypeDeclaration]?
    var fonts: [String]?
    var cameraUsage: String?
    var photoLibraryUsage: String?
    var microphoneUsage: String?
    var contactsUsage: String?
    var locationUsage: String?
    var calendarsUsage: String?
    var transportSecurity: TransportSecurity?
    var requiredCapabilities: [String]?
    var deviceFamily: [Int]?

    enum CodingKeys: String, CodingKey {
        case developmentRegion = "CFBundleDevelopmentRegion", displayName = "CFBundleDisplayName"
        case executable = "CFBundleExecutable", identifier = "CFBundleIdentifier"
        case shortVersion = "CFBundleShortVersionString", version = "CFBundleVersion"
        case requiresIPhoneOS = "LSRequiresIPhoneOS", backgroundModes = "UIBackgroundModes"
        case launchScreen = "UILaunchScreen", orientations = "UISupportedInterfaceOrientations"
        case minimumFrameRate = "NSMinimumFrameRate", releaseDate = "ReleaseDate", iconHash = "IconHash"
        case adNetworks = "SKAdNetworkItems", queriedSchemes = "LSApplicationQueriesSchemes"
        case urlTypes = "CFBundleURLTypes", documentTypes = "CFBundleDocumentTypes"
        case exportedTypes = "UTExportedTypeDeclarations", fonts = "UIAppFonts"
        case cameraUsage = "NSCameraUsageDescription", photoLibraryUsage = "NSPhotoLibraryUsageDescription"
        case microphoneUsage = "NSMicrophoneUsageDescription", contactsUsage = "NSContactsUsageDescription"
        case locationUsage = "NSLocationWhenInUseUsageDescription", calendarsUsage = "NSCalendarsUsageDescription"
        case transportSecurity = "NSAppTransportSecurity"
        case requiredCapabilities = "UIRequiredDeviceCapabilities", deviceFamily = "UIDeviceFamily"
    }

    /// A checksum both decoders must agree on: the lengths of the version, of the identifier
    /// and of the lists, and the number of exception domains.
    var checksum: UInt64 {
        let lists = (adNetworks?.count ?? 0) + (queriedSchemes?.count ?? 0) + (documentTypes?.count ?? 0)
            + (exportedTypes?.count ?? 0) + (fonts?.count ?? 0) + (orientations?.count ?? 0)
        return UInt64(version.utf8.count) &* 1_000_003 &+ UInt64(identifier.utf8.count &* 1_009 &+ lists)
            &+ UInt64(transportSecurity?.exceptionDomains?.count ?? 0) &+ UInt64(iconHash?.count ?? 0)
    }
}
