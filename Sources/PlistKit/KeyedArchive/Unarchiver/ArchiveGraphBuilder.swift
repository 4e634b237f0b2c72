/// Builds the ``PlistGraph`` of a keyed archive (``KeyedArchive/graph(startingAt:options:)``)
/// from its `$objects`, instantiating nothing.
///
/// Instances are nodes, keyed by their `$objects` index, so an object referred to from
/// several fields is one node and a cycle is a cycle of edges. A reference to an inline
/// scalar object (a string, number or data in `$objects`) is a field of the referring node;
/// `$null` is left out. Collections are labelled as they read: an NSArray's or NSSet's
/// elements by index, an NSDictionary's values by their string keys.
struct ArchiveGraphBuilder {
    let archive: KeyedArchive
    private let allowList: ArchiveAllowList?
    private var walk: PlistGraphWalk<Int>
    /// The walk's key and payload for `$top`: `$objects[0]` is `$null`, never a node, so no
    /// object has this index.
    private static let topKey = 0

    init(archive: KeyedArchive, options: PlistGraphOptions) {
        self.archive = archive
        allowList = options.allowedClassNames.map { ArchiveAllowList($0, for: archive) }
        walk = PlistGraphWalk(options: options)
    }

    /// The graph from `$top` (every object reachable from it, then those that nothing
    /// reaches, marked), or from one object.
    mutating func graph(from start: KeyedArchive.GraphStart) throws -> PlistGraph {
        let allowList = self.allowList
        switch start {
        case .top:
            walk.start(at: Self.topKey, payload: Self.topKey) { PlistGraph.Node(id: 0, kind: .archiveTop) }
            drain()
            for (index, object) in archive.objects.enumerated() where !walk.isKnown(index) {
                guard case .instance(let instance) = object else { continue }
                walk.start(at: index, payload: index) {
                    var node = Self.node(for: instance, allowList: allowList)
                    node.isUnreachable = true
                    return node
                }
                drain()
            }
        case .object(let index):
            let instance = try self.instance(at: index, keyPath: [])
            walk.start(at: index, payload: index) { Self.node(for: instance, allowList: allowList) }
            drain()
        case .keyPath(let path):
            guard !path.isEmpty else { return try graph(from: .top) }
            let index = try resolve(path)
            let instance = try self.instance(at: index, keyPath: path.components)
            walk.start(at: index, payload: index) { Self.node(for: instance, allowList: allowList) }
            drain()
        }
        return walk.graph()
    }

    // MARK: Walking

    private mutating func drain() {
        while let (index, isDrawn) = walk.next() {
            var reported = Set<Int>()
            if index == Self.topKey {
                for (key, value) in archive.top { report(value, label: key, isDrawn: isDrawn, reported: &reported) }
                continue
            }
            guard case .instance(let instance) = archive.objects[index] else { continue }
            let storage = instance.storage
            let collection = collectionLabels(of: instance)
            for (key, value) in storage where key != "$class" {
                switch collection {
                case .elements where key == "NS.objects":
                    reportElements(value, isDrawn: isDrawn, reported: &reported) { String($0) }
                case .entries(let keys) where key == "NS.objects":
                    reportElements(value, isDrawn: isDrawn, reported: &reported) { keys[$0] }
                case .entries where key == "NS.keys":
                    continue
                default:
                    report(value, label: key, isDrawn: isDrawn, reported: &reported)
                }
            }
        }
    }

    /// How a collection's elements are labelled.
    private enum CollectionLabels {
        /// Not a collection, or not in the shape Foundation writes: fields by their keys.
        case fields
        /// NSArray and NSSet: `NS.objects` elements by index.
        case elements
        /// NSDictionary with string keys: `NS.objects` elements by the key at the same
        /// position of `NS.keys`, which is not shown itself.
        case entries([String])
    }

