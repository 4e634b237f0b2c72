import PlistKit

/// Keyed archives for `print --archive`, `unarchive` and `classes`, through PlistKit's generic
/// decode, which instantiates nothing.
enum ArchiveView {
    /// The archive read from a decoded property list.
    ///
    /// - Throws: ``CommandError`` with exit 65 when the value is not a keyed archive.
    static func archive(_ value: PlistValue, file: String) throws -> KeyedArchive {
        guard KeyedArchive.isArchive(value) else {
            throw CommandError(
                "\(FileIO.displayName(file)): The property list is not a keyed archive (it lacks $archiver, $top or $objects).",
                exitCode: .dataError)
        }
        do {
            return try KeyedArchive(value)
        } catch {
            throw Failure.wrap(error, file: file)
        }
    }

    /// The archive's object graph as a plain tree: `{"$class": "Name", field: value…}` for
    /// objects, `{"$ref": n}` for back-references.
    ///
    /// - Parameter allowedClasses: when given, every class reachable from `$top` must be in
    ///   it; the first one outside fails the command with exit 1, before anything is decoded.
    /// - Throws: ``CommandError``: 65 for a broken archive, 1 for a class outside the list.
    static func tree(_ value: PlistValue, file: String, allowedClasses: Set<String>? = nil) throws -> PlistValue {
        let archive = try archive(value, file: file)
        do {
            guard let allowedClasses else {
                return try archive.genericTree(options: GenericTreeOptions(includesClassChains: false))
            }
            let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: allowedClasses)
            var tree = PlistDictionary()
            for key in archive.topLevelKeys {
                tree[key] = try unarchiver.decodeGenericValue(forKey: key)
            }
            return .dictionary(tree)
        } catch {
            throw Failure.wrap(error, file: file)
        }
    }

    /// The class names of an `--allow` list: comma-separated, spaces around each ignored.
    static func classNames(_ list: String) -> Set<String> {
        Set(list.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty })
    }
}

private extension Substring {
    /// The text without the whitespace around it (`--allow NSArray, NSString`).
    var trimmingSpaces: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return self[first...last]
    }
}
