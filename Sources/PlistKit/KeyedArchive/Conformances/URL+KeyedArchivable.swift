import FoundationEssentials

/// `URL` archives as NSURL: an object with `NS.relative` (the string) and `NS.base` (the base
/// URL, or UID 0 for none).
extension URL: KeyedArchivable {
    /// `NSURL`.
    public static var archiveClassNames: [String] { ["NSURL"] }

    /// Reads `NS.relative` against `NS.base`.
    ///
    /// - Throws: ``KeyedArchiveError`` when the string is missing or not a URL.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let relative = try unarchiver.decodeString(forKey: "NS.relative")
        let base = try unarchiver.decodeObject(of: URL.self, forKey: "NS.base")
        guard let url = URL(string: relative, relativeTo: base) else {
            throw unarchiver.mismatch("The 'NS.relative' of an NSURL, \"\(relative)\", is not a URL")
        }
        self = url
    }

    /// Writes `NS.base` and `NS.relative`.
    public func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(baseURL, forKey: "NS.base")
        try archiver.encode(baseURL == nil ? absoluteString : relativeString, forKey: "NS.relative")
    }
}
