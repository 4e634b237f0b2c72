/// A property-list serialization format.
public enum PlistFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Apple's XML property list (`xml1`).
    case xml
    /// Apple's binary property list, `bplist00` (`binary1`).
    case binary
    /// The NeXTSTEP/OpenStep text format, including `.strings` files and GNUstep's typed
    /// extensions.
    case openStep
    /// JSON (RFC 8259).
    case json

    /// The name plutil uses for the format (`xml1`, `binary1`, `json`, `openstep`).
    public var plutilName: String {
        switch self {
        case .xml: return "xml1"
        case .binary: return "binary1"
        case .openStep: return "openstep"
        case .json: return "json"
        }
    }

    /// The usual file extension for the format.
    public var fileExtension: String {
        switch self {
        case .xml, .binary, .openStep: return "plist"
        case .json: return "json"
        }
    }

    /// Looks a format up by plutil's name or PlistKit's own (`xml1`, `xml`, `binary1`,
    /// `binary`, `json`, `openstep`), ignoring case.
    public init?(name: String) {
        switch name.lowercased() {
        case "xml", "xml1": self = .xml
        case "binary", "binary1", "bplist": self = .binary
        case "openstep", "open-step", "strings", "ascii": self = .openStep
        case "json": self = .json
        default: return nil
        }
    }

    /// The format's name as `plutilName` gives it.
    public var description: String { plutilName }
}
