/// A direct-mapped cache from strings met recently to a number (an object number, a key id),
/// for the loops where the same few strings come back again and again (a record's keys, a
/// shared tag): a hit costs reading the string's bytes once for its
/// ``ExactKey/Fingerprint``, instead of hashing them into a table and comparing them there.
///
/// Strings are compared by their exact UTF-8 bytes (as ``ExactKey`` compares them): by
/// fingerprint, and for strings longer than ``ExactKey/Fingerprint/identifyingLength`` bytes
/// also by their bytes. A collision only evicts an entry.
struct RecentStringTable {
    private var slots: [Slot]
    private let mask: Int

    private struct Slot {
        var fingerprint = ExactKey.Fingerprint.absent
        var text = ""
        var number = 0
    }

    /// An empty table of `slotCount` slots, a power of two. The slots are allocated by the
    /// first ``store(_:for:at:)``: a writer of a small document makes a table it never uses.
    init(slotCount: Int) {
        precondition(slotCount > 0 && slotCount & (slotCount - 1) == 0, "slotCount must be a power of two")
        slots = []
        mask = slotCount - 1
    }

    /// Where a text goes: its slot and its fingerprint, for ``number(at:text:)`` and
    /// ``store(_:for:at:)``.
    struct Lookup {
        fileprivate let slot: Int
        fileprivate let fingerprint: ExactKey.Fingerprint
    }

    /// The slot and fingerprint of `text`.
    @inline(__always)
    func lookup(_ text: String) -> Lookup {
        let fingerprint = ExactKey.Fingerprint(text)
        return Lookup(slot: Int(truncatingIfNeeded: fingerprint.hash >> 32) & mask, fingerprint: fingerprint)
    }

    /// The number stored for `text`, whose lookup is `lookup`, or `nil`.
    @inline(__always)
    func number(at lookup: Lookup, text: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let slot = slots[lookup.slot]
        guard slot.fingerprint == lookup.fingerprint,
              lookup.fingerprint.identifiesString || ExactKey.sameBytes(slot.text, text)
        else { return nil }
        return slot.number
    }

    /// Stores `number` for `text`, whose lookup is `lookup`, in place of what its slot held.
    mutating func store(_ number: Int, for text: String, at lookup: Lookup) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: mask + 1) }
        slots[lookup.slot] = Slot(fingerprint: lookup.fingerprint, text: text, number: number)
    }
}
