/// A property-list dictionary: string keys, the order they were inserted in, and O(1) lookup.
///
/// Files keep their key order through a round trip; writers sort keys only where Apple's writer
/// does (XML) or when asked. Setting a key that is already present replaces its value in place,
/// so a file with duplicate keys reads as "last value wins", as CoreFoundation does.
///
/// Equality ignores order: two dictionaries are equal when they hold the same keys with equal
/// values. Compare ``keys`` as well when the order matters.
///
/// Keys are compared by their exact Unicode scalars, not by Swift's canonical equivalence:
/// "é" (U+00E9) and "e\u{301}" are two keys, as they are to CoreFoundation, so a file holding
/// both keeps both.
public struct PlistDictionary: Sendable {
    @usableFromInline var orderedKeys: [String]
    @usableFromInline var orderedValues: [PlistValue]
    /// Positions by key, kept only above ``indexThreshold`` entries. Most dictionaries in
    /// real files are small (an iTunes track has 15 to 40 keys), and for them a scan of the
    /// keys, by length first, is as fast as hashing and saves allocating and filling a hash
    /// table per dictionary, which was a large share of decoding time.
    @usableFromInline var indexByKey: [ExactKey: Int]?

    /// The entry count above which lookups go through a hash index. Below it a lookup scans
    /// at most this many keys, so lookups stay O(1).
    @usableFromInline static let indexThreshold = 64

    /// Creates an empty dictionary.
    public init() {
        orderedKeys = []
        orderedValues = []
        indexByKey = nil
    }

    /// Creates an empty dictionary with room for `capacity` entries.
    public init(minimumCapacity capacity: Int) {
        self.init()
        orderedKeys.reserveCapacity(capacity)
        orderedValues.reserveCapacity(capacity)
        if capacity > Self.indexThreshold { indexByKey = Dictionary(minimumCapacity: capacity) }
    }

