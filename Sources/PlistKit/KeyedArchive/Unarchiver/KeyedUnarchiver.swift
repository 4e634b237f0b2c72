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
/// it is scoped as Apple's secure coding scopes the classes given at the top: a decode of a
/// top-level key checks the class of the object it reaches (the root) against the list
/// (``KeyedArchiveError/Code/classNotAllowed``), and inside it each typed call
/// (`decodeObject(of: Date.self, forKey: "date")` in a type's ``KeyedArchivable/init(from:)``,
/// an array's elements) allows exactly the classes its requested type reads, checking the
/// referenced object's class before building it (``KeyedArchiveError/Code/classUnknown``,
/// ``KeyedArchiveError/Code/typeMismatch``). Untyped decodes (``decodeGenericValue(forKey:)``,
/// ``ArchiveGenericObject``, a `PlistValue` tree at the root) check every object they read
/// against the list; a `PlistValue` asked for inside allows the property-list classes too. Every
/// refusal names the class, its `$objects` index and the key path. Inline strings, numbers and
/// data carry no class and are always allowed.
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
        // Objects decoded under the old list must be checked again.
        didSet {
            makeAllowLists()
            state.forgetSharedObjects()
        }
    }
    /// The deepest nesting of objects decoded; deeper graphs fail with
    /// ``KeyedArchiveError/Code/limitExceeded``. Default: 512.
    public var maximumDepth: Int

    /// The allow-list of ``allowedClassNames`` for this archive.
    private(set) var allowList: ArchiveAllowList?
    /// The property-list classes and ``allowedClassNames``, for a `PlistValue` a typed decode
    /// asks for inside the root; `nil` when ``allowedClassNames`` is (no checking at all).
    /// Made when first needed: most decodes never ask for one, and making it (a union of
    /// sets and a pass over the archive's classes) cost as much as unarchiving a small object.
    private(set) lazy var propertyListAllowList: ArchiveAllowList? = makePropertyListAllowList()
    private(set) var registry: [String: any KeyedArchivable.Type] = [:]
    /// How many references point at each object: only objects referred to more than once are
    /// kept for reuse.
    let referenceCounts: [Int]
    /// Where decoding is and what it remembers; see ``UnarchiverState`` for why it is one value.
    var state: UnarchiverState

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
        referenceCounts = archive.incomingReferenceCounts()
        state = UnarchiverState(objectCount: archive.objects.count)
        allowList = allowedClassNames.map { ArchiveAllowList($0, for: archive) }
    }

    private func makeAllowLists() {
        allowList = allowedClassNames.map { ArchiveAllowList($0, for: archive) }
        propertyListAllowList = makePropertyListAllowList()
    }

    private func makePropertyListAllowList() -> ArchiveAllowList? {
        allowedClassNames.map { ArchiveAllowList($0.union(PlistValue.archiveClassNames), for: archive) }
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

    /// Decodes the `root` object of an archive as `type`, allowing at the root only the classes
    /// `type` and `additionalTypes` read (like `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)`);
    /// inside, each typed decode allows the type it asks for, so a `Note` whose initializer
    /// decodes a `Date` needs no `Date` here.
    ///
    /// - Throws: ``KeyedArchiveError``: ``KeyedArchiveError/Code/valueNotFound`` when there is
    ///   no root object, ``KeyedArchiveError/Code/classNotAllowed`` for a root class outside
    ///   the allow-list (or a class outside it in a tree the decode builds), and the other codes
    ///   as the decode meets them.
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
    }

    /// The type registered for `className`, if any.
    public func registeredClass(forClassName className: String) -> (any KeyedArchivable.Type)? {
        registry[className]
    }

    // MARK: The current object

    /// The keys of the object being decoded (of `$top` at the top level), `$class` excluded.
    public var allKeys: [String] {
        switch state.position {
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
        switch state.position {
        case .top: return nil
        case .instance(let index, _): return index
        case .scalar(_, let index): return index
        }
    }

    /// The keys followed from `$top` to the object being decoded.
    public var codingPath: [String] { state.path }

    /// Whether the object being decoded has a value for `key`.
    public func containsValue(forKey key: String) -> Bool {
        rawValue(forKey: key) != nil
    }

    /// The inline scalar being decoded (a built-in type reading an NSString, NSNumber or
    /// NSData stored inline), or `nil` when an object with a class is being decoded.
    var currentScalar: PlistValue? {
        if case .scalar(let value, _) = state.position { return value }
        return nil
    }

    /// The inline scalar being decoded, as `read` takes it (a built-in type that reads an
    /// inline scalar or an object), or `nil` when an object with a class is being decoded.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` ("Expected `expected`, found …") for
    ///   an inline scalar that `read` refuses.
    func currentScalar<T>(expecting expected: String, _ read: (PlistValue) -> T?) throws -> T? {
        guard let scalar = currentScalar else { return nil }
        guard let value = read(scalar) else { throw mismatch("Expected \(expected), found \(KeyedArchive.describe(scalar))") }
        return value
    }

    /// The instance being decoded, or `nil` at the top level and for inline values.
    var currentInstance: ArchivedInstance? {
        guard case .instance(let index, _) = state.position, case .instance(let instance) = archive.objects[index] else { return nil }
        return instance
    }

    /// Whether `$top` is being decoded (where a decode checks its root against the allow-list).
    var isAtTop: Bool {
        if case .top = state.position { return true }
        return false
    }

    /// The readable tree of the object being decoded (for ``PlistValue``'s conformance), after
    /// checking every object in it: against the caller's list when it is the root of a
    /// top-level decode (or `$top` itself), against the property-list classes as well when a
    /// typed decode inside asked for it.
    func currentGenericTree() throws -> PlistValue {
        let isRoot = isAtTop || state.isOnDecodedRoot
        try (isRoot ? allowList : propertyListAllowList)?.checkReachable(
            from: currentObjectIndex.map { .uid(UInt32($0)) } ?? .dictionary(archive.top), rootPath: state.path)
        guard let index = currentObjectIndex else { return .dictionary(archive.top) }
        var builder = GenericTreeBuilder(archive: archive, options: GenericTreeOptions(maximumDepth: maximumDepth))
        return try builder.tree(for: .uid(UInt32(index)), path: state.path)
    }

    // MARK: Errors

    func notFound(_ key: String) -> KeyedArchiveError {
        let owner = currentObjectIndex.map { "$objects[\($0)]\(currentClassName.map { " (class '\($0)')" } ?? "")" } ?? "$top"
        return KeyedArchiveError(
            .valueNotFound, "No value for key '\(key)' in \(owner)",
            objectIndex: currentObjectIndex, keyPath: state.path + [key], className: currentClassName)
    }

    func mismatch(expected: String, found: PlistValue, key: String) -> KeyedArchiveError {
        let owner = currentObjectIndex.map { " in $objects[\($0)]" } ?? " in $top"
        return KeyedArchiveError(
            .typeMismatch, "Expected \(expected) for key '\(key)'\(owner), found \(KeyedArchive.describe(found))",
            objectIndex: currentObjectIndex, keyPath: state.path + [key], className: currentClassName)
    }

    /// A type mismatch on the current object as a whole (used by built-in conformances).
    func mismatch(_ reason: String) -> KeyedArchiveError {
        KeyedArchiveError(.typeMismatch, reason, objectIndex: currentObjectIndex, keyPath: state.path, className: currentClassName)
    }
}
