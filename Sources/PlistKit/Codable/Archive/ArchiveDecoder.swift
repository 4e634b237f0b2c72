import FoundationEssentials

/// Decodes `Decodable` values from NSKeyedArchiver archives, such as those ``ArchiveEncoder``
/// writes or Apple's `NSKeyedArchiver` writes for `NSSecureCoding` classes with the same keys.
///
/// ```swift
/// let decoder = ArchiveDecoder(allowing: [Note.self])
/// let note = try decoder.decode(Note.self, from: data)
/// ```
///
/// **Security.** Like `NSKeyedUnarchiver` with secure coding, decoding takes an allow-list of
/// class names and, before anything is decoded, walks every object reachable from the root
/// (collection contents included); a class outside the list fails the decode with a
/// `DecodingError.dataCorrupted` whose underlying error is ``KeyedArchiveError`` with
/// ``KeyedArchiveError/Code/classNotAllowed``, naming the class, its `$objects` index and the
/// key path. Inline strings, numbers and data carry no class and are always allowed. A type
/// adopting ``ArchiveClassNaming`` is only read from objects of its class.
///
/// The list covers the whole graph, not only the root as ``KeyedUnarchiver`` scopes it: a
/// `Decodable` type names no classes, so a field's type cannot allow one.
///
/// Reading follows ``ArchiveEncoder``'s mapping: object fields by key (inline scalars or
/// references), NSArray / NSSet for unkeyed containers, NSDictionary (string keys) or objects
/// for keyed containers, NSDate, NSUUID, NSURL, NSData and NSString objects for those types,
/// and `$null` or NSNull as `nil`. A cycle in the archive fails rather than recursing.
public struct ArchiveDecoder: Sendable, DecodingWithConfiguration {
    /// The Foundation classes the mapping uses for collections and standard types: NSArray,
    /// NSMutableArray, NSDictionary, NSMutableDictionary, NSSet, NSMutableSet, NSString,
    /// NSMutableString, NSData, NSMutableData, NSDate, NSUUID, NSURL and NSNull.
    public static let foundationClassNames: Set<String> = [
        "NSArray", "NSMutableArray", "NSDictionary", "NSMutableDictionary", "NSSet", "NSMutableSet",
        "NSString", "NSMutableString", "NSData", "NSMutableData", "NSDate", "NSUUID", "NSURL", "NSNull",
    ]

    /// The class names objects may have, or `nil` to allow any class (only for archives from
    /// trusted sources).
    public var allowedClassNames: Set<String>?
    /// The `$top` key the value is read from. Default: `root`.
    public var rootKey = "root"
    /// Limits for reading the archive's bytes; ``PlistReadingOptions/maximumDepth`` also bounds
    /// how deep decoding goes.
    public var readingOptions = PlistReadingOptions()
    /// Values `Decodable` implementations read through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with an allow-list of class names (`nil`: any class, insecure).
    public init(allowedClassNames: Set<String>?) {
        self.allowedClassNames = allowedClassNames
    }

    /// Creates a decoder that allows the classes of `types` and `additionalClassNames`
    /// (by default the Foundation classes of the mapping, ``foundationClassNames``).
    public init(allowing types: [any ArchiveClassNaming.Type], additionalClassNames: Set<String> = ArchiveDecoder.foundationClassNames) {
        allowedClassNames = additionalClassNames.union(types.map { $0.archiveClassName })
    }

    /// Decodes the value archived under ``rootKey`` from an archive's bytes (binary or XML).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the bytes are not an archive (underlying
    ///   ``KeyedArchiveError``), when a class is not allowed (underlying
    ///   ``KeyedArchiveError/Code/classNotAllowed``), for cycles and excessive depth;
    ///   `.typeMismatch`, `.keyNotFound` and `.valueNotFound` with the coding path when the
    ///   archive does not match the type.
    /// - Complexity: O(n) in the size of the archive.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decode(type, from: readArchive(data))
    }

    /// Decodes a value that needs a configuration (`DecodableWithConfiguration`) from an
    /// archive's bytes: the type's `init(from:configuration:)` runs on the top-level decoder,
    /// after the same allow-list check as ``decode(_:from:)-(_,Data)``.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<Value: DecodableWithConfiguration>(
        _ type: Value.Type, from data: Data, configuration: Value.DecodingConfiguration
    ) throws -> Value {
        try decodeRoot(type, from: readArchive(data)) { state, item in
            try state.construct(item, as: type, path: .root) { try Value(from: $0, configuration: configuration) }
        }
    }

    /// The archive in `data`.
    private func readArchive(_ data: Data) throws -> KeyedArchive {
        do {
            return try KeyedArchive(decoding: data, options: readingOptions)
        } catch let error as KeyedArchiveError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not a valid keyed archive: \(error)", underlyingError: error))
        }
    }

    /// Decodes the value archived under ``rootKey`` of an archive already read.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<Value: Decodable>(_ type: Value.Type, from archive: KeyedArchive) throws -> Value {
        try decodeRoot(type, from: archive) { state, item in try state.unbox(item, as: type, path: .root) }
    }

    /// Checks the objects reachable from the root against the allow-list, then runs
    /// `construct` on the root's item.
    private func decodeRoot<Value>(
        _ type: Value.Type, from archive: KeyedArchive, _ construct: (ArchiveDecodingState, ArchiveDecodingItem) throws -> Value
    ) throws -> Value {
        guard let root = archive.top[rootKey] else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: [], debugDescription: "The archive has no '\(rootKey)' object."))
        }
        if let allowed = allowedClassNames {
            do {
                try ArchiveAllowList(allowed, for: archive).checkReachable(from: root, rootPath: [rootKey])
            } catch let error as KeyedArchiveError {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [], debugDescription: error.description, underlyingError: error))
            }
        }
        let state = ArchiveDecodingState(archive: archive, options: self)
        let item = try state.resolve(root, path: .root)
        return try construct(state, item)
    }
}
