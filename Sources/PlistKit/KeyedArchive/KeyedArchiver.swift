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

    private var objects: [PlistValue] = [.string("$null")]
    private var top = PlistDictionary()
    private var frames: [Frame] = []
    private var path: [String] = []
    private var classIndexByChain: [[String]: Int] = [:]
    private var lastClass: (chain: [String], reference: PlistValue)?
    private var scalarIndex: [PlistValue: Int] = [:]
    private var identityIndex: [ObjectIdentifier: Int] = [:]
    /// Keeps archived class instances alive so that their `ObjectIdentifier`s stay unique
    /// while archiving.
    private var retained: [AnyObject] = []
    private var classNameOverrides: [String: String] = [:]

    private struct Frame {
        /// The fields in encoding order; built into one dictionary of the right size at the end.
        var fields: [(key: String, value: PlistValue)]
        var inline: PlistValue?
    }

    /// The keys followed from `$top` to the object being encoded.
    public var codingPath: [String] { path }

    /// Creates an empty archiver.
    public init() {}

    /// Writes objects archived under `className` under `replacement` instead (like Apple's
    /// `setClassName(_:for:)`); `nil` removes the mapping. Applies to the first name of each
    /// `$classes` chain.
    public func setClassName(_ replacement: String?, forClassName className: String) {
        classNameOverrides[className] = replacement
    }

    // MARK: Encoding

    /// Encodes an object (or `nil`, written as UID 0) under `key` of the object being encoded,
    /// or of `$top` outside any object.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` for values nested deeper than
    ///   ``maximumDepth``, and whatever the value's ``KeyedArchivable/encode(to:)`` throws.
    public func encode<T: KeyedArchivable>(_ value: T?, forKey key: String) throws {
        path.append(key)
        defer { path.removeLast() }
        let reference: PlistValue
        if let value { reference = try self.reference(for: value) } else { reference = .uid(0) }
        setField(reference, forKey: key)
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
    public var archiveValue: PlistValue {
        .dictionary([
            "$version": .integer(PlistInteger(Int64(KeyedArchive.currentVersion))),
            "$archiver": .string(KeyedArchive.archiverName),
            "$top": .dictionary(top),
            "$objects": .array(objects),
        ])
    }

    /// The archive so far in ``outputFormat``.
    ///
    /// - Throws: the property-list writer's ``PlistError``.
    public func encodedData() throws -> Data {
        try archiveValue.encoded(as: outputFormat)
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
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].inline = value
    }

    /// Stores a raw value (a UID, an array of UIDs, a scalar) under `key` of the current object.
    func setField(_ value: PlistValue, forKey key: String) {
        // Keys starting with `$` are the archive's own (`$class`); NSKeyedArchiver escapes a
        // coder key that starts with `$` by prefixing another `$`, and the unarchiver undoes it.
        let key = key.hasPrefix("$") ? "$" + key : key
        if frames.isEmpty {
            top[key] = value
        } else {
            frames[frames.count - 1].fields.append((key, value))
        }
    }

    /// The UID of `value` in `$objects`, archiving it first when it is new.
    func reference<T: KeyedArchivable>(for value: T) throws -> PlistValue {
        // Metatype checks first: they cost nothing for concrete types, where a cast of the
        // value to an existential would box it.
        if T.self is any InlineArchivable.Type, let inline = (value as? any InlineArchivable)?.inlineArchiveValue {
            return .uid(try UInt32(exactly: index(ofScalar: inline)) ?? tooMany())
        }
        // A generic tree's nil marker is a nil reference again.
        if T.self == PlistValue.self, case .dictionary(let entries)? = value as? PlistValue,
           entries.count == 1, entries["$null"] == .boolean(true) {
            return .uid(0)
        }
        var identity: ObjectIdentifier?
        if T.self is AnyClass {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let existing = identityIndex[id] { return .uid(UInt32(existing)) }
            identity = id
            retained.append(object)
        }
        guard frames.count < maximumDepth else {
            throw KeyedArchiveError(
                .limitExceeded, "Objects are nested deeper than \(maximumDepth) levels", keyPath: path)
        }
        let index = objects.count
        guard UInt32(exactly: index) != nil else { return .uid(try tooMany()) }
        // Reserve the slot and register the identity before encoding fields, so that a field
        // referring back to this object (a cycle) gets its UID.
        objects.append(.string("$null"))
        if let identity { identityIndex[identity] = index }
        var fields: [(key: String, value: PlistValue)] = []
        fields.reserveCapacity(4)
        frames.append(Frame(fields: fields, inline: nil))
        do {
            try value.encode(to: self)
        } catch {
            frames.removeLast()
            throw error
        }
        let frame = frames.removeLast()
        if let inline = frame.inline {
            objects[index] = inline
            return .uid(UInt32(index))
        }
        var chain = value.archiveClassChain
        if !classNameOverrides.isEmpty, let first = chain.first, let replacement = classNameOverrides[first] { chain[0] = replacement }
        // `$class` comes first, as Apple writes it; the class dictionary itself is appended
        // after the object's fields, as NSKeyedArchiver does.
        var dictionary = PlistDictionary(minimumCapacity: frame.fields.count + 1)
        dictionary["$class"] = try classReference(chain)
        for (key, field) in frame.fields { dictionary[key] = field }
        objects[index] = .dictionary(dictionary)
        return .uid(UInt32(index))
    }

    private func index(ofScalar value: PlistValue) -> Int {
        if let existing = scalarIndex[value] { return existing }
        let index = objects.count
        objects.append(value)
        scalarIndex[value] = index
        return index
    }

    private func classReference(_ chain: [String]) throws -> PlistValue {
        // Archives are mostly runs of one class (the elements of an array): comparing with the
        // last chain is cheaper than hashing it.
        if let last = lastClass, last.chain == chain { return last.reference }
        if let existing = classIndexByChain[chain] {
            lastClass = (chain, .uid(UInt32(existing)))
            return .uid(UInt32(existing))
        }
        let index = objects.count
        guard UInt32(exactly: index) != nil else { return .uid(try tooMany()) }
        objects.append(.dictionary([
            "$classes": .array(chain.map(PlistValue.string)),
            "$classname": .string(chain.first ?? "NSObject"),
        ]))
        classIndexByChain[chain] = index
        lastClass = (chain, .uid(UInt32(index)))
        return .uid(UInt32(index))
    }

    private func tooMany() throws -> UInt32 {
        throw KeyedArchiveError(.limitExceeded, "The archive would hold more than \(UInt32.max) objects", keyPath: path)
    }
}
