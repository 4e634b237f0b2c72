import FoundationEssentials

/// Encodes `Encodable` values as property lists in any format PlistKit writes, with the
/// representation Foundation's `PropertyListEncoder` uses, so that either side reads what the
/// other wrote.
///
/// ```swift
/// var encoder = PlistEncoder()
/// encoder.outputFormat = .xml
/// let data = try encoder.encode(settings)
/// ```
///
/// Representation (as Foundation's): integers of every width as `<integer>`, `Float` and
/// `Double` as `<real>`, `Date` as `<date>`, `Data` as `<data>`; `nil` as the string `"$null"`
/// (synthesized conformances omit `nil` properties instead); `URL`, `UUID`, `Decimal`,
/// dictionaries and enums as their own `Codable` conformances encode them (a `URL` as
/// `{relative: "…"}`, a `UUID` as its string, a dictionary with `String` or `Int` keys as a
/// dictionary and with other keys as an array of alternating keys and values).
///
/// Beyond Foundation: any format (``PlistFormat``), the order of keys in formats that keep it
/// (``keyOrder``), date and data strategies, snake_case key conversion, and top-level scalars
/// (a plist root may be any value; Foundation refuses them when encoding but reads them).
public struct PlistEncoder: Sendable, EncodingWithConfiguration {
    /// How `Date` values are encoded.
    public enum DateEncodingStrategy: Sendable {
        /// As a plist date (`<date>`), as Foundation does. The default.
        case plistDate
        /// As a real number of seconds since 1970-01-01 00:00:00 UTC.
        case secondsSince1970
        /// As a real number of milliseconds since 1970-01-01 00:00:00 UTC.
        case millisecondsSince1970
        /// As a real number of seconds since 2001-01-01 00:00:00 UTC.
        case secondsSinceReferenceDate
        /// As an ISO 8601 string in UTC, such as `2024-05-01T12:00:00Z`.
        case iso8601
        /// By a closure that encodes the date into the encoder it is given; a closure that
        /// encodes nothing produces an empty dictionary.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are encoded.
    public enum DataEncodingStrategy: Sendable {
        /// As plist data (`<data>`), as Foundation does. The default.
        case plistData
        /// As a Base64 string (for formats, such as JSON, that have no data type).
        case base64
        /// By a closure that encodes the bytes into the encoder it is given.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How the keys of keyed containers are written.
    public enum KeyEncodingStrategy: Sendable {
        /// Each key as the type names it. The default.
        case useDefaultKeys
        /// `camelCase` keys as `snake_case` (`imageURL` → `image_url`), by the rules of
        /// Foundation's `JSONEncoder`.
        case convertToSnakeCase
        /// By a closure given the full coding path, the last element being the key to convert.
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    /// The format ``encode(_:)`` writes. Default: ``PlistFormat/binary``, as Foundation's
    /// `PropertyListEncoder`.
    public var outputFormat: PlistFormat = .binary

    /// The format ``encode(_:)`` writes: ``outputFormat``, under its earlier name.
    @available(*, deprecated, renamed: "outputFormat")
    public var format: PlistFormat {
        get { outputFormat }
        set { outputFormat = newValue }
    }
    /// Options passed to the format's writer (key order, strictness, JSON style). Reals in
    /// XML are spelled as `PropertyListEncoder` spells them
    /// (``PlistWritingOptions/XMLRealStyle/shortest``), so its XML output and this encoder's
    /// are the same bytes.
    public var writingOptions = PlistWritingOptions(xmlRealStyle: .shortest)
    /// How `Date` values are encoded. Default: ``DateEncodingStrategy/plistDate``.
    public var dateEncodingStrategy: DateEncodingStrategy = .plistDate
    /// How `Data` values are encoded. Default: ``DataEncodingStrategy/plistData``.
    public var dataEncodingStrategy: DataEncodingStrategy = .plistData
    /// How keys are written. Default: ``KeyEncodingStrategy/useDefaultKeys``.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// The deepest nesting of containers accepted; deeper values (a cyclic object graph, for
    /// one) fail with `EncodingError.invalidValue` instead of exhausting the stack. Default: 512,
    /// the depth PlistKit's readers accept by default.
    public var maximumDepth: Int = 512
    /// Values `Encodable` implementations read through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// The shortcuts taken (see ``PlistCoderFastPaths``); tests turn them off to compare.
    var fastPaths = PlistCoderFastPaths()

