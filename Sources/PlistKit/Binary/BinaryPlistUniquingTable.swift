import FoundationEssentials

/// A key the binary writer's uniquing table can hash cheaply.
///
/// Swift's `Hasher` (SipHash with a per-process key) resists collision attacks but costs a
/// few hundred instructions per lookup with the dictionary machinery around it; uniquing a
/// library's scalars spent a third of the binary writer's time there. These hashes are
/// cheap and seeded per table; the table falls back to `Hasher` if a probe ever runs long, so
/// crafted collisions cost speed, never a quadratic write.
protocol BinaryPlistUniquingKey: Hashable {
    /// A 64-bit hash of the key mixed with `seed`; equal keys must hash alike.
    func quickHash(seed: UInt64) -> UInt64

    /// Whether two keys are the same object to the writer (the table's `Hashable` equality,
    /// restated so a conformer can check it faster once the hashes already match).
    static func sameKey(_ a: Self, _ b: Self) -> Bool

    /// Whether equal hashes (with one seed) mean equal keys, so a matching slot needs no
    /// comparison: true for fixed-width words, whose hash is a bijection of the word.
    static var hashIdentifiesKey: Bool { get }
}

extension BinaryPlistUniquingKey {
    static func sameKey(_ a: Self, _ b: Self) -> Bool { a == b }
    static var hashIdentifiesKey: Bool { false }
}

extension UInt64: BinaryPlistUniquingKey {
    @inline(__always)
    func quickHash(seed: UInt64) -> UInt64 { ByteHashing.mix(self ^ seed) }

    /// `ByteHashing.mix` is a bijection (xor-shifts and odd multipliers), and so is the xor with
    /// the seed.
    static var hashIdentifiesKey: Bool { true }
}

extension UInt32: BinaryPlistUniquingKey {
    @inline(__always)
    func quickHash(seed: UInt64) -> UInt64 { ByteHashing.mix(UInt64(self) ^ seed) }

    /// As for `UInt64`: the word, widened, goes through a bijection.
    static var hashIdentifiesKey: Bool { true }
}

extension ExactKey: BinaryPlistUniquingKey {
    /// Hashes the UTF-8 bytes eight at a time.
    func quickHash(seed: UInt64) -> UInt64 {
        ByteHashing.hash(utf8: string, seed: seed)
    }

    /// The table only compares keys whose 64-bit hashes match, which are nearly always equal.
    static func sameKey(_ a: ExactKey, _ b: ExactKey) -> Bool {
        exactlyEqualExpectingMatch(a.string, b.string)
    }
}

/// The binary writer's table from a scalar's uniquing key to its object number: open
/// addressing with linear probing over a power-of-two slot array, at most half full.
///
/// Each slot holds a key's full hash, its position in `keys` (plus one; zero marks an empty
/// slot) and its number, side by side: a probe reads one slot, in one cache line, and touches
/// the key only when the hashes match and the hash does not already identify the key
/// (``BinaryPlistUniquingKey/hashIdentifiesKey``). Large tables (a library's integers and
/// strings) miss the cache on nearly every probe, so what one probe touches is what a write
/// of them costs. Growing re-places the slots by their stored hashes without hashing again.
struct BinaryPlistUniquingTable<Key: BinaryPlistUniquingKey> {
    private typealias Slot = BinaryPlistUniquingSlot

    /// Tables with fewer slots than this (1 MB of them) are never prefetched.
    private static var smallestPrefetchedSlotCount: Int { 1 << 16 }

    /// A probe longer than this means the hash is being defeated (or astronomically bad
    /// luck): the table then moves to a `Hasher`-keyed dictionary for the rest of the write.
    private let probeLimit: Int
    private let seed: UInt64
    private var slots: [Slot]
    private var keys: [Key] = []
    private var fallback: [Key: Int]?

    /// The slots a table starts with at its first key, unless told to expect more; it
    /// doubles from there.
    private var initialSlotCount = 16

    /// Makes the table, when its first key comes, large enough for `count` keys without
    /// growing (allocating nothing now).
    mutating func reserveCapacity(_ count: Int) {
        while initialSlotCount < 2 * count { initialSlotCount *= 2 }
    }

    /// An empty table; `probeLimit` exists for tests, a negative one putting the table on its
    /// `Hasher` fallback from the start. No slot is allocated before the first key: a
    /// writer keeps a table per scalar type, and a small document uses few of them.
    init(probeLimit: Int = 128) {
        self.probeLimit = probeLimit
        self.seed = binaryPlistProcessSeed
        slots = []
        if probeLimit < 0 { fallback = [:] }
    }

    /// Whether the table has given up on its own hash for `Hasher` (for tests).
    var usesFallback: Bool { fallback != nil }

