#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recently made strings, found again by their UTF-8 bytes, so that text that repeats (every
/// dictionary key of an iTunes track, and values such as a genre or a file kind) is made into a
/// `String` once and shared afterwards.
///
/// Making a string validates its bytes and, above 15 bytes, allocates; a hit here costs a hash
/// of the bytes and one comparison, and the shared storage also makes the decoded tree smaller.
/// The cache is direct-mapped: a slot keeps the last string whose hash maps to it. A hit needs
/// the slot's string to have exactly the given bytes, so it returns the same string
/// `String(decoding:as:)` would make (for invalid UTF-8, that makes a repaired string whose
/// bytes differ, which never matches).
struct XMLStringCache {
    /// Longer text is made directly: it rarely repeats, and hashing it would cost more.
    static let maximumLength = 40
    private static let slotCount = 512

    private var hashes = [UInt64](repeating: 0, count: slotCount)
    private var strings = [String](repeating: "", count: slotCount)

    /// The string of `bytes` (decoded as UTF-8, as `String(decoding:as:)` does).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Self.maximumLength else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let hash = Self.hash(UnsafeRawBufferPointer(bytes))
        // slotCount is a power of two, so the mask keeps the index in range.
        let slot = Int(truncatingIfNeeded: hash >> 40) & (Self.slotCount - 1)
        if hashes[slot] == hash {
            let cached = strings[slot]
            let same = cached.utf8.withContiguousStorageIfAvailable { stored in
                guard stored.count == bytes.count, let storedBase = stored.baseAddress else { return false }
                return memcmp(storedBase, base, bytes.count) == 0
            }
            if same == true { return cached }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        hashes[slot] = hash
        strings[slot] = string
        return string
    }

    /// A 64-bit hash of up to ``maximumLength`` bytes, eight at a time.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var word: UInt64 = 0
            for index in offset..<bytes.count {
                word = word << 8 | UInt64(bytes[index])
            }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        return hash
    }
}
