import FoundationEssentials

/// The `Decoder` that ``PlistDecoder`` hands to `init(from:)`: one value of the tree, at a
/// coding path. `node` is `nil` for a value that is absent (a `superDecoder()` whose key is
/// missing), which reads as `nil`, as in Foundation.
///
/// As the encoder's, its coding path is made when first asked for (by `codingPath`, a
/// container's error, a custom key strategy): until then it holds its parent's path and the
/// step below it, a path step being an allocation most records never need. A decoder
/// nothing refers to once its value is decoded is reused for the next nested value.
final class PlistDecoderImpl: Decoder {
    let state: PlistDecodingState
    private(set) var node: PlistValue?
    private var lazyPath: PlistLazyCodingPath

    init(state: PlistDecodingState, node: PlistValue?, path: PlistCodingPath) {
        self.state = state
        self.node = node
        lazyPath = PlistLazyCodingPath(path)
    }

    /// A decoder for `node`, one `step` below `parent`.
    private init(state: PlistDecodingState, node: PlistValue?, parent: PlistCodingPath, step: PlistCodingPath.Step) {
        self.state = state
        self.node = node
        lazyPath = PlistLazyCodingPath(parent: parent, step: step)
    }

    /// The coding path of the value being decoded.
    var path: PlistCodingPath { lazyPath.resolve() }

    /// The number of keys in the path.
    var depth: Int { lazyPath.depth }

