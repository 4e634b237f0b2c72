/// A coding key made at run time: an array index, the `super` key, or a key from a dictionary
/// whose keys the Codable type does not name.
struct PlistCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of an element of an unkeyed container, as Foundation names it ("Index 3").
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    /// The key `superEncoder()` and `superDecoder()` use, as Foundation does.
    static let `super` = PlistCodingKey(stringValue: "super")
}

extension CodingKey {
    /// The keys of this type for `texts`, in order, leaving out the texts it does not accept:
    /// what a keyed container's `allKeys` returns.
    ///
    /// A loop rather than `compactMap`: the standard library's generic `compactMap`, called with
    /// a `Key` the caller cannot specialize for, cost about three times as much per key (a
    /// `[String: T]` asks for every key of a large dictionary).
    static func keys(forTexts texts: [String]) -> [Self] {
        var keys: [Self] = []
        keys.reserveCapacity(texts.count)
        for text in texts {
            if let key = Self(stringValue: text) { keys.append(key) }
        }
        return keys
    }
}
