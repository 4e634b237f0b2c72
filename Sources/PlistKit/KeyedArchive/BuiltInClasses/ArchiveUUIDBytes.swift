import FoundationEssentials

/// Conversions between `UUID` and the 16 bytes of `NS.uuidbytes`.
enum ArchiveUUIDBytes {
    static func uuid(from bytes: Data) -> UUID? {
        guard bytes.count == 16 else { return nil }
        let b = Array(bytes)
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                           b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    static func bytes(of uuid: UUID) -> Data {
        let u = uuid.uuid
        return Data([u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15])
    }
}