    /// A decoder finished with and referred to by nothing, for the next nested value.
    private var spareChild: PlistDecoderImpl?

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let item = try read(node, path: path)
        guard case .dictionary(let dictionary) = item else {
            if item.isNullMarker {
                throw DecodingError.valueNotFound(KeyedDecodingContainer<Key>.self, DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Cannot get keyed decoding container -- found null value instead."))
            }
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: path.keys, debugDescription: "Expected to decode Dictionary<String, Any> but found \(item.codableTypeDescription) instead."))
        }
        return KeyedDecodingContainer(try PlistKeyedDecodingContainer<Key>(decoder: self, dictionary: dictionary))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let item = try read(node, path: path)
        guard case .array(let array) = item else {
            if item.isNullMarker {
                throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Cannot get unkeyed decoding container -- found null value instead."))
            }
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                codingPath: path.keys, debugDescription: "Expected to decode Array<Any> but found \(item.codableTypeDescription) instead."))
        }
        return PlistUnkeyedDecodingContainer(decoder: self, array: array)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: Reading values

    /// Reads a node, counting it against the value limit (shared references in a binary plist
    /// expand when decoded); an absent node reads as the null marker. (Paths are taken as
    /// autoclosures here and in the scalar functions below, so that a step is only allocated
    /// when an error needs it.)
    @inline(__always)
    func read(_ node: PlistValue?, path: @autoclosure () -> PlistCodingPath) throws -> PlistValue {
        guard let node else { return .string("$null") }
        state.valueCount += 1
        guard state.valueCount <= state.maximumValueCount else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path().keys,
                debugDescription: "Decoding reads more than the limit of \(state.maximumValueCount) values (shared references expand when decoded)."))
        }
        return node
    }

    /// Decodes a value of any type from `node`, which sits at `path`.
    func unbox<Value: Decodable>(_ node: PlistValue?, as type: Value.Type, path lazyPath: @autoclosure () -> PlistCodingPath) throws -> Value {
        if let kind = PlistPrimitiveKind(type) { return try unboxPrimitive(read(node, path: lazyPath()), kind, as: type, path: lazyPath()) }
        if type == Date.self { return sameTypeCast(try unboxDate(node, path: lazyPath()), as: Value.self) }
        if type == Data.self { return sameTypeCast(try unboxData(node, path: lazyPath()), as: Value.self) }
        return try child(node, path: lazyPath()).construct(type)
    }

    /// Decodes a value of a type that decodes itself from `node`, one `step` below this
    /// decoder's container (whose path is `parent`), through a decoder whose path is made only
    /// if it is needed, and reused afterwards when nothing kept it.
    func unbox<Value: Decodable>(
        _ node: PlistValue?, as type: Value.Type,
        at parent: @autoclosure () -> PlistCodingPath, step: @autoclosure () -> PlistCodingPath.Step
    ) throws -> Value {
        // Scalars, dates and data need no decoder, and a value past the depth limit takes
        // the general path, which reports it.
        if PlistPrimitiveKind(type) != nil || type == Date.self || type == Data.self || depth + 1 > state.maximumDepth {
            return try unbox(node, as: type, path: parent().appending(step()))
        }
        var child: PlistDecoderImpl
        if let spare = spareChild {
            spareChild = nil
            spare.reset(node: node, parent: parent(), step: step())
            child = spare
        } else {
            child = PlistDecoderImpl(state: state, node: node, parent: parent(), step: step())
        }
        let value = try child.construct(type)
        if isKnownUniquelyReferenced(&child) {
            child.node = nil
            spareChild = child
        }
        return value
    }

    /// Makes this (unreferenced, finished) decoder one for `node`, `step` below `parent`.
    private func reset(node: PlistValue?, parent: PlistCodingPath, step: PlistCodingPath.Step) {
        self.node = node
        lazyPath = PlistLazyCodingPath(parent: parent, step: step)
    }

    /// A decoder for a nested value, after checking the depth limit (a binary plist can
    /// reference itself, and a recursive type would follow it forever).
    func child(_ node: PlistValue?, path: PlistCodingPath) throws -> PlistDecoderImpl {
        guard path.depth <= state.maximumDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys, debugDescription: "The value nests deeper than \(state.maximumDepth) levels."))
        }
        return PlistDecoderImpl(state: state, node: node, path: path)
    }

    // MARK: Scalars

    /// The error for a value of the wrong type; Foundation reports the null marker where a
    /// value was expected as a missing value instead.
    func mismatch(_ type: Any.Type, _ item: PlistValue, path: PlistCodingPath) -> DecodingError {
        if item.isNullMarker {
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: path.keys, debugDescription: "Cannot get value of type \(type) -- found null value instead."))
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path.keys, debugDescription: "Expected to decode \(type) but found \(item.codableTypeDescription) instead."))
    }

    private func doesNotFit(_ number: String, _ type: Any.Type, path: PlistCodingPath) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path.keys, debugDescription: "Property list number <\(number)> does not fit in \(type)."))
    }

    /// How this decoder reads scalars (see ``PlistValue/unboxedPrimitive(_:as:rules:)``).
    private var rules: PlistScalarRules {
        PlistScalarRules(readsIntegersFromReals: state.realToInteger == .whenExact, readsBooleansFromIntegers: false)
    }

    /// The decoding error for `failure`, reading `item` as `type` at `path`.
    private func error(_ failure: PlistScalarFailure, _ type: Any.Type, _ item: PlistValue, path: PlistCodingPath) -> DecodingError {
        switch failure {
        case .mismatch: return mismatch(type, item, path: path)
        case .doesNotFit(let number): return doesNotFit(number, type, path: path)
        }
    }

    /// Reads `item` as the primitive `Value`, of kind `kind`.
    func unboxPrimitive<Value>(_ item: PlistValue, _ kind: PlistPrimitiveKind, as type: Value.Type, path: @autoclosure () -> PlistCodingPath) throws -> Value {
        do {
            return try item.unboxedPrimitive(kind, as: type, rules: rules)
        } catch {
            throw self.error(error, type, item, path: path())
        }
    }

    func unboxInteger<T: FixedWidthInteger>(_ item: PlistValue, as type: T.Type, path: @autoclosure () -> PlistCodingPath) throws -> T {
        do {
            return try item.unboxedInteger(as: type, rules: rules)
        } catch {
            throw self.error(error, type, item, path: path())
        }
    }

    func unboxDouble(_ item: PlistValue, path: @autoclosure () -> PlistCodingPath) throws -> Double {
        do {
            return try item.unboxedDouble()
        } catch {
            throw self.error(error, Double.self, item, path: path())
        }
    }

    func unboxFloat(_ item: PlistValue, path: @autoclosure () -> PlistCodingPath) throws -> Float {
        do {
            return try item.unboxedFloat()
        } catch {
            throw self.error(error, Float.self, item, path: path())
        }
    }

    func unboxBool(_ item: PlistValue, path: @autoclosure () -> PlistCodingPath) throws -> Bool {
        guard case .boolean(let value) = item else { throw mismatch(Bool.self, item, path: path()) }
        return value
    }

    func unboxString(_ item: PlistValue, path: @autoclosure () -> PlistCodingPath) throws -> String {
        guard case .string(let value) = item, !value.isNullMarker else { throw mismatch(String.self, item, path: path()) }
        return value
    }

    private func unboxDate(_ node: PlistValue?, path lazyPath: @autoclosure () -> PlistCodingPath) throws -> Date {
        // The path is made only where a failure or a custom strategy needs it.
        var path: PlistCodingPath { lazyPath() }
        func number() throws -> Double {
            let item = try read(node, path: path)
            switch item {
            case .real(let real): return real
            case .integer(let integer): return integer.doubleValue
            default: throw mismatch(Date.self, item, path: path)
            }
        }
        switch state.dateStrategy {
        case .plistDate:
            let item = try read(node, path: path)
            guard case .date(let date) = item else { throw mismatch(Date.self, item, path: path) }
            return date
        case .secondsSince1970: return Date(timeIntervalSince1970: try number())
        case .millisecondsSince1970: return Date(timeIntervalSince1970: try number() / 1000)
        case .secondsSinceReferenceDate: return Date(timeIntervalSinceReferenceDate: try number())
        case .iso8601:
            let item = try read(node, path: path)
            guard case .string(let text) = item, !text.isNullMarker else { throw mismatch(Date.self, item, path: path) }
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Expected an ISO 8601 date string, found '\(text)'."))
            }
            return date
        case .custom(let decode):
            return try decode(child(node, path: path))
        }
    }

    private func unboxData(_ node: PlistValue?, path lazyPath: @autoclosure () -> PlistCodingPath) throws -> Data {
        var path: PlistCodingPath { lazyPath() }
        switch state.dataStrategy {
        case .plistData:
            let item = try read(node, path: path)
            guard case .data(let data) = item else { throw mismatch(Data.self, item, path: path) }
            return data
        case .base64:
            let item = try read(node, path: path)
            guard case .string(let text) = item, !text.isNullMarker else { throw mismatch(Data.self, item, path: path) }
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: path.keys, debugDescription: "Expected a Base64 string, found text that is not valid Base64."))
            }
            return data
        case .custom(let decode):
            return try decode(child(node, path: path))
        }
    }
}
