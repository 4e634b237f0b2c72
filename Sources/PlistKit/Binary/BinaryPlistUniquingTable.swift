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
}

extension BinaryPlistUniquingKey {
    static func sameKey(_ a: Self, _ b: Self) -> Bool { a == b }
}

extension UInt64: BinaryPlistUniquingKey {
    @inline(__always)
    func quickHash(seed: UInt64) -> UInt64 { mixHashWord(self ^ seed) }
}

extension UInt32: BinaryPlistUniquingKey {
    @inline(__always)
    func quickHash(seed: UInt64) -> UInt64 { mixHashWord(UInt64(self) ^ seed) }
}

extension ExactKey: BinaryPlistUniquingKey {
    /// Hashes the UTF-8 bytes eight at a time.
    func quickHash(seed: UInt64) -> UInt64 {
        let hashed = string.utf8.withContiguousStorageIfAvailable { bytes in
            UnsafeRawBufferPointer(bytes).mixedHash(seed: seed)
        }
        return hashed ?? Array(string.utf8).withUnsafeBytes { $0.mixedHash(seed: seed) }
    }

    /// The table only compares keys whose 64-bit hashes match, which are nearly always equal.
    static func sameKey(_ a: ExactKey, _ b: ExactKey) -> Bool {
        exactlyEqualExpectingMatch(a.string, b.string)
    }
}

/// The binary writer's table from a scalar's uniquing key to its object number (also the
/// Codable binary source's table from a dictionary key's text to its key id): open
/// addressing with linear probing over a power-of-two slot array, at most half full.
///
/// Each slot holds a key's full hash and its position in `keys` (plus one; zero marks an
/// empty slot), so a probe compares hashes and touches a key only when they match, and
/// growing re-places the slots by their stored hashes without hashing any key again.
struct BinaryPlistUniquingTable<Key: BinaryPlistUniquingKey> {
    /// A probe longer than this means the hash is being defeated (or astronomically bad
    /// luck): the table then moves to a `Hasher`-keyed dictionary for the rest of the write.
    private let probeLimit: Int
    private let seed: UInt64
    private var slotHashes: [UInt64]
    private var slotPositions: [Int]
    private var keys: [Key] = []
    private var numbers: [Int] = []
    private var fallback: [Key: Int]?

    /// An empty table; `probeLimit` exists for tests, a negative one putting the table on its
    /// `Hasher` fallback from the start.
    init(probeLimit: Int = 128) {
        self.probeLimit = probeLimit
        self.seed = binaryPlistProcessSeed
        if probeLimit < 0 {
            fallback = [:]
            slotHashes = []
            slotPositions = []
        } else {
            slotHashes = Array(repeating: 0, count: 64)
            slotPositions = Array(repeating: 0, count: 64)
        }
    }

    /// Whether the table has given up on its own hash for `Hasher` (for tests).
    var usesFallback: Bool { fallback != nil }

    /// The object number already given to `key`, or `candidate` after recording it as the
    /// key's number.
    ///
    /// Complexity: O(1) expected.
    mutating func number(for key: Key, orInsert candidate: Int) -> Int {
        if fallback != nil { return fallbackNumber(for: key, orInsert: candidate) }
        let hash = key.quickHash(seed: seed)
        let mask = slotHashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while true {
            let position = slotPositions[slot]
            if position == 0 { break }
            if slotHashes[slot] == hash, Key.sameKey(keys[position - 1], key) { return numbers[position - 1] }
            slot = (slot + 1) & mask
            probes += 1
            if probes > probeLimit {
                switchToFallback()
                return fallbackNumber(for: key, orInsert: candidate)
            }
        }
        keys.append(key)
        numbers.append(candidate)
        slotHashes[slot] = hash
        slotPositions[slot] = keys.count
        if keys.count * 2 > slotHashes.count { grow() }
        return candidate
    }

    /// The number given to `key`, or `nil` when the table does not hold it.
    ///
    /// Complexity: O(1) expected.
    func number(for key: Key) -> Int? {
        if let fallback { return fallback[key] }
        let hash = key.quickHash(seed: seed)
        let mask = slotHashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let position = slotPositions[slot]
            if position == 0 { return nil }
            if slotHashes[slot] == hash, Key.sameKey(keys[position - 1], key) { return numbers[position - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Moves every key to a `Hasher`-keyed dictionary, which crafted keys cannot crowd.
    private mutating func switchToFallback() {
        fallback = Dictionary(uniqueKeysWithValues: zip(keys, numbers))
        slotHashes = []
        slotPositions = []
    }

    private mutating func fallbackNumber(for key: Key, orInsert candidate: Int) -> Int {
        if let known = fallback?[key] { return known }
        fallback?[key] = candidate
        return candidate
    }

    /// Doubles the slots and places every occupied one again by its stored hash.
    private mutating func grow() {
        let capacity = slotHashes.count * 2
        let mask = capacity - 1
        var newHashes = [UInt64](repeating: 0, count: capacity)
        var newPositions = [Int](repeating: 0, count: capacity)
        for (hash, position) in zip(slotHashes, slotPositions) where position != 0 {
            var slot = Int(truncatingIfNeeded: hash) & mask
            var probes = 0
            while newPositions[slot] != 0 {
                slot = (slot + 1) & mask
                probes += 1
                if probes > probeLimit { return switchToFallback() }
            }
            newHashes[slot] = hash
            newPositions[slot] = position
        }
        slotHashes = newHashes
        slotPositions = newPositions
    }
}

/// One random seed per process for the binary writer's uniquing hashes, so inputs cannot be
/// prepared against it.
let binaryPlistProcessSeed: UInt64 = UInt64.random(in: .min ... .max)
