import FoundationEssentials

/// Decodes typed Swift values from a keyed archive, with a class registry and a secure-coding
/// allow-list.
///
/// Create one over an archive, then ask for top-level keys; inside ``KeyedArchivable/init(from:)``
/// the same unarchiver reads the fields of the object being decoded:
///
/// ```swift
/// let user = try KeyedUnarchiver.unarchivedObject(ofClass: User.self, from: data)
/// // or, with more control:
/// let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: ["User", "NSArray"])
/// unarchiver.setClass(LegacyUser.self, forClassName: "OldUser")
/// let users = try unarchiver.decodeArrayOfObjects(ofClass: User.self, forKey: "root")
/// ```
///
/// **Security.** When ``allowedClassNames`` is set (the default for the static entry points),
/// the first decode of a top-level key walks every object reachable from it, collection
/// contents and dictionary keys included, and fails with ``KeyedArchiveError/Code/classNotAllowed``
/// (naming the class, its `$objects` index and the key path that led there) before any object
/// is built. Inline strings, numbers and data carry no class and are always allowed. Each
/// typed call also checks the class of what it decodes against the type asked for before
/// building it (``KeyedArchiveError/Code/typeMismatch``, ``KeyedArchiveError/Code/classUnknown``).
///
/// **Shared objects and cycles.** An object referred to twice is decoded once; a class type
/// gets the same instance back, a value type an equal copy. An object reached again while it
/// is still being decoded (a cycle) fails with ``KeyedArchiveError/Code/cyclicReference``:
/// handing out the unfinished object, as NSKeyedUnarchiver does, would let code see a value
/// whose invariants do not hold yet, and value types cannot refer to themselves at all.
///
/// An unarchiver is not thread-safe; use one per decode.
public final class KeyedUnarchiver {
    /// The archive being decoded.
    public let archive: KeyedArchive
    /// The class names objects may have, or `nil` to allow every class (insecure decoding of
    /// trusted archives). Inline scalars are always allowed.
    public var allowedClassNames: Set<String>? {
        // A new list must be checked again over the whole graph.
        didSet {
            validatedTopKeys.removeAll()
            cache.removeAll()
            forgetResolutions()
        }
    }
    /// The deepest nesting of objects decoded; deeper graphs fail with
    /// ``KeyedArchiveError/Code/limitExceeded``. Default: 512.
    public var maximumDepth: Int

    // The hot state below is marked `@exclusivity(unchecked)`: an unarchiver is used by one
    // thread at a time (see above), and every access to these properties is a single read or
    // write that calls out to nothing while it lasts (no `inout` of them is passed to other
    // code), so no two accesses can overlap; the dynamic checks were a tenth of decoding.

    private var registry: [String: any KeyedArchivable.Type] = [:]
    /// Whether the shortcuts below are taken (inline strings read in place, remembered type
    /// resolutions, the allow-list walk skipped when every class is allowed, the requested
    /// type's initializer called directly, keys matched by their bits first). Each gives exactly what the general path gives;
    /// tests turn them off to prove it.
    @exclusivity(unchecked) var usesFastPaths = true
    /// What is being decoded: `$top`, an instance (by `$objects` index) or an inline scalar.
    /// Saved and restored around each nested decode, so the chain of enclosing objects lives
    /// on the call stack; keeping a copy of each `ArchivedInstance` in an array retained and
    /// released all of its parts at every field read.
    @exclusivity(unchecked) private var position: Position = .top
    /// How many positions are open, `$top` included (the depth ``maximumDepth`` bounds).
    @exclusivity(unchecked) private var depth = 1
    /// The keys followed from `$top`, kept as components so that the common, error-free path
    /// builds no strings; ``path`` renders them for errors.
    @exclusivity(unchecked) private var pathStorage: [ArchivePathComponent] = []
    private var path: [String] { pathStorage.map(\.description) }
    /// Objects being decoded, by index: reaching one again is a cycle. (A stored property, not
    /// a lazy one: a lazy property is mutated by getting a copy and setting it back, which
    /// copied the whole array for every object decoded.)
    @exclusivity(unchecked) private var inProgress: [Bool]
    /// How many references point at each object (see ``referenceCount(of:)``); empty until
    /// the first object is decoded.
    @exclusivity(unchecked) private var referenceCounts: [Int] = []
    @exclusivity(unchecked) private var cache: [Int: Any] = [:]
    private var validatedTopKeys: Set<String> = []
    /// Per class description (by `$objects` index): 0 not yet checked against the allow-list,
    /// 1 allowed, 2 not allowed. Empty until first needed. Hashing the class name into the
    /// allow-list for every object was a large part of the check.
    @exclusivity(unchecked) private var classAllowed: [UInt8] = []
    /// Whether the allow-list names the class of every class description in `$objects`
    /// (then no walk can fail), or `nil` until first needed.
    @exclusivity(unchecked) private var everyClassAllowed: Bool?
    /// Successful type resolutions: (class description index, requested type) → the type
    /// that decodes it. A few entries, scanned linearly; see ``resolveType(_:for:)``.
    @exclusivity(unchecked) private var resolutions: [Resolution] = []
    /// Facts about the requested types met so far (see ``facts(of:)``).
    @exclusivity(unchecked) private var typeFacts: [TypeFacts] = []

    enum Position {
        case top
        case instance(Int)
        case scalar(PlistValue, index: Int?)
    }

    private struct Resolution {
        let classIndex: Int
        let requested: ObjectIdentifier
        let resolved: any KeyedArchivable.Type
    }

    /// What a requested type is, found once per type instead of with a dynamic cast at
    /// every object.
    private struct TypeFacts {
        let type: ObjectIdentifier
        let isInline: Bool
        let isGeneric: Bool
        let isString: Bool
    }

