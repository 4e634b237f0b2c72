/// Recently made strings, found again by their UTF-8 bytes, so that text that repeats (every
/// dictionary key of an iTunes track, and values such as a genre or a file kind) is made into a
/// `String` once and shared afterwards.
///
/// Making a string validates its bytes and, above 15 bytes, allocates; a hit here costs a hash
/// of the bytes and one comparison, and the shared storage also makes the decoded tree smaller.
/// The cache is direct-mapped: a slot keeps the last string whose hash maps to it. A hit needs
/// exactly the same bytes, so it returns the string that decoding them made (repaired, should
/// they not be valid UTF-8, which libxml2 refuses anyway).
///
/// A text is known by its length and its first and last eight bytes (``ByteCursor/endWords()``),
/// which for up to 16 bytes, most keys and short values, are all of its bytes: such a hit
/// compares three integers. Longer text is compared with the slot's string as well.
///
/// Its slots are sized from the document (a small one reads few distinct texts) and made at
/// the first lookup.
struct XMLStringCache {
    /// Longer text is made directly: it rarely repeats, and hashing it would cost more.
    static let maximumLength = 40
    /// The most slots: enough that the twenty-odd keys of a track rarely evict each other or
    /// are evicted by the unique values between them (256 slots missed noticeably more);
    /// 4,096 counted a few fewer instructions but ran slower, its tables no longer in cache.
    static let maximumSlotCount = 1024

    private struct Slot {
        /// The text's length (0 for a slot that matches nothing) and its end words.
        var count = 0
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var string = ""
    }

    private var slots: [Slot] = []
    /// The number of slots, a power of two.
    private let slotCount: Int

    /// A cache for a document of `documentSize` bytes: a slot for about every 32 bytes, at
    /// least 16 and at most ``maximumSlotCount``.
    init(documentSize: Int) {
        let wanted = min(max(documentSize / 32, 16), Self.maximumSlotCount)
        slotCount = 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
    }

    /// The string of `text` (decoded as UTF-8, as `String(decoding:as:)` does).
    mutating func string(_ text: Span<UInt8>) -> String {
        guard text.count <= Self.maximumLength, !text.isEmpty else { return String(utf8: text) }
        return ByteCursor.withBytes(of: text) { text in
            if slots.isEmpty { slots = Array(repeating: Slot(), count: slotCount) }
            let (count, head, tail) = text.endWords()
            // A cache only loses entries to collisions, so this cheap hash is enough.
            let hash = ByteHashing.mix(head &+ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count))
            let index = Int(truncatingIfNeeded: hash >> 40) & (slotCount - 1)
            let slot = slots[index]
            if slot.count == count && slot.head == head && slot.tail == tail
                && (count <= 16 || ByteCursor.withUTF8(of: slot.string, { $0.hasSameBytes(as: text) })) {
                return slot.string
            }
            let string = text.text(from: 0, to: count)
            slots[index] = Slot(count: count, head: head, tail: tail, string: string)
            return string
        }
    }
}

extension String {
    /// The UTF-8 text of `bytes`, with invalid sequences replaced (as `String(decoding:as:)`).
    init(utf8 bytes: Span<UInt8>) {
        self = ByteCursor.withBytes(of: bytes) { $0.text(from: 0, to: $0.count) }
    }
}
