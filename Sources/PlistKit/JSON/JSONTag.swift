/// The keys of tagged JSON objects (see Docs/JSON.md).
enum JSONTag {
    static let date = "$date"
    static let data = "$data"
    static let real = "$real"
    static let uid = "CF$UID"
    /// Wraps a real dictionary whose only key is one of these, so it is not read as a tag.
    static let dictionary = "$dict"

    static func isReserved(_ key: String) -> Bool {
        key == date || key == data || key == real || key == uid || key == dictionary
    }
}
