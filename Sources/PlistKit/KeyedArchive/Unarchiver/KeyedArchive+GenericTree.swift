import FoundationEssentials

extension KeyedArchive {
    /// The whole archive as a readable tree: a dictionary of every `$top` key (usually just
    /// `root`) to its value, instantiating nothing, whatever the classes.
    ///
    /// - Objects become `{"$class": "Name", field: value, …}` with fields in archive order
    ///   (and `"$index": n` when other places refer to the same object).
    /// - Built-in Foundation classes become plain values: NSArray, NSSet and NSOrderedSet
    ///   arrays; NSDictionary a dictionary when its keys are distinct strings, otherwise
    ///   `{"$class": "NSDictionary", "$entries": [{"key": …, "value": …}]}`; NSString a string;
    ///   NSData data; NSDate a date; NSUUID its string; NSURL its absolute string; NSValue
    ///   `{"location", "length"}`, `{"x", "y"}`, `{"width", "height"}` or all four;
    ///   NSAttributedString `{"$class", "string", "runs": [{"location", "length", "attributes"}]}`;
    ///   NSNull `{"$class": "NSNull"}`; a nil reference `{"$null": true}`.
    /// - A second reference to an object of a class other than the built-ins, and a reference
    ///   back into any object being expanded (a cycle), become `{"$ref": index}`; shared
    ///   built-ins (Foundation writes equal strings, arrays and dictionaries once) are shown
    ///   again at each reference, up to ``GenericTreeOptions/maximumExpandedValues`` values.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` when values nest deeper than
    ///   `options.maximumDepth`, or when an inline array or dictionary that a binary file
    ///   stores once and uses in several places would be shown again past
    ///   `options.maximumExpandedValues` values (it is no object, so it has no `$ref`).
    /// - Complexity: O(n) in the size of the archive plus the values shown again, at most
    ///   `options.maximumExpandedValues`.
    public func genericTree(options: GenericTreeOptions = GenericTreeOptions()) throws -> PlistValue {
        var builder = GenericTreeBuilder(archive: self, options: options)
        return try builder.topTree()
    }

    /// The readable tree (see ``genericTree(options:)``) of one `$top` key's value, or `nil`
    /// when the key is absent.
    ///
    /// - Throws: as ``genericTree(options:)``.
    public func genericTree(forKey key: String, options: GenericTreeOptions = GenericTreeOptions()) throws -> PlistValue? {
        guard let value = top[key] else { return nil }
        var builder = GenericTreeBuilder(archive: self, options: options)
        return try builder.tree(for: value, path: [key])
    }

    /// Reads archive bytes (binary or XML) and returns their readable tree (see
    /// ``genericTree(options:)``).
    ///
    /// - Throws: ``KeyedArchiveError`` as ``init(decoding:options:)`` and ``genericTree(options:)``.
    public static func genericTree(
        decoding data: Data, options: GenericTreeOptions = GenericTreeOptions()
    ) throws -> PlistValue {
        let archive = try KeyedArchive(decoding: data, options: PlistReadingOptions(maximumDepth: options.maximumDepth))
        return try archive.genericTree(options: options)
    }

    /// Returns `value` with every data value that holds a keyed archive (a binary or XML
    /// property list with `$archiver`, `$top` and `$objects`) replaced by
    /// `{"$archive": tree}`, searching arrays and dictionaries at any depth; when `value` is
    /// itself an archive, its tree (with nested archives decoded as well).
    ///
    /// Data that does not hold a readable archive stays as it is. An archive found in `value`
    /// counts as the first level of nesting for ``GenericTreeOptions/maximumNestedArchiveDepth``.
    ///
    /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` when `value` nests deeper than
    ///   `options.maximumDepth`.
    /// - Complexity: O(n) in the size of `value` and of the archives found.
    public static func expandingNestedArchives(
        in value: PlistValue, options: GenericTreeOptions = GenericTreeOptions()
    ) throws -> PlistValue {
        var nestedOptions = options
        nestedOptions.decodesNestedArchives = true
        if isArchive(value), let archive = try? KeyedArchive(value, options: PlistReadingOptions(maximumDepth: options.maximumDepth)) {
            return try archive.genericTree(options: nestedOptions)
        }
        func walk(_ value: PlistValue, depth: Int) throws -> PlistValue {
            guard depth <= options.maximumDepth else {
                throw KeyedArchiveError(.limitExceeded, "The value is nested deeper than \(options.maximumDepth) levels")
            }
            switch value {
            case .array(let elements):
                return .array(try elements.map { try walk($0, depth: depth + 1) })
            case .dictionary(let entries):
                var result = PlistDictionary(minimumCapacity: entries.count)
                for (key, element) in entries { result[key] = try walk(element, depth: depth + 1) }
                return .dictionary(result)
            case .data(let data):
                guard options.maximumNestedArchiveDepth > 0, mayHoldPropertyList(data),
                      let inner = try? PlistValue(decoding: data, options: PlistReadingOptions(maximumDepth: options.maximumDepth)),
                      isArchive(inner),
                      let archive = try? KeyedArchive(inner, options: PlistReadingOptions(maximumDepth: options.maximumDepth))
                else { return value }
                // An archive found in a plain plist is the first level of nesting.
                var builder = GenericTreeBuilder(archive: archive, options: nestedOptions)
                builder.nestedArchiveDepth = 1
                guard let tree = try? builder.topTree() else { return value }
                return ["$archive": tree]
            default:
                return value
            }
        }
        return try walk(value, depth: 1)
    }

    /// Whether `data` starts like a binary or XML property list, the forms archives take;
    /// checked before trying to read arbitrary data as one.
    static func mayHoldPropertyList(_ data: Data) -> Bool {
        guard data.count >= 8 else { return false }
        let prefix = data.prefix(64)
        if prefix.starts(with: Array("bplist".utf8)) { return true }
        let text = String(decoding: prefix, as: UTF8.self)
        return text.contains("<?xml") || text.contains("<plist")
    }
}