    /// The slots allocated so far (for tests).
    var slotCount: Int { slots.count }

    /// The object number already given to `key`, or `candidate` after recording it as the
    /// key's number.
    ///
    /// Complexity: O(1) expected.
    mutating func number(for key: Key, orInsert candidate: Int) -> Int {
        if fallback != nil { return fallbackNumber(for: key, orInsert: candidate) }
        if slots.isEmpty {
            slots = Array(repeating: Slot(), count: initialSlotCount)
            keys.reserveCapacity(initialSlotCount / 2)
        }
        let hash = key.quickHash(seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while true {
            let found = slots[slot]
            if found.position == 0 { break }
            if found.hash == hash, Key.hashIdentifiesKey || Key.sameKey(keys[Int(found.position) - 1], key) {
                return Int(found.number)
            }
            slot = (slot + 1) & mask
            probes += 1
            if probes > probeLimit {
                switchToFallback()
                return fallbackNumber(for: key, orInsert: candidate)
            }
        }
        // Positions and numbers are held in 32 bits; a table past that (never reached within
        // the writers' value limits) goes on in the fallback.
        guard keys.count < UInt32.max - 1, candidate >= 0, candidate <= UInt32.max else {
            switchToFallback()
            return fallbackNumber(for: key, orInsert: candidate)
        }
        keys.append(key)
        slots[slot] = Slot(hash: hash, position: UInt32(keys.count), number: UInt32(candidate))
        if keys.count * 2 > slots.count { grow() }
        return candidate
    }

    /// Starts loading the slot where a lookup of `key` begins, so that a lookup made soon
    /// after finds it in the cache: large tables miss the cache on nearly every probe, and
    /// the writer looks up a container's values one after another, each waiting for its
    /// slot.
    ///
    /// Only large tables do anything: a table that fits the processor's caches is cheap to
    /// probe, and hashing the key once more (the lookup hashes it again) would cost more than
    /// it saves (writing 20,000 strings took 8 % longer).
    @inline(__always)
    func prefetch(_ key: Key) {
        guard fallback == nil, slots.count >= Self.smallestPrefetchedSlotCount else { return }
        let slot = Int(truncatingIfNeeded: key.quickHash(seed: seed)) & (slots.count - 1)
        ByteCursor.prefetch(slots, at: slot)
    }

    /// The number given to `key`, or `nil` when the table does not hold it.
    ///
    /// Complexity: O(1) expected.
    func number(for key: Key) -> Int? {
        if let fallback { return fallback[key] }
        if slots.isEmpty { return nil }
        let hash = key.quickHash(seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = slots[slot]
            if found.position == 0 { return nil }
            if found.hash == hash, Key.hashIdentifiesKey || Key.sameKey(keys[Int(found.position) - 1], key) {
                return Int(found.number)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Moves every key to a `Hasher`-keyed dictionary, which crafted keys cannot crowd.
    private mutating func switchToFallback() {
        var table = [Key: Int](minimumCapacity: keys.count)
        for found in slots where found.position != 0 {
            table[keys[Int(found.position) - 1]] = Int(found.number)
        }
        fallback = table
        slots = []
    }

    private mutating func fallbackNumber(for key: Key, orInsert candidate: Int) -> Int {
        if let known = fallback?[key] { return known }
        fallback?[key] = candidate
        return candidate
    }

    /// Doubles the slots and places every occupied one again by its stored hash.
    private mutating func grow() {
        let capacity = slots.count * 2
        let mask = capacity - 1
        var newSlots = [Slot](repeating: Slot(), count: capacity)
        for found in slots where found.position != 0 {
            var slot = Int(truncatingIfNeeded: found.hash) & mask
            var probes = 0
            while newSlots[slot].position != 0 {
                slot = (slot + 1) & mask
                probes += 1
                if probes > probeLimit { return switchToFallback() }
            }
            newSlots[slot] = found
        }
        slots = newSlots
    }
}

/// One random seed per process for the binary writer's uniquing hashes, so inputs cannot be
/// prepared against it.
let binaryPlistProcessSeed: UInt64 = UInt64.random(in: .min ... .max)

/// One slot of a ``BinaryPlistUniquingTable``.
///
/// Outside the generic table on purpose: an array of a type nested in it would need the
/// table's generic metadata, and so a run-time conformance lookup of `Key` (a scan of every
/// conformance in the binary, some 0.03 ms, four times in each binary write of a small file).
private struct BinaryPlistUniquingSlot {
    var hash: UInt64 = 0
    /// The key's index in `keys` plus one; zero for an empty slot.
    var position: UInt32 = 0
    var number: UInt32 = 0
}
