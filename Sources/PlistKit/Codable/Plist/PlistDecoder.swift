import FoundationEssentials

/// Decodes `Decodable` values from property lists in any format PlistKit reads, accepting
/// what Foundation's `PropertyListEncoder` writes (and what ``PlistEncoder`` writes).
///
/// ```swift
/// let info = try PlistDecoder().decode(AppInfo.self, from: data)
/// ```
///
/// Decoding follows Foundation's rules: the string `"$null"` decodes as `nil`; a `Double` or
/// `Float` may come from an integer; an integer may come from a real that holds it exactly
/// (``realToIntegerStrategy``); an integer that does not fit the requested width is an error.
/// Errors are `DecodingError`s with the full coding path and a sentence naming the expected
/// and found types ("Expected to decode Int but found a string instead.").
///
/// Input of every format is read into a ``PlistValue`` first, with the reader's limits and
/// checks, and decoded from it: a type's `init(from:)` runs only on a document read in full
/// and accepted.
public struct PlistDecoder: Sendable, DecodingWithConfiguration {
    /// How `Date` values are decoded.
    public enum DateDecodingStrategy: Sendable {
        /// From a plist date, as Foundation does. The default.
        case plistDate
        /// From a number of seconds since 1970-01-01 00:00:00 UTC.
        case secondsSince1970
        /// From a number of milliseconds since 1970-01-01 00:00:00 UTC.
        case millisecondsSince1970
        /// From a number of seconds since 2001-01-01 00:00:00 UTC.
        case secondsSinceReferenceDate
        /// From an ISO 8601 string, such as `2024-05-01T12:00:00Z`.
        case iso8601
        /// By a closure reading the decoder it is given.
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    /// How `Data` values are decoded.
    public enum DataDecodingStrategy: Sendable {
        /// From plist data, as Foundation does. The default.
        case plistData
        /// From a Base64 string.
        case base64
        /// By a closure reading the decoder it is given.
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    /// How the keys of keyed containers are read.
    public enum KeyDecodingStrategy: Sendable {
        /// Each key as the type names it. The default.
        case useDefaultKeys
        /// `snake_case` keys in the file as `camelCase` keys of the type (`image_url` →
        /// `imageUrl`), by the rules of Foundation's `JSONDecoder`.
        case convertFromSnakeCase
        /// By a closure given the coding path, the last element being the key as the file
        /// has it; it returns the key the type names.
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    /// Whether an integer property may be read from a real.
    public enum RealToIntegerStrategy: Hashable, Sendable {
        /// When the real holds an integer exactly (`3.0` for `Int`, not `3.5` nor `1e100`), as
        /// Foundation does, and within the property-list integer range (Int64.min through
        /// UInt64.max, even for `Int128` and `UInt128`); any other real fails with
        /// `DecodingError.dataCorrupted`. The default.
        case whenExact
        /// Never: a real where an integer is expected is a type mismatch.
        case never
    }

    /// How `Date` values are decoded. Default: ``DateDecodingStrategy/plistDate``.
    public var dateDecodingStrategy: DateDecodingStrategy = .plistDate
    /// How `Data` values are decoded. Default: ``DataDecodingStrategy/plistData``.
    public var dataDecodingStrategy: DataDecodingStrategy = .plistData
    /// How keys are read. Default: ``KeyDecodingStrategy/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Whether integers may be read from reals. Default: ``RealToIntegerStrategy/whenExact``.
    public var realToIntegerStrategy: RealToIntegerStrategy = .whenExact
    /// Limits for reading the bytes; ``PlistReadingOptions/maximumDepth`` also bounds how deep
    /// decoding goes.
    public var readingOptions = PlistReadingOptions()
    /// Values `Decodable` implementations read through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether binary input was decoded straight from its bytes. Every format is now read into
    /// a ``PlistValue`` first, which measured as fast, so that a type's `init(from:)` only ever
    /// runs on a document read in full and accepted; setting this has no effect.
    @available(*, deprecated, message: "Binary input is read in full before decoding; this has no effect.")
    public var decodesBinaryLazily: Bool {
        get { false }
        set {}
    }
    /// The shortcuts taken (see ``PlistCoderFastPaths``); tests turn them off to compare.
    var fastPaths = PlistCoderFastPaths()

    /// Creates a decoder with the default options.
    public init() {}

    /// Decodes a value from a property list in any format, detected from its first bytes.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with an underlying ``PlistError`` when the bytes
    ///   are not a property list; `DecodingError.typeMismatch`, `.keyNotFound`,
    ///   `.valueNotFound` or `.dataCorrupted` with the coding path when the property list does
    ///   not match the type.
    /// - Complexity: O(n) in the size of the input.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        var format = PlistFormat.binary
        return try decode(type, from: data, format: &format)
    }

    /// Decodes a value from a property list in any format, and reports the format found.
    ///
    /// - Throws: as ``decode(_:from:)``.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data, format: inout PlistFormat) throws -> Value {
        try decodeTopLevel(from: data, format: &format) { try $0.unbox($0.node, as: type, path: .root) }
    }

    /// Decodes a value that needs a configuration (`DecodableWithConfiguration`), as
    /// Foundation's `PropertyListDecoder.decode(_:from:configuration:)` does: the type's
    /// `init(from:configuration:)` runs on the top-level decoder.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<Value: DecodableWithConfiguration>(
        _ type: Value.Type, from data: Data, configuration: Value.DecodingConfiguration
    ) throws -> Value {
        var format = PlistFormat.binary
        return try decode(type, from: data, format: &format, configuration: configuration)
    }

    /// Decodes a value that needs a configuration, and reports the format found.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<Value: DecodableWithConfiguration>(
        _ type: Value.Type, from data: Data, format: inout PlistFormat, configuration: Value.DecodingConfiguration
    ) throws -> Value {
        try decodeTopLevel(from: data, format: &format) { try Value(from: $0, configuration: configuration) }
    }

    /// Decodes a value with the configuration `provider` supplies, and reports the format found.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<Value, Provider: DecodingConfigurationProviding>(
        _ type: Value.Type, from data: Data, format: inout PlistFormat, configuration provider: Provider.Type
    ) throws -> Value where Value: DecodableWithConfiguration, Value.DecodingConfiguration == Provider.DecodingConfiguration {
        try decode(type, from: data, format: &format, configuration: provider.decodingConfiguration)
    }

    /// Reads `data` into a value tree and runs `construct` on the top-level decoder of it.
    private func decodeTopLevel<Value>(
        from data: Data, format: inout PlistFormat, _ construct: (PlistDecoderImpl) throws -> Value
    ) throws -> Value {
        let document: PlistDocument
        do {
            document = try PlistDocument(decoding: data, options: readingOptions)
        } catch let error as PlistError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [],
                debugDescription: "The given data was not a valid property list: \(error)",
                underlyingError: error))
        }
        format = document.format
        return try decodeTopLevel(from: document.value, construct)
    }

    /// Decodes a value from a ``PlistValue`` tree.
    ///
    /// - Throws: as ``decode(_:from:)``, except for reading errors.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: PlistValue) throws -> Value {
        try decodeTopLevel(from: value) { try $0.unbox($0.node, as: type, path: .root) }
    }

    /// Runs `construct` on a top-level decoder of `value`.
    private func decodeTopLevel<Value>(from value: PlistValue, _ construct: (PlistDecoderImpl) throws -> Value) throws -> Value {
        try construct(PlistDecoderImpl(state: PlistDecodingState(options: self), node: value, path: .root))
    }
}
