import FoundationEssentials

/// An NSKeyedArchiver archive read into its object graph: `$top`, and `$objects` classified
/// into nil, inline values, instances and class descriptions, every reference checked.
///
/// An archive is a property list `{$archiver: "NSKeyedArchiver", $version: 100000, $top: {…},
/// $objects: […]}`. Objects refer to each other with UIDs (indices into `$objects`), so shared
/// objects stay shared (two fields holding the same UID) and cycles are just UIDs pointing
/// back; the graph stores indices and follows nothing, so building it cannot loop or expand.
///
/// ```swift
/// let archive = try KeyedArchive(decoding: data)
/// if case .instance(let root)? = archive.rootObject {
///     print(root.className, root.archivedClass.chain, root.fieldNames)
/// }
/// ```
///
/// Reading checks the structure once, in time linear in the archive's size: the header keys,
/// every UID in `$top` and in every object (inside arrays and dictionaries of fields too) lies
/// inside `$objects`, and every `$class` refers to a class description. Anything else fails
/// with ``KeyedArchiveError/Code/corruptArchive``.
public struct KeyedArchive: Sendable {
    /// `$archiver`; always "NSKeyedArchiver" for archives that load.
    public let archiverName: String
    /// `$version`; always 100000 for archives that load.
    public let version: Int
    /// `$top`: the top-level keys (`root` and any others) with their values, UIDs or inline
    /// scalars, in archive order.
    public let top: PlistDictionary
    /// `$objects`, classified, in archive order.
    public let objects: [ArchivedObject]
    /// How many references (in `$top` and in object fields) point at each object, counted
    /// while the references are checked (see ``incomingReferenceCounts()``); the references
    /// inside a container stored once and met in several places count twice at most.
    private let referenceCounts: [Int]
    /// The class descriptions of `$objects`, in archive order: every instance's class is one
    /// of them.
    let classDescriptions: [ArchivedClass]

    /// The `$version` NSKeyedArchiver writes and reads.
    public static let currentVersion = 100000
    /// The `$archiver` NSKeyedArchiver writes.
    public static let archiverName = "NSKeyedArchiver"

