extension InfoPlist {
    /// `NSExtension`: what an app extension extends, and every other key kept as it is.
    public struct AppExtension: Hashable, Sendable {
        /// `NSExtensionPointIdentifier`: the extension point (`com.apple.widgetkit-extension`,
        /// `com.apple.share-services`…).
        public var pointIdentifier: String?
        /// `NSExtensionPrincipalClass`: the class the system creates.
        public var principalClass: String?
        /// `NSExtensionMainStoryboard`: the storyboard the system loads instead.
        public var mainStoryboard: String?
        /// `NSExtensionAttributes`: the extension point's own settings, kept as they are.
        public var attributes: PlistDictionary?
        /// Every other key.
        public var otherKeys = PlistDictionary()
        var layout = InfoPlistLayout()

        /// An extension dictionary with no keys.
        public init() {}

        /// An extension of the given extension point.
        public init(pointIdentifier: String, principalClass: String? = nil) {
            self.pointIdentifier = pointIdentifier
            self.principalClass = principalClass
        }
    }
}

extension InfoPlist.AppExtension: InfoPlistRecord {
    static let fields: [InfoPlistField<InfoPlist.AppExtension>] = [
        .init("NSExtensionPointIdentifier", .string, \.pointIdentifier),
        .init("NSExtensionPrincipalClass", .string, \.principalClass),
        .init("NSExtensionMainStoryboard", .string, \.mainStoryboard),
        .init("NSExtensionAttributes", dictionary: \.attributes),
    ]
    static let fieldsByKey = index(fields)
}