    /// Creates a dictionary from key-value pairs in order; a repeated key keeps its first
    /// position and its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, PlistValue) {
        self.init(minimumCapacity: pairs.underestimatedCount)
        for (key, value) in pairs { self[key] = value }
    }

    /// A dictionary from the keys and values of a container in document order, for readers:
    /// one hash per key into an index of the right size (inserting key by key regrows it).
    ///
    /// Repeated keys keep the first key's position and the last value, as the subscript does
    /// and as CoreFoundation reads them.
    ///
    /// - Precondition: `keys.count == values.count`.
    /// - Complexity: O(n).
    init(readingKeys keys: [String], values: [PlistValue]) {
        self.init(readingKeys: keys, values: values, keysKnownDistinct: false)
    }

    /// The same, for a reader that has already proven the keys distinct (by exact bytes), which
    /// skips the check for repeated keys in a dictionary too small to be indexed.
    init(readingKeys keys: [String], values: [PlistValue], keysKnownDistinct: Bool) {
        var index: [ExactKey: Int]? = nil
        if keys.count > Self.indexThreshold {
            var built = [ExactKey: Int](minimumCapacity: keys.count)
            for (position, key) in keys.enumerated() where built.updateValue(position, forKey: ExactKey(key)) != nil {
                // A repeated key (rare): fall back to inserting one by one.
                self.init(zip(keys, values))
                return
            }
            index = built
        } else if !keysKnownDistinct, Self.containsDuplicate(keys) {
            self.init(zip(keys, values))
            return
        }
        self.init()
        orderedKeys = keys
        orderedValues = values
        indexByKey = index
    }

    /// The number of entries.
    @inlinable public var count: Int { orderedKeys.count }

    /// Whether the dictionary has no entries.
    @inlinable public var isEmpty: Bool { orderedKeys.isEmpty }

    /// The keys in insertion order.
    @inlinable public var keys: [String] { orderedKeys }

    /// The values in the order of ``keys``.
    @inlinable public var values: [PlistValue] { orderedValues }

    /// The value for `key`, or `nil`. Setting `nil` removes the key (O(n)); setting a new key
    /// appends it; setting an existing key replaces its value where it stands.
    public subscript(key: String) -> PlistValue? {
        get {
            guard let index = position(of: key) else { return nil }
            return orderedValues[index]
        }
        set {
            if let newValue {
                if indexByKey != nil {
                    // One hash for the common case, a new key: claim the next position, and
                    // give it back only when the key turns out to be present already.
                    let next = orderedKeys.count
                    if let existing = indexByKey!.updateValue(next, forKey: ExactKey(key)) {
                        indexByKey![ExactKey(key)] = existing
                        orderedValues[existing] = newValue
                    } else {
                        orderedKeys.append(key)
                        orderedValues.append(newValue)
                    }
                } else if let existing = position(of: key) {
                    orderedValues[existing] = newValue
                } else {
                    orderedKeys.append(key)
                    orderedValues.append(newValue)
                    if orderedKeys.count > Self.indexThreshold { reindex(from: 0) }
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Whether `key` is present.
    @inlinable public func contains(key: String) -> Bool { position(of: key) != nil }

    /// Lets `body` change the value at `position` (below the count) where it stands, so that
    /// a container held there is edited without being copied (copy-on-write).
    mutating func editValue<R>(at position: Int, _ body: (inout PlistValue) throws -> R) rethrows -> R {
        try body(&orderedValues[position])
    }

    /// The position of `key` in ``keys``, or `nil`.
    @inlinable public func index(forKey key: String) -> Int? { position(of: key) }

    /// The position of `key`: through the index when there is one, otherwise by a scan of at
    /// most ``indexThreshold`` keys.
    @usableFromInline
    func position(of key: String) -> Int? {
        if let indexByKey { return indexByKey[ExactKey(key)] }
        // Lengths first (stored, for native strings): most keys of a dictionary differ in
        // length from a key it lacks, and the scan borrows the keys instead of copying each.
        let length = key.utf8.count
        let keys = orderedKeys.span
        for i in keys.indices where keys[i].utf8.count == length && ExactKey.exactlyEqual(keys[i], key) { return i }
        return nil
    }

    /// Whether two of a few keys are equal; pairwise, since there are at most
    /// ``indexThreshold`` of them.
    ///
    /// Each key first gets a signature (``ExactKey/signature(of:)``) that tells most different
    /// keys apart with one integer comparison; only keys with equal signatures are compared in
    /// full. Every dictionary a reader builds passes through here; comparing whole keys
    /// pairwise was a tenth of decoding a binary file.
    private static func containsDuplicate(_ keys: [String]) -> Bool {
        guard keys.count > 1 else { return false }
        precondition(keys.count <= indexThreshold, "a dictionary above the threshold is checked by its index")
        // On the stack: at most `indexThreshold` of them.
        var signatures = InlineArray<64, UInt64>(repeating: 0)
        for (i, key) in keys.enumerated() { signatures[i] = ExactKey.signature(of: key) }
        for i in 1..<keys.count {
            for j in 0..<i where signatures[i] == signatures[j] && ExactKey.exactlyEqual(keys[i], keys[j]) {
                return true
            }
        }
        return false
    }

    /// Inserts `value` for `key` at position `index` (or replaces the value if the key exists,
    /// keeping its position). O(n).
    public mutating func insert(_ value: PlistValue, forKey key: String, at index: Int) {
        if let existing = position(of: key) {
            orderedValues[existing] = value
            return
        }
        let position = Swift.max(0, Swift.min(index, orderedKeys.count))
        orderedKeys.insert(key, at: position)
        orderedValues.insert(value, at: position)
        reindex(from: position)
    }

    /// Removes `key` and returns its value, or `nil` when it was absent. O(n).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PlistValue? {
        guard let index = position(of: key) else { return nil }
        indexByKey?.removeValue(forKey: ExactKey(key))
        orderedKeys.remove(at: index)
        let old = orderedValues.remove(at: index)
        reindex(from: index)
        return old
    }

    /// Reorders the entries by key, by UTF-16 code units: CoreFoundation's literal string
    /// order, which Foundation's XML writer and plutil use, and the order every PlistKit
    /// writer means by "sorted". (Swift's `<` differs from it between U+E000...U+FFFF and
    /// characters above U+FFFF, and calls canonically equivalent keys equal.)
    ///
    /// Complexity: O(n log n) in the number of entries.
    public mutating func sortKeys() {
        let order = orderedKeys.indices.sorted { Self.keyPrecedes(orderedKeys[$0], orderedKeys[$1]) }
        orderedKeys = order.map { orderedKeys[$0] }
        orderedValues = order.map { orderedValues[$0] }
        reindex(from: 0)
    }

    /// Returns a copy with its entries ordered by key (see ``sortKeys()``).
    public func sortedByKey() -> PlistDictionary {
        var copy = self
        copy.sortKeys()
        return copy
    }

    private mutating func reindex(from start: Int) {
        guard orderedKeys.count > Self.indexThreshold else {
            indexByKey = nil
            return
        }
        if indexByKey == nil {
            indexByKey = Dictionary(minimumCapacity: orderedKeys.count)
            for i in orderedKeys.indices { indexByKey![ExactKey(orderedKeys[i])] = i }
            return
        }
        for i in start..<orderedKeys.count { indexByKey![ExactKey(orderedKeys[i])] = i }
    }
}

extension PlistDictionary: Sequence {
    /// Iterates `(key, value)` pairs in insertion order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let dictionary: PlistDictionary
        @usableFromInline var position = 0

        @usableFromInline init(_ dictionary: PlistDictionary) { self.dictionary = dictionary }

        /// The next pair, or `nil` after the last.
        @inlinable
        public mutating func next() -> (key: String, value: PlistValue)? {
            guard position < dictionary.orderedKeys.count else { return nil }
            defer { position += 1 }
            return (dictionary.orderedKeys[position], dictionary.orderedValues[position])
        }
    }

    /// An iterator over the pairs in insertion order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of entries, so that `Array(dictionary)` allocates once.
    @inlinable
    public var underestimatedCount: Int { orderedKeys.count }
}

extension PlistDictionary: Hashable {
    /// Order-insensitive equality: same keys, equal values.
    public static func == (lhs: PlistDictionary, rhs: PlistDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (i, key) in lhs.orderedKeys.enumerated() {
            guard let j = rhs.position(of: key), lhs.orderedValues[i] == rhs.orderedValues[j] else { return false }
        }
        return true
    }

    /// An order-insensitive hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (i, key) in orderedKeys.enumerated() {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(orderedValues[i])
            combined ^= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension PlistDictionary: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, PlistValue)...) {
        self.init(elements)
    }
}
