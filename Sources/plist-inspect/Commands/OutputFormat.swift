import PlistKit

/// An output format of `convert` and `get`: a property-list format, a source-code literal, or
/// plutil's raw text.
enum OutputFormat: Equatable {
    case plist(PlistFormat)
    case swift
    case objc
    case raw

    /// Parses a format name (`xml`, `xml1`, `binary`, `binary1`, `json`, `openstep`, `swift`,
    /// `objc`, `raw`); each subcommand then refuses the kinds it cannot write.
    init?(name: String) {
        switch name.lowercased() {
        case "swift": self = .swift
        case "objc", "obj-c", "objective-c": self = .objc
        case "raw": self = .raw
        default:
            guard let format = PlistFormat(name: name) else { return nil }
            self = .plist(format)
        }
    }

    /// The extension a file in this format takes (`--output-dir`): `plist`, `json`, `swift`,
    /// `m`, `txt`.
    var fileExtension: String {
        switch self {
        case .plist(let format): return format.fileExtension
        case .swift: return "swift"
        case .objc: return "m"
        case .raw: return "txt"
        }
    }
}
