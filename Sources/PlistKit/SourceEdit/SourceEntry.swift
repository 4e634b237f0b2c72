/// One entry of a container: a dictionary's key and value, or an array's element.
struct SourceEntry {
    /// The first byte of the key, or of the element.
    var start: Int
    /// Just past the key, for a dictionary entry.
    var keyEnd: Int?
    /// The value.
    var value: SourceNode
    /// The `,` or `;` that ends the entry, when one does.
    var separator: Int?

    /// Just past the entry and its separator.
    var end: Int { separator.map { $0 + 1 } ?? value.range.upperBound }
}
