extension InfoPlist {
    /// `NSAppTransportSecurity`: where the app's connections may go beyond App Transport
    /// Security's defaults, and every other key kept as it is.
    public struct AppTransportSecurity: Hashable, Sendable {
        /// `NSAllowsArbitraryLoads`: whether every connection may go without ATS's rules.
        public var allowsArbitraryLoads: Bool?
        /// `NSAllowsArbitraryLoadsForMedia`: the same, for media loaded through AVFoundation.
        public var allowsArbitraryLoadsForMedia: Bool?
        /// `NSAllowsArbitraryLoadsInWebContent`: the same, for web views.
        public var allowsArbitraryLoadsInWebContent: Bool?
        /// `NSAllowsLocalNetworking`: whether connections to local hosts go without ATS's rules.
        public var allowsLocalNetworking: Bool?
        /// `NSExceptionDomains`: rules for particular domains, in the file's order.
        public var exceptionDomains: InfoPlistEntries<ExceptionDomain>?
        /// Every other key.
        public var otherKeys = PlistDictionary()
        var layout = InfoPlistLayout()

        /// Settings with no keys.
        public init() {}

        /// The rules for one domain of `NSExceptionDomains`, and every other key kept.
        public struct ExceptionDomain: Hashable, Sendable {
            /// `NSIncludesSubdomains`: whether the rules cover the domain's subdomains.
            public var includesSubdomains: Bool?
            /// `NSExceptionAllowsInsecureHTTPLoads`: whether plain HTTP is allowed.
            public var allowsInsecureHTTPLoads: Bool?
            /// `NSExceptionMinimumTLSVersion`: the oldest TLS allowed (`TLSv1.2`).
            public var minimumTLSVersion: String?
            /// `NSExceptionRequiresForwardSecrecy`: whether forward secrecy is required.
            public var requiresForwardSecrecy: Bool?
            /// `NSRequiresCertificateTransparency`: whether certificate transparency is required.
            public var requiresCertificateTransparency: Bool?
            /// Every other key.
            public var otherKeys = PlistDictionary()
            var layout = InfoPlistLayout()

            /// Rules with no keys.
            public init() {}
        }
    }
}

extension InfoPlist.AppTransportSecurity: InfoPlistRecord {
    static let fields: [InfoPlistField<InfoPlist.AppTransportSecurity>] = [
        .init("NSAllowsArbitraryLoads", .boolean, \.allowsArbitraryLoads),
        .init("NSAllowsArbitraryLoadsForMedia", .boolean, \.allowsArbitraryLoadsForMedia),
        .init("NSAllowsArbitraryLoadsInWebContent", .boolean, \.allowsArbitraryLoadsInWebContent),
        .init("NSAllowsLocalNetworking", .boolean, \.allowsLocalNetworking),
        .init("NSExceptionDomains", .entries(ExceptionDomain.schema), \.exceptionDomains),
    ]
    static let fieldsByKey = index(fields)
}

extension InfoPlist.AppTransportSecurity.ExceptionDomain: InfoPlistRecord {
    static let fields: [InfoPlistField<InfoPlist.AppTransportSecurity.ExceptionDomain>] = [
        .init("NSIncludesSubdomains", .boolean, \.includesSubdomains),
        .init("NSExceptionAllowsInsecureHTTPLoads", .boolean, \.allowsInsecureHTTPLoads),
        .init("NSExceptionMinimumTLSVersion", .string, \.minimumTLSVersion),
        .init("NSExceptionRequiresForwardSecrecy", .boolean, \.requiresForwardSecrecy),
        .init("NSRequiresCertificateTransparency", .boolean, \.requiresCertificateTransparency),
    ]
    static let fieldsByKey = index(fields)
}
