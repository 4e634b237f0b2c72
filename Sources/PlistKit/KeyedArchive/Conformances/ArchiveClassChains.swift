/// The `$classes` chains of the built-in collection and date conformances, made once: the
/// default ``KeyedArchivable/archiveClassChain`` builds a new array for every object, and
/// the archiver compares a chain with the ones it met last, which for the same array is a
/// comparison of two buffer addresses.
enum ArchiveClassChains {
    static let date = ["NSDate", "NSObject"]
    static let array = ["NSArray", "NSObject"]
    static let dictionary = ["NSDictionary", "NSObject"]
    static let set = ["NSSet", "NSObject"]
}
