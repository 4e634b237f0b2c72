import FoundationEssentials

/// NSMutableData archived as an object with `NS.data`, as Foundation writes the runs of an
/// attributed string.
struct ArchiveMutableData: KeyedArchivable {
    var bytes: Data
    static var archiveClassNames: [String] { ["NSMutableData"] }
    var archiveClassChain: [String] { ["NSMutableData", "NSData", "NSObject"] }
    init(bytes: Data) { self.bytes = bytes }
    init(from unarchiver: KeyedUnarchiver) throws { bytes = try unarchiver.decodeData(forKey: "NS.data") }
    func encode(to archiver: KeyedArchiver) throws { archiver.encodeBytes(bytes, forKey: "NS.data") }
}
