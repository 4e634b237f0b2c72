import FoundationEssentials

/// Everything a ``KeyedArchiver`` changes while archiving: the `$objects` built so far, the
/// fields of the objects still being encoded, and what strings, numbers, classes and
/// instances are uniqued by.
///
/// One value, so that each step of archiving is one exclusive access to the archiver's one
/// stored property rather than one per array touched (see ``KeyedArchiver``'s `state`). No
/// method calls out to other code, in particular not to a
/// value's `encode(to:)`, which comes back into the archiver: the archiver calls that between
/// ``openObject(identity:retaining:maximumDepth:)`` and ``closeObject(at:)``.
struct ArchiverState {
    var fastPaths = KeyedArchiverFastPaths()
    /// `$objects`: `$null`, inline scalars, class descriptions and instances, whose fields
    /// live in `fieldKeys` and `fieldValues` rather than in a dictionary each.
    private(set) var slots: [ArchiveSlot] = [.value(.string("$null"))]
    /// The fields of every finished instance, one run per instance (its `$class` is in its
    /// slot).
    private(set) var fieldKeys: [String] = []
    private(set) var fieldValues: [PlistValue] = []
    /// `$top`.
    private(set) var top = PlistDictionary()
    /// The keys followed from `$top` to the object being encoded.
    var path: [String] = []
    var classNameOverrides: [String: String] = [:]

    /// The fields of the objects being encoded, innermost last: an object nested in another
    /// is finished (and its fields moved out) before the outer one sets its next field.
    private var pendingKeys: [String] = []
    private var pendingValues: [PlistValue] = []
    private var frames: [Frame] = []
    private var classIndexByChain: [[String]: Int] = [:]
    /// Class chains used recently with their references; a new one replaces the oldest.
    private var recentClasses: [(chain: [String], uid: UInt32)] = []
    private var nextRecentClass = 0
    private var scalarIndex: [PlistValue: Int] = [:]
    private var scalars = ArchiveScalarTable()
    private var typeTraits: [(type: ObjectIdentifier, traits: TypeTraits)] = []
    private var identityIndex: [ObjectIdentifier: Int] = [:]
    /// Keeps archived class instances alive so that their `ObjectIdentifier`s stay unique
    /// while archiving.
    private var retained: [AnyObject] = []

    private struct Frame {
        /// Where this object's fields start in `pendingKeys` and `pendingValues`.
        var pendingStart: Int
        var inline: PlistValue?
    }

    /// What ``KeyedArchiver/reference(for:)`` needs to know about a type, found once per type:
    /// each answer is a dynamic cast that looks the conformance up in the runtime.
    struct TypeTraits {
        var isInline: Bool
        var isClass: Bool
    }

    // MARK: Fields

    /// Stores `value` under the (escaped) `key` of the object being encoded, or of `$top`.
    mutating func setField(_ value: PlistValue, forKey key: String) {
        if frames.isEmpty {
            top[key] = value
        } else {
            pendingKeys.append(key)
            pendingValues.append(value)
        }
    }

