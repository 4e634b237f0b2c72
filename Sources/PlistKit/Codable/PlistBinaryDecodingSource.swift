import FoundationEssentials

/// Decoding straight from the bytes of a binary plist: each object is read when the type being
/// decoded asks for it, through the binary reader's own object decoder (so every object read
/// gets the eager reader's checks and errors), and objects the type does not ask for are never
/// read.
///
/// The source lives only inside the `withUnsafeBytes` scope of one decode (the byte cursor
/// borrows the buffer); ``invalidate()`` is called when that scope ends, so a `Decoder` that a
/// type kept past its `init(from:)` fails with an error instead of reading freed memory.
final class PlistBinaryDecodingSource: PlistDecodingSource {
    private var decoder: BinaryPlistDecoder
    private let referenceSize: Int
    private var isValid = true

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
    struct Array: PlistDecodingArray {
        let source: PlistBinaryDecodingSource
        let object: Int
        let offset: Int
        let count: Int
        let references: Int

        func node(at index: Int) throws -> Int {
            try source.checkValid()
            return try source.decoder.reference(at: references + index * source.referenceSize, object: object, at: offset)
        }
    }

    /// A dictionary with its keys decoded: distinct keys in first-appearance order, each with
    /// its last value, as the eager reader resolves repeated keys.
    struct Dictionary: PlistDecodingDictionary {
        let keys: [String]
        let valueByKey: [String: Int]

        func node(forKey key: String) -> Int? { valueByKey[key] }
    }

    func item(_ node: Int) throws -> PlistDecodingItem<Dictionary, Array> {
        try checkValid()
        let (marker, offset) = try decoder.header(of: node)
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else {
            // Scalars: depth does not apply to them.
            switch try decoder.decode(node, depth: 1) {
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
            return .array(Array(source: self, object: node, offset: offset, count: count, references: start))
        }
        var keys: [String] = []
        keys.reserveCapacity(count)
        var valueByKey: [String: Int] = Swift.Dictionary(minimumCapacity: count)
        for i in 0..<count {
            let key = try decoder.key(try decoder.reference(at: start + i * referenceSize, object: node, at: offset))
            let value = try decoder.reference(at: start + (count + i) * referenceSize, object: node, at: offset)
            if valueByKey.updateValue(value, forKey: key) == nil { keys.append(key) }
        }
        return .dictionary(Dictionary(keys: keys, valueByKey: valueByKey))
    }
}
