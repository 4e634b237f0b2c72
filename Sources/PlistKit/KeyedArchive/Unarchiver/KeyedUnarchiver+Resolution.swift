import FoundationEssentials

/// Object resolution: following a reference to what it stands for, choosing the type that
/// decodes it (registry, requested type: what allows a class inside the root), sharing objects
/// referred to twice and refusing cycles.
extension KeyedUnarchiver {
    // Generic functions here avoid local `T?` values where they can: a function holding one
    // looks up `Optional<T>`'s metadata on entry, a runtime hash-table lookup that cost more
    // than decoding a small object. `decode` returns its optional straight through, and the
    // paths that cast from `Any` (shared objects, registered classes) live in their own
    // functions, entered only when taken.

    /// Decodes `raw` (a UID or an inline value) as `type`; `nil` for a reference to `$null`.
    func decode<T: KeyedArchivable>(_ type: T.Type, from raw: PlistValue) throws -> T? {
        if case .uid(let uid) = raw, Int(uid) < archive.objects.count, case .null = archive.objects[Int(uid)] {
            return nil
        }
        return try decodePresent(type, from: raw)
    }

    /// `decode` for a value that is not a reference to `$null` (callers check).
    func decodePresent<T: KeyedArchivable>(_ type: T.Type, from raw: PlistValue) throws -> T {
        guard case .uid(let uid) = raw else {
            // An inline value in a field or in $top (encodeInteger and friends at the top).
            return try decodeScalar(type, raw, index: nil)
        }
        let index = Int(uid)
        guard archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "UID \(uid) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: currentObjectIndex, keyPath: state.path)
        }
        switch archive.objects[index] {
        case .null:
            // Unreachable: every caller handles `$null` first, each with its own error.
            throw KeyedArchiveError(.valueNotFound, "$objects[\(index)] is $null", objectIndex: index, keyPath: state.path)
        case .scalar(let value):
            return try decodeScalar(type, value, index: index)
        case .classDescription:
            throw KeyedArchiveError(
                .corruptArchive, "$objects[\(index)] is a class description, not an object",
                objectIndex: index, keyPath: state.path)
        case .instance(let instance):
            let resolved = try resolveType(type, for: instance)
            if referenceCounts[index] > 1 { return try decodeShared(type, instance, resolved: resolved) }
            return try build(type, instance, resolved: resolved)
        }
    }

    /// An object referred to more than once: decoded once, then the same value again.
    ///
    /// A tree (``GenericArchivable``) is built again at each reference: which classes it may
    /// show depends on where it is asked for (the root or inside), so one built under a wider
    /// list must not be handed out under a narrower one.
    @inline(never)
    private func decodeShared<T: KeyedArchivable>(_ type: T.Type, _ instance: ArchivedInstance, resolved: any KeyedArchivable.Type) throws -> T {
        if T.self is any GenericArchivable.Type { return try build(type, instance, resolved: resolved) }
        if let cached = state.shared[instance.index] as? T { return cached }
        let value = try build(type, instance, resolved: resolved)
        state.shared[instance.index] = value
        return value
    }

    /// Builds `instance` (its class already checked) with `resolved`'s initializer, positioned
    /// on it, after checking for a cycle and the depth limit.
    private func build<T: KeyedArchivable>(_ type: T.Type, _ instance: ArchivedInstance, resolved: any KeyedArchivable.Type) throws -> T {
        try inside(instance) {
            if resolved == T.self {
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
    func inside<R>(_ instance: ArchivedInstance, namingClassAtDepthLimit: Bool = true, _ body: () throws -> R) throws -> R {
        let saved = try state.open(instance, maximumDepth: maximumDepth, namingClassAtDepthLimit: namingClassAtDepthLimit)
        defer { state.close(instance.index, restoring: saved) }
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
                objectIndex: instance.index, keyPath: state.path, className: instance.className)
        }
        return value
    }

    private func decodeScalar<T: KeyedArchivable>(_ type: T.Type, _ value: PlistValue, index: Int?) throws -> T {
        guard state.isInline(T.self) else {
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected an object of \(T.self) (\(T.archiveClassNames.joined(separator: ", "))), found \(KeyedArchive.describe(value))\(index.map { " at $objects[\($0)]" } ?? "")",
                objectIndex: index ?? currentObjectIndex, keyPath: state.path)
        }
        let saved = state.enter(.scalar(value, index: index))
        defer { state.leave(saved) }
        return try T(from: self)
    }

    /// Checks, without building anything, that `raw` can be decoded as `type`.
    func precheck<T: KeyedArchivable>(_ type: T.Type, raw: PlistValue) throws {
        guard case .uid(let uid) = raw, archive.objects.indices.contains(Int(uid)) else {
            if !state.isInline(T.self) {
                throw KeyedArchiveError(
                    .typeMismatch, "Expected an object of \(T.self), found \(KeyedArchive.describe(raw))",
                    objectIndex: currentObjectIndex, keyPath: state.path)
            }
            return
        }
        let index = Int(uid)
        switch archive.objects[index] {
        case .instance(let instance):
            _ = try resolveType(type, for: instance)
        case .scalar(let value):
            if !state.isInline(T.self) {
                throw KeyedArchiveError(
                    .typeMismatch, "Expected an object of \(T.self), found \(KeyedArchive.describe(value)) at $objects[\(index)]",
                    objectIndex: index, keyPath: state.path)
            }
        case .null, .classDescription:
            break
        }
    }

    /// The type that decodes `instance` when `type` is asked for: a registered class, or
    /// `type` itself when it reads the class name. A type that reads any class without naming
    /// one (``ArchiveGenericObject``) allows none by itself: the allow-list decides.
    private func resolveType<T: KeyedArchivable>(_ type: T.Type, for instance: ArchivedInstance) throws -> any KeyedArchivable.Type {
        if T.archiveClassNames.isEmpty, T.self is any GenericArchivable.Type { try checkAllowed(instance) }
        let name = instance.className
        if let registered = registry[name] {
            guard registered is T.Type || T.self is any GenericArchivable.Type else {
                throw KeyedArchiveError(
                    .typeMismatch,
                    "Class '\(name)' at $objects[\(instance.index)] is registered as \(registered), not \(T.self)",
                    objectIndex: instance.index, keyPath: state.path, className: name)
            }
            return T.self is any GenericArchivable.Type ? T.self : registered
        }
        if T.archiveClassNames.contains(name) || T.self is any GenericArchivable.Type { return T.self }
        throw KeyedArchiveError(
            .classUnknown,
            "Class '\(name)' at $objects[\(instance.index)] is unknown: \(T.self) reads \(T.archiveClassNames.isEmpty ? "no class" : T.archiveClassNames.joined(separator: ", ")) and no type is registered for it",
            objectIndex: instance.index, keyPath: state.path, className: name)
    }

    func chooseType(among types: [any KeyedArchivable.Type], for raw: PlistValue) throws -> any KeyedArchivable.Type {
        var scalar = raw
        if case .uid(let uid) = raw, archive.objects.indices.contains(Int(uid)) {
            switch archive.objects[Int(uid)] {
            case .instance(let instance):
                if let registered = registry[instance.className] {
                    // A mapping only picks among the types asked for: it allows no other type.
                    if types.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(registered) }) { return registered }
                    if let generic = types.first(where: { $0 is any GenericArchivable.Type }) { return generic }
                    throw KeyedArchiveError(
                        .typeMismatch,
                        "Class '\(instance.className)' at $objects[\(instance.index)] is registered as \(registered), not one of \(types.map { "\($0)" }.joined(separator: ", "))",
                        objectIndex: instance.index, keyPath: state.path, className: instance.className)
                }
                // A type naming the class comes before a generic one (`PlistValue` names the
                // property-list classes, but reads any).
                if let match = types.first(where: { !($0 is any GenericArchivable.Type) && $0.archiveClassNames.contains(instance.className) }) { return match }
                if let generic = types.first(where: { $0 is any GenericArchivable.Type }) { return generic }
                throw KeyedArchiveError(
                    .classUnknown,
                    "Class '\(instance.className)' at $objects[\(instance.index)] is unknown: none of \(types.map { "\($0)" }.joined(separator: ", ")) reads it",
                    objectIndex: instance.index, keyPath: state.path, className: instance.className)
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
            objectIndex: currentObjectIndex, keyPath: state.path)
    }

    /// Checks the class of the root a top-level decode reaches through `raw`, if it is an
    /// instance, against the allow-list (what is inside answers to the types that read it).
    func checkRoot(_ raw: PlistValue) throws {
        guard case .uid(let uid) = raw, archive.objects.indices.contains(Int(uid)),
              case .instance(let instance) = archive.objects[Int(uid)] else { return }
        try checkAllowed(instance)
    }

    /// Checks the class of `instance` against the allow-list.
    func checkAllowed(_ instance: ArchivedInstance) throws {
        try allowList?.check(instance, keyPath: state.path)
    }
}