    /// Reads an archive from its property-list value.
    ///
    /// - Parameter options: ``PlistReadingOptions/maximumDepth`` bounds the nesting of arrays
    ///   and dictionaries inside object fields.
    /// - Throws: ``KeyedArchiveError`` with ``KeyedArchiveError/Code/corruptArchive`` naming
    ///   the object index and key at fault, or ``KeyedArchiveError/Code/limitExceeded``.
    /// - Complexity: O(n) in the size of the value.
    public init(_ value: PlistValue, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard case .dictionary(let root) = value else {
            throw KeyedArchiveError(.corruptArchive, "The archive's root is \(Self.describe(value)), not a dictionary")
        }
        guard let archiver = root["$archiver"] else {
            throw KeyedArchiveError(.corruptArchive, "The archive has no '$archiver' key", keyPath: ["$archiver"])
        }
        guard case .string(let archiverName) = archiver, archiverName == Self.archiverName else {
            throw KeyedArchiveError(
                .corruptArchive, "The archive's '$archiver' is \(Self.describe(archiver)), not \"NSKeyedArchiver\"",
                keyPath: ["$archiver"])
        }
        guard let versionValue = root["$version"] else {
            throw KeyedArchiveError(.corruptArchive, "The archive has no '$version' key", keyPath: ["$version"])
        }
        guard case .integer(let versionInteger) = versionValue, versionInteger == PlistInteger(Int64(Self.currentVersion)) else {
            throw KeyedArchiveError(
                .corruptArchive, "The archive's '$version' is \(Self.describe(versionValue)), not 100000",
                keyPath: ["$version"])
        }
        guard let topValue = root["$top"] else {
            throw KeyedArchiveError(.corruptArchive, "The archive has no '$top' key", keyPath: ["$top"])
        }
        guard case .dictionary(let top) = topValue else {
            throw KeyedArchiveError(
                .corruptArchive, "The archive's '$top' is \(Self.describe(topValue)), not a dictionary", keyPath: ["$top"])
        }
        guard let objectsValue = root["$objects"] else {
            throw KeyedArchiveError(.corruptArchive, "The archive has no '$objects' key", keyPath: ["$objects"])
        }
        guard case .array(let rawObjects) = objectsValue else {
            throw KeyedArchiveError(
                .corruptArchive, "The archive's '$objects' is \(Self.describe(objectsValue)), not an array",
                keyPath: ["$objects"])
        }
        guard let first = rawObjects.first, first == .string("$null") else {
            throw KeyedArchiveError(
                .corruptArchive,
                rawObjects.isEmpty ? "The archive's '$objects' is empty; it must start with \"$null\""
                    : "The archive's $objects[0] is \(Self.describe(rawObjects[0])), not \"$null\"",
                objectIndex: 0, keyPath: ["$objects"])
        }
        let count = rawObjects.count
        // UIDs are 32-bit; an array longer than that cannot be addressed completely, which is
        // harmless: only the UIDs that appear are checked.
        // The path is a stack mutated in place: small-string components allocate nothing, so
        // checking costs no allocation per reference. Each reference checked is also counted
        // (the unarchiver needs the counts, and a second walk over every field cost more).
        var counts = [Int](repeating: 0, count: count)
        // A container stored once and met again (a binary file's shared object inside a field)
        // is checked a second time, so that the UIDs in it count as referenced more than once,
        // and skipped after that: checked at every place, 60 levels of arrays each holding the
        // next twice cost 2^60 steps from a file of a few hundred bytes. Each entry keeps how
        // many levels the container nests, so a skipped one still keeps to the depth limit.
        // Only containers that hold containers are remembered: without nesting, sharing
        // multiplies nothing, and the arrays of UIDs every collection holds then cost no
        // lookup.
        var sharedContainers: [Int: (levels: Int, metTwice: Bool)] = [:]
        // Returns the deepest level checked.
        @discardableResult
        func checkReferences(in value: PlistValue, objectIndex: Int?, path: inout [String], depth: Int) throws -> Int {
            guard depth <= options.maximumDepth else {
                throw KeyedArchiveError(
                    .limitExceeded, "Fields are nested deeper than \(options.maximumDepth) levels",
                    objectIndex: objectIndex, keyPath: path)
            }
            if !sharedContainers.isEmpty, let identity = value.containerStorageIdentity, let known = sharedContainers[identity],
                known.metTwice, depth + known.levels <= options.maximumDepth
            {
                return depth + known.levels
            }
            var deepest = depth
            var holdsContainer = false
            defer {
                if holdsContainer, let identity = value.containerStorageIdentity {
                    sharedContainers[identity] = (deepest - depth, sharedContainers[identity] != nil)
                }
            }
            switch value {
            case .uid(let uid):
                guard Int(uid) < count else {
                    let owner = objectIndex.map { "in $objects[\($0)]" } ?? "in $top"
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "UID \(uid) \(owner) is out of range ($objects has \(count) entries)",
                        objectIndex: objectIndex, keyPath: path)
                }
                counts[Int(uid)] += 1
            case .array(let elements):
                for (i, element) in elements.enumerated() {
                    if case .uid(let uid) = element, Int(uid) < count {
                        counts[Int(uid)] += 1
                        continue
                    }
                    guard element.isContainer || element.kind == .uid else { continue }
                    holdsContainer = holdsContainer || element.isContainer
                    path.append(String(i))
                    deepest = Swift.max(deepest, try checkReferences(in: element, objectIndex: objectIndex, path: &path, depth: depth + 1))
                    path.removeLast()
                }
            case .dictionary(let entries):
                for (key, element) in entries where element.isContainer || element.kind == .uid {
                    holdsContainer = holdsContainer || element.isContainer
                    path.append(key)
                    deepest = Swift.max(deepest, try checkReferences(in: element, objectIndex: objectIndex, path: &path, depth: depth + 1))
                    path.removeLast()
                }
            default:
                break
            }
            return deepest
        }
        var path: [String] = []
        for (key, value) in top {
            path = ["$top", key]
            try checkReferences(in: value, objectIndex: nil, path: &path, depth: 1)
        }

