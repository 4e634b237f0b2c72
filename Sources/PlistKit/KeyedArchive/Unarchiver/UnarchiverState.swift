/// Everything a ``KeyedUnarchiver`` changes while decoding: where it is in the graph (the
/// position, how deep, the keys that led there, which objects are open), the objects decoded
/// for sharing, and which requested types are inline.
///
/// One value, so that each step of decoding is one exclusive access to the unarchiver's one
/// stored property rather than one per array touched (see ``KeyedUnarchiver``'s `state`). No
/// method calls out to other code, in particular not to a type's `init(from:)`, which comes
/// back into the unarchiver: the unarchiver calls that between
/// ``open(_:maximumDepth:namingClassAtDepthLimit:)`` and ``close(_:restoring:)``.
struct UnarchiverState {
    /// What is being decoded. Saved and restored around each nested decode, so the chain of
    /// enclosing objects lives on the call stack.
    private(set) var position: Position = .top
    /// How many positions are open, `$top` included (the depth ``KeyedUnarchiver/maximumDepth``
    /// bounds).
    private var depth = 1
    /// The keys followed from `$top`, kept as components so that the common, error-free path
    /// builds no strings; ``path`` renders them for errors.
    var pathComponents: [ArchivePathComponent] = []
    /// Objects being decoded, by index: reaching one again is a cycle.
    private var inProgress: [Bool]
    /// Objects referred to more than once, by index, once decoded.
    var shared: [Int: Any] = [:]
    /// Whether each requested type met so far is inline (see ``isInline(_:)``).
    private var inlineTypes: [(type: ObjectIdentifier, isInline: Bool)] = []

    /// What is being decoded: `$top`, an instance (by `$objects` index, with the position
    /// in its fields where the next field read is expected; see
    /// ``ArchivedInstance/storedValue(forKey:expectedAt:)``) or an inline scalar.
    enum Position {
        case top
        case instance(Int, nextField: Int)
        case scalar(PlistValue, index: Int?)
    }

    /// A state for an archive of `objectCount` objects.
    init(objectCount: Int) {
        inProgress = [Bool](repeating: false, count: objectCount)
    }

    /// The key path from `$top` to the object being decoded.
    var path: [String] { pathComponents.map(\.description) }

    // MARK: Positions

    /// Opens `instance` one level deeper and returns the position to restore, after checking
    /// for a cycle back into it and for the depth limit (whose error names the class unless
    /// `namingClassAtDepthLimit` is false, as collections have always reported it).
    ///
    /// - Throws: ``KeyedArchiveError/Code/cyclicReference``, ``KeyedArchiveError/Code/limitExceeded``.
    mutating func open(_ instance: ArchivedInstance, maximumDepth: Int, namingClassAtDepthLimit: Bool) throws -> Position {
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
        return enter(.instance(index, nextField: 0))
    }

    /// Closes the object at `index` opened by ``open(_:maximumDepth:namingClassAtDepthLimit:)``.
    mutating func close(_ index: Int, restoring saved: Position) {
        leave(saved)
        inProgress[index] = false
    }

    /// Makes `next` current one level deeper and returns the position to restore with
    /// ``leave(_:)``.
    mutating func enter(_ next: Position) -> Position {
        depth += 1
        let saved = position
        position = next
        return saved
    }

    /// Whether the object being decoded is the one a top-level decode reached (its root),
    /// opened straight from `$top`.
    var isOnDecodedRoot: Bool { depth == 2 }

    mutating func leave(_ saved: Position) {
        position = saved
        depth -= 1
    }

    /// Notes that the field at `fieldPosition` of the instance being decoded, at `index`, was
    /// read: the next one is expected after it.
    mutating func noteField(at fieldPosition: Int, ofInstanceAt index: Int) {
        position = .instance(index, nextField: fieldPosition + 1)
    }

    // MARK: What is remembered

    /// Forgets the objects decoded under the allow-list, which a new list must check again.
    mutating func forgetSharedObjects() {
        shared.removeAll()
    }

    /// Whether `type` is ``InlineArchivable``, found with a dynamic cast (a conformance lookup
    /// in the runtime) the first time it is asked for instead of at every object.
    mutating func isInline<T>(_ type: T.Type) -> Bool {
        let id = ObjectIdentifier(type)
        for entry in inlineTypes where entry.type == id { return entry.isInline }
        let isInline = type is any InlineArchivable.Type
        // A program asks for a bounded set of types, so the list stays short.
        inlineTypes.append((id, isInline))
        return isInline
    }
}
