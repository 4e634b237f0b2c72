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
///
/// The hash and the comparison read the text a word at a time (overlapping words at the end,
/// so no byte is read outside the text), inline: a call to a general byte hash and to
/// `memcmp` cost more than the lookup itself for text this short.
final class XMLStringCache {
    /// Longer text is made directly: it rarely repeats, and hashing it would cost more.
    static let maximumLength = 40
    /// Enough slots that the twenty-odd keys of a track rarely evict each other or are
    /// evicted by the unique values between them (256 slots missed noticeably more); 4,096
    /// counted a few fewer instructions but ran slower, its tables no longer in cache.
    static let slotCount = 1024

    /// The slot of the text whose hash (or identity) is `hash`: below ``slotCount``, a power of
    /// two, as the mask keeps it.
    @inline(__always)
    static func slot(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> 40) & (slotCount - 1)
    }

    /// Per slot: the hash of its string's bytes, or 0 for a slot that matches nothing (a
    /// computed hash always has its lowest bit set).
    private let hashes: UnsafeMutablePointer<UInt64>
    /// Per slot: the string's UTF-8 bytes (``maximumLength`` bytes of room).
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Per slot: how many of its bytes are the string's.
    private let lengths: UnsafeMutablePointer<UInt8>
    /// Per slot: the string; initialized exactly in the slots with a non-zero hash.
    ///
    /// The bytes, lengths and strings of a slot are only read once its hash matched, that is
    /// after the slot was written; so a cache costs no more to make and free than the slots a
    /// parse uses (a reader may make one for a tiny document, many times over).
    private let strings: UnsafeMutablePointer<String>

    init() {
        hashes = .allocate(capacity: Self.slotCount)
        hashes.initialize(repeating: 0, count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.maximumLength)
        lengths = .allocate(capacity: Self.slotCount)
        strings = .allocate(capacity: Self.slotCount)
    }

    deinit {
        for slot in 0..<Self.slotCount where hashes[slot] != 0 {
            (strings + slot).deinitialize(count: 1)
        }
        strings.deallocate()
        hashes.deallocate()
        bytes.deallocate()
        lengths.deallocate()
    }

    /// The string of `text` (decoded as UTF-8, as `String(decoding:as:)` does).
    func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        lookup(text).string
    }

    /// The string of `text` (as ``string(_:)``) and an identity of its bytes: a non-zero
    /// number that equal texts share, or 0 when there is none (text longer than
    /// ``maximumLength``, empty, or not ASCII). Two texts whose identities differ and are not
    /// 0 make different strings: ASCII bytes are their own valid UTF-8, so different bytes
    /// are different strings.
    func stringAndIdentity(_ text: UnsafeBufferPointer<UInt8>) -> (string: String, identity: UInt64) {
        lookup(text)
    }

    @inline(__always)
    private func lookup(_ text: UnsafeBufferPointer<UInt8>) -> (string: String, identity: UInt64) {
        guard let base = text.baseAddress, !text.isEmpty, text.count <= Self.maximumLength else {
            return (String(decoding: text, as: UTF8.self), 0)
        }
        let count = text.count
        // A cache only loses entries to collisions, so this cheap hash is enough.
        let (hash, highBits) = Self.hash(UnsafeRawPointer(base), count: count)
        let slot = Self.slot(of: hash)
        // The slot's bytes: maximumLength of them, of which `count` (at most that) are compared.
        let stored = bytes + slot * Self.maximumLength
        // Equal hash and length, then the bytes decide. Both buffers hold at least `count`
        // bytes.
        let identity = highBits & 0x8080_8080_8080_8080 == 0 ? hash : 0
        if hashes[slot] == hash && Int(lengths[slot]) == count
            && Self.sameBytes(UnsafeRawPointer(stored), UnsafeRawPointer(base), count: count) {
            return (strings[slot], identity)
        }
        let string = String(decoding: text, as: UTF8.self)
        if hashes[slot] == 0 {
            (strings + slot).initialize(to: string)
        } else {
            strings[slot] = string
        }
        hashes[slot] = hash
        // count ≤ maximumLength, which fits a byte.
        (lengths + slot).initialize(to: UInt8(truncatingIfNeeded: count))
        stored.initialize(from: base, count: count)
        return (string, identity)
    }

    /// A hash of the `count` bytes at `base` (1 ≤ count ≤ ``maximumLength``), with its lowest
    /// bit set, and the OR of the words read (each byte of the text is in at least one).
    @inline(__always)
    private static func hash(_ base: UnsafeRawPointer, count: Int) -> (hash: UInt64, highBits: UInt64) {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var bits: UInt64 = 0
        @inline(__always) func combine(_ word: UInt64) {
            bits |= word
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
        }
        forEachWord(base, count: count, combine)
        return (ByteHashing.mix(hash) | 1, bits)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    private static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 < count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        if count >= 8 {
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        return word(a, count: count) == word(b, count: count)
    }

    /// Calls `body` with words covering the `count` bytes at `base` (1 ≤ count): whole words,
    /// then the last eight bytes (overlapping the previous word), or one packed word for
    /// shorter text. Every load stays inside the bytes.
    @inline(__always)
    private static func forEachWord(_ base: UnsafeRawPointer, count: Int, _ body: (UInt64) -> Void) {
        guard count >= 8 else {
            body(word(base, count: count))
            return
        }
        var offset = 0
        while offset + 8 < count {
            body(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        body(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// One to seven bytes at `base` packed into a word; with the count (which the hash mixes in
    /// and the comparison shares) it determines the bytes: 4 to 7 bytes are the first four
    /// and the last four, 1 to 3 the first, middle and last.
    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 4 {
            return UInt64(base.loadUnaligned(as: UInt32.self))
                | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        }
        return UInt64(base.load(as: UInt8.self))
            | UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
            | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self)) << 16
    }
}
