extension PlistDictionary {
    /// A dictionary from the keys and values of a `<dict>` in document order, built with one
    /// hash per key into an index of the right size (the reader's hot path; inserting key by
    /// key hashes twice and regrows the index).
    ///
    /// Repeated keys keep the first key's position and the last value, as ``subscript(_:)``
    /// does and as CoreFoundation reads them.
    ///
    /// - Precondition: `keys.count == values.count`.
    /// - Complexity: O(n).
    init(readingKeys keys: [String], values: [PlistValue]) {
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() where index.updateValue(position, forKey: key) != nil {
            // A repeated key (rare): fall back to inserting one by one.
            self.init(zip(keys, values))
            return
        }
        self.init()
        orderedKeys = keys
        orderedValues = values
        indexByKey = index
    }
}
