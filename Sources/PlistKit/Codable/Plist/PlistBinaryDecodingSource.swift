import FoundationEssentials

/// Decoding straight from the bytes of a binary plist: each object is read when the type being
/// decoded asks for it, through the binary reader's own object decoder (so every object read
/// gets the eager reader's checks and errors), and objects the type does not ask for are never
/// read.
///
/// Dictionary keys are interned: each key object of the file is decoded once and given a small
/// number, its *key id*, shared by every key object with the same text. A dictionary is then its
/// entries' key ids and value references, and looking a coding key up is one hash of the coding
/// key's text and a scan of a few integers, with no string built or hashed per dictionary.
///
/// The source lives only inside the `withUnsafeBytes` scope of one decode (the byte cursor
/// borrows the buffer); ``invalidate()`` is called when that scope ends, so a `Decoder` that a
/// type kept past its `init(from:)` fails with an error instead of reading freed memory.
///
/// The mutable properties opt out of dynamic exclusivity checks, which cost more than the
/// lookups they guard here: one decode runs on one thread, and no access to them overlaps
/// another (nothing re-enters the source while one of its methods runs).
final class PlistBinaryDecodingSource {
    @exclusivity(unchecked) private var decoder: BinaryPlistDecoder
    private let referenceSize: Int
    @exclusivity(unchecked) private var isValid = true

    /// The text of key id `id` (the decoder's ``BinaryPlistKeyTable``, which tells texts apart
    /// by their exact bytes, as the eager reader's keys are: a `String` key would merge
    /// canonically equivalent keys, "é" and "e" + U+0301, into one).
    @inline(__always)
    fileprivate func keyText(_ id: Int32) -> String {
        decoder.keyTable.texts[Int(id)]
    }

    init(decoder: consuming BinaryPlistDecoder, referenceSize: Int) {
        self.decoder = decoder
        self.referenceSize = referenceSize
    }

    /// Ends the source's use of the bytes.
    func invalidate() {
        isValid = false
    }

    private func checkValid() throws {
        guard isValid else {
            throw PlistError(.invalidArgument, "A Decoder was used after the decode call that created it returned")
        }
    }

    /// An array or set: where its references start and how many there are.
    struct Array {
        let source: PlistBinaryDecodingSource
        let object: Int
        let offset: Int
        let count: Int
        let references: Int

        /// The object index of element `index`, in `0..<count`.
        func node(at index: Int) throws -> Int {
            try source.checkValid()
            return try source.decoder.reference(at: references + index * source.referenceSize, object: object, at: offset)
        }
    }

    /// One key of a dictionary and its value.
    struct Entry {
        var keyID: Int32
        var value: Int
    }

    /// A dictionary: distinct keys in first-appearance order, each with its last value, as the
    /// eager reader resolves repeated keys.
    struct Dictionary {
        let source: PlistBinaryDecodingSource
        let entries: [Entry]
        /// For dictionaries too large to scan, the position in `entries` of each key id (a
        /// `[String: T]` reads every key of a large dictionary, which scanning makes
        /// quadratic). Built by the first lookup the position hints do not answer: reading a
        /// large dictionary's keys in order, as `[String: T]` does, never needs it.
        private let index: PositionIndex?

        /// A lazily built position index, shared by the copies of one dictionary.
        final class PositionIndex {
            @exclusivity(unchecked) var positionByKeyID: [Int32: Int]?
        }

        /// Dictionaries up to this many entries are scanned rather than indexed.
        static let largestScanned = 32

        init(source: PlistBinaryDecodingSource, entries: [Entry]) {
            self.source = source
            self.entries = entries
            index = entries.count > Self.largestScanned ? PositionIndex() : nil
        }

        /// The position index, built the first time it is asked for.
        private func positionByKeyID(_ index: PositionIndex) -> [Int32: Int] {
            if let built = index.positionByKeyID { return built }
            var positions: [Int32: Int] = Swift.Dictionary(minimumCapacity: entries.count)
            for (position, entry) in entries.enumerated() { positions[entry.keyID] = position }
            index.positionByKeyID = positions
            return positions
        }

        /// The keys' texts, in order.
        var keys: [String] { entries.map { source.keyText($0.keyID) } }

        /// The position in `entries` of `key`, or `nil` when the dictionary lacks it.
        func position(ofKey key: String) -> Int? {
            // Every key of a dictionary is interned when the dictionary is read, so a text
            // without a key id is in none of the dictionaries read so far.
            guard let id = source.keyID(of: key) else { return nil }
            if let index { return positionByKeyID(index)[id] }
            // A small dictionary is scanned for the id; entries hold distinct keys.
            return entries.firstIndex { $0.keyID == id }
        }

