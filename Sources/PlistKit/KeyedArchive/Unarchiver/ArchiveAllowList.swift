/// The secure-coding allow-list of one archive: the class names its objects may have.
///
/// ``KeyedUnarchiver`` scopes it as Apple's secure coding does: the caller's list covers the
/// object a top-level decode reaches (the root) and everything an untyped decode (a generic
/// tree, ``ArchiveGenericObject``) reads; inside the root, each typed decode allows exactly the
/// classes its requested type reads (a `PlistValue` tree: the property-list classes, besides
/// the caller's list). ``ArchiveDecoder``, whose `Decodable` types name no
/// classes, checks every object reachable from the root against the caller's list. Either way
/// a class outside the list fails with ``KeyedArchiveError/Code/classNotAllowed``, naming the
/// class, its `$objects` index and the key path that first reached it, before anything is
/// built. Inline strings, numbers and data carry no class and are always allowed.
struct ArchiveAllowList {
    /// The class names allowed.
    let names: Set<String>
    private let archive: KeyedArchive
    /// Whether ``names`` holds the class of every class description of the archive. Every
    /// instance's class is one of them, so then no walk over the graph can fail and none is
    /// made: an archive holds a handful of class descriptions, a walk visits every object.
    private let allowsEveryClass: Bool

    /// The list `names` for the objects of `archive`.
    /// - Complexity: O(n) in the number of class descriptions.
    init(_ names: Set<String>, for archive: KeyedArchive) {
        self.names = names
        self.archive = archive
        allowsEveryClass = archive.classDescriptions.allSatisfy { names.contains($0.name) }
    }

    /// Whether the list names `className`.
    func allows(_ className: String) -> Bool {
        names.contains(className)
    }

    /// Fails unless the list names the class of `instance`.
    ///
    /// - Parameter keyPath: the key path that reached `instance`, for the error.
    /// - Throws: ``KeyedArchiveError/Code/classNotAllowed``.
    func check(_ instance: ArchivedInstance, keyPath: @autoclosure () -> [String]) throws {
        guard allows(instance.className) else {
            throw notAllowed(instance, keyPath: keyPath())
        }
    }

    /// Walks every object reachable from `start` (a value of `$top` or of a field), breadth
    /// first and without recursion, and fails on the first class outside the list, before
    /// anything is built.
    ///
    /// - Parameter rootPath: the key path of `start`, where the errors' key paths begin.
    /// - Throws: ``KeyedArchiveError/Code/classNotAllowed``.
    /// - Complexity: O(n) in the objects reachable from `start`.
    func checkReachable(from start: PlistValue, rootPath: [String]) throws {
        guard !allowsEveryClass else { return }
        var walker = ArchiveGraphWalker(archive: archive)
        try walker.walk(from: start, rootPath: rootPath) { instance, keyPath in
            if !allows(instance.className) { throw notAllowed(instance, keyPath: keyPath()) }
        }
    }

    private func notAllowed(_ instance: ArchivedInstance, keyPath: [String]) -> KeyedArchiveError {
        KeyedArchiveError(
            .classNotAllowed,
            "Class '\(instance.className)' at $objects[\(instance.index)] is not allowed (allowed: \(names.sorted().joined(separator: ", ")))",
            objectIndex: instance.index, keyPath: keyPath, className: instance.className)
    }
}