    /// The order of dictionary keys in the output: ``PlistWritingOptions/KeyOrder/formatDefault``
    /// (sorted in XML and OpenStep, as Apple's writers do; encoding order in binary and JSON),
    /// ``PlistWritingOptions/KeyOrder/sorted``, or ``PlistWritingOptions/KeyOrder/preserved``,
    /// the order the values were encoded in (for synthesized conformances, the order the
    /// properties are declared in). A shorthand for `writingOptions.keyOrder`.
    public var keyOrder: PlistWritingOptions.KeyOrder {
        get { writingOptions.keyOrder }
        set { writingOptions.keyOrder = newValue }
    }

    /// Creates an encoder with the default options.
    public init() {}

    /// Creates an encoder writing `outputFormat`.
    public init(outputFormat: PlistFormat) {
        self.outputFormat = outputFormat
    }

    /// Creates an encoder writing `format`: ``init(outputFormat:)``, under its earlier name.
    @available(*, deprecated, renamed: "init(outputFormat:)")
    public init(format: PlistFormat) {
        self.init(outputFormat: format)
    }

    /// Encodes a value as a property list in ``outputFormat``.
    ///
    /// - Throws: `EncodingError.invalidValue` when the value encodes nothing, encodes a value
    ///   the format cannot hold (the coding path and the writer's ``PlistError`` say which),
    ///   or nests deeper than ``maximumDepth``; any error the value's `encode(to:)` throws.
    /// - Complexity: O(n) in the size of the encoded tree.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try write(value, encodeNode(value, as: Value.self) { try $0.encodeNode(value) })
    }

    /// Encodes a value that needs a configuration (`EncodableWithConfiguration`), as
    /// Foundation's `PropertyListEncoder.encode(_:configuration:)` does: the value's
    /// `encode(to:configuration:)` runs on the top-level encoder.
    ///
    /// - Throws: as ``encode(_:)``.
    public func encode<Value: EncodableWithConfiguration>(_ value: Value, configuration: Value.EncodingConfiguration) throws -> Data {
        try write(value, encodeNode(value, as: Value.self) { encoder in
            try value.encode(to: encoder, configuration: configuration)
            return encoder.node
        })
    }

    /// Writes the encoder's tree for `value` in ``outputFormat``.
    private func write(_ value: Any, _ encoded: (node: PlistEncodingNode, estimatedValueCount: Int)) throws -> Data {
        let (node, estimatedValueCount) = encoded
        if outputFormat == .binary, fastPaths.encoderWritesFromItsTree,
           let data = PlistEncodingBinaryWriter.write(node, options: writingOptions, estimatedValueCount: estimatedValueCount) {
            return data
        }
        if outputFormat == .xml, fastPaths.encoderWritesFromItsTree, let data = PlistEncodingXMLWriter.write(node, options: writingOptions) {
            return data
        }
        let tree = node.plistValue
        do {
            return try tree.encoded(as: outputFormat, options: writingOptions)
        } catch let error as PlistError {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: Self.codingPath(of: error),
                debugDescription: "Unable to write the encoded value as \(outputFormat.plutilName): \(error)",
                underlyingError: error))
        }
    }

    /// Encodes a value as a ``PlistValue`` tree, the form every writer takes.
    ///
    /// - Throws: as ``encode(_:)``, except for writer errors.
    /// - Complexity: O(n) in the size of the encoded tree.
    public func encodeValue<Value: Encodable>(_ value: Value) throws -> PlistValue {
        try encodeNode(value, as: Value.self) { try $0.encodeNode(value) }.node.plistValue
    }

    /// Encodes a value into the encoder's own tree, before it is finished into a value; with
    /// an estimate of its size (``PlistEncodingState/estimatedValueCount``).
    /// `encode` encodes `value`, of type `type`, through the root encoder.
    private func encodeNode(
        _ value: Any, as type: Any.Type, _ encode: (PlistEncoderImpl) throws -> PlistEncodingNode?
    ) throws -> (node: PlistEncodingNode, estimatedValueCount: Int) {
        let state = PlistEncodingState(options: self)
        guard let node = try state.encodeTopLevel(encode) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(type) did not encode any values."))
        }
        return (node, state.estimatedValueCount)
    }

    /// The coding path of a writer error that names a key path, so that an unwritable value is
    /// reported where it sits in the model.
    private static func codingPath(of error: PlistError) -> [any CodingKey] {
        guard case .keyPath(let path) = error.location else { return [] }
        return path.components.map { component in
            Int(component).map { PlistCodingKey(index: $0) } ?? PlistCodingKey(stringValue: component)
        }
    }
}