        /// The position of `key`, trying `next` first, as
        /// ``PlistDecodingDictionary/node(forKey:next:)`` describes.
        @inline(__always)
        func position(ofKey key: String, next: inout Int) -> Int? {
            let hit = next >= 0 && next < entries.count
                && ExactKey.exactlyEqualExpectingMatch(source.keyText(entries[next].keyID), key)
            guard let position = hit ? next : position(ofKey: key) else { return nil }
            next = position + 1
            return position
        }
    }

    /// Fixed-size scalar object `node` as ``item(_:)`` would read it, or `nil` (having changed
    /// nothing) otherwise; see ``BinaryPlistDecoder/plainFixedScalar(_:)``.
    func plainFixedScalar(_ node: Int) -> (marker: UInt8, payload: UInt64)? {
        guard isValid else { return nil }
        return decoder.plainFixedScalar(node)
    }

    /// String object `node` as ``item(_:)`` would read it, or `nil` (having changed nothing)
    /// otherwise; see ``BinaryPlistDecoder/plainString(_:)``.
    func plainString(_ node: Int) -> String? {
        guard isValid else { return nil }
        return decoder.plainString(node)
    }

    /// Reads object `node` and everything in it as one value, as the eager reader does: each
    /// object once, shared by every reference to it. `depth` is the object's container depth
    /// (the root is at 1).
    /// - Throws: ``PlistError`` when the bytes behind the object are malformed.
    func value(_ node: Int, depth: Int) throws -> PlistValue {
        try checkValid()
        return try decoder.decode(node, depth: depth)
    }

    /// Reads one value: a scalar's contents, or a container's handle.
    /// - Throws: ``PlistError`` when the bytes behind the object are malformed.
    func item(_ node: Int) throws -> PlistDecodingItem {
        try checkValid()
        let (marker, offset) = try decoder.header(of: node)
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else {
            // Scalars: depth does not apply to them.
            switch try decoder.leaf(node, marker: marker, offset: offset) {
            case .string(let v): return .string(v)
            case .integer(let v): return .integer(v)
            case .real(let v): return .real(v)
            case .boolean(let v): return .boolean(v)
            case .date(let v): return .date(v)
            case .data(let v): return .data(v)
            case .uid(let v): return .uid(v)
            case .array, .dictionary:
                throw decoder.error("A scalar marker decoded as a container", object: node, at: offset)
            }
        }
        let isDictionary = kind == 0xD
        let (count, start) = try decoder.count(nibble: marker & 0x0F, after: offset + 1, object: node, at: offset)
        let (referenceCount, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
        guard !overflow else {
            throw decoder.error("A dictionary claims \(count) entries, more than can exist", object: node, at: offset)
        }
        let what = isDictionary ? "A dictionary" : (kind == 0xC ? "A set" : "An array")
        // The references must all lie before the offset table before any is read.
        try decoder.checkExtent(referenceCount, width: referenceSize, from: start, what: what, object: node, at: offset)
        guard isDictionary else {
            return .array(.object(Array(source: self, object: node, offset: offset, count: count, references: start)))
        }
        return .dictionary(.object(try dictionary(node, at: offset, count: count, references: start)))
    }

    /// Reads a dictionary's references and interns its keys.
    private func dictionary(_ node: Int, at offset: Int, count: Int, references start: Int) throws -> Dictionary {
        decoder.beginKeyedDictionary()
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let keyObject = try decoder.reference(at: start + i * referenceSize, object: node, at: offset)
            let value = try decoder.reference(at: start + (count + i) * referenceSize, object: node, at: offset)
            let id = try decoder.internedKeyID(keyObject)
            // Key ids count distinct key texts, at most the object count (checked to fit Int32).
            let keyID = Int32(truncatingIfNeeded: id)
            if decoder.markKeyMet(id), let first = entries.firstIndex(where: { $0.keyID == keyID }) {
                // A repeated key (rare): the first position, the last value.
                entries[first].value = value
            } else {
                entries.append(Entry(keyID: keyID, value: value))
            }
        }
        return Dictionary(source: self, entries: entries)
    }

    /// The key id of text `key`, or `nil` when no key object read so far has that text.
    @inline(__always)
    func keyID(of key: String) -> Int32? {
        decoder.keyTable.id(ofText: key).map { Int32(truncatingIfNeeded: $0) }
    }
}
