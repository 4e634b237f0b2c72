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

    /// Whether archiving takes its shortcuts: scalars uniqued in typed tables, binary output
    /// written straight from the objects below. Tests turn them off to compare the result
    /// with the general path (a `PlistValue` tree through the plist writer).
    var usesFastPaths = true

    // The state below is only ever touched by the archiver's own methods, one at a time (an
    // archiver is not thread-safe), and none of them holds an access across a call into user
    // code (`encode(to:)`), so the accesses cannot overlap: the dynamic exclusivity checks a
    // class property costs on every mutation were a tenth of archiving.

    /// `$objects`: `$null`, inline scalars, class descriptions and instances, whose fields
    /// live in `fieldKeys` and `fieldValues` rather than in a dictionary each.
    @exclusivity(unchecked) private var slots: [ArchiveSlot] = [.value(.string("$null"))]
    /// The fields of every finished instance, one run per instance (its `$class` is in its
    /// slot).
    @exclusivity(unchecked) private var fieldKeys: [String] = []
    @exclusivity(unchecked) private var fieldValues: [PlistValue] = []
    /// The fields of the instances being encoded, innermost last: an object nested in another
    /// is finished (and its fields moved out) before the outer one sets its next field.
    @exclusivity(unchecked) private var pendingKeys: [String] = []
    @exclusivity(unchecked) private var pendingValues: [PlistValue] = []
    @exclusivity(unchecked) private var top = PlistDictionary()
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var path: [String] = []
    @exclusivity(unchecked) private var classIndexByChain: [[String]: Int] = [:]
    /// Class chains used recently with their references; a new one replaces the oldest.
    @exclusivity(unchecked) private var recentClasses: [(chain: [String], uid: UInt32)] = []
    @exclusivity(unchecked) private var nextRecentClass = 0
    @exclusivity(unchecked) private var scalarIndex: [PlistValue: Int] = [:]
    @exclusivity(unchecked) private var scalars = ArchiveScalarTable()
    /// Per class (by its UID, modulo 64), the last key list found free of repeats.
    @exclusivity(unchecked) private var checkedKeyLists: [[String]] = Array(repeating: [], count: 64)
    @exclusivity(unchecked) private var typeTraits: [(type: ObjectIdentifier, traits: TypeTraits)] = []
    @exclusivity(unchecked) private var identityIndex: [ObjectIdentifier: Int] = [:]
    /// Keeps archived class instances alive so that their `ObjectIdentifier`s stay unique
    /// while archiving.
    @exclusivity(unchecked) private var retained: [AnyObject] = []
    @exclusivity(unchecked) private var classNameOverrides: [String: String] = [:]

    private struct Frame {
        /// Where this object's fields start in `pendingKeys` and `pendingValues`.
        var pendingStart: Int
        var inline: PlistValue?
    }

    /// What `reference(for:)` needs to know about a type, found once per type: each answer is
    /// a dynamic cast that looks the conformance up in the runtime.
    private struct TypeTraits {
        var isInline: Bool
        var isClass: Bool
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
    @inlinable
    public func encode<T: KeyedArchivable>(_ value: T?, forKey key: String) throws {
        // Inlined so that the caller, which knows `T`, unwraps the optional: unspecialized
        // code looked up `Optional<T>`'s metadata on every call (a tenth of archiving).
        if let value { try encodeObject(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    /// ``encode(_:forKey:)`` for a value that is there.
    @usableFromInline
    func encodeObject<T: KeyedArchivable>(_ value: T, forKey key: String) throws {
        path.append(key)
        defer { path.removeLast() }
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
    public var archiveValue: PlistValue {
        var objects: [PlistValue] = []
        objects.reserveCapacity(slots.count)
        for slot in slots {
            switch slot {
            case .value(let value):
                objects.append(value)
            case .instance(let classUID, let start, let count):
                // The fields hold no repeated key (see `finishInstance`), nor `$class`.
                objects.append(.dictionary(PlistDictionary(
                    readingKeys: ["$class"] + fieldKeys[start..<(start + count)],
                    values: [.uid(classUID)] + fieldValues[start..<(start + count)])))
            }
        }
        return .dictionary([
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
        // `nil` only for an archive above the writer's value limit: the general path then
        // throws the writer's own error.
        if usesFastPaths, outputFormat == .binary,
           let data = directBinaryData(valueLimit: PlistWritingOptions().maximumValueCount) {
            return data
        }
        return try archiveValue.encoded(as: outputFormat)
    }

    /// The binary bytes of ``archiveValue`` written straight from the objects, or `nil` when
    /// the tree would hold more than `valueLimit` values.
    func directBinaryData(valueLimit: Int) -> Data? {
        var writer = ArchiveBinaryWriter(objectCount: slots.count, fieldCount: fieldKeys.count, valueLimit: valueLimit)
        return writer.write(top: top, slots: slots, fieldKeys: fieldKeys, fieldValues: fieldValues)
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
        let key = Self.escaped(key)
        if frames.isEmpty {
            top[key] = value
        } else {
            pendingKeys.append(key)
            pendingValues.append(value)
        }
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
        let traits = self.traits(of: T.self)
        if traits.isInline {
            // A string, the commonest inline value, without the cast to an existential.
            if usesFastPaths, T.self == String.self {
                // `T` is `String` (checked just above), so the bits are a `String`'s.
                let string = unsafeBitCast(value, to: String.self)
                return .uid(try UInt32(exactly: index(ofScalar: .string(string))) ?? tooMany())
            }
            if let inline = (value as? any InlineArchivable)?.inlineArchiveValue {
                return .uid(try UInt32(exactly: index(ofScalar: inline)) ?? tooMany())
            }
        }
        // A generic tree's nil marker is a nil reference again.
        if T.self == PlistValue.self, case .dictionary(let entries)? = value as? PlistValue,
           entries.count == 1, entries["$null"] == .boolean(true) {
            return .uid(0)
        }
        var identity: ObjectIdentifier?
        if traits.isClass {
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
        let index = slots.count
        guard UInt32(exactly: index) != nil else { return .uid(try tooMany()) }
        // Reserve the slot and register the identity before encoding fields, so that a field
        // referring back to this object (a cycle) gets its UID.
        slots.append(.value(.string("$null")))
        if let identity { identityIndex[identity] = index }
        let pendingStart = pendingKeys.count
        frames.append(Frame(pendingStart: pendingStart, inline: nil))
        // The fields of this object leave the pending stack however encoding ends.
        defer {
            // One at a time: a handful of fields, where removing a range goes through the
            // general replacement.
            while pendingKeys.count > pendingStart {
                pendingKeys.removeLast()
                pendingValues.removeLast()
            }
        }
        do {
            try value.encode(to: self)
        } catch {
            frames.removeLast()
            throw error
        }
        let frame = frames.removeLast()
        if let inline = frame.inline {
            slots[index] = .value(inline)
            return .uid(UInt32(index))
        }
        var chain = value.archiveClassChain
        if !classNameOverrides.isEmpty, let first = chain.first, let replacement = classNameOverrides[first] { chain[0] = replacement }
        // `$class` comes first, as Apple writes it; the class dictionary itself is appended
        // after the object's fields, as NSKeyedArchiver does.
        let classUID = try classReference(chain)
        finishInstance(at: index, classUID: classUID, pendingStart: pendingStart)
        return .uid(UInt32(index))
    }

    /// Moves the fields of the object at `index` from the pending stack to its run of
    /// `fieldKeys` and `fieldValues`. A key set twice keeps its first position and its last
    /// value, as a dictionary's subscript does.
    private func finishInstance(at index: Int, classUID: UInt32, pendingStart: Int) {
        let start = fieldKeys.count
        let end = pendingKeys.count
        if hasRepeatedKey(from: pendingStart, classUID: classUID) {
            let merged = PlistDictionary(zip(pendingKeys[pendingStart...], pendingValues[pendingStart...]))
            fieldKeys.append(contentsOf: merged.keys)
            fieldValues.append(contentsOf: merged.values)
        } else {
            for i in pendingStart..<end {
                fieldKeys.append(pendingKeys[i])
                fieldValues.append(pendingValues[i])
            }
        }
        slots[index] = .instance(classUID: classUID, start: start, count: fieldKeys.count - start)
    }

    /// Whether two of the pending keys from `start` on have the same bytes (escaped keys
    /// never equal `$class`).
    ///
    /// Objects of one class nearly always set the same literal keys in the same order: a
    /// list whose every key has the representation of a list already checked for that class
    /// is answered without comparing any bytes.
    private func hasRepeatedKey(from start: Int, classUID: UInt32) -> Bool {
        let count = pendingKeys.count - start
        guard count > 1 else { return false }
        let memo = Int(truncatingIfNeeded: classUID & 63)
        if usesFastPaths, checkedKeyLists[memo].count == count {
            var same = true
            for i in 0..<count where !ExactKey.identicalRepresentation(checkedKeyLists[memo][i], pendingKeys[start + i]) {
                same = false
                break
            }
            if same { return false }
        }
        let keys = pendingKeys[start...]
        let repeated: Bool
        if count > 16 {
            // A set of exact keys beyond the few fields objects usually have.
            var seen = Set<ExactKey>(minimumCapacity: count)
            repeated = !keys.allSatisfy { seen.insert(ExactKey($0)).inserted }
        } else {
            repeated = keys.indices.dropFirst().contains { i in
                keys[keys.startIndex..<i].contains { ExactKey.exactlyEqual($0, keys[i]) }
            }
        }
        if !repeated, count <= 16 { checkedKeyLists[memo] = Array(keys) }
        return repeated
    }

    /// The traits of `type`, from a short list of the types met so far.
    private func traits<T>(of type: T.Type) -> TypeTraits {
        let id = ObjectIdentifier(type)
        for entry in typeTraits where entry.type == id { return entry.traits }
        let traits = TypeTraits(isInline: type is any InlineArchivable.Type, isClass: type is AnyClass)
        // Types come from the program's source, so there are few; the list stays short anyway.
        if typeTraits.count < 32 { typeTraits.append((id, traits)) }
        return traits
    }

    private func index(ofScalar value: PlistValue) -> Int {
        let candidate = slots.count
        let index: Int
        if usesFastPaths, let found = scalars.number(for: value, orInsert: candidate) {
            index = found
        } else {
            if let existing = scalarIndex[value] { return existing }
            scalarIndex[value] = candidate
            index = candidate
        }
        if index == candidate { slots.append(.value(value)) }
        return index
    }

    private func classReference(_ chain: [String]) throws -> UInt32 {
        // Archives are mostly runs of a few classes (the elements of an array, their fields):
        // comparing with the chains met last is cheaper than hashing the chain, and a chain
        // that is one constant array (the built-in types') compares by its buffer at once.
        for recent in recentClasses where recent.chain == chain { return recent.uid }
        let uid: UInt32
        if let existing = classIndexByChain[chain] {
            uid = UInt32(truncatingIfNeeded: existing)
        } else {
            let index = slots.count
            guard let exact = UInt32(exactly: index) else { return try tooMany() }
            slots.append(.value(.dictionary([
                "$classes": .array(chain.map(PlistValue.string)),
                "$classname": .string(chain.first ?? "NSObject"),
            ])))
            classIndexByChain[chain] = index
            uid = exact
        }
        if recentClasses.count < 4 {
            recentClasses.append((chain, uid))
        } else {
            recentClasses[nextRecentClass] = (chain, uid)
            nextRecentClass = (nextRecentClass + 1) % recentClasses.count
        }
        return uid
    }

    private func tooMany() throws -> UInt32 {
        throw KeyedArchiveError(.limitExceeded, "The archive would hold more than \(UInt32.max) objects", keyPath: path)
    }
}
