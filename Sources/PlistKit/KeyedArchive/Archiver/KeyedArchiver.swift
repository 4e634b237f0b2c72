import FoundationEssentials

/// Writes Swift values as an NSKeyedArchiver archive that Apple's `NSKeyedUnarchiver` reads.
///
/// ```swift
/// let archiver = KeyedArchiver()
/// try archiver.encode(user, forKey: "root")
/// let data = try archiver.encodedData()            // binary, as NSKeyedArchiver writes
/// // or in one call:
/// let data = try KeyedArchiver.archivedData(withRootObject: user)
/// ```
///
/// The archive is `{$archiver: "NSKeyedArchiver", $version: 100000, $top, $objects}` with
/// `$null` at index 0 and one class dictionary (`$classname`, `$classes`) per class, as Apple
/// writes it. Strings, numbers and data are stored inline in `$objects` and written once per
/// distinct value; instances of classes (reference types) are written once and referred to
/// by UID wherever they appear again, so shared objects stay shared and cycles are written
/// as UIDs pointing back. `encode(_: Int, forKey:)` and the other scalar methods store the
/// value in the object's own dictionary, as `encodeInteger(_:forKey:)` does.
///
/// Uniquing uses hash tables, so archiving is O(n) in the number of values.
/// An archiver is not thread-safe.
public final class KeyedArchiver {
    /// The format ``encodedData()`` writes. Default: ``PlistFormat/binary``, as NSKeyedArchiver.
    public var outputFormat: PlistFormat = .binary
    /// The deepest nesting of objects archived; deeper values fail with
    /// ``KeyedArchiveError/Code/limitExceeded``. Default: 512.
    public var maximumDepth = 512

    /// The archive being built; see ``ArchiverState`` for why it is one value.
    private var state = ArchiverState()

    /// The shortcuts taken (see ``KeyedArchiverFastPaths/keyedArchiverShortcuts``).
    var fastPaths: KeyedArchiverFastPaths {
        get { state.fastPaths }
        set { state.fastPaths = newValue }
    }

    /// The keys followed from `$top` to the object being encoded.
    public var codingPath: [String] { state.path }

    /// Creates an empty archiver.
    public init() {}

    /// Writes objects archived under `className` under `replacement` instead (like Apple's
    /// `setClassName(_:for:)`); `nil` removes the mapping. Applies to the first name of each
    /// `$classes` chain.
    public func setClassName(_ replacement: String?, forClassName className: String) {
        state.classNameOverrides[className] = replacement
    }

    // MARK: Encoding

