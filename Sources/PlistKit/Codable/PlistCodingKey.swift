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
