extension PlistDictionary {
    /// Whether `a` sorts before `b` by UTF-16 code units, the order of CoreFoundation's literal
    /// `CFStringCompare`.
    ///
    /// Works on UTF-8 bytes: byte order equals scalar order, and UTF-16 order differs from it
    /// only between a scalar in U+E000...U+FFFF (UTF-8 lead byte 0xEE or 0xEF) and one above
    /// U+FFFF (lead byte 0xF0...0xF4, a surrogate pair below 0xE000 in UTF-16). Since the
    /// strings agree before the first differing byte, that byte starts a scalar in both or
    /// continues scalars with equal lead bytes, in which case the orders agree; so comparing
    /// the first differing bytes by ``keyOrderRank(of:)`` decides.
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = Swift.min(x.count, y.count)
                var i = 0
                while i < count && x[i] == y[i] { i += 1 }
                if i == count { return x.count < y.count }
                return keyOrderRank(of: x[i]) < keyOrderRank(of: y[i])
            }
        }
    }

    /// The first eight UTF-8 bytes of `key`, each ranked by ``keyOrderRank(of:)``, as a
    /// big-endian integer (zeros past its end): whenever the prefixes of two keys differ, they
    /// order as ``keyPrecedes(_:_:)`` orders the keys (a shorter key's padding is below any
    /// byte but NUL, and a NUL ties, leaving the comparison to the keys). A sort of these
    /// integers orders most keys without comparing them.
    static func keyOrderPrefix(_ key: String) -> UInt64 {
        ByteCursor.withUTF8(of: key) { bytes in
            var prefix: UInt64 = 0
            for offset in 0..<8 {
                prefix = prefix << 8 | UInt64(bytes.byte(at: offset).map(keyOrderRank) ?? 0)
            }
            return prefix
        }
    }

    /// A UTF-8 byte's rank in UTF-16 order: the byte itself, except that the lead bytes of
    /// four-byte sequences (0xF0–0xF4, surrogate pairs in UTF-16) rank below those of
    /// U+E000–U+FFFF (0xEE, 0xEF). Bytes from 0xEE up are only ever lead bytes.
    @inline(__always)
    static func keyOrderRank(of byte: UInt8) -> UInt8 {
        byte < 0xEE ? byte : byte >= 0xF0 ? byte &- 2 : byte &+ 5
    }
}
