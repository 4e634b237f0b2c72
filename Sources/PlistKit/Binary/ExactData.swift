import FoundationEssentials

/// Data as a uniquing key: equal when the bytes are.
///
/// Not `Data` itself, whose `Hashable` hash reads only a prefix: blobs alike there all
/// collide, which would make the table's `Hasher` fallback (meant for crafted collisions)
/// quadratic. Here the fallback hashes every byte; the table's own hash samples the ends.
struct ExactData: BinaryPlistUniquingKey {
    let data: Data

    static func == (lhs: ExactData, rhs: ExactData) -> Bool { sameKey(lhs, rhs) }

    func hash(into hasher: inout Hasher) {
        ByteHashing.combine(data, into: &hasher)
    }

    /// Hashes the length and at most the first and last 64 bytes, eight at a time (hashing
    /// a library's digests through `Hasher` and a `Dictionary` cost a twentieth of a binary
    /// write). Hashing all of a large blob cost more than writing it; blobs alike at both
    /// ends only share a hash, and the table compares their bytes, or, when they crowd it,
    /// moves to its fallback, which hashes them whole.
    func quickHash(seed: UInt64) -> UInt64 {
        ByteHashing.sampledHash(data, seed: seed)
    }

    static func sameKey(_ a: ExactData, _ b: ExactData) -> Bool {
        ByteHashing.sameBytes(a.data, b.data)
    }
}
