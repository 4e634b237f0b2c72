/// Where the values of a text property list sit in its bytes: what a surgical edit needs to
/// change one value and leave every other byte as it was.
///
/// The layout scanners (``XMLLayoutScanner``, ``OpenStepLayoutScanner``,
/// ``JSONLayoutScanner``) find structure only: where each value, key and separator starts and
/// ends. They decode nothing; what a key says comes from the tree the format's own reader
/// built, whose dictionaries keep the source's order, entry for entry.
struct SourceNode {
    /// What the value is, as far as its position matters.
    enum Shape {
        case scalar, dictionary, array
    }

    var shape: Shape
    /// The value's bytes, from its first byte to just past its last.
    var range: Range<Int>
    /// For a container: its entries, in source order.
    var entries: [SourceEntry] = []
    /// For a container: just past its opening token, and the first byte of its closing token.
    /// A `.strings` file's top level has neither: it runs from the start to the end of the
    /// text. `nil` for a container with no content at all (XML's `<dict/>`).
    var content: Range<Int>?

    /// Whether this is a `.strings` file's top level, whose content is the whole text: no
    /// opening token precedes its entries.
    var isBraceless: Bool { content?.lowerBound == range.lowerBound }

    /// The layout of `text` (UTF-8) in `format`, by the format's scanner.
    ///
    /// - Throws: ``LayoutUnavailable`` when the scanner does not follow the text, or for a
    ///   binary format, which has no text layout.
    static func scanning(_ text: [UInt8], format: PlistFormat) throws -> SourceNode {
        switch format {
        case .xml: return try XMLLayoutScanner.scan(text)
        case .openStep: return try OpenStepLayoutScanner.scan(text)
        case .json: return try JSONLayoutScanner.scan(text)
        case .binary: throw LayoutUnavailable("binary files have no text layout")
        }
    }

    /// The entry at `index`, or `nil`.
    func entry(_ index: Int) -> SourceEntry? {
        entries.indices.contains(index) ? entries[index] : nil
    }
}
