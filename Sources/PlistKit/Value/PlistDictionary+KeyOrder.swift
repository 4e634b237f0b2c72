extension PlistDictionary {
    /// Whether `a` sorts before `b` by UTF-16 code units, the order of CoreFoundation's literal
    /// `CFStringCompare`.
    ///
    /// Works on UTF-8 bytes: byte order equals scalar order, and UTF-16 order differs from it
    /// only between a scalar in U+E000...U+FFFF (UTF-8 lead byte 0xEE or 0xEF) and one above
    /// U+FFFF (lead byte 0xF0...0xF4, a surrogate pair below 0xE000 in UTF-16). Since the
    /// strings agree before the first differing byte, that byte starts a scalar in both or
    /// continues scalars with equal lead bytes, in which case the orders agree.
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = Swift.min(x.count, y.count)
                var i = 0
                while i < count && x[i] == y[i] { i += 1 }
                if i == count { return x.count < y.count }
                let p = x[i], q = y[i]
                if p >= 0xEE && q >= 0xEE && (p >= 0xF0) != (q >= 0xF0) {
                    return p >= 0xF0
                }
                return p < q
            }
        }
    }
}