    /// Marks the object being encoded as an inline scalar (NSString, NSNumber, NSData).
    mutating func setInline(_ value: PlistValue) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].inline = value
    }

    // MARK: Objects

    /// The traits of `type`, from a short list of the types met so far.
    mutating func traits<T>(of type: T.Type) -> TypeTraits {
        let id = ObjectIdentifier(type)
        for entry in typeTraits where entry.type == id { return entry.traits }
        let traits = TypeTraits(isInline: type is any InlineArchivable.Type, isClass: type is AnyClass)
        // Types come from the program's source, so there are few; the list stays short anyway.
        if typeTraits.count < 32 { typeTraits.append((id, traits)) }
        return traits
    }

    /// The `$objects` index of an instance archived already.
    func index(of identity: ObjectIdentifier) -> Int? {
        identityIndex[identity]
    }

    /// Opens a new object one level deeper and returns its `$objects` index; its fields go to
    /// the pending stack until ``closeObject(at:)``.
    ///
    /// The slot is reserved and the identity registered before any field is encoded, so that
    /// a field referring back to this object (a cycle) gets its UID.
    ///
    /// - Parameter retaining: the instance with that identity, kept alive while archiving.
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` beyond `maximumDepth` open objects or
    ///   `UInt32.max` objects.
    mutating func openObject(identity: ObjectIdentifier?, retaining object: AnyObject?, maximumDepth: Int) throws -> Int {
        if let object { retained.append(object) }
        guard frames.count < maximumDepth else {
            throw KeyedArchiveError(.limitExceeded, "Objects are nested deeper than \(maximumDepth) levels", keyPath: path)
        }
        let index = slots.count
        guard UInt32(exactly: index) != nil else { throw tooMany() }
        slots.append(.value(.string("$null")))
        if let identity { identityIndex[identity] = index }
        frames.append(Frame(pendingStart: pendingKeys.count, inline: nil))
        return index
    }

    /// Closes the innermost object after its `encode(to:)` threw: its fields are dropped.
    mutating func abandonObject() {
        let frame = frames.removeLast()
        dropPending(from: frame.pendingStart)
    }

    /// Closes the innermost object, at `index`. An inline scalar is finished here and `nil`
    /// returned; for an instance, the start of its fields on the pending stack, for
    /// ``finishInstance(at:chain:pendingStart:)``.
    mutating func closeObject(at index: Int) -> Int? {
        let frame = frames.removeLast()
        guard let inline = frame.inline else { return frame.pendingStart }
        slots[index] = .value(inline)
        dropPending(from: frame.pendingStart)
        return nil
    }

    /// Finishes the instance at `index` with the class chain `chain` (its first name replaced
    /// as ``KeyedArchiver/setClassName(_:forClassName:)`` asks): moves its fields from the
    /// pending stack to its run of `fieldKeys` and `fieldValues`, `$class` first, as Apple
    /// writes it; the class dictionary itself is appended after the object's fields, as
    /// NSKeyedArchiver does. A key set twice keeps its first position and its last value, as
    /// a dictionary's subscript does.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` past `UInt32.max` objects.
    mutating func finishInstance(at index: Int, chain: [String], pendingStart: Int) throws {
        defer { dropPending(from: pendingStart) }
        var chain = chain
        if !classNameOverrides.isEmpty, let first = chain.first, let replacement = classNameOverrides[first] {
            chain[0] = replacement
        }
        let classUID = try classReference(chain)
        let start = fieldKeys.count
        if hasRepeatedKey(from: pendingStart) {
            let merged = PlistDictionary(zip(pendingKeys[pendingStart...], pendingValues[pendingStart...]))
            fieldKeys.append(contentsOf: merged.keys)
            fieldValues.append(contentsOf: merged.values)
        } else {
            for i in pendingStart..<pendingKeys.count {
                fieldKeys.append(pendingKeys[i])
                fieldValues.append(pendingValues[i])
            }
        }
        slots[index] = .instance(classUID: classUID, start: start, count: fieldKeys.count - start)
    }

    private mutating func dropPending(from start: Int) {
        // One at a time: a handful of fields, where removing a range goes through the general
        // replacement.
        while pendingKeys.count > start {
            pendingKeys.removeLast()
            pendingValues.removeLast()
        }
    }

    /// Whether two of the pending keys from `start` on have the same bytes (escaped keys never
    /// equal `$class`).
    private func hasRepeatedKey(from start: Int) -> Bool {
        let end = pendingKeys.count
        guard end - start > 1 else { return false }
        if end - start > 16 {
            // A set of exact keys beyond the few fields objects usually have.
            var seen = Set<ExactKey>(minimumCapacity: end - start)
            return !pendingKeys[start...].allSatisfy { seen.insert(ExactKey($0)).inserted }
        }
        for i in (start + 1)..<end {
            for j in start..<i where ExactKey.exactlyEqual(pendingKeys[j], pendingKeys[i]) { return true }
        }
        return false
    }

    // MARK: Uniquing

    /// A reference to the `$objects` entry holding `value`, a string, number or data written
    /// once per distinct value.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` past `UInt32.max` objects.
    mutating func reference(toScalar value: PlistValue) throws -> PlistValue {
        let candidate = slots.count
        let index: Int
        if fastPaths.keyedArchiverShortcuts, let found = scalars.number(for: value, orInsert: candidate) {
            index = found
        } else if let existing = scalarIndex[value] {
            index = existing
        } else {
            scalarIndex[value] = candidate
            index = candidate
        }
        if index == candidate { slots.append(.value(value)) }
        guard let uid = UInt32(exactly: index) else { throw tooMany() }
        return .uid(uid)
    }

    private mutating func classReference(_ chain: [String]) throws -> UInt32 {
        // Archives are mostly runs of a few classes (the elements of an array, their fields):
        // comparing with the chains met last is cheaper than hashing the chain, and a chain
        // that is one constant array (the built-in types') compares by its buffer at once.
        for recent in recentClasses where recent.chain == chain { return recent.uid }
        let uid: UInt32
        if let existing = classIndexByChain[chain] {
            uid = UInt32(truncatingIfNeeded: existing)
        } else {
            let index = slots.count
            guard let exact = UInt32(exactly: index) else { throw tooMany() }
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

    func tooMany() -> KeyedArchiveError {
        KeyedArchiveError(.limitExceeded, "The archive would hold more than \(UInt32.max) objects", keyPath: path)
    }

    // MARK: Output

    /// The archive so far as its property-list value.
    var archiveValue: PlistValue {
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

    /// The binary bytes of ``archiveValue`` written straight from the objects, or `nil` when
    /// the tree would hold more than `valueLimit` values.
    func directBinaryData(valueLimit: Int) -> Data? {
        var writer = ArchiveBinaryWriter(objectCount: slots.count, fieldCount: fieldKeys.count, valueLimit: valueLimit)
        return writer.write(top: top, slots: slots, fieldKeys: fieldKeys, fieldValues: fieldValues)
    }
}
