/// Mixes a 64-bit word into a well-spread hash (the finalizer of the SplitMix64 generator:
/// every input bit reaches every output bit).
@inline(__always)
func mixHashWord(_ word: UInt64) -> UInt64 {
    var z = word
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

extension UnsafeRawBufferPointer {
    /// Whether this buffer and `other` hold the same bytes, compared a word at a time.
    ///
    /// The generic `elementsEqual` goes byte by byte through iterators, which cost several
    /// hundred instructions for a short key; key comparisons are on every reader's and
    /// writer's hot path.
    @usableFromInline @inline(__always)
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        var offset = 0
        while offset + 8 <= count {
            if loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if self[offset] != other[offset] { return false }
            offset += 1
        }
        return true
    }

    /// A 64-bit hash of the bytes mixed with `seed`, eight bytes at a time: cheap, well
    /// spread, not collision-resistant (tables keyed by it must bound their probes or be
    /// caches that only lose entries).
    @inline(__always)
    func mixedHash(seed: UInt64) -> UInt64 {
        var hash = mixHashWord(seed ^ UInt64(count))
        var offset = 0
        while offset + 8 <= count {
            hash = mixHashWord(hash ^ loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last one to seven bytes, packed little end first into one word.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(self[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = mixHashWord(hash ^ tail)
        }
        return hash
    }
}
