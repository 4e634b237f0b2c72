import FoundationEssentials

/// `UUID` archives as NSUUID: an object with `NS.uuidbytes`, the 16 bytes in order.
extension UUID: KeyedArchivable {
    /// `NSUUID`.
    public static var archiveClassNames: [String] { ["NSUUID"] }

    /// Reads `NS.uuidbytes`.
    ///
    /// - Throws: ``KeyedArchiveError`` when the bytes are missing or not 16 long.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let bytes = try unarchiver.decodeData(forKey: "NS.uuidbytes")
        guard let uuid = ArchiveUUIDBytes.uuid(from: bytes) else {
            throw unarchiver.mismatch("The 'NS.uuidbytes' of an NSUUID are \(bytes.count) bytes, not 16")
        }
        self = uuid
    }

    /// Writes `NS.uuidbytes`.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encodeBytes(ArchiveUUIDBytes.bytes(of: self), forKey: "NS.uuidbytes")
    }
}
