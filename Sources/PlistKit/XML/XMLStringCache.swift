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
/// The cache is direct-mapped: a slot keeps the last string whose hash maps to it, with a copy
/// of its bytes. A hit needs exactly the same bytes, so it returns the string that
/// `String(decoding:as:)` made of them (repaired, should they not be valid UTF-8, which
/// libxml2 refuses anyway).
final class XMLStringCache {
    /// Longer text is made directly: it rarely repeats, and hashing it would cost more.
    static let maximumLength = 40
    private static let slotCount = 256

    /// Per slot: the hash of its string's bytes, or 0 for a slot that matches nothing (a
    /// computed hash always has its lowest bit set).
    private let hashes: UnsafeMutablePointer<UInt64>
    /// Per slot: the string's UTF-8 bytes, padded with zeros to ``maximumLength``.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Per slot: the string; only slots with a non-zero hash hold a meaningful one.
    private let strings: UnsafeMutablePointer<String>

    init() {
        hashes = .allocate(capacity: Self.slotCount)
        hashes.initialize(repeating: 0, count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.maximumLength)
        bytes.initialize(repeating: 0, count: Self.slotCount * Self.maximumLength)
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
        hashes.deallocate()
        bytes.deallocate()
    }

    /// The string of `text` (decoded as UTF-8, as `String(decoding:as:)` does).
    func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = text.baseAddress, !text.isEmpty, text.count <= Self.maximumLength else {
            return String(decoding: text, as: UTF8.self)
        }
        let count = text.count
        // A cache only loses entries to collisions, so the cheap unseeded hash is enough.
        let hash = UnsafeRawBufferPointer(text).mixedHash(seed: 0) | 1
        // slotCount is a power of two, so the mask keeps the slot in range.
        let slot = Int(truncatingIfNeeded: hash >> 40) & (Self.slotCount - 1)
        // The slot's bytes: maximumLength of them, of which `count` (at most that) are compared.
        let stored = bytes + slot * Self.maximumLength
        // A hash mixes in the length, so equal hashes almost always mean equal lengths; the
        // bytes decide. Both buffers hold at least `count` bytes.
        if hashes[slot] == hash
            && UnsafeRawBufferPointer(start: stored, count: count).hasSameBytes(as: UnsafeRawBufferPointer(text)) {
            return strings[slot]
        }
        let string = String(decoding: text, as: UTF8.self)
        hashes[slot] = hash
        stored.update(from: base, count: count)
        strings[slot] = string
        return string
    }
}
