import FoundationEssentials

/// The `Encoder` that ``PlistEncoder`` hands to `encode(to:)`: one per value that encodes
/// itself, holding what that value encoded.
///
/// Its coding path is made when first asked for (by `codingPath`, a nested value that encodes
/// itself, an error): until then the encoder holds its parent's path and the step below it.
/// A path step is an allocation, and most encoders (one per record of a model) never need
/// theirs. For the same reason an encoder nothing refers to once its value is encoded is
/// reused for the next value (``PlistEncodingState/makeEncoder(parent:step:)``).
final class PlistEncoderImpl: Encoder {
    let state: PlistEncodingState
    private var lazyPath: PlistLazyCodingPath
    /// What the value encoded so far; `nil` until it asks for a container or encodes a value.
    var node: PlistEncodingNode?

    init(state: PlistEncodingState, path: PlistCodingPath) {
        self.state = state
        lazyPath = PlistLazyCodingPath(path)
    }

    /// An encoder one `step` below `parent`, whose path is made when needed.
    init(state: PlistEncodingState, parent: PlistCodingPath, step: PlistCodingPath.Step) {
        self.state = state
        lazyPath = PlistLazyCodingPath(parent: parent, step: step)
    }

    /// Makes this (unreferenced, finished) encoder one for a new value `step` below `parent`.
    func reset(parent: PlistCodingPath, step: PlistCodingPath.Step) {
        lazyPath = PlistLazyCodingPath(parent: parent, step: step)
        node = nil
    }

    /// The coding path of the value being encoded.
    var path: PlistCodingPath { lazyPath.resolve() }

    /// The number of keys in the path.
    var depth: Int { lazyPath.depth }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage = requestedContainer(
            at: node, existing: { if case .dictionary(let dictionary) = $0 { dictionary } else { nil } },
            make: { state.makeDictionary(for: Key.self) }, store: { node = .dictionary($0) },
            misuse: { recordMisuse(.keyedContainer); return PlistEncodingDictionary() })
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<Key>(encoder: self, storage: storage, nestedPath: nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage = requestedContainer(
            at: node, existing: { if case .array(let array) = $0 { array } else { nil } },
            make: { PlistEncodingArray() }, store: { node = .array($0) },
            misuse: { recordMisuse(.unkeyedContainer); return PlistEncodingArray() })
        return PlistUnkeyedEncodingContainer(encoder: self, storage: storage, nestedPath: nil)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// Encodes `value` as this encoder's value: scalars, dates and data directly, anything
    /// else by its `encode(to:)`. Returns `nil` when the value encoded nothing.
    func encodeNode<Value: Encodable>(_ value: Value) throws -> PlistEncodingNode? {
        if let node = try directNode(value, path: { path }) { return node }
        guard depth < state.maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "The value nests deeper than \(state.maximumDepth) levels (is the object graph cyclic?)."))
        }
        if node == nil, state.usesDefaultOrSnakeCaseKeys, let dictionaryType = stringKeyedDictionaryType(Value.self) {
            try encodeEntries(of: value, as: dictionaryType)
            return node
        }
        try value.encode(to: self)
        return node
    }

    /// `type` as a ``PlistStringKeyedDictionaryEncodable``, or `nil` (the last type found not
    /// to be one is remembered).
    @inline(__always)
    private func stringKeyedDictionaryType(_ type: Any.Type) -> (any PlistStringKeyedDictionaryEncodable.Type)? {
        let identifier = ObjectIdentifier(type)
        if identifier == state.lastTypeNotKeyedByString { return nil }
        if let dictionaryType = type as? any PlistStringKeyedDictionaryEncodable.Type { return dictionaryType }
        state.lastTypeNotKeyedByString = identifier
        return nil
    }

    /// ``PlistStringKeyedDictionaryEncodable/encodeEntries(into:)`` of `value`, whose type is
    /// `Dictionary`.
    private func encodeEntries<Value, Dictionary: PlistStringKeyedDictionaryEncodable>(
        of value: Value, as dictionaryType: Dictionary.Type
    ) throws {
        try sameTypeCast(value, as: Dictionary.self).encodeEntries(into: self)
    }

    /// Encodes a value that sits at `path` below this encoder; a value that encodes nothing
    /// becomes an empty dictionary, as in Foundation.
    ///
    /// The path is made only when it is needed (a value that encodes itself, an error): a
    /// path step is an allocation, and most values are scalars, dates and data.
    func encodeChild<Value: Encodable>(
        _ value: Value, at parent: @autoclosure () -> PlistCodingPath, step: @autoclosure () -> PlistCodingPath.Step
    ) throws -> PlistEncodingNode {
        if let node = try directNode(value, path: { parent().appending(step()) }) { return node }
        var child = state.makeEncoder(parent: parent(), step: step())
        let node = try child.encodeNode(value)
        // Nothing kept the encoder (no container or super encoder outlives the value's
        // `encode(to:)`): the next value may use it.
        if isKnownUniquelyReferenced(&child) { state.recycle(child) }
        return node ?? .dictionary(PlistEncodingDictionary())
    }

    /// Encodes a value at this encoder's own path (a single value container's generic
    /// `encode`): a new encoder, as the value may ask it for containers.
    func encodeChildHere<Value: Encodable>(_ value: Value) throws -> PlistEncodingNode {
        if let node = try directNode(value, path: { path }) { return node }
        let child = PlistEncoderImpl(state: state, path: path)
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