    private func collectionLabels(of instance: ArchivedInstance) -> CollectionLabels {
        switch instance.className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
            guard case .array? = instance[field: "NS.objects"] else { return .fields }
            return .elements
        case "NSDictionary", "NSMutableDictionary":
            guard case .array(let keys)? = instance[field: "NS.keys"], case .array(let values)? = instance[field: "NS.objects"],
                keys.count == values.count
            else { return .fields }
            var names: [String] = []
            names.reserveCapacity(keys.count)
            for key in keys {
                guard case .uid(let uid) = key, case .scalar(.string(let name)) = archive.objects[Int(uid)] else { return .fields }
                names.append(name)
            }
            return .entries(names)
        default:
            return .fields
        }
    }

    /// Reports the elements of a collection's `NS.objects` array, each labelled by `label`.
    private mutating func reportElements(_ value: PlistValue, isDrawn: Bool, reported: inout Set<Int>, label: (Int) -> String) {
        guard case .array(let elements) = value else { return }
        for (position, element) in elements.enumerated() {
            report(element, label: label(position), isDrawn: isDrawn, reported: &reported)
        }
    }

    /// Reports what a field's value holds: scalars as fields, references to instances as
    /// edges, inline arrays and dictionaries entry by entry (labelled `key[2]`, `key.name`).
    /// The archive checked their nesting when it was read; an explicit stack walks it.
    ///
    /// `reported` holds the inline containers of the object reported so far: one that a
    /// binary file stores once and uses in several places of the object is reported at the
    /// first only, as its entries would otherwise be reported 2^depth times for a few hundred
    /// bytes of arrays each holding the next twice.
    private mutating func report(_ value: PlistValue, label: String, isDrawn: Bool, reported: inout Set<Int>) {
        var pending: [(value: PlistValue, label: String)] = [(value, label)]
        while let (current, name) = pending.popLast() {
            if let identity = current.containerStorageIdentity, !reported.insert(identity).inserted { continue }
            switch current {
            case .uid(let uid):
                reference(Int(uid), label: name, isDrawn: isDrawn)
            case .array(let elements):
                for (position, element) in elements.enumerated().reversed() {
                    if element.isContainer || element.kind == .uid {
                        pending.append((element, "\(name)[\(position)]"))
                    } else if isDrawn {
                        walk.field("\(name)[\(position)]", element)
                    }
                }
            case .dictionary(let entries):
                for (key, element) in entries.reversed() {
                    if element.isContainer || element.kind == .uid {
                        pending.append((element, "\(name).\(key)"))
                    } else if isDrawn {
                        walk.field("\(name).\(key)", element)
                    }
                }
            default:
                if isDrawn { walk.field(name, current) }
            }
        }
    }

    /// A reference to `$objects[index]` (in range: the archive checked every UID).
    private mutating func reference(_ index: Int, label: String, isDrawn: Bool) {
        switch archive.objects[index] {
        case .null:
            return
        case .scalar(let value):
            if isDrawn { walk.field(label, value) }
        case .classDescription:
            if isDrawn { walk.field(label, .uid(UInt32(index))) }
        case .instance(let instance):
            let allowList = self.allowList
            walk.reference(to: index, payload: index, label: label) { Self.node(for: instance, allowList: allowList) }
        }
    }

    private static func node(for instance: ArchivedInstance, allowList: ArchiveAllowList?) -> PlistGraph.Node {
        var node = PlistGraph.Node(id: 0, kind: .instance(className: instance.className), objectIndex: instance.index)
        node.isRefused = allowList.map { !$0.allows(instance.className) } ?? false
        return node
    }

    // MARK: Starting points

    /// The instance at `$objects[index]`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/valueNotFound`` when the index is outside
    ///   `$objects` or holds no instance.
    private func instance(at index: Int, keyPath: [String]) throws -> ArchivedInstance {
        guard archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .valueNotFound, "There is no $objects[\(index)] ($objects has \(archive.objects.count) entries)",
                objectIndex: index, keyPath: keyPath)
        }
        switch archive.objects[index] {
        case .instance(let instance):
            return instance
        case .null:
            throw KeyedArchiveError(.valueNotFound, "$objects[\(index)] is $null, not an object", objectIndex: index, keyPath: keyPath)
        case .scalar(let value):
            throw KeyedArchiveError(
                .valueNotFound, "$objects[\(index)] is \(KeyedArchive.describe(value)), not an object with a class",
                objectIndex: index, keyPath: keyPath)
        case .classDescription(let description):
            throw KeyedArchiveError(
                .valueNotFound, "$objects[\(index)] is the class description of '\(description.name)', not an object",
                objectIndex: index, keyPath: keyPath)
        }
    }

    /// The `$objects` index a key path names: a `$top` key, then field names, an NSArray's
    /// element indices, an NSDictionary's string keys, and the keys and indices of arrays
    /// and dictionaries inside fields.
    ///
    /// - Throws: ``KeyedArchiveError/Code/valueNotFound`` when the path names nothing or
    ///   a value that is not an object.
    private func resolve(_ path: PlistKeyPath) throws -> Int {
        let components = path.components
        // The message names the whole path; the error's key path (what was followed to a
        // fault) stays empty, or the message would name it twice.
        func notFound(_ reason: String) -> KeyedArchiveError {
            KeyedArchiveError(.valueNotFound, "The key path '\(path)' \(reason)")
        }
        guard var current = archive.top[components[0]] else {
            throw notFound("names nothing: $top has no key '\(components[0])'")
        }
        for (position, component) in components.enumerated().dropFirst() {
            let reached = components[..<position].joined(separator: ".")
            var next: PlistValue?
            switch current {
            case .uid(let uid):
                guard case .instance(let instance) = archive.objects[Int(uid)] else {
                    throw notFound("passes through '\(reached)', which is not an object with fields")
                }
                switch collectionLabels(of: instance) {
                case .elements:
                    if let index = Int(component), case .array(let elements)? = instance[field: "NS.objects"],
                        elements.indices.contains(index) {
                        next = elements[index]
                    }
                case .entries(let keys):
                    if let index = keys.lastIndex(of: component), case .array(let values)? = instance[field: "NS.objects"] {
                        next = values[index]
                    }
                case .fields:
                    break
                }
                if next == nil { next = instance[field: component] }
            case .array(let elements):
                if let index = Int(component), elements.indices.contains(index) { next = elements[index] }
            case .dictionary(let entries):
                next = entries[component]
            default:
                throw notFound("passes through '\(reached)', which is \(KeyedArchive.describe(current))")
            }
            guard let next else { throw notFound("names nothing: '\(reached)' has no '\(component)'") }
            current = next
        }
        guard case .uid(let uid) = current, uid != 0 else {
            throw notFound(current == .uid(0) ? "names a nil reference" : "names \(KeyedArchive.describe(current)), not an object")
        }
        if case .scalar(let value) = archive.objects[Int(uid)] {
            throw notFound("names \(KeyedArchive.describe(value)), not an object")
        }
        return Int(uid)
    }
}