    /// The most resolutions kept; archives use a handful of classes, and a miss only costs
    /// the full check.
    private static let resolutionLimit = 32

    /// Creates an unarchiver over an archive.
    ///
    /// - Parameters:
    ///   - archive: The archive.
    ///   - allowedClassNames: The allow-list, or `nil` for none (see ``allowedClassNames``).
    ///   - maximumDepth: See ``maximumDepth``.
    public init(archive: KeyedArchive, allowedClassNames: Set<String>?, maximumDepth: Int = 512) {
        self.archive = archive
        self.allowedClassNames = allowedClassNames
        self.maximumDepth = maximumDepth
        self.inProgress = [Bool](repeating: false, count: archive.objects.count)
    }

    /// Creates an unarchiver over an archive's bytes (binary or XML).
    ///
    /// - Throws: ``KeyedArchiveError`` as ``KeyedArchive/init(decoding:options:)``.
    public convenience init(
        decoding data: Data, allowedClassNames: Set<String>?, options: PlistReadingOptions = PlistReadingOptions()
    ) throws {
        self.init(archive: try KeyedArchive(decoding: data, options: options),
                  allowedClassNames: allowedClassNames, maximumDepth: options.maximumDepth)
    }

    /// Decodes the `root` object of an archive as `type`, allowing only the classes `type`
    /// reads and those of `additionalTypes` (the types of its fields, such as `[Note].self`).
    ///
    /// - Throws: ``KeyedArchiveError``: ``KeyedArchiveError/Code/valueNotFound`` when there is
    ///   no root object, ``KeyedArchiveError/Code/classNotAllowed`` for a class outside the
    ///   allow-list anywhere in the graph, and the other codes as the decode meets them.
    /// - Complexity: O(n) in the number of objects reachable from the root.
    public static func unarchivedObject<T: KeyedArchivable>(
        ofClass type: T.Type, from data: Data, additionalTypes: [any KeyedArchivable.Type] = []
    ) throws -> T {
        let unarchiver = try KeyedUnarchiver(
            decoding: data, allowedClassNames: Self.classNames(of: [type] + additionalTypes))
        guard let value = try unarchiver.decodeObject(of: type, forKey: "root") else {
            throw KeyedArchiveError(.valueNotFound, "The archive has no root object", keyPath: ["root"])
        }
        return value
    }

