import FoundationEssentials

/// What every encoder and container of one `encode` call shares: the options, and the first
/// misuse of the Codable API seen (a second single value encoded at one path, say), which
/// Foundation traps on and PlistKit reports as an error once encoding returns.
final class PlistEncodingState {
    let dateStrategy: PlistEncoder.DateEncodingStrategy
    let dataStrategy: PlistEncoder.DataEncodingStrategy
    let keyStrategy: PlistEncoder.KeyEncodingStrategy
    /// Whether `keyStrategy` is `.useDefaultKeys`.
    private let usesDefaultKeys: Bool
    /// Whether keys are the type's own or converted to snake case (not by a custom closure,
    /// which may look at each key's type): then `[String: Value]` is encoded directly.
    let usesDefaultOrSnakeCaseKeys: Bool
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    var misuse: EncodingError?
    /// Types that encode through their own `encode(to:)`, not as a scalar, `Date` or `Data`,
    /// by the bits of their metatype (type metadata is never freed, so the bits stay the
    /// type's): a direct-mapped cache, so a collision only costs the casts again.
    private var indirectTypes = [UInt](repeating: 0, count: 64)
    /// Per coding-key type of a keyed container (direct-mapped by metatype bits, like
    /// `indirectTypes`): the dictionary made last for it, and the most entries an earlier one
    /// ended up with. Values of one type encode the same keys, or a few fewer when optional
    /// ones are absent, so the larger of the two sizes is the room the next one reserves (the
    /// previous size alone made every record with more optional keys than its predecessor
    /// grow its arrays).
    private var lastDictionaryByKeyType =
        [(type: UInt, count: Int, dictionary: PlistEncodingDictionary?)](repeating: (0, 0, nil), count: 64)

    init(options: PlistEncoder) {
        dateStrategy = options.dateEncodingStrategy
        dataStrategy = options.dataEncodingStrategy
        keyStrategy = options.keyEncodingStrategy
        if case .useDefaultKeys = options.keyEncodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        if case .custom = options.keyEncodingStrategy { usesDefaultOrSnakeCaseKeys = false } else { usesDefaultOrSnakeCaseKeys = options.fastPaths.codersHandleStringKeyedDictionaries }
        maximumDepth = options.maximumDepth
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    /// Encodes the root value; `nil` when it encoded nothing.
    func encodeTopLevel<Value: Encodable>(_ value: Value) throws -> PlistEncodingNode? {
        try encodeTopLevel { try $0.encodeNode(value) }
    }

    /// The node that `encode` makes through the root encoder (`nil` when it encodes nothing):
    /// the one way in for plain values and for values encoded with a configuration.
    func encodeTopLevel(_ encode: (PlistEncoderImpl) throws -> PlistEncodingNode?) throws -> PlistEncodingNode? {
        let encoder = PlistEncoderImpl(state: self, path: .root)
        let node = try encode(encoder)
        if let misuse { throw misuse }
        return node
    }

    /// An encoder finished with and referred to by nothing, for the next value to use.
    private var spareEncoder: PlistEncoderImpl?

    /// An encoder for a value `step` below `parent`: the spare one when there is one.
    func makeEncoder(parent: PlistCodingPath, step: PlistCodingPath.Step) -> PlistEncoderImpl {
        guard let spare = spareEncoder else { return PlistEncoderImpl(state: self, parent: parent, step: step) }
        spareEncoder = nil
        spare.reset(parent: parent, step: step)
        return spare
    }

    /// Keeps `encoder`, which nothing else refers to, for ``makeEncoder(parent:step:)``.
    func recycle(_ encoder: PlistEncoderImpl) {
        encoder.node = nil
        spareEncoder = encoder
    }

    /// Whether `type` is known to encode itself rather than as a value the encoder writes.
    func isKnownIndirect(_ type: Any.Type) -> Bool {
        let bits = UInt(bitPattern: ObjectIdentifier(type))
        return indirectTypes[Self.slot(bits)] == bits
    }

    /// Records that `type` encodes itself.
    func rememberIndirect(_ type: Any.Type) {
        let bits = UInt(bitPattern: ObjectIdentifier(type))
        indirectTypes[Self.slot(bits)] = bits
    }

    private static func slot(_ bits: UInt) -> Int {
        // Metadata is at least 8-byte aligned: the low bits carry nothing.
        Int(truncatingIfNeeded: (bits >> 3) ^ (bits >> 9)) & 63
    }

    /// An estimate of the values (containers, keys, scalars) encoded so far, from the sizes
    /// dictionaries reserve: a writer sizes its output structures by it. Dictionaries of a
    /// key type seen before are counted at the size they reserve, which records match;
    /// the first of each type, and arrays' elements, are not counted.
    private(set) var estimatedValueCount = 0

    /// A new dictionary for a keyed container keyed by `keyType`, with room for as many entries
    /// as the largest one of that key type ended up with, as far as known.
    func makeDictionary(for keyType: Any.Type) -> PlistEncodingDictionary {
        let bits = UInt(bitPattern: ObjectIdentifier(keyType))
        let slot = Self.slot(bits)
        let previous = lastDictionaryByKeyType[slot]
        let capacity = previous.type == bits ? max(previous.count, previous.dictionary?.count ?? 0) : 0
        estimatedValueCount &+= 1 + 2 * capacity
        let dictionary = PlistEncodingDictionary(capacity: capacity)
        lastDictionaryByKeyType[slot] = (bits, capacity, dictionary)
        return dictionary
    }

    /// A dictionary with room for `capacity` entries, counted in ``estimatedValueCount`` as
    /// ``makeDictionary(for:)`` counts one.
    func makeDictionary(capacity: Int) -> PlistEncodingDictionary {
        estimatedValueCount &+= 1 + 2 * capacity
        return PlistEncodingDictionary(capacity: capacity)
    }

    /// The last type found not to be a `[String: Value]` (see
    /// ``PlistEncoderImpl/encodeNode(_:)``): the dynamic cast looks the conformance up each
    /// time, and an array or dictionary of models asks about the same type for every element.
    var lastTypeNotKeyedByString: ObjectIdentifier?

    /// Records the first misuse of the Codable API.
    func recordMisuse(_ kind: EncodingMisuse, path: PlistCodingPath) {
        guard misuse == nil else { return }
        misuse = kind.error(at: path)
    }

    /// The key as the key strategy writes it (`path`, the container's, is made only for a
    /// custom strategy).
    func convertedKey(_ key: some CodingKey, path: @autoclosure () -> PlistCodingPath) -> String {
        // Checked first as a flag: switching over the strategy copies its closure payload
        // (a retain and a release) for every key.
        if usesDefaultKeys { return key.stringValue }
        switch keyStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return PlistKeyConversion.snakeCase(key.stringValue)
        case .custom(let convert): return convert(path().keys(appending: key)).stringValue
        }
    }
}
