extension PlistDictionary {
    /// A copy with the entries ordered by UTF-16 code units, the order of CoreFoundation's
    /// literal `CFStringCompare` that Foundation's XML writer and plutil's literal output use.
    ///
    /// The JSON, OpenStep and literal writers sort with it too, so "sorted" means the same
    /// order in every text format PlistKit writes (Swift's `<` differs from it between
    /// U+E000...U+FFFF and characters above U+FFFF, and compares canonically equivalent text as
    /// equal).
    ///
    /// Complexity: O(n log n) in the number of entries.
    func sortedInCFOrder() -> PlistDictionary {
        let keys = self.keys, values = self.values
        let order = keys.indices.sorted { XMLPlistWriter.utf16Precedes(keys[$0], keys[$1]) }
        var result = PlistDictionary(minimumCapacity: count)
        for i in order { result[keys[i]] = values[i] }
        return result
    }
}
