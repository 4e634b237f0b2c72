extension PlistValue {
    /// The value at `path`, or `nil` when nothing is there.
    public subscript(keyPath path: PlistKeyPath) -> PlistValue? {
        try? value(at: path)
    }

    /// The value at `path`.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/keyPathNotFound`` when a key is absent
    ///   or an index is out of range, or ``PlistError/Code/keyPathTypeMismatch`` when the path
    ///   goes through a value that is neither a dictionary nor an array.
    public func value(at path: PlistKeyPath) throws -> PlistValue {
        var current = self
        for (depth, component) in path.components.enumerated() {
            current = try current.child(component, path: path, depth: depth)
        }
        return current
    }

    /// Replaces the value at `path`, or adds it when the last component is a key the dictionary
    /// lacks or the index just past an array's end (plutil's `-replace`).
    ///
    /// - Throws: ``PlistError`` when a container on the way is missing or of the wrong type, or
    ///   when an index is beyond the end; the root cannot be replaced through a path.
    public mutating func setValue(_ newValue: PlistValue, at path: PlistKeyPath) throws {
        try put(newValue, at: path, replacing: true)
    }

    /// Inserts a value at `path` (plutil's `-insert`): a new key in a dictionary, which must
    /// not already exist, or an element at an index from 0 through the array's count.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidEdit`` when the key exists, or the
    ///   errors of ``setValue(_:at:)``.
    public mutating func insertValue(_ newValue: PlistValue, at path: PlistKeyPath) throws {
        try put(newValue, at: path, replacing: false)
    }

    /// Appends a value to the array at `path` (plutil's `-insert … -append`).
    ///
    /// - Throws: ``PlistError`` when nothing is at `path` or it is not an array.
    public mutating func appendValue(_ newValue: PlistValue, to path: PlistKeyPath) throws {
        let target = try value(at: path)
        guard case .array(var array) = target else {
            throw PlistError(.keyPathTypeMismatch, "Expected an array, found \(target.kind.rawValue)", at: .keyPath(path))
        }
        array.append(newValue)
        if path.isEmpty {
            self = .array(array)
        } else {
            try setValue(.array(array), at: path)
        }
    }

    /// Removes the value at `path` and returns it (plutil's `-remove`).
    ///
    /// - Throws: ``PlistError`` when nothing is at `path`.
    @discardableResult
    public mutating func removeValue(at path: PlistKeyPath) throws -> PlistValue {
        var removed: PlistValue = .placeholder
        try edit(at: path) { container, last, path in
            switch container {
            case .dictionary(var dictionary):
                guard let old = dictionary.removeValue(forKey: last) else {
                    throw PlistError(.keyPathNotFound, "No key '\(last)'", at: .keyPath(path))
                }
                removed = old
                container = .dictionary(dictionary)
            case .array(var array):
                let index = try Self.arrayIndex(last, in: array, path: path, allowingEnd: false)
                container = .placeholder
                removed = array.remove(at: index)
                container = .array(array)
            default:
                throw Self.notAContainer(at: path.parent)
            }
        }
        return removed
    }

    // MARK: - Internals

    /// A placeholder used while a container is moved out of `self` to edit it without a copy.
    fileprivate static let placeholder = PlistValue.boolean(false)

    /// Puts `newValue` at `path`, a key or an index from 0 through the array's count: when
    /// `replacing`, in place of the value there (``setValue(_:at:)``), otherwise as a new key
    /// or an element inserted before the one at the index (``insertValue(_:at:)``).
    private mutating func put(_ newValue: PlistValue, at path: PlistKeyPath, replacing: Bool) throws {
        try edit(at: path) { container, last, path in
            switch container {
            case .dictionary(var dictionary):
                guard replacing || !dictionary.contains(key: last) else {
                    throw PlistError(.invalidEdit, "Key '\(last)' already exists", at: .keyPath(path))
                }
                container = .placeholder
                dictionary[last] = newValue
                container = .dictionary(dictionary)
            case .array(var array):
                let index = try Self.arrayIndex(last, in: array, path: path, allowingEnd: true)
                container = .placeholder
                if replacing && index < array.count { array[index] = newValue } else { array.insert(newValue, at: index) }
                container = .array(array)
            default:
                throw Self.notAContainer(at: path.parent)
            }
        }
    }

    private func child(_ component: String, path: PlistKeyPath, depth: Int) throws -> PlistValue {
        let here = PlistKeyPath(components: Array(path.components.prefix(depth + 1)))
        switch self {
        case .dictionary(let dictionary):
            guard let value = dictionary[component] else { throw Self.missingKey(in: dictionary, path: path, depth: depth) }
            return value
        case .array(let array):
            let index = try Self.arrayIndex(component, in: array, path: here, allowingEnd: false)
            return array[index]
        default:
            throw PlistError(
                .keyPathTypeMismatch,
                "Cannot look up '\(component)' in \(kind.nameWithArticle)",
                at: .keyPath(here.parent))
        }
    }

    /// Walks to the container of the last component and lets `body` change it in place.
    private mutating func edit(
        at path: PlistKeyPath,
        _ body: (inout PlistValue, String, PlistKeyPath) throws -> Void
    ) throws {
        guard let last = path.components.last else {
            throw PlistError(.invalidEdit, "An edit needs a key path with at least one component", at: .keyPath(path))
        }
        try editContainer(components: path.components.dropLast()[...], fullPath: path) { container in
            try body(&container, last, path)
        }
    }

    private mutating func editContainer(
        components: ArraySlice<String>,
        fullPath: PlistKeyPath,
        _ body: (inout PlistValue) throws -> Void
    ) throws {
        guard let first = components.first else {
            try body(&self)
            return
        }
        let depth = fullPath.components.count - 1 - components.count
        let here = PlistKeyPath(components: Array(fullPath.components.prefix(depth + 1)))
        switch self {
        // The container is moved out of `self`, and the child edited where it stands in it, so
        // that neither is copied (copy-on-write).
        case .dictionary(var dictionary):
            guard let position = dictionary.position(of: first) else { throw Self.missingKey(in: dictionary, path: fullPath, depth: depth) }
            self = Self.placeholder
            defer { self = .dictionary(dictionary) }
            try dictionary.editValue(at: position) { try $0.editContainer(components: components.dropFirst(), fullPath: fullPath, body) }
        case .array(var array):
            let index = try Self.arrayIndex(first, in: array, path: here, allowingEnd: false)
            self = Self.placeholder
            defer { self = .array(array) }
            try array[index].editContainer(components: components.dropFirst(), fullPath: fullPath, body)
        default:
            throw Self.notAContainer(at: here.parent)
        }
    }

    /// The error for component `depth` of `path`, a key `dictionary` lacks. When the dictionary
    /// has a key that is this component joined by dots with the next ones (a `.strings` key
    /// such as `general.on`, which the path `general.on` splits in two), the message names the
    /// path that reaches it, its dots escaped (`general\.on`).
    private static func missingKey(in dictionary: PlistDictionary, path: PlistKeyPath, depth: Int) -> PlistError {
        let components = path.components
        var message = "No value for key '\(components[depth])'"
        var joined = components[depth]
        for end in components.indices where end > depth {
            joined += "." + components[end]
            guard dictionary.contains(key: joined) else { continue }
            let reaching = PlistKeyPath(components: Array(components[..<depth]) + [joined] + Array(components[(end + 1)...]))
            message += " (the key '\(joined)' has the key path '\(reaching)')"
            break
        }
        return PlistError(.keyPathNotFound, message, at: .keyPath(PlistKeyPath(components: Array(components.prefix(depth + 1)))))
    }

    private static func arrayIndex(_ component: String, in array: [PlistValue], path: PlistKeyPath, allowingEnd: Bool) throws -> Int {
        guard let index = Int(component), index >= 0, component.allSatisfy(\.isASCII) else {
            throw PlistError(.keyPathTypeMismatch, "'\(component)' is not an array index", at: .keyPath(path))
        }
        let limit = allowingEnd ? array.count : array.count - 1
        guard index <= limit else {
            throw PlistError(
                .keyPathNotFound,
                "Index \(index) is beyond the end of an array of \(array.count) elements",
                at: .keyPath(path))
        }
        return index
    }

    private static func notAContainer(at path: PlistKeyPath) -> PlistError {
        PlistError(.keyPathTypeMismatch, "The value is neither a dictionary nor an array", at: .keyPath(path))
    }
}
