import FoundationEssentials

/// `Date` archives as NSDate: an object with `NS.time`, seconds since 2001-01-01 00:00:00 UTC.
extension Date: KeyedArchivable {
    /// `NSDate`.
    public static var archiveClassNames: [String] { ["NSDate"] }

    /// `NSDate`, `NSObject`: one constant array, which the archiver compares by its buffer.
    public var archiveClassChain: [String] { ArchiveClassChains.date }

    /// Reads `NS.time`.
    ///
    /// - Throws: ``KeyedArchiveError`` when `NS.time` is missing or not a number.
    public init(from unarchiver: KeyedUnarchiver) throws {
        self.init(timeIntervalSinceReferenceDate: try unarchiver.decodeDouble(forKey: "NS.time"))
    }

    /// Writes `NS.time`.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encode(timeIntervalSinceReferenceDate, forKey: "NS.time")
    }
}
