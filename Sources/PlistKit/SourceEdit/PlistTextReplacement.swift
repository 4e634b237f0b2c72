/// One replacement of a value or a key in place, among several made at once: what
/// ``PlistSourceEditor/splice(_:into:format:original:options:readingOptions:)`` splices into a
/// file's text, and ``PlistValue/replacing(_:)`` makes in a tree.
///
/// Every path names a value of the tree as it was before any of the replacements, so a list
/// of them can be made in any order: a value below a renamed key is still named through the
/// old key.
public enum PlistTextReplacement: Sendable, Hashable {
    /// Replaces the value at a key path that exists; the entry keeps its key and its place.
    case value(PlistValue, at: PlistKeyPath)
    /// Gives the dictionary entry at a key path a new key; the entry keeps its value and its
    /// place among the dictionary's entries.
    case key(String, at: PlistKeyPath)

    /// The path the replacement names, in the tree before the replacements.
    public var path: PlistKeyPath {
        switch self {
        case .value(_, let path), .key(_, let path): return path
        }
    }
}

extension PlistValue {
    /// This value with `replacements` made, every path naming a value of this value as it is.
    ///
    /// Renamed entries keep their place, so a dictionary's key order changes only where a key
    /// does. Only the containers on the replacements' paths are rebuilt.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/keyPathNotFound`` when a path names
    ///   nothing, ``PlistError/Code/keyPathTypeMismatch`` when it goes through a value that is
    ///   not a container or renames an array element, and ``PlistError/Code/invalidEdit`` when
    ///   a new key is already in its dictionary, two replacements name one value or key, a
    ///   value is replaced as well as something inside it, or the root is renamed.
    /// - Complexity: O(n) in the entries of the containers on the paths, plus the paths'
    ///   lengths.
    public func replacing(_ replacements: [PlistTextReplacement]) throws -> PlistValue {
        // Nothing to replace is nothing to walk, whatever the root is (a string, say).
        guard !replacements.isEmpty else { return self }
        let pending = replacements.map { (rest: $0.path.components[...], replacement: $0) }
        return try Self.replacing(pending, in: self, at: .root)
    }

    private static func replacing(
        _ pending: [(rest: ArraySlice<String>, replacement: PlistTextReplacement)], in value: PlistValue, at path: PlistKeyPath
    ) throws -> PlistValue {
        var replacedValue: PlistValue?
        var byComponent: [String: [(rest: ArraySlice<String>, replacement: PlistTextReplacement)]] = [:]
        var order: [String] = []
        for item in pending {
            guard let first = item.rest.first else {
                guard case .value(let newValue, _) = item.replacement else {
                    throw PlistError(.invalidEdit, "The root has no key to rename", at: .keyPath(path))
                }
                guard replacedValue == nil else {
                    throw PlistError(.invalidEdit, "Two replacements name one value", at: .keyPath(path))
                }
                replacedValue = newValue
                continue
            }
            if byComponent[first] == nil { order.append(first) }
            byComponent[first, default: []].append((item.rest.dropFirst(), item.replacement))
        }
        if let replacedValue {
            guard byComponent.isEmpty else {
                throw PlistError(.invalidEdit, "A replaced value has replacements inside it too", at: .keyPath(path))
            }
            return replacedValue
        }
        switch value {
        case .dictionary(let dictionary):
            var keys = dictionary.keys, values = dictionary.values
            for component in order {
                let childPath = path.appending(component)
                guard let index = dictionary.index(forKey: component) else {
                    throw PlistError(.keyPathNotFound, "No value for key '\(component)'", at: .keyPath(childPath))
                }
                var inner: [(rest: ArraySlice<String>, replacement: PlistTextReplacement)] = []
                var newKey: String?
                for item in byComponent[component] ?? [] {
                    if item.rest.isEmpty, case .key(let key, _) = item.replacement {
                        guard newKey == nil else { throw PlistError(.invalidEdit, "Two replacements name one key", at: .keyPath(childPath)) }
                        newKey = key
                    } else {
                        inner.append(item)
                    }
                }
                if let newKey { keys[index] = newKey }
                if !inner.isEmpty { values[index] = try replacing(inner, in: values[index], at: childPath) }
            }
            var result = PlistDictionary(minimumCapacity: keys.count)
            for (key, child) in zip(keys, values) {
                guard !result.contains(key: key) else {
                    throw PlistError(.invalidEdit, "Key '\(key)' already exists", at: .keyPath(path.appending(key)))
                }
                result[key] = child
            }
            return .dictionary(result)
        case .array(var elements):
            for component in order {
                let childPath = path.appending(component)
                guard let index = Int(component), elements.indices.contains(index) else {
                    throw PlistError(.keyPathNotFound, "No element at index '\(component)'", at: .keyPath(childPath))
                }
                let items = byComponent[component] ?? []
                if items.contains(where: { if case .key = $0.replacement { return $0.rest.isEmpty } else { return false } }) {
                    throw PlistError(.keyPathTypeMismatch, "An array element has no key to rename", at: .keyPath(childPath))
                }
                elements[index] = try replacing(items, in: elements[index], at: childPath)
            }
            return .array(elements)
        default:
            throw PlistError(.keyPathTypeMismatch, "The path goes through \(value.kind.nameWithArticle), not a container", at: .keyPath(path))
        }
    }
}
