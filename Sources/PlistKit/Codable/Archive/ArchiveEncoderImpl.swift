import FoundationEssentials

/// The `Encoder` that ``ArchiveEncoder`` hands to `encode(to:)`: one per value that encodes
/// itself, holding what that value encoded.
final class ArchiveEncoderImpl: Encoder {
    let state: ArchiveEncodingState
    let path: PlistCodingPath
    /// The class chain a keyed container of this value is archived under: the value's
    /// ``ArchiveClassNaming`` chain, or `nil` for an NSDictionary.
    let classChain: [String]?
    /// Whether an unkeyed container of this value is archived as an NSSet (the value is a
    /// Swift `Set`) rather than an NSArray.
    let encodesSet: Bool
    /// What the value encoded so far.
    var node: ArchiveEncodingNode?

    init(state: ArchiveEncodingState, path: PlistCodingPath, classChain: [String]?,
         encodesSet: Bool = false, node: ArchiveEncodingNode? = nil) {
        self.state = state
        self.path = path
        self.classChain = classChain
        self.encodesSet = encodesSet
        self.node = node
    }

    /// An encoder for a value of type `Value`, which decides the classes its containers are
    /// archived under: its ``ArchiveClassNaming`` chain for a keyed container, NSSet for the
    /// unkeyed container of an ``ArchiveUnorderedCollection``.
    convenience init<Value>(state: ArchiveEncodingState, path: PlistCodingPath, encoding type: Value.Type) {
        self.init(state: state, path: path,
                  classChain: (type as? any ArchiveClassNaming.Type)?.archiveClassChain,
                  encodesSet: type is any ArchiveUnorderedCollection.Type)
    }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage = requestedContainer(
            at: node, existing: { if case .fields(let fields) = $0 { fields } else { nil } },
            make: { ArchiveEncodingFields(classChain: classChain) }, store: { node = .fields($0) },
            misuse: { recordMisuse(.keyedContainer); return ArchiveEncodingFields(classChain: classChain) })
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<Key>(encoder: self, storage: storage, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage = requestedContainer(
            at: node, existing: { if case .array(let array) = $0 { array } else { nil } },
            make: { ArchiveEncodingArray(isSet: encodesSet) }, store: { node = .array($0) },
            misuse: { recordMisuse(.unkeyedContainer); return ArchiveEncodingArray(isSet: encodesSet) })
        return ArchiveUnkeyedEncodingContainer(encoder: self, storage: storage, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// Encodes `value` as this encoder's value; `nil` when it encoded nothing.
    func encodeNode<Value: Encodable>(_ value: Value) throws -> ArchiveEncodingNode? {
        if let node = try directNode(value, path: path) { return node }
        guard path.depth < state.maximumDepth else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "The value nests deeper than \(state.maximumDepth) levels (is the object graph cyclic?)."))
        }
        try value.encode(to: self)
        return node
    }

    /// Encodes a value that sits at `path` below this encoder; a value that encodes nothing
    /// becomes an empty object of its class (or an empty NSDictionary).
    func encodeChild<Value: Encodable>(_ value: Value, path: PlistCodingPath) throws -> ArchiveEncodingNode {
        if let node = try directNode(value, path: path) { return node }
        let child = ArchiveEncoderImpl(state: state, path: path, encoding: Value.self)
        return try child.encodeNode(value) ?? .fields(ArchiveEncodingFields(classChain: child.classChain))
    }

    /// The node of a scalar or of a Foundation type with its own archived form, or `nil`.
    private func directNode<Value: Encodable>(_ value: Value, path: PlistCodingPath) throws -> ArchiveEncodingNode? {
        if let primitive = value as? any PlistPrimitive {
            return .scalar(try primitive.plistValue(at: path))
        }
        switch value {
        case let date as Date: return .foundation(date)
        case let data as Data: return .foundation(data)
        case let uuid as UUID: return .foundation(uuid)
        case let url as URL: return .foundation(url)
        default: return nil
        }
    }
}
