import FoundationEssentials

/// What every encoder and container of one `encode` call shares: the options, and the first
/// misuse of the Codable API seen (a second single value encoded at one path, say), which
/// Foundation traps on and PlistKit reports as an error once encoding returns.
final class PlistEncodingState {
    let dateStrategy: PlistEncoder.DateEncodingStrategy
    let dataStrategy: PlistEncoder.DataEncodingStrategy
    let keyStrategy: PlistEncoder.KeyEncodingStrategy
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    var misuse: EncodingError?

    init(options: PlistEncoder) {
        dateStrategy = options.dateEncodingStrategy
        dataStrategy = options.dataEncodingStrategy
        keyStrategy = options.keyEncodingStrategy
        maximumDepth = options.maximumDepth
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    /// Encodes the root value; `nil` when it encoded nothing.
    func encodeTopLevel<Value: Encodable>(_ value: Value) throws -> PlistEncodingNode? {
        let encoder = PlistEncoderImpl(state: self, path: .root)
        let node = try encoder.encodeNode(value)
        if let misuse { throw misuse }
        return node
    }

    /// Records the first misuse of the Codable API.
    func recordMisuse(_ description: String, path: PlistCodingPath) {
        guard misuse == nil else { return }
        misuse = EncodingError.invalidValue(description, EncodingError.Context(
            codingPath: path.keys, debugDescription: description))
    }

    /// The key as the key strategy writes it.
    func convertedKey(_ key: some CodingKey, path: PlistCodingPath) -> String {
        switch keyStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return PlistKeyConversion.snakeCase(key.stringValue)
        case .custom(let convert): return convert(path.keys(appending: key)).stringValue
        }
    }
}
