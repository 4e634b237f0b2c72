extension InfoPlist {
    /// One entry of `CFBundleURLTypes`: URL schemes the app opens, and every other key of
    /// the entry kept as it is.
    public struct URLType: Hashable, Sendable {
        /// `CFBundleURLName`: an abstract name for the URL type, reverse-DNS by convention.
        public var name: String?
        /// `CFBundleURLSchemes`: the schemes (`notes` for `notes://…`).
        public var schemes: [String]?
        /// `CFBundleTypeRole`: the app's role for the type (`Editor`, `Viewer`, `None`).
        public var role: String?
        /// `CFBundleURLIconFile`: the icon for the type's URLs.
        public var iconFile: String?
        /// Every other key of the entry.
        public var otherKeys = PlistDictionary()
        var layout = InfoPlistLayout()

        /// An entry with no keys.
        public init() {}

        /// An entry with the given schemes (and name).
        public init(name: String? = nil, schemes: [String]) {
            self.name = name
            self.schemes = schemes
        }
    }
}

extension InfoPlist.URLType: InfoPlistRecord {
    static let fields: [InfoPlistField<InfoPlist.URLType>] = [
        .init("CFBundleURLName", .string, \.name),
        .init("CFBundleURLSchemes", .array(.string), \.schemes),
        .init("CFBundleTypeRole", .string, \.role),
        .init("CFBundleURLIconFile", .string, \.iconFile),
    ]
    static let fieldsByKey = index(fields)
}
