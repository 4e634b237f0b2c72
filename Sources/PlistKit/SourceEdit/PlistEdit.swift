/// One change to a property list at a key path: what `plist-inspect`'s edit verbs and plutil's
/// `-replace`, `-insert` and `-remove` do.
public enum PlistEdit: Sendable, Hashable {
    /// Replaces the value at the path, or adds it when the path's last key is new or its last
    /// index is just past the array's end.
    case set(PlistValue, at: PlistKeyPath)
    /// Adds a value at a path that holds nothing yet: a new key, or an array index from 0
    /// through the array's count.
    case insert(PlistValue, at: PlistKeyPath)
    /// Replaces the value at a path that exists.
    case replace(PlistValue, at: PlistKeyPath)
    /// Removes the value at the path.
    case remove(at: PlistKeyPath)
    /// Appends a value to the array at the path.
    case append(PlistValue, to: PlistKeyPath)

    /// The path the edit names.
    public var path: PlistKeyPath {
        switch self {
        case .set(_, let path), .insert(_, let path), .replace(_, let path), .remove(let path), .append(_, let path):
            return path
        }
    }
}

extension PlistValue {
    /// Applies `edit` to this value.
    ///
    /// - Throws: ``PlistError`` as the key-path edits do (``setValue(_:at:)``,
    ///   ``insertValue(_:at:)``, ``appendValue(_:to:)``, ``removeValue(at:)``);
    ///   ``PlistError/Code/keyPathNotFound`` when a `replace` names nothing.
    public mutating func apply(_ edit: PlistEdit) throws {
        switch edit {
        case .set(let newValue, let path), .replace(let newValue, let path):
            if case .replace = edit { _ = try value(at: path) }
            if path.isEmpty { self = newValue } else { try setValue(newValue, at: path) }
        case .insert(let newValue, let path):
            try insertValue(newValue, at: path)
        case .remove(let path):
            try removeValue(at: path)
        case .append(let newValue, let path):
            try appendValue(newValue, to: path)
        }
    }
}
