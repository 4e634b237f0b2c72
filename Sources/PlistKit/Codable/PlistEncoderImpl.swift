import FoundationEssentials

/// The `Encoder` that ``PlistEncoder`` hands to `encode(to:)`: one per value that encodes
/// itself, holding what that value encoded.
final class PlistEncoderImpl: Encoder {
    let state: PlistEncodingState
    let path: PlistCodingPath
    /// What the value encoded so far; `nil` until it asks for a container or encodes a value.
    var node: PlistEncodingNode?

    init(state: PlistEncodingState, path: PlistCodingPath) {
        self.state = state
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: PlistEncodingDictionary
        switch node {
        case .dictionary(let existing)?:
            // Asking again for a keyed container adds to the same dictionary, as Foundation does.
            storage = existing
        case nil:
            storage = state.makeDictionary(for: Key.self)
            node = .dictionary(storage)
        case .some:
            state.recordMisuse("A keyed container was requested where a value of another kind was already encoded.", path: path)
            storage = PlistEncodingDictionary()
        }
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<Key>(encoder: self, storage: storage, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: PlistEncodingArray
        switch node {
        case .array(let existing)?:
            storage = existing
        case nil:
            storage = PlistEncodingArray()
            node = .array(storage)
        case .some:
            state.recordMisuse("An unkeyed container was requested where a value of another kind was already encoded.", path: path)
            storage = PlistEncodingArray()
        }
        return PlistUnkeyedEncodingContainer(encoder: self, storage: storage, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// Encodes `value` as this encoder's value: scalars, dates and data directly, anything
    /// else by its `encode(to:)`. Returns `nil` when the value encoded nothing.
    func encodeNode<Value: Encodable>(_ value: Value) throws -> PlistEncodingNode? {
        if let node = try directNode(value, path: { path }) { return node }
        guard path.depth < state.maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "The value nests deeper than \(state.maximumDepth) levels (is the object graph cyclic?)."))
        }
        try value.encode(to: self)
        return node
    }

    /// Encodes a value that sits at `path` below this encoder; a value that encodes nothing
    /// becomes an empty dictionary, as in Foundation.
    ///
    /// The path is made only when it is needed (a value that encodes itself, an error): a
    /// path step is an allocation, and most values are scalars, dates and data.
    func encodeChild<Value: Encodable>(_ value: Value, path: @autoclosure () -> PlistCodingPath) throws -> PlistEncodingNode {
        if let node = try directNode(value, path: path) { return node }
        let child = PlistEncoderImpl(state: state, path: path())
        return try child.encodeNode(value) ?? .dictionary(PlistEncodingDictionary())
    }

    /// The node for a value the encoder writes itself (scalars, `Date`, `Data`), or `nil`.
    ///
    /// The common types are recognised by comparing metatypes, and a type found to be none of
    /// them is remembered (``PlistEncodingState/isKnownIndirect(_:)``): the runtime casts below,
    /// a conformance lookup for every value, cost more than encoding most values. The casts stay
    /// for the rest, which they also match through `Optional` (an `Int?` holding a value).
    private func directNode<Value: Encodable>(_ value: Value, path: () -> PlistCodingPath) throws -> PlistEncodingNode? {
        let type = Value.self
        if type == String.self { return .value(.string(sameTypeCast(value, as: String.self))) }
        if type == Int.self { return .value(try sameTypeCast(value, as: Int.self).plistValue(at: path())) }
        if type == Double.self { return .value(.real(sameTypeCast(value, as: Double.self))) }
        if type == Bool.self { return .value(.boolean(sameTypeCast(value, as: Bool.self))) }
        if type == Date.self { return try encodeDate(sameTypeCast(value, as: Date.self), path: path) }
        if type == Data.self { return try encodeData(sameTypeCast(value, as: Data.self), path: path) }
        if state.isKnownIndirect(type) { return nil }
        if let primitive = value as? any PlistPrimitive {
            return .value(try primitive.plistValue(at: path()))
        }
        if let date = value as? Date { return try encodeDate(date, path: path) }
        if let data = value as? Data { return try encodeData(data, path: path) }
        state.rememberIndirect(type)
        return nil
    }

    private func encodeDate(_ date: Date, path: () -> PlistCodingPath) throws -> PlistEncodingNode {
        switch state.dateStrategy {
        case .plistDate: return .value(.date(date))
        case .secondsSince1970: return .value(.real(date.timeIntervalSince1970))
        case .millisecondsSince1970: return .value(.real(date.timeIntervalSince1970 * 1000))
        case .secondsSinceReferenceDate: return .value(.real(date.timeIntervalSinceReferenceDate))
        case .iso8601: return .value(.string(date.formatted(.iso8601)))
        case .custom(let encode):
            let child = PlistEncoderImpl(state: state, path: path())
            try encode(date, child)
            return child.node ?? .dictionary(PlistEncodingDictionary())
        }
    }

    private func encodeData(_ data: Data, path: () -> PlistCodingPath) throws -> PlistEncodingNode {
        switch state.dataStrategy {
        case .plistData: return .value(.data(data))
        case .base64: return .value(.string(data.base64EncodedString()))
        case .custom(let encode):
            let child = PlistEncoderImpl(state: state, path: path())
            try encode(data, child)
            return child.node ?? .dictionary(PlistEncodingDictionary())
        }
    }
}
