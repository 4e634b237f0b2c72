extension UnsafeRawBufferPointer {
    /// Whether this buffer and `other` hold the same bytes, compared a word at a time.
    ///
    /// The generic `elementsEqual` goes byte by byte through iterators, which cost several
    /// hundred instructions for a short key; key comparisons are on every reader's and
    /// writer's hot path.
    @inlinable
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
}
