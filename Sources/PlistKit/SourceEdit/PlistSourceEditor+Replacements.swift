import FoundationEssentials

extension PlistSourceEditor {
    /// The file `source` with every one of `replacements` spliced into its text at once: each
    /// changes only the bytes of the value or key it names, and every other byte stays.
    ///
    /// What build-setting expansion needs: many strings and keys rewritten in one pass, each
    /// found in the layout of the file as it was. A new value is written as the format's
    /// writer writes it; a new key likewise, quoted in OpenStep where the old one was.
    ///
    /// - Parameters:
    ///   - replacements: What to change; paths name values of `original` (see
    ///     ``PlistTextReplacement``). None gives `source` back.
    ///   - source: The file's bytes, in `format`.
    ///   - format: ``PlistFormat/xml``, ``PlistFormat/openStep`` or ``PlistFormat/json``.
    ///   - original: The value `source` holds, as the format's reader read it.
    ///   - options: How new values are written.
    ///   - readingOptions: How the result is read back to check it.
    /// - Returns: The new bytes, or why they cannot be spliced (a binary file, a layout the
    ///   scanner does not follow, replacements that overlap or do not apply to `original`, a
    ///   result that does not read back as `original` with the replacements made, keys in order).
    public static func splice(
        _ replacements: [PlistTextReplacement], into source: Data, format: PlistFormat, original: PlistValue,
        options: PlistWritingOptions = PlistWritingOptions(), readingOptions: PlistReadingOptions = PlistReadingOptions()
    ) -> Result<Data, PlistSpliceUnavailable> {
        guard format != .binary else { return .failure(PlistSpliceUnavailable("binary files are rewritten whole")) }
        guard !replacements.isEmpty else { return .success(source) }
        return checked(format: format, readingOptions: readingOptions, expecting: "the replaced value") {
            let expected = try original.replacing(replacements)
            let splice = try SourceSplice(source, format: format, options: options)
            return (try splice.applying(replacements, original: original), expected)
        }
    }
}

extension SourceSplice {
    /// The file's bytes with `replacements` made, each located in the layout of the file as
    /// it is, and all of them applied in one pass from the start.
    func applying(_ replacements: [PlistTextReplacement], original: PlistValue) throws -> Data {
        var pieces: [(range: Range<Int>, text: [UInt8])] = []
        pieces.reserveCapacity(replacements.count)
        for replacement in replacements {
            switch replacement {
            case .value(let value, let path):
                guard !path.isEmpty else {
                    pieces.append(try replacing(root, in: nil, with: value, at: .root))
                    continue
                }
                let (node, _, parent) = try locate(path, in: original)
                let (range, text) = try replacing(node, in: parent, with: value, at: path)
                // A `.strings` shorthand `key;` has no value text: the new value comes with its `=`.
                pieces.append((range, node.range.isEmpty ? style.keyValueGap(like: nil, indent: [], multiline: false) + text : text))
            case .key(let key, let path):
                guard let last = path.components.last else { throw LayoutUnavailable("the root has no key") }
                let (container, containerValue, _) = try locate(path.parent, in: original)
                guard case .dictionary = containerValue, let index = try entryIndex(last, in: containerValue, node: container),
                    let keyEnd = container.entries[index].keyEnd
                else { throw LayoutUnavailable("no key at '\(path)'") }
                let start = container.entries[index].start
                pieces.append((start..<keyEnd, try style.keyText(key, quoted: source.utf8[start] == UInt8(ascii: "\""))))
            }
        }
        return try splicing(pieces)
    }

    /// The file's bytes with each piece's range replaced by its text, all ranges in the file
    /// as it is; they must not overlap.
    func splicing(_ pieces: [(range: Range<Int>, text: [UInt8])]) throws -> Data {
        let pieces = pieces.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let text = source.utf8
        var result: [UInt8] = []
        result.reserveCapacity(text.count + pieces.reduce(0) { $0 + $1.text.count })
        var position = 0
        for piece in pieces {
            guard piece.range.lowerBound >= position else { throw LayoutUnavailable("two replacements overlap") }
            result += text[position..<piece.range.lowerBound]
            result += piece.text
            position = piece.range.upperBound
        }
        result += text[position...]
        return source.encoded(result)
    }
}
