/// A dictionary key compared by its exact Unicode scalars.
///
/// The hash is of the exact UTF-8 bytes, consistent with the equality.
@usableFromInline
struct ExactKey: Hashable, Sendable {
    @usableFromInline let string: String

    @inlinable init(_ string: String) { self.string = string }

    @inlinable static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        exactlyEqual(lhs.string, rhs.string)
    }

    /// Whether two strings have identical UTF-8 bytes: the lengths first (O(1) for native
    /// strings, every string PlistKit builds), then Swift's `==` (canonical equivalence:
    /// coarser, at once for the very same string and fast on small ASCII strings, so it
    /// rejects most different keys of one length cheaply), then the bytes in place.
    @inlinable static func exactlyEqual(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count, a == b else { return false }
        return sameBytes(a, b)
    }

    /// ``exactlyEqual(_:_:)`` for comparisons that usually succeed (a hash already matched, a
    /// recent key met again, a key list expected to repeat): the bytes at once, without the
    /// lengths and Swift's `==`, which only pay off in rejecting.
    @inlinable static func exactlyEqualExpectingMatch(_ a: String, _ b: String) -> Bool {
        sameBytes(a, b)
    }

    /// Whether two key lists hold exactly the same keys in the same order, for lists expected
    /// to repeat (records of one model). Lists of one model differ mostly in their optional
    /// keys, which come last: the last key is compared first, so most lists that differ are
    /// told apart at once.
    static func sameKeyList(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        guard let last = a.last else { return true }
        guard exactlyEqual(last, b[b.count - 1]) else { return false }
        // An indexed loop: `zip(…).allSatisfy` with the comparison inlined into its closure
        // compiled to a slower loop (2 % of writing the library as XML from Codable).
        for i in a.indices where !exactlyEqualExpectingMatch(a[i], b[i]) { return false }
        return true
    }

    /// Whether two strings of equal length have the same UTF-8 bytes, compared in place (the
    /// same storage answers without reading the bytes).
    @inlinable static func sameBytes(_ a: String, _ b: String) -> Bool {
        ByteHashing.sameUTF8(a, b)
    }

    /// A string's UTF-8 length and its first and last bytes, read from the bytes themselves:
    /// equal strings have equal fingerprints, and strings of at most
    /// ``Fingerprint/identifyingLength`` bytes with equal fingerprints are equal. Tables of
    /// recently met strings (``RecentStringTable``) compare fingerprints, three words, and
    /// the bytes only of longer strings.
    struct Fingerprint: Equatable {
        let count: Int
        let head: UInt64
        let tail: UInt64

        /// Strings up to this many bytes are told apart by their fingerprints alone.
        static let identifyingLength = 16

        /// The fingerprint of no string (its count is negative), for empty table slots.
        static let absent = Fingerprint(count: -1, head: 0, tail: 0)

        private init(count: Int, head: UInt64, tail: UInt64) {
            (self.count, self.head, self.tail) = (count, head, tail)
        }

        init(_ string: String) {
            let (count, head, tail) = ByteCursor.withUTF8(of: string) { $0.endWords() }
            self.init(count: count, head: head, tail: tail)
        }

        /// Whether equal fingerprints mean equal strings.
        var identifiesString: Bool { count <= Self.identifyingLength }

        /// A well-mixed hash, for direct-mapped tables (take the high bits).
        var hash: UInt64 {
            ByteHashing.mix(head &* 0x9E37_79B9_7F4A_7C15 ^ tail ^ UInt64(truncatingIfNeeded: count) &* 0xC2B2_AE3D_27D4_EB4F)
        }
    }

    /// A cheap summary of a string's bytes (its UTF-8 length, first two bytes): equal
    /// strings have equal signatures, and most different keys of a dictionary do not, so a
    /// scan compares signatures first and strings only where they match.
    static func signature(of string: String) -> UInt64 {
        // The first two bytes through the iterator: `last` walks back through the generic
        // BidirectionalCollection path and cost more than the rest of the signature.
        var bytes = string.utf8.makeIterator()
        let first = bytes.next() ?? 0, second = bytes.next() ?? 0
        return UInt64(string.utf8.count) << 16 | UInt64(first) << 8 | UInt64(second)
    }

    /// Hashes the UTF-8 bytes themselves: String's own hash must agree with canonical
    /// equivalence, so for non-ASCII text it first computes the NFC form, which exact equality
    /// does not need (and which made writing non-ASCII text several times slower).
    @usableFromInline func hash(into hasher: inout Hasher) {
        ByteHashing.combine(utf8: string, into: &hasher)
        // The length ends the bytes, so "ab" + "c" and "a" + "bc" hash apart in composites.
        hasher.combine(string.utf8.count)
    }
}
