import FoundationEssentials

/// Archives `Encodable` values as NSKeyedArchiver archives that Apple's `NSKeyedUnarchiver`
/// reads into matching `NSSecureCoding` classes.
///
/// ```swift
/// struct Note: Codable, ArchiveClassNaming {
///     static let archiveClassName = "Note"
///     var title: String
///     var created: Date
/// }
/// let data = try ArchiveEncoder().encode(note)   // $top.root is a Note object
/// ```
///
/// Mapping, as an `NSSecureCoding` class with the same keys archives itself:
/// - a type adopting ``ArchiveClassNaming`` → an object of its class, one field per key;
///   integers, reals and booleans inline, strings and everything else as object references;
///   `superEncoder()` writes into the same object, as a subclass's `encode(with:)` does;
/// - arrays → NSArray; sets (`Set`) → NSSet, which an `NSSecureCoding` class reads with
///   `decodeObject(of: [NSSet.self, …], forKey:)`; dictionaries and other keyed types →
///   NSDictionary;
/// - `Date` → NSDate, `UUID` → NSUUID, `URL` → NSURL, `Data` → NSData, `String` → NSString;
/// - `nil` → `$null` in an object's field (written for optional properties too), NSNull in a
///   collection.
///
/// The archive itself is written by ``KeyedArchiver`` (class dictionaries shared, strings and
/// numbers uniqued, `$null` at index 0).
public struct ArchiveEncoder: Sendable, EncodingWithConfiguration {
    /// The format of the archive's bytes. Default: ``PlistFormat/binary``, as NSKeyedArchiver.
    public var outputFormat: PlistFormat = .binary

    /// The format of the archive's bytes: ``outputFormat``, under its earlier name.
    @available(*, deprecated, renamed: "outputFormat")
    public var format: PlistFormat {
        get { outputFormat }
        set { outputFormat = newValue }
    }
    /// The `$top` key the value is archived under. Default: `root`, as
    /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)` writes.
    public var rootKey = "root"
    /// The deepest nesting accepted; deeper values (a cyclic object graph) fail with
    /// `EncodingError.invalidValue`. Default: 512.
    public var maximumDepth = 512
    /// Values `Encodable` implementations read through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with the default options.
    public init() {}

    /// Archives a value and returns the archive's bytes in ``format``.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path when the value encodes
    ///   nothing, nests deeper than ``maximumDepth`` or cannot be archived (the underlying
    ///   error is the archiver's ``KeyedArchiveError`` or the writer's ``PlistError``).
    /// - Complexity: O(n) in the size of the value.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try write(value, encodeValue(value))
    }

    /// Archives a value that needs a configuration (`EncodableWithConfiguration`): its
    /// `encode(to:configuration:)` runs on the top-level encoder, which archives it under its
    /// own class, as ``encode(_:)`` does.
    ///
    /// - Throws: as ``encode(_:)``.
    public func encode<Value: EncodableWithConfiguration>(_ value: Value, configuration: Value.EncodingConfiguration) throws -> Data {
        try write(value, archive(value, as: Value.self) { encoder in
            try value.encode(to: encoder, configuration: configuration)
            return encoder.node
        })
    }

    /// The bytes of `archive`, the archive of `value`, in ``outputFormat``.
    private func write(_ value: Any, _ archive: PlistValue) throws -> Data {
        do {
            return try archive.encoded(as: outputFormat)
        } catch let error as PlistError {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Unable to write the archive as \(outputFormat.plutilName): \(error)", underlyingError: error))
        }
    }

    /// Archives a value and returns the archive as a property-list value
    /// (`{$archiver, $version, $top, $objects}`), as ``PlistEncoder/encodeValue(_:)`` returns
    /// its tree.
    ///
    /// - Throws: as ``encode(_:)``, except for writer errors.
    /// - Complexity: O(n) in the size of the value.
    public func encodeValue<Value: Encodable>(_ value: Value) throws -> PlistValue {
        try archive(value, as: Value.self) { try $0.encodeNode(value) }
    }

    /// The archive of `value`, which `encode` encodes through a top-level encoder for `type`.
    private func archive<Value>(
        _ value: Any, as type: Value.Type, _ encode: (ArchiveEncoderImpl) throws -> ArchiveEncodingNode?
    ) throws -> PlistValue {
        let state = ArchiveEncodingState(options: self)
        let encoder = ArchiveEncoderImpl(state: state, path: .root, encoding: type)
        let node = try encode(encoder)
        if let misuse = state.misuse { throw misuse }
        guard let node else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        let archiver = KeyedArchiver()
        archiver.maximumDepth = maximumDepth + 1
        do {
            if case .null = node.resolved {
                try archiver.encode(Optional<String>.none, forKey: rootKey)
            } else {
                try archiver.encode(ArchiveEncodedObject(node), forKey: rootKey)
            }
        } catch let error as KeyedArchiveError {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: error.keyPath.map { PlistCodingKey(stringValue: $0) },
                debugDescription: "Unable to archive the value: \(error)", underlyingError: error))
        }
        return archiver.archiveValue
    }

    /// Archives a value and returns the archive as a property-list value.
    @available(*, deprecated, renamed: "encodeValue(_:)")
    public func encodeArchive<Value: Encodable>(_ value: Value) throws -> PlistValue {
        try encodeValue(value)
    }
}