        // Class descriptions first, so that instances can refer to any of them. Where each
        // dictionary keeps its `$class` is noted on the way (-1: none), so that the second pass
        // neither looks it up again nor compares every key with it.
        var classes = [ArchivedClass?](repeating: nil, count: count)
        var classPositions = [Int](repeating: -1, count: count)
        var classDescriptions: [ArchivedClass] = []
        for (index, raw) in rawObjects.enumerated() {
            guard case .dictionary(let entries) = raw else { continue }
            if let position = entries.index(forKey: "$class") {
                classPositions[index] = position
                continue
            }
            guard entries["$classname"] != nil || entries["$classes"] != nil else { continue }
            let description = try Self.classDescription(entries, index: index)
            classes[index] = description
            classDescriptions.append(description)
        }
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(count)
        objects.append(.null)
        for index in 1..<count {
            let raw = rawObjects[index]
            switch raw {
            case .string, .integer, .real, .boolean, .data, .date:
                objects.append(.scalar(raw))
            case .uid:
                throw KeyedArchiveError(
                    .corruptArchive, "$objects[\(index)] is a bare UID; UIDs belong inside objects",
                    objectIndex: index, keyPath: ["$objects"])
            case .array:
                throw KeyedArchiveError(
                    .corruptArchive, "$objects[\(index)] is a bare array; arrays belong inside objects",
                    objectIndex: index, keyPath: ["$objects"])
            case .dictionary(let entries):
                if let description = classes[index] {
                    objects.append(.classDescription(description))
                    continue
                }
                let classPosition = classPositions[index]
                guard classPosition >= 0 else {
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "$objects[\(index)] is a dictionary with neither '$class' nor '$classname'",
                        objectIndex: index, keyPath: ["$objects"])
                }
                let classReference = entries.values[classPosition]
                guard case .uid(let classUID) = classReference else {
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "The '$class' of $objects[\(index)] is \(Self.describe(classReference)), not a UID",
                        objectIndex: index, keyPath: ["$class"])
                }
                let classIndex = Int(classUID)
                guard classIndex < count else {
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "UID \(classUID) in $objects[\(index)] is out of range ($objects has \(count) entries)",
                        objectIndex: index, keyPath: ["$class"])
                }
                guard let archivedClass = classes[classIndex] else {
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "The '$class' of $objects[\(index)] refers to $objects[\(classIndex)], which is \(Self.describe(rawObjects[classIndex])), not a class dictionary",
                        objectIndex: index, keyPath: ["$class"])
                }
                for (position, value) in entries.values.enumerated() where position != classPosition {
                    if case .uid(let uid) = value, Int(uid) < count {
                        counts[Int(uid)] += 1
                        continue
                    }
                    guard value.isContainer || value.kind == .uid else { continue }
                    path.removeAll(keepingCapacity: true)
                    path.append(entries.keys[position])
                    try checkReferences(in: value, objectIndex: index, path: &path, depth: 1)
                }
                objects.append(.instance(ArchivedInstance(index: index, archivedClass: archivedClass, storage: entries)))
            }
        }
        self.archiverName = archiverName
        self.version = Self.currentVersion
        self.top = top
        self.objects = objects
        self.referenceCounts = counts
        self.classDescriptions = classDescriptions
    }

    /// Reads an archive from bytes in any property-list format (binary or XML in practice).
    ///
    /// - Throws: ``KeyedArchiveError`` with ``KeyedArchiveError/Code/unreadableData`` and the
    ///   reader's ``PlistError`` when the bytes are not a property list, otherwise as
    ///   ``init(_:options:)``.
    /// - Complexity: O(n) in the size of the input.
    public init(decoding data: Data, options: PlistReadingOptions = PlistReadingOptions()) throws {
        let value: PlistValue
        do {
            value = try PlistValue(decoding: data, options: options)
        } catch let error as PlistError {
            throw Self.unreadable(error)
        }
        try self.init(value, options: options)
    }

    /// The error for bytes that do not read as a property list.
    private static func unreadable(_ error: PlistError) -> KeyedArchiveError {
        KeyedArchiveError(
            .unreadableData, "The archive's bytes are not a readable property list (\(error.description.dropLast()))",
            underlying: error)
    }

    /// Reads an archive from the file at `url`: a regular file is mapped, anything else read
    /// into memory, at most `options.maximumInputBytes` of it (see ``FileReader``).
    ///
    /// - Throws: ``PlistError/Code/invalidArgument`` for a URL that is not a file URL;
    ///   ``FileOperationError`` when the file cannot be opened or read, with the system's
    ///   reason; otherwise as ``init(decoding:options:)``, whose
    ///   ``KeyedArchiveError/Code/unreadableData`` also reports a file past the input limit.
    public init(contentsOf url: URL, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard url.isFileURL else { throw PlistError.notAFileURL(url) }
        let bytes: Data
        do {
            bytes = try PlistError.reportingInputLimit { () throws(FileOperationError) in
                try FileReader.mappedOrRead(url.path, maximumBytes: options.maximumInputBytes).bytes
            }
        } catch let error as PlistError {
            throw Self.unreadable(error)
        }
        try self.init(decoding: bytes, options: options)
    }

    /// Whether a property-list value looks like a keyed archive: a dictionary with `$archiver`,
    /// `$top` and `$objects`. Nothing else is checked.
    public static func isArchive(_ value: PlistValue) -> Bool {
        guard case .dictionary(let entries) = value else { return false }
        return entries.contains(key: "$archiver") && entries.contains(key: "$top") && entries.contains(key: "$objects")
    }

    /// The keys of `$top`, in archive order.
    public var topLevelKeys: [String] { top.keys }

    /// The object a `$top` key refers to: `nil` when the key is absent, ``ArchivedObject/null``
    /// for UID 0, or an inline scalar when the archive stored the value in `$top` directly
    /// (as `encodeInteger(_:forKey:)` at the top level does).
    public func topLevelObject(forKey key: String) -> ArchivedObject? {
        guard let value = top[key] else { return nil }
        if case .uid(let uid) = value { return objects[Int(uid)] }
        return .scalar(value)
    }

    /// The object of `$top`'s `root` key, the one `NSKeyedArchiver.archivedData(withRootObject:)`
    /// writes, or `nil` when there is none.
    public var rootObject: ArchivedObject? { topLevelObject(forKey: "root") }

    /// The object at an index of `$objects`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/corruptArchive`` when the index is outside `$objects`.
    public func object(at index: Int) throws -> ArchivedObject {
        guard objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "Index \(index) is out of range ($objects has \(objects.count) entries)",
                objectIndex: index)
        }
        return objects[index]
    }

    /// The archive as the property-list value it was read from (with `$top` and `$objects` in
    /// archive order), ready to write with ``PlistValue/encoded(as:options:)``.
    /// - Complexity: O(n) in the number of objects.
    public var plistValue: PlistValue {
        var rawObjects: [PlistValue] = []
        rawObjects.reserveCapacity(objects.count)
        for object in objects {
            switch object {
            case .null: rawObjects.append(.string("$null"))
            case .scalar(let value): rawObjects.append(value)
            case .instance(let instance): rawObjects.append(.dictionary(instance.storage))
            case .classDescription(let description): rawObjects.append(.dictionary(Self.dictionary(for: description)))
            }
        }
        return .dictionary([
            "$version": .integer(PlistInteger(Int64(version))),
            "$archiver": .string(archiverName),
            "$top": .dictionary(top),
            "$objects": .array(rawObjects),
        ])
    }

    /// Writes the archive as a property list, binary by default (as NSKeyedArchiver does).
    ///
    /// - Throws: the writer's ``PlistError``.
    /// - Complexity: O(n) in the size of the archive.
    public func encoded(as format: PlistFormat = .binary) throws -> Data {
        try plistValue.encoded(as: format)
    }

    /// Writes the archive to the file at `url`, binary by default, atomically (see
    /// ``AtomicFileWriter``): a failed write leaves the file as it was.
    ///
    /// - Throws: the writer's ``PlistError``, or ``FileOperationError``.
    public func write(to url: URL, format: PlistFormat = .binary) throws {
        try plistValue.write(to: url, format: format)
    }

    /// How many references (in `$top` and in object fields) point at each object of `$objects`,
    /// as counted when the archive was read: exactly, except that the references inside a
    /// container a binary file stores once and uses in several places count twice at most
    /// (what the counts tell, whether an object is shared, stays true).
    func incomingReferenceCounts() -> [Int] {
        referenceCounts
    }

    static func dictionary(for description: ArchivedClass) -> PlistDictionary {
        var entries: PlistDictionary = ["$classname": .string(description.name)]
        entries["$classes"] = .array(description.chain.map(PlistValue.string))
        if let hints = description.hints { entries["$classhints"] = .array(hints.map(PlistValue.string)) }
        return entries
    }

    private static func classDescription(_ entries: PlistDictionary, index: Int) throws -> ArchivedClass {
        guard case .string(let name)? = entries["$classname"] else {
            let found = entries["$classname"].map(describe) ?? "missing"
            throw KeyedArchiveError(
                .corruptArchive,
                "The class dictionary $objects[\(index)] has a '$classname' that is \(found), not a string",
                objectIndex: index, keyPath: ["$classname"])
        }
        func names(_ key: String) throws -> [String]? {
            guard let value = entries[key] else { return nil }
            guard case .array(let elements) = value else {
                throw KeyedArchiveError(
                    .corruptArchive, "The '\(key)' of class dictionary $objects[\(index)] is \(describe(value)), not an array",
                    objectIndex: index, keyPath: [key])
            }
            return try elements.enumerated().map { i, element in
                guard case .string(let name) = element else {
                    throw KeyedArchiveError(
                        .corruptArchive,
                        "Element \(i) of '\(key)' in class dictionary $objects[\(index)] is \(describe(element)), not a string",
                        objectIndex: index, keyPath: [key, String(i)])
                }
                return name
            }
        }
        let chain = try names("$classes") ?? [name]
        return ArchivedClass(index: index, name: name, chain: chain.isEmpty ? [name] : chain, hints: try names("$classhints"))
    }

    /// A short phrase for a value in error messages: "a string", "the integer 10000".
    static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): return s.count <= 40 ? "the string \"\(s)\"" : "a string"
        case .integer(let i): return "the integer \(i)"
        case .real(let r): return "the real \(r)"
        case .boolean(let b): return "the boolean \(b)"
        case .date: return "a date"
        case .data(let d): return "data (\(d.count) bytes)"
        case .array(let a): return "an array of \(a.count) elements"
        case .dictionary(let d): return "a dictionary of \(d.count) keys"
        case .uid(let u): return "UID \(u)"
        }
    }
}
