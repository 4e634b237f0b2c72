import FoundationEssentials

/// Decoding objects: the typed calls a type's ``KeyedArchivable/init(from:)`` makes for its
/// fields, and the collections the built-in conformances read.
extension KeyedUnarchiver {
    /// Decodes the field as a readable tree, whatever its classes, instantiating nothing (see
    /// ``KeyedArchive/genericTree(forKey:options:)``), or `nil` when the key is absent.
    ///
    /// An untyped decode: every object the tree reads must have a class the allow-list names,
    /// wherever the field is (it names no type that could allow one).
    ///
    /// - Throws: ``KeyedArchiveError``.
    public func decodeGenericValue(forKey key: String) throws -> PlistValue? {
        guard let raw = rawValue(forKey: key) else { return nil }
        state.pathComponents.append(.key(key))
        defer { state.pathComponents.removeLast() }
        try allowList?.checkReachable(from: raw, rootPath: state.path)
        var builder = GenericTreeBuilder(archive: archive, options: GenericTreeOptions(maximumDepth: maximumDepth))
        return try builder.tree(for: raw, path: state.path)
    }

    /// Decodes the object under `key` as `type`, or returns `nil` when the key is absent or
    /// refers to `$null`.
    ///
    /// Before anything is built the object's class is checked: at the top level (the root)
    /// against the allow-list, then against a type registered with
    /// ``setClass(_:forClassName:)``, then against `type.archiveClassNames`, which inside the
    /// root is what allows the class.
    ///
    /// - Throws: ``KeyedArchiveError``: ``KeyedArchiveError/Code/classNotAllowed``,
    ///   ``KeyedArchiveError/Code/classUnknown`` (no type reads the class),
    ///   ``KeyedArchiveError/Code/typeMismatch`` (another type does, or an inline value where an
    ///   object is needed), ``KeyedArchiveError/Code/cyclicReference``,
    ///   ``KeyedArchiveError/Code/limitExceeded``, and whatever the type's initializer throws.
    public func decodeObject<T: KeyedArchivable>(of type: T.Type, forKey key: String) throws -> T? {
        guard let raw = rawValue(forKey: key) else { return nil }
        state.pathComponents.append(.key(key))
        defer { state.pathComponents.removeLast() }
        if isAtTop { try checkRoot(raw) }
        return try decode(type, from: raw)
    }

    /// Decodes the object under `key` as whichever of `types` reads its class (the first that
    /// does), or returns `nil` when the key is absent or refers to `$null`.
    ///
    /// - Throws: as ``decodeObject(of:forKey:)``; ``KeyedArchiveError/Code/classUnknown`` when
    ///   none of the types reads the class.
    public func decodeObject(of types: [any KeyedArchivable.Type], forKey key: String) throws -> (any KeyedArchivable)? {
        guard let raw = rawValue(forKey: key) else { return nil }
        state.pathComponents.append(.key(key))
        defer { state.pathComponents.removeLast() }
        if isAtTop { try checkRoot(raw) }
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
    /// graph with ``KeyedArchive``), or returns `nil` for index 0 (`$null`). The object is a
    /// root: its class is checked against the allow-list, as in ``decodeObject(of:forKey:)`` at
    /// the top level, with key paths starting at `$objects[index]`.
    ///
    /// - Throws: as ``decodeObject(of:forKey:)``; ``KeyedArchiveError/Code/corruptArchive``
    ///   for an index outside `$objects`.
    public func decodeObject<T: KeyedArchivable>(of type: T.Type, atIndex index: Int) throws -> T? {
        guard let uid = UInt32(exactly: index), archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "Index \(index) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: index)
        }
        let saved = state.pathComponents
        state.pathComponents = [.object(index)]
        defer { state.pathComponents = saved }
        try checkRoot(.uid(uid))
        return try decode(type, from: .uid(uid))
    }

    /// Runs `body` positioned on the collection object under `key`, after checking its class
    /// (against the allow-list at the top level) and `classNames`, and a cycle back into it.
    private func withCollection<R>(forKey key: String, classNames: [String], _ body: () throws -> R) throws -> R? {
        guard let raw = rawValue(forKey: key) else { return nil }
        state.pathComponents.append(.key(key))
        defer { state.pathComponents.removeLast() }
        if isAtTop { try checkRoot(raw) }
        guard case .uid(let uid) = raw else {
            throw KeyedArchiveError(
                .typeMismatch, "Expected a collection object for key '\(key)', found \(KeyedArchive.describe(raw))",
                objectIndex: currentObjectIndex, keyPath: state.path)
        }
        let index = Int(uid)
        guard index != 0 else { return nil }
        guard archive.objects.indices.contains(index), case .instance(let instance) = archive.objects[index] else {
            throw KeyedArchiveError(
                .typeMismatch, "Expected a collection object for key '\(key)', found $objects[\(index)], which has no class",
                objectIndex: index, keyPath: state.path)
        }
        guard classNames.contains(instance.className) || registry[instance.className] != nil else {
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected \(classNames.joined(separator: " or ")) for key '\(key)', found class '\(instance.className)' at $objects[\(index)]",
                objectIndex: index, keyPath: state.path, className: instance.className)
        }
        return try inside(instance, namingClassAtDepthLimit: false, body)
    }

    private func precheckHeterogeneous(_ types: [any KeyedArchivable.Type], _ elements: [PlistValue], label: String) throws {
        for (i, element) in elements.enumerated() {
            state.pathComponents.append(.element(label, i))
            defer { state.pathComponents.removeLast() }
            if case .uid(let uid) = element, uid == 0 { throw nullElement(i, of: label, required: "an object") }
            _ = try chooseType(among: types, for: element)
        }
    }

    private func decodeHeterogeneous(_ types: [any KeyedArchivable.Type], _ elements: [PlistValue], label: String) throws -> [any KeyedArchivable] {
        try precheckHeterogeneous(types, elements, label: label)
        var result: [any KeyedArchivable] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            state.pathComponents.append(.element(label, i))
            defer { state.pathComponents.removeLast() }
            guard let value = try decodeOpened(try chooseType(among: types, for: element), from: element) else {
                throw nullElement(i, of: label, required: "an object")
            }
            result.append(value)
        }
        return result
    }

    /// The error for element `i` of `label` that is `$null` where `required` is.
    private func nullElement(_ i: Int, of label: String, required: String) -> KeyedArchiveError {
        KeyedArchiveError(
            .typeMismatch, "Element \(i) of '\(label)' is $null, but \(required) is required",
            objectIndex: currentObjectIndex, keyPath: state.path)
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
        try precheckElements(type, elements, label: label)
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            state.pathComponents.append(.element(label, i))
            defer { state.pathComponents.removeLast() }
            if case .uid(let uid) = element, Int(uid) < archive.objects.count, case .null = archive.objects[Int(uid)] {
                throw nullElement(i, of: label, required: "\(T.self)")
            }
            result.append(try decodePresent(type, from: element))
        }
        return result
    }

    /// Checks every element's class (allow-list, registry, requested type) without building
    /// anything.
    func precheckElements<T: KeyedArchivable>(_ type: T.Type, _ elements: [PlistValue], label: String) throws {
        for (i, element) in elements.enumerated() {
            state.pathComponents.append(.element(label, i))
            defer { state.pathComponents.removeLast() }
            if case .uid(let uid) = element, uid == 0 { throw nullElement(i, of: label, required: "\(T.self)") }
            try precheck(type, raw: element)
        }
    }
}
