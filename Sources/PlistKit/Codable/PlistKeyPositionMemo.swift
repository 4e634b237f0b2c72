/// Where each recently looked-up coding key was last found in a dictionary, so that the next
/// dictionary with the same layout (the next track of a library, the next element of an array
/// of models) is asked about that position first instead of being scanned.
///
/// Only a hint: a position is always checked against the dictionary's own key at that position
/// (exact UTF-8 equality) before it is used, and a wrong, stale or colliding hint falls back to
/// the full lookup. So the memo can change how fast a key is found, never which value is.
///
/// Keys are told apart by their 16 bytes of `String` storage: a coding key's `stringValue` is
/// usually a string literal (the same immortal storage at every call) or a small string (the
/// bytes themselves), so the same key gives the same bits each time, for a few instructions
/// instead of hashing its text. Equal bits from different text can only cost a failed check.
final class PlistKeyPositionMemo {
    /// Direct-mapped slots, indexed by a hash of the key's storage bits.
    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var position = -1
    }

    private static let slotCount = 128
    /// (Unchecked for exclusivity: one decode runs on one thread, and no access to the slots
    /// overlaps another; the dynamic checks cost more than the lookups they guard.)
    @exclusivity(unchecked) private var slots = [Slot](repeating: Slot(), count: slotCount)

    /// The storage bits of a string. A `String` is two words on every platform PlistKit
    /// builds for; the bits are only compared, never used to reach the storage.
    static func bits(_ key: String) -> (UInt64, UInt64) {
        unsafeBitCast(key, to: (UInt64, UInt64).self)
    }

    private static func slotIndex(_ bits: (UInt64, UInt64)) -> Int {
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 57) & (slotCount - 1)
    }

    /// Whether two strings have the same representation, hence exactly the same text: the
    /// cheap first check of a hint, true for a key literal against an equal short key read
    /// from a file (both small strings) and for a key against itself. (Both strings are alive
    /// while compared, so equal bits cannot come from reused storage.)
    static func haveSameStorage(_ a: String, _ b: String) -> Bool {
        bits(a) == bits(b)
    }

    /// Whether `candidate`, a dictionary's key, is exactly `key`.
    static func matches(_ candidate: String, _ key: String) -> Bool {
        haveSameStorage(candidate, key) || ExactKey.exactlyEqual(candidate, key)
    }

    /// The position `key` was last found at, or -1.
    func position(of key: String) -> Int {
        let bits = Self.bits(key)
        let slot = slots[Self.slotIndex(bits)]
        return slot.low == bits.0 && slot.high == bits.1 ? slot.position : -1
    }

    /// Records that `key` was found at `position`.
    func remember(_ key: String, at position: Int) {
        let bits = Self.bits(key)
        slots[Self.slotIndex(bits)] = Slot(low: bits.0, high: bits.1, position: position)
    }
}
