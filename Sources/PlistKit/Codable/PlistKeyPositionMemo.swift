/// Where each recently looked-up coding key was last found in a dictionary, so that the next
/// dictionary with the same layout (the next track of a library, the next element of an array
/// of models) is asked about that position first instead of being scanned.
///
/// Only a hint: a position is always checked against the dictionary's own key at that position
/// (exact UTF-8 equality) before it is used, and a wrong, stale or colliding hint falls back to
/// the full lookup. So the memo can change how fast a key is found, never which value is.
///
/// Keys are told apart by their `String` representation (``ExactKey/representation(of:)``):
/// a coding key's `stringValue` is usually a string literal (the same immortal storage at
/// every call) or a small string (the bytes themselves), so the same key gives the same bits
/// each time, for a few instructions instead of hashing its text. Equal bits from different
/// text can only cost a failed check.
final class PlistKeyPositionMemo {
    /// Direct-mapped slots, indexed by a hash of the key's representation.
    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var position = -1
    }

    private static let slotCount = 128
    /// (Unchecked for exclusivity: one decode runs on one thread, and no access to the slots
    /// overlaps another; the dynamic checks cost more than the lookups they guard.)
    @exclusivity(unchecked) private var slots = [Slot](repeating: Slot(), count: slotCount)

    private static func slotIndex(of key: String) -> Int {
        Int(truncatingIfNeeded: ExactKey.representationHash(of: key) >> 57) & (slotCount - 1)
    }

    /// The position `key` was last found at, or -1.
    @inline(__always)
    func position(of key: String) -> Int {
        let bits = ExactKey.representation(of: key)
        let slot = slots[Self.slotIndex(of: key)]
        return slot.low == bits.0 && slot.high == bits.1 ? slot.position : -1
    }

    /// Records that `key` was found at `position`.
    func remember(_ key: String, at position: Int) {
        let bits = ExactKey.representation(of: key)
        slots[Self.slotIndex(of: key)] = Slot(low: bits.0, high: bits.1, position: position)
    }
}