    /// Encodes an object (or `nil`, written as UID 0) under `key` of the object being encoded,
    /// or of `$top` outside any object.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` for values nested deeper than
    ///   ``maximumDepth``, and whatever the value's ``KeyedArchivable/encode(to:)`` throws.
    @inlinable
    public func encode<T: KeyedArchivable>(_ value: T?, forKey key: String) throws {
        // Inlined so that the caller, which knows `T`, unwraps the optional: unspecialized
        // code looked up `Optional<T>`'s metadata on every call (a tenth of archiving).
        if let value { try encodeObject(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    /// ``encode(_:forKey:)`` for a value that is there.
    @usableFromInline
    func encodeObject<T: KeyedArchivable>(_ value: T, forKey key: String) throws {
        state.path.append(key)
        defer { state.path.removeLast() }
        setField(try reference(for: value), forKey: key)
    }

    /// ``encode(_:forKey:)`` for `nil`: UID 0.
    @usableFromInline
    func encodeNil(forKey key: String) {
        setField(.uid(0), forKey: key)
    }

    /// Encodes an integer inline in the current object's dictionary (`encodeInteger`).
    public func encode(_ value: Int, forKey key: String) {
        setField(.integer(PlistInteger(Int64(value))), forKey: key)
    }

    /// Encodes a 64-bit integer inline in the current object's dictionary (`encodeInt64`).
    public func encode(_ value: Int64, forKey key: String) {
        setField(.integer(PlistInteger(value)), forKey: key)
    }

    /// Encodes a real inline in the current object's dictionary (`encodeDouble`).
    public func encode(_ value: Double, forKey key: String) {
        setField(.real(value), forKey: key)
    }

    /// Encodes a boolean inline in the current object's dictionary (`encodeBool`).
    public func encode(_ value: Bool, forKey key: String) {
        setField(.boolean(value), forKey: key)
    }

    /// Encodes bytes inline in the current object's dictionary (`encodeBytes(_:length:forKey:)`);
    /// to archive an NSData object instead, use `encode(_:forKey:)` (the generic one) with `Data`.
    public func encodeBytes(_ value: Data, forKey key: String) {
        setField(.data(value), forKey: key)
    }

    /// Encodes an array of objects as an NSArray under `key`.
    ///
    /// - Throws: as `encode(_:forKey:)` (the generic one).
    public func encodeArrayOfObjects<T: KeyedArchivable>(_ values: [T], forKey key: String) throws {
        try encode(values, forKey: key)
    }

    /// The archive so far as its property-list value (the `$top` written so far and every
    /// object), ready to write with ``PlistValue/encoded(as:options:)``.
    /// - Complexity: O(n) in the number of objects.
    public var archiveValue: PlistValue { state.archiveValue }

    /// The archive so far in ``outputFormat``.
    ///
    /// - Throws: the property-list writer's ``PlistError``.
    public func encodedData() throws -> Data {
        // `nil` only for an archive above the writer's value limit: the general path then
        // throws the writer's own error.
        if state.fastPaths.keyedArchiverShortcuts, outputFormat == .binary,
           let data = directBinaryData(valueLimit: PlistWritingOptions().maximumValueCount) {
            return data
        }
        return try archiveValue.encoded(as: outputFormat)
    }

    /// The binary bytes of ``archiveValue`` written straight from the objects, or `nil` when
    /// the tree would hold more than `valueLimit` values.
    func directBinaryData(valueLimit: Int) -> Data? {
        state.directBinaryData(valueLimit: valueLimit)
    }

    /// Archives `root` under the `root` key, as `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`.
    ///
    /// - Throws: as `encode(_:forKey:)` (the generic one) and ``encodedData()``.
    public static func archivedData<T: KeyedArchivable>(withRootObject root: T, format: PlistFormat = .binary) throws -> Data {
        let archiver = KeyedArchiver()
        archiver.outputFormat = format
        try archiver.encode(root, forKey: "root")
        return try archiver.encodedData()
    }

    // MARK: Machinery for built-in conformances

    /// Marks the object being encoded as an inline scalar (NSString, NSNumber, NSData).
    func encodeInline(_ value: PlistValue) {
        state.setInline(value)
    }

    /// Stores a raw value (a UID, an array of UIDs, a scalar) under `key` of the current object.
    func setField(_ value: PlistValue, forKey key: String) {
        state.setField(value, forKey: Self.escaped(key))
    }

    /// Keys starting with `$` are the archive's own (`$class`); NSKeyedArchiver escapes a
    /// coder key that starts with `$` by prefixing another `$`, and the unarchiver undoes it.
    ///
    /// Only a key whose first byte is `$` can have the prefix "$": no other character is
    /// canonically equivalent to it. `hasPrefix` decides the rest, as it compares characters
    /// (a `$` followed by a combining mark is no "$").
    static func escaped(_ key: String) -> String {
        guard key.utf8.first == UInt8(ascii: "$") else { return key }
        return key.hasPrefix("$") ? "$" + key : key
    }

    /// The UID of `value` in `$objects`, archiving it first when it is new.
    func reference<T: KeyedArchivable>(for value: T) throws -> PlistValue {
        let traits = state.traits(of: T.self)
        if traits.isInline {
            // A string, the commonest inline value, without the cast to an existential (which
            // looks the conformance up in the runtime).
            if T.self == String.self { return try state.reference(toScalar: .string(value as! String)) }
            if let inline = (value as? any InlineArchivable)?.inlineArchiveValue {
                return try state.reference(toScalar: inline)
            }
        }
        // A generic tree's nil marker is a nil reference again.
        if T.self == PlistValue.self, case .dictionary(let entries)? = value as? PlistValue,
           entries.count == 1, entries["$null"] == .boolean(true) {
            return .uid(0)
        }
        var identity: ObjectIdentifier?
        var object: AnyObject?
        if traits.isClass {
            let instance = value as AnyObject
            let id = ObjectIdentifier(instance)
            if let existing = state.index(of: id) { return .uid(UInt32(existing)) }
            identity = id
            object = instance
        }
        let index = try state.openObject(identity: identity, retaining: object, maximumDepth: maximumDepth)
        do {
            try value.encode(to: self)
        } catch {
            state.abandonObject()
            throw error
        }
        guard let pendingStart = state.closeObject(at: index) else { return .uid(UInt32(index)) }
        try state.finishInstance(at: index, chain: value.archiveClassChain, pendingStart: pendingStart)
        return .uid(UInt32(index))
    }
}