    /// Decodes the `root` object of an archive as whichever of `types` reads its class, allowing
    /// exactly the classes those types read (like `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)`).
    ///
    /// - Throws: as ``unarchivedObject(ofClass:from:additionalTypes:)``.
    public static func unarchivedObject(
        ofClasses types: [any KeyedArchivable.Type], from data: Data
    ) throws -> any KeyedArchivable {
        let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: Self.classNames(of: types))
        guard let value = try unarchiver.decodeObject(of: types, forKey: "root") else {
            throw KeyedArchiveError(.valueNotFound, "The archive has no root object", keyPath: ["root"])
        }
        return value
    }

    /// The union of the archive class names the given types read.
    public static func classNames(of types: [any KeyedArchivable.Type]) -> Set<String> {
        var names: Set<String> = []
        for type in types { names.formUnion(type.archiveClassNames) }
        return names
    }

    // MARK: Registry

    /// Decodes objects archived under `className` as `type` (like Apple's
    /// `setClass(_:forClassName:)`); `nil` removes the mapping. A mapping takes precedence
    /// over the class names a requested type declares.
    public func setClass(_ type: (any KeyedArchivable.Type)?, forClassName className: String) {
        registry[className] = type
        forgetResolutions()
    }

    /// The type registered for `className`, if any.
    public func registeredClass(forClassName className: String) -> (any KeyedArchivable.Type)? {
        registry[className]
    }

    // MARK: The current object

    /// The keys of the object being decoded (of `$top` at the top level), `$class` excluded.
    public var allKeys: [String] {
        switch position {
        case .top: return archive.top.keys.map(Self.unescaped)
        case .instance: return currentInstance?.fieldNames.map(Self.unescaped) ?? []
        case .scalar: return []
        }
    }

    /// A stored key as the coder wrote it: `$$name` is the escaped form of `$name`.
    static func unescaped(_ key: String) -> String {
        key.hasPrefix("$$") ? String(key.dropFirst()) : key
    }

    /// The class name of the object being decoded, or `nil` at the top level and for inline
    /// values.
    public var currentClassName: String? {
        currentInstance?.className
    }

    /// The class chain (`$classes`) of the object being decoded, or `nil` at the top level and
    /// for inline values.
    public var currentClassChain: [String]? {
        currentInstance?.archivedClass.chain
    }

    /// The `$objects` index of the object being decoded, or `nil` at the top level.
    public var currentObjectIndex: Int? {
        switch position {
        case .top: return nil
        case .instance(let index): return index
        case .scalar(_, let index): return index
        }
    }

    /// The keys followed from `$top` to the object being decoded.
    public var codingPath: [String] { path }

    /// Whether the object being decoded has a value for `key`.
    public func containsValue(forKey key: String) -> Bool {
        rawValue(forKey: key) != nil
    }

    /// The inline scalar being decoded (a built-in type reading an NSString, NSNumber or
    /// NSData stored inline), or `nil` when an object with a class is being decoded.
    var currentScalar: PlistValue? {
        if case .scalar(let value, _) = position { return value }
        return nil
    }

    /// The instance being decoded, or `nil` at the top level and for inline values.
    private var currentInstance: ArchivedInstance? {
        guard case .instance(let index) = position, case .instance(let instance) = archive.objects[index] else { return nil }
        return instance
    }

    /// Whether `$top` is being decoded (where a decode first checks the allow-list).
    private var isAtTop: Bool {
        if case .top = position { return true }
        return false
    }

    /// The readable tree of the object being decoded (for ``PlistValue``'s conformance).
    func currentGenericTree() throws -> PlistValue {
        guard let index = currentObjectIndex else { return .dictionary(archive.top) }
        var builder = GenericTreeBuilder(archive: archive, options: GenericTreeOptions(maximumDepth: maximumDepth))
        return try builder.tree(for: .uid(UInt32(index)), path: path)
    }

    func rawValue(forKey key: String) -> PlistValue? {
        // Coder keys starting with `$` are stored with one more `$` (see KeyedArchiver.setField).
        // (The first byte, not `hasPrefix`, which costs a generic comparison per field read.
        // An escaped key starts with `$$`, so it can never be `$class`, which is no field.)
        let key = key.utf8.first == UInt8(ascii: "$") ? "$" + key : key
        switch position {
        case .top: return archive.top[key]
        case .instance(let index):
            guard case .instance(let instance) = archive.objects[index] else { return nil }
            return usesFastPaths ? instance.storedValue(forKey: key) : instance.storage[key]
        case .scalar: return nil
        }
    }

    // MARK: Scalars

    /// Decodes an integer stored inline or as an NSNumber object (a boolean reads as 1 or 0,
    /// since Foundation's archives may store one for the other).
    ///
    /// - Throws: ``KeyedArchiveError/Code/valueNotFound`` when the key is absent,
    ///   ``KeyedArchiveError/Code/typeMismatch`` when the value is not an integer that fits `Int`.
    public func decodeInteger(forKey key: String) throws -> Int {
        let value = try scalar(forKey: key)
        guard let result = ArchiveNumber.integer(value)?.intValue else {
            throw mismatch(expected: "an integer that fits Int", found: value, key: key)
        }
        return result
    }

    /// Decodes a 64-bit integer stored inline or as an NSNumber object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeInt64(forKey key: String) throws -> Int64 {
        let value = try scalar(forKey: key)
        guard let result = ArchiveNumber.integer(value)?.int64Value else {
            throw mismatch(expected: "an integer that fits Int64", found: value, key: key)
        }
        return result
    }

    /// Decodes a real stored inline or as an NSNumber object; integers convert, as NSCoder's
    /// `decodeDouble(forKey:)` does.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeDouble(forKey key: String) throws -> Double {
        let value = try scalar(forKey: key)
        switch value {
        case .real(let real): return real
        case .integer(let integer): return integer.doubleValue
        case .boolean(let bool): return bool ? 1 : 0
        default: throw mismatch(expected: "a real", found: value, key: key)
        }
    }

    /// Decodes a boolean stored inline or as an NSNumber object (the integers 1 and 0 read as
    /// `true` and `false`, since Foundation's archives may store one for the other).
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeBool(forKey key: String) throws -> Bool {
        let value = try scalar(forKey: key)
        guard let bool = ArchiveNumber.boolean(value) else { throw mismatch(expected: "a boolean", found: value, key: key) }
        return bool
    }

    /// Decodes bytes stored inline (`encodeBytes`), as inline NSData, or as an NSData /
    /// NSMutableData object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeData(forKey key: String) throws -> Data {
        if case .data(let data)? = rawValue(forKey: key) { return data }
        guard let data = try decodeObject(of: Data.self, forKey: key) else {
            throw notFound(key)
        }
        return data
    }

    /// Decodes a string stored inline or as an NSString / NSMutableString object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeString(forKey key: String) throws -> String {
        let raw = rawValue(forKey: key)
        if case .string(let string)? = raw { return string }
        // A reference to an inline string in `$objects` (how NSString is archived) is what
        // `decodeObject(of: String.self, forKey:)` returns for it; reaching it directly skips
        // opening a path step and a position. (An inline string has no class, so no
        // allow-list walk can fail on it.)
        if usesFastPaths, case .uid(let uid)? = raw, Int(uid) < archive.objects.count,
           case .scalar(.string(let string)) = archive.objects[Int(uid)] {
            return string
        }
        guard let string = try decodeObject(of: String.self, forKey: key) else {
            throw notFound(key)
        }
        return string
    }

    /// Decodes the field as a readable tree, whatever its classes, instantiating nothing (see
    /// ``KeyedArchive/genericTree(forKey:options:)``), or `nil` when the key is absent.
    ///
    /// The allow-list applies: a class outside it fails as in typed decoding.
    ///
    /// - Throws: ``KeyedArchiveError``.
    public func decodeGenericValue(forKey key: String) throws -> PlistValue? {
        guard let raw = rawValue(forKey: key) else { return nil }
        pathStorage.append(.key(key))
        defer { pathStorage.removeLast() }
        if case .uid(let uid) = raw {
            try checkAllowed(index: Int(uid))
            try validateReachable(from: raw)
        }
        var builder = GenericTreeBuilder(archive: archive, options: GenericTreeOptions(maximumDepth: maximumDepth))
        return try builder.tree(for: raw, path: path)
    }

    // MARK: Objects

    /// Decodes the object under `key` as `type`, or returns `nil` when the key is absent or
    /// refers to `$null`.
    ///
    /// Before anything is built the object's class is checked: against the allow-list, then
    /// against a type registered with ``setClass(_:forClassName:)``, then against
    /// `type.archiveClassNames`.
    ///
    /// - Throws: ``KeyedArchiveError``: ``KeyedArchiveError/Code/classNotAllowed``,
    ///   ``KeyedArchiveError/Code/classUnknown`` (no type reads the class),
    ///   ``KeyedArchiveError/Code/typeMismatch`` (another type does, or an inline value where an
    ///   object is needed), ``KeyedArchiveError/Code/cyclicReference``,
    ///   ``KeyedArchiveError/Code/limitExceeded``, and whatever the type's initializer throws.
    public func decodeObject<T: KeyedArchivable>(of type: T.Type, forKey key: String) throws -> T? {
        guard let raw = rawValue(forKey: key) else { return nil }
        pathStorage.append(.key(key))
        defer { pathStorage.removeLast() }
        if isAtTop { try validateReachable(from: raw) }
        return try decode(type, from: raw)
    }

    /// Decodes the object under `key` as whichever of `types` reads its class (the first that
    /// does), or returns `nil` when the key is absent or refers to `$null`.
    ///
    /// - Throws: as ``decodeObject(of:forKey:)``; ``KeyedArchiveError/Code/classUnknown`` when
    ///   none of the types reads the class.
    public func decodeObject(of types: [any KeyedArchivable.Type], forKey key: String) throws -> (any KeyedArchivable)? {
        guard let raw = rawValue(forKey: key) else { return nil }
        pathStorage.append(.key(key))
        defer { pathStorage.removeLast() }
        if isAtTop { try validateReachable(from: raw) }
        if case .uid(let uid) = raw, uid == 0 { return nil }
        let chosen = try chooseType(among: types, for: raw)
        return try decodeOpened(chosen, from: raw)
    }

    private func decodeOpened<T: KeyedArchivable>(_ type: T.Type, from raw: PlistValue) throws -> (any KeyedArchivable)? {
        try decode(type, from: raw)
    }

    /// Decodes an NSArray / NSMutableArray under `key` whose elements are all of `type`, or
    /// returns `nil` when the key is absent or `$null`. Every element's class is checked before
    /// any element is built.
    ///
    /// - Throws: as ``decodeObject(of:forKey:)``; ``KeyedArchiveError/Code/typeMismatch`` when
    ///   an element is `$null` or of another class.
    public func decodeArrayOfObjects<T: KeyedArchivable>(ofClass type: T.Type, forKey key: String) throws -> [T]? {
        try decodeObject(of: [T].self, forKey: key)
    }

    /// Decodes an NSDictionary / NSMutableDictionary under `key` whose keys are all of
    /// `keyType` and values all of `valueType`, or returns `nil` when the key is absent or
    /// `$null`. Every key's and value's class is checked before any is built.
    ///
    /// - Throws: as ``decodeArrayOfObjects(ofClass:forKey:)``; ``KeyedArchiveError/Code/typeMismatch``
    ///   when two keys are equal.
    public func decodeDictionary<K: KeyedArchivable & Hashable, V: KeyedArchivable>(
        withKeysOfClass keyType: K.Type, objectsOfClass valueType: V.Type, forKey key: String
    ) throws -> [K: V]? {
        try decodeObject(of: [K: V].self, forKey: key)
    }

    /// Decodes an NSArray / NSMutableArray under `key` whose elements may be of any of
    /// `types` (each element decodes as the first type that reads its class), or returns `nil`
    /// when the key is absent or `$null`. Every element's class is checked before any is built.
    ///
    /// - Throws: as `decodeObject(of:forKey:)` with a list of types.
    public func decodeArrayOfObjects(ofClasses types: [any KeyedArchivable.Type], forKey key: String) throws -> [any KeyedArchivable]? {
        try withCollection(forKey: key, classNames: [String].archiveClassNames) {
            guard case .array(let elements)? = rawValue(forKey: "NS.objects") else { throw notFound("NS.objects") }
            return try decodeHeterogeneous(types, elements, label: "NS.objects")
        }
    }

    /// Decodes an NSDictionary / NSMutableDictionary under `key` whose keys are all of `keyType`
    /// and whose values may be of any of `types`, or returns `nil` when the key is absent or
    /// `$null`. Every key's and value's class is checked before any is built.
    ///
    /// - Throws: as ``decodeDictionary(withKeysOfClass:objectsOfClass:forKey:)``.
    public func decodeDictionary<K: KeyedArchivable & Hashable>(
        withKeysOfClass keyType: K.Type, objectsOfClasses types: [any KeyedArchivable.Type], forKey key: String
    ) throws -> [K: any KeyedArchivable]? {
        try withCollection(forKey: key, classNames: [String: String].archiveClassNames) {
            guard case .array(let keys)? = rawValue(forKey: "NS.keys") else { throw notFound("NS.keys") }
            guard case .array(let values)? = rawValue(forKey: "NS.objects") else { throw notFound("NS.objects") }
            guard keys.count == values.count else {
                throw mismatch("An NSDictionary has \(keys.count) keys but \(values.count) values")
            }
            try precheckElements(keyType, keys, label: "NS.keys")
            try precheckHeterogeneous(types, values, label: "NS.objects")
            let decodedKeys = try decodeElements(keyType, keys, label: "NS.keys")
            let decodedValues = try decodeHeterogeneous(types, values, label: "NS.objects")
            var result: [K: any KeyedArchivable] = Dictionary(minimumCapacity: keys.count)
            for (i, key) in decodedKeys.enumerated() {
                guard result.updateValue(decodedValues[i], forKey: key) == nil else {
                    throw mismatch("Key \(i) of an NSDictionary repeats an earlier key")
                }
            }
            return result
        }
    }

    /// Decodes the object at an index of `$objects` as `type` (for tools that navigate the
    /// graph with ``KeyedArchive``), or returns `nil` for index 0 (`$null`). The allow-list
    /// covers every object reachable from it, with key paths starting at `$objects[index]`.
    ///
    /// - Throws: as ``decodeObject(of:forKey:)``; ``KeyedArchiveError/Code/corruptArchive``
    ///   for an index outside `$objects`.
    /// - Complexity: with an allow-list, O(n) in the objects reachable from `index` for the
    ///   check, on every call.
    public func decodeObject<T: KeyedArchivable>(of type: T.Type, atIndex index: Int) throws -> T? {
        guard let uid = UInt32(exactly: index), archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "Index \(index) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: index)
        }
        let saved = pathStorage
        pathStorage = [.object(index)]
        defer { pathStorage = saved }
        if let allowed = allowedClassNames, !allowsEveryClass(allowed) {
            var walker = ArchiveGraphWalker(archive: archive)
            try walker.walk(from: .uid(uid), rootPath: path) { instance, keyPath in
                if !isAllowed(instance, by: allowed) { throw Self.notAllowed(instance, allowed: allowed, keyPath: keyPath()) }
            }
        }
        return try decode(type, from: .uid(uid))
    }

    /// Runs `body` positioned on the collection object under `key`, after checking its class
    /// against the allow-list and `classNames`, and a cycle back into it.
    private func withCollection<R>(forKey key: String, classNames: [String], _ body: () throws -> R) throws -> R? {
        guard let raw = rawValue(forKey: key) else { return nil }
        pathStorage.append(.key(key))
        defer { pathStorage.removeLast() }
        if isAtTop { try validateReachable(from: raw) }
        guard case .uid(let uid) = raw else {
            throw KeyedArchiveError(
                .typeMismatch, "Expected a collection object for key '\(key)', found \(KeyedArchive.describe(raw))",
                objectIndex: currentObjectIndex, keyPath: path)
        }
        let index = Int(uid)
        guard index != 0 else { return nil }
        guard archive.objects.indices.contains(index), case .instance(let instance) = archive.objects[index] else {
            throw KeyedArchiveError(
                .typeMismatch, "Expected a collection object for key '\(key)', found $objects[\(index)], which has no class",
                objectIndex: index, keyPath: path)
        }
        try checkAllowed(instance)
        guard classNames.contains(instance.className) || registry[instance.className] != nil else {
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected \(classNames.joined(separator: " or ")) for key '\(key)', found class '\(instance.className)' at $objects[\(index)]",
                objectIndex: index, keyPath: path, className: instance.className)
        }
        return try inside(instance, namingClassAtDepthLimit: false, body)
    }

    private func precheckHeterogeneous(_ types: [any KeyedArchivable.Type], _ elements: [PlistValue], label: String) throws {
        for (i, element) in elements.enumerated() {
            pathStorage.append(.element(label, i))
            defer { pathStorage.removeLast() }
            if case .uid(let uid) = element, uid == 0 {
                throw KeyedArchiveError(
                    .typeMismatch, "Element \(i) of '\(label)' is $null, but an object is required",
                    objectIndex: currentObjectIndex, keyPath: path)
            }
            _ = try chooseType(among: types, for: element)
        }
    }

    private func decodeHeterogeneous(_ types: [any KeyedArchivable.Type], _ elements: [PlistValue], label: String) throws -> [any KeyedArchivable] {
        try precheckHeterogeneous(types, elements, label: label)
        var result: [any KeyedArchivable] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            pathStorage.append(.element(label, i))
            defer { pathStorage.removeLast() }
            guard let value = try decodeOpened(try chooseType(among: types, for: element), from: element) else {
                throw KeyedArchiveError(
                    .typeMismatch, "Element \(i) of '\(label)' is $null, but an object is required",
                    objectIndex: currentObjectIndex, keyPath: path)
            }
            result.append(value)
        }
        return result
    }

    // MARK: Collections, for built-in conformances

    /// Decodes the UIDs in the array under `key` of the current object as `type`, checking
    /// every element's class before building any.
    func decodeReferences<T: KeyedArchivable>(_ type: T.Type, inArrayForKey key: String) throws -> [T] {
        guard let raw = rawValue(forKey: key) else { throw notFound(key) }
        guard case .array(let elements) = raw else {
            throw mismatch(expected: "an array of references", found: raw, key: key)
        }
        return try decodeElements(type, elements, label: key)
    }

    /// Decodes a list of references (already gathered by the caller, such as NSOrderedSet's
    /// `NS.object.N` keys), checking every element's class before building any.
    func decodeElements<T: KeyedArchivable>(_ type: T.Type, _ elements: [PlistValue], label: String) throws -> [T] {
        if usesFastPaths, facts(of: T.self).isString, let strings = inlineStrings(elements) {
            // `T` is `String` (checked by `isString`), so `[T]` is `[String]`.
            return unsafeBitCast(strings, to: [T].self)
        }
        return try decodeEachElement(type, elements, label: label)
    }

    /// The general path of ``decodeElements(_:_:label:)``, in its own function so that the
    /// shortcut does not pay for the generic one's metadata.
    private func decodeEachElement<T: KeyedArchivable>(_ type: T.Type, _ elements: [PlistValue], label: String) throws -> [T] {
        try precheckElements(type, elements, label: label)
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            pathStorage.append(.element(label, i))
            defer { pathStorage.removeLast() }
            if case .uid(let uid) = element, Int(uid) < archive.objects.count, case .null = archive.objects[Int(uid)] {
                throw KeyedArchiveError(
                    .typeMismatch, "Element \(i) of '\(label)' is $null, but \(T.self) is required",
                    objectIndex: currentObjectIndex, keyPath: path)
            }
            result.append(try decodePresent(type, from: element))
        }
        return result
    }

    /// The strings of a list of references that all point at inline strings of `$objects`
    /// (how NSArray holds NSStrings), or `nil` when any element is something else: exactly
    /// what the general path decodes for such a list, since inline strings have no class to
    /// check and no position to open. Concrete code: the generic path looked up `Optional<T>`
    /// metadata for every array.
    private func inlineStrings(_ elements: [PlistValue]) -> [String]? {
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .uid(let uid) = element, Int(uid) < archive.objects.count,
                  case .scalar(.string(let string)) = archive.objects[Int(uid)] else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// Checks every element's class (allow-list, registry, requested type) without building
    /// anything.
    func precheckElements<T: KeyedArchivable>(_ type: T.Type, _ elements: [PlistValue], label: String) throws {
        for (i, element) in elements.enumerated() {
            pathStorage.append(.element(label, i))
            defer { pathStorage.removeLast() }
            if case .uid(let uid) = element, uid == 0 {
                throw KeyedArchiveError(
                    .typeMismatch, "Element \(i) of '\(label)' is $null, but \(T.self) is required",
                    objectIndex: currentObjectIndex, keyPath: path)
            }
            try precheck(type, raw: element)
        }
    }

    // MARK: Decoding machinery

    /// Makes `position` current one level deeper and returns the one to restore.
    @inline(__always)
    private func enter(_ next: Position) -> Position {
        depth += 1
        let saved = position
        position = next
        return saved
    }

    @inline(__always)
    private func leave(_ saved: Position) {
        position = saved
        depth -= 1
    }

    /// How many references point at object `index`; only objects referred to more than once
    /// are kept for reuse. Counted over the whole archive at the first object decoded.
    private func referenceCount(of index: Int) -> Int {
        if referenceCounts.isEmpty { referenceCounts = archive.incomingReferenceCounts() }
        // `incomingReferenceCounts` has one entry per object and `index` is inside `$objects`.
        return referenceCounts[index]
    }

    // Generic functions here avoid local `T?` values where they can: a function holding one
    // looks up `Optional<T>`'s metadata on entry, a runtime hash-table lookup that cost more
    // than decoding a small object. `decode` returns its optional straight through, and the
    // paths that cast from `Any` (shared objects, registered classes) live in their own
    // functions, entered only when taken.

    private func decode<T: KeyedArchivable>(_ type: T.Type, from raw: PlistValue) throws -> T? {
        if case .uid(let uid) = raw, Int(uid) < archive.objects.count, case .null = archive.objects[Int(uid)] {
            return nil
        }
        return try decodePresent(type, from: raw)
    }

    /// `decode` for a value that is not a reference to `$null` (callers check).
    private func decodePresent<T: KeyedArchivable>(_ type: T.Type, from raw: PlistValue) throws -> T {
        guard case .uid(let uid) = raw else {
            // An inline value in a field or in $top (encodeInteger and friends at the top).
            return try decodeScalar(type, raw, index: nil)
        }
        let index = Int(uid)
        guard archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "UID \(uid) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: currentObjectIndex, keyPath: path)
        }
        switch archive.objects[index] {
        case .null:
            // Unreachable: every caller handles `$null` first, each with its own error.
            throw KeyedArchiveError(.valueNotFound, "$objects[\(index)] is $null", objectIndex: index, keyPath: path)
        case .scalar(let value):
            return try decodeScalar(type, value, index: index)
        case .classDescription:
            throw KeyedArchiveError(
                .corruptArchive, "$objects[\(index)] is a class description, not an object",
                objectIndex: index, keyPath: path)
        case .instance(let instance):
            let resolved = try resolveType(type, for: instance)
            if referenceCount(of: index) > 1 { return try decodeShared(type, instance, resolved: resolved) }
            return try build(type, instance, resolved: resolved)
        }
    }

    /// An object referred to more than once: decoded once, then the same value again.
    @inline(never)
    private func decodeShared<T: KeyedArchivable>(_ type: T.Type, _ instance: ArchivedInstance, resolved: any KeyedArchivable.Type) throws -> T {
        if let cached = cache[instance.index] as? T { return cached }
        let value = try build(type, instance, resolved: resolved)
        cache[instance.index] = value
        return value
    }

    /// Builds `instance` (its class already checked) with `resolved`'s initializer, positioned
    /// on it, after checking for a cycle and the depth limit.
    private func build<T: KeyedArchivable>(_ type: T.Type, _ instance: ArchivedInstance, resolved: any KeyedArchivable.Type) throws -> T {
        try inside(instance) {
            if usesFastPaths, resolved == T.self {
                // The usual case: the requested type reads the class itself. Calling its
                // initializer directly skips boxing the value in an existential and casting
                // it back, which allocated for every struct larger than three words.
                return try T(from: self)
            }
            return try cast(try resolved.init(from: self), to: type, instance, resolved: resolved)
        }
    }

    /// Runs `body` positioned on `instance`, after checking for a cycle back into it and for
    /// the depth limit (whose error names the class unless `namingClassAtDepthLimit` is
    /// false, as collections have always reported it).
    private func inside<R>(_ instance: ArchivedInstance, namingClassAtDepthLimit: Bool = true, _ body: () throws -> R) throws -> R {
        let index = instance.index
        guard !inProgress[index] else {
            throw KeyedArchiveError(
                .cyclicReference,
                "Object $objects[\(index)] of class '\(instance.className)' refers back to itself while it is being decoded; PlistKit never hands out a half-built object",
                objectIndex: index, keyPath: path, className: instance.className)
        }
        guard depth <= maximumDepth else {
            throw KeyedArchiveError(
                .limitExceeded, "Objects are nested deeper than \(maximumDepth) levels",
                objectIndex: index, keyPath: path, className: namingClassAtDepthLimit ? instance.className : nil)
        }
        inProgress[index] = true
        let saved = enter(.instance(index))
        defer {
            leave(saved)
            inProgress[index] = false
        }
        return try body()
    }

    @inline(never)
    private func cast<T: KeyedArchivable>(
        _ built: any KeyedArchivable, to type: T.Type, _ instance: ArchivedInstance, resolved: any KeyedArchivable.Type
    ) throws -> T {
        guard let value = built as? T else {
            throw KeyedArchiveError(
                .typeMismatch,
                "Class '\(instance.className)' at $objects[\(instance.index)] decodes as \(resolved), not \(T.self)",
                objectIndex: instance.index, keyPath: path, className: instance.className)
        }
        return value
    }

    private func decodeScalar<T: KeyedArchivable>(_ type: T.Type, _ value: PlistValue, index: Int?) throws -> T {
        let facts = facts(of: T.self)
        guard facts.isInline else {
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected an object of \(T.self) (\(T.archiveClassNames.joined(separator: ", "))), found \(KeyedArchive.describe(value))\(index.map { " at $objects[\($0)]" } ?? "")",
                objectIndex: index ?? currentObjectIndex, keyPath: path)
        }
        if usesFastPaths, facts.isString, case .string(let string) = value {
            // What `String.init(from:)` returns for an inline string, without opening a
            // position for it. `T` is `String` (checked by `isString`), so the cast is exact.
            return unsafeBitCast(string, to: T.self)
        }
        let saved = enter(.scalar(value, index: index))
        defer { leave(saved) }
        return try T(from: self)
    }

    /// The facts about `type`, found with dynamic casts the first time it is asked for.
    private func facts<T>(of type: T.Type) -> TypeFacts {
        let id = ObjectIdentifier(type)
        for entry in typeFacts where entry.type == id { return entry }
        let entry = TypeFacts(
            type: id, isInline: type is any InlineArchivable.Type, isGeneric: type is any GenericArchivable.Type,
            isString: type == String.self)
        // A program asks for a bounded set of types, so the list stays short.
        typeFacts.append(entry)
        return entry
    }

    /// Checks, without building anything, that `raw` can be decoded as `type`.
    private func precheck<T: KeyedArchivable>(_ type: T.Type, raw: PlistValue) throws {
        guard case .uid(let uid) = raw, archive.objects.indices.contains(Int(uid)) else {
            if !facts(of: T.self).isInline {
                throw KeyedArchiveError(
                    .typeMismatch, "Expected an object of \(T.self), found \(KeyedArchive.describe(raw))",
                    objectIndex: currentObjectIndex, keyPath: path)
            }
            return
        }
        let index = Int(uid)
        switch archive.objects[index] {
        case .instance(let instance):
            _ = try resolveType(type, for: instance)
        case .scalar(let value):
            if !facts(of: T.self).isInline {
                throw KeyedArchiveError(
                    .typeMismatch, "Expected an object of \(T.self), found \(KeyedArchive.describe(value)) at $objects[\(index)]",
                    objectIndex: index, keyPath: path)
            }
        case .null, .classDescription:
            break
        }
    }

    /// The type that decodes `instance` when `type` is asked for: a registered class, or
    /// `type` itself when it reads the class name. Checks the allow-list first.
    ///
    /// The answer depends only on the class description, the requested type, the allow-list
    /// and the registry, so successes are remembered per (class, type) until either list
    /// changes; failures are worked out again, so that each error names its own object.
    private func resolveType<T: KeyedArchivable>(_ type: T.Type, for instance: ArchivedInstance) throws -> any KeyedArchivable.Type {
        guard usesFastPaths else { return try resolveTypeAnew(type, for: instance) }
        let classIndex = instance.archivedClass.index
        let requested = ObjectIdentifier(T.self)
        for entry in resolutions where entry.classIndex == classIndex && entry.requested == requested {
            return entry.resolved
        }
        let resolved = try resolveTypeAnew(type, for: instance)
        if resolutions.count < Self.resolutionLimit {
            resolutions.append(Resolution(classIndex: classIndex, requested: requested, resolved: resolved))
        }
        return resolved
    }

    /// Forgets remembered resolutions and allow-list answers (the allow-list or the registry
    /// changed).
    private func forgetResolutions() {
        resolutions.removeAll()
        classAllowed.removeAll()
        everyClassAllowed = nil
    }

    private func resolveTypeAnew<T: KeyedArchivable>(_ type: T.Type, for instance: ArchivedInstance) throws -> any KeyedArchivable.Type {
        try checkAllowed(instance)
        let name = instance.className
        if let registered = registry[name] {
            guard registered is T.Type || T.self is any GenericArchivable.Type else {
                throw KeyedArchiveError(
                    .typeMismatch,
                    "Class '\(name)' at $objects[\(instance.index)] is registered as \(registered), not \(T.self)",
                    objectIndex: instance.index, keyPath: path, className: name)
            }
            return T.self is any GenericArchivable.Type ? T.self : registered
        }
        if T.archiveClassNames.contains(name) || T.self is any GenericArchivable.Type { return T.self }
        throw KeyedArchiveError(
            .classUnknown,
            "Class '\(name)' at $objects[\(instance.index)] is unknown: \(T.self) reads \(T.archiveClassNames.isEmpty ? "no class" : T.archiveClassNames.joined(separator: ", ")) and no type is registered for it",
            objectIndex: instance.index, keyPath: path, className: name)
    }

    private func chooseType(among types: [any KeyedArchivable.Type], for raw: PlistValue) throws -> any KeyedArchivable.Type {
        var scalar = raw
        if case .uid(let uid) = raw, archive.objects.indices.contains(Int(uid)) {
            switch archive.objects[Int(uid)] {
            case .instance(let instance):
                try checkAllowed(instance)
                if let registered = registry[instance.className] { return registered }
                if let match = types.first(where: { $0.archiveClassNames.contains(instance.className) }) { return match }
                if let generic = types.first(where: { $0 is any GenericArchivable.Type }) { return generic }
                throw KeyedArchiveError(
                    .classUnknown,
                    "Class '\(instance.className)' at $objects[\(instance.index)] is unknown: none of \(types.map { "\($0)" }.joined(separator: ", ")) reads it",
                    objectIndex: instance.index, keyPath: path, className: instance.className)
            case .scalar(let value):
                scalar = value
            case .null, .classDescription:
                break
            }
        }
        for type in types {
            if let inline = type as? any InlineArchivable.Type, inline.readsInline(scalar) { return type }
        }
        throw KeyedArchiveError(
            .typeMismatch, "Expected an object of one of \(types.map { "\($0)" }.joined(separator: ", ")), found \(KeyedArchive.describe(scalar))",
            objectIndex: currentObjectIndex, keyPath: path)
    }

    private func checkAllowed(index: Int) throws {
        guard archive.objects.indices.contains(index), case .instance(let instance) = archive.objects[index] else { return }
        try checkAllowed(instance)
    }

    private func checkAllowed(_ instance: ArchivedInstance, keyPath: [String]? = nil) throws {
        guard let allowed = allowedClassNames, !isAllowed(instance, by: allowed) else { return }
        throw Self.notAllowed(instance, allowed: allowed, keyPath: keyPath ?? path)
    }

    /// Whether `allowed` (the current allow-list) names the class of `instance`, looked up
    /// once per class description.
    private func isAllowed(_ instance: ArchivedInstance, by allowed: Set<String>) -> Bool {
        isAllowed(instance.archivedClass, by: allowed)
    }

    private func isAllowed(_ archivedClass: ArchivedClass, by allowed: Set<String>) -> Bool {
        let classIndex = archivedClass.index
        // Class descriptions come from `$objects`, so their indices are inside it; the guard
        // keeps a hand-built description from indexing out of bounds.
        guard usesFastPaths, classIndex >= 0, classIndex < archive.objects.count else { return allowed.contains(archivedClass.name) }
        if classAllowed.isEmpty { classAllowed = [UInt8](repeating: 0, count: archive.objects.count) }
        switch classAllowed[classIndex] {
        case 1: return true
        case 2: return false
        default:
            let answer = allowed.contains(archivedClass.name)
            classAllowed[classIndex] = answer ? 1 : 2
            return answer
        }
    }

    /// Whether `allowed` names the class of every class description in `$objects`. Every
    /// instance's class is one of them (``KeyedArchive`` builds each instance's class from
    /// the description its `$class` refers to), so then no walk over the graph can find a
    /// class outside the list and the walk is skipped: an archive holds a handful of class
    /// descriptions, and the walk visited every object.
    private func allowsEveryClass(_ allowed: Set<String>) -> Bool {
        guard usesFastPaths else { return false }
        if let known = everyClassAllowed { return known }
        var answer = true
        for object in archive.objects {
            guard case .classDescription(let description) = object else { continue }
            if !isAllowed(description, by: allowed) {
                answer = false
                break
            }
        }
        everyClassAllowed = answer
        return answer
    }

    static func notAllowed(_ instance: ArchivedInstance, allowed: Set<String>, keyPath: [String]) -> KeyedArchiveError {
        KeyedArchiveError(
            .classNotAllowed,
            "Class '\(instance.className)' at $objects[\(instance.index)] is not allowed (allowed: \(allowed.sorted().joined(separator: ", ")))",
            objectIndex: instance.index, keyPath: keyPath, className: instance.className)
    }

    /// Walks every object reachable from a top-level value, breadth first and without
    /// recursion, and fails on the first class outside the allow-list, before anything is built.
    private func validateReachable(from raw: PlistValue) throws {
        guard let allowed = allowedClassNames, let topKey = pathStorage.first?.description, !validatedTopKeys.contains(topKey) else { return }
        if allowsEveryClass(allowed) {
            validatedTopKeys.insert(topKey)
            return
        }
        var walker = ArchiveGraphWalker(archive: archive)
        try walker.walk(from: raw, rootPath: [topKey]) { instance, keyPath in
            if !isAllowed(instance, by: allowed) {
                throw Self.notAllowed(instance, allowed: allowed, keyPath: keyPath())
            }
        }
        validatedTopKeys.insert(topKey)
    }

    private func scalar(forKey key: String) throws -> PlistValue {
        guard let raw = rawValue(forKey: key) else { throw notFound(key) }
        guard case .uid(let uid) = raw else { return raw }
        guard archive.objects.indices.contains(Int(uid)) else {
            throw KeyedArchiveError(
                .corruptArchive, "UID \(uid) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: currentObjectIndex, keyPath: path + [key])
        }
        switch archive.objects[Int(uid)] {
        case .scalar(let value): return value
        case .null: throw notFound(key)
        case .instance(let instance):
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected a number, string or data for key '\(key)', found an object of class '\(instance.className)' at $objects[\(uid)]",
                objectIndex: Int(uid), keyPath: path + [key], className: instance.className)
        case .classDescription:
            throw KeyedArchiveError(
                .corruptArchive, "Key '\(key)' refers to the class description $objects[\(uid)]",
                objectIndex: Int(uid), keyPath: path + [key])
        }
    }

    func notFound(_ key: String) -> KeyedArchiveError {
        let owner = currentObjectIndex.map { "$objects[\($0)]\(currentClassName.map { " (class '\($0)')" } ?? "")" } ?? "$top"
        return KeyedArchiveError(
            .valueNotFound, "No value for key '\(key)' in \(owner)",
            objectIndex: currentObjectIndex, keyPath: path + [key], className: currentClassName)
    }

    func mismatch(expected: String, found: PlistValue, key: String) -> KeyedArchiveError {
        let owner = currentObjectIndex.map { " in $objects[\($0)]" } ?? " in $top"
        return KeyedArchiveError(
            .typeMismatch, "Expected \(expected) for key '\(key)'\(owner), found \(KeyedArchive.describe(found))",
            objectIndex: currentObjectIndex, keyPath: path + [key], className: currentClassName)
    }

    /// A type mismatch on the current object as a whole (used by built-in conformances).
    func mismatch(_ reason: String) -> KeyedArchiveError {
        KeyedArchiveError(.typeMismatch, reason, objectIndex: currentObjectIndex, keyPath: path, className: currentClassName)
    }
}
