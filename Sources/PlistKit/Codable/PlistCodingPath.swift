/// A coding path kept as a linked list, so that entering a container costs one small
/// allocation rather than a copy of the whole `[CodingKey]` array; the array is built only when
/// asked for (by a `codingPath` property or an error).
indirect enum PlistCodingPath: Sendable {
    case root
    case key(any CodingKey & Sendable, parent: PlistCodingPath, depth: Int)
    case index(Int, parent: PlistCodingPath, depth: Int)

    /// The number of keys in the path.
    var depth: Int {
        switch self {
        case .root: return 0
        case .key(_, _, let depth), .index(_, _, let depth): return depth
        }
    }

    /// The path extended by a key.
    func appending(_ key: some CodingKey) -> PlistCodingPath {
        .key(PlistCodingKey(key), parent: self, depth: depth + 1)
    }

    /// The path extended by an array index.
    func appending(index: Int) -> PlistCodingPath {
        .index(index, parent: self, depth: depth + 1)
    }

    /// The keys from the root down.
    var keys: [any CodingKey] {
        var result: [any CodingKey] = []
        result.reserveCapacity(depth)
        var node = self
        while true {
            switch node {
            case .root:
                return result.reversed()
            case let .key(key, parent, _):
                result.append(key)
                node = parent
            case let .index(index, parent, _):
                result.append(PlistCodingKey(index: index))
                node = parent
            }
        }
    }

    /// The keys from the root down, with one more key at the end.
    func keys(appending key: any CodingKey) -> [any CodingKey] {
        var result = keys
        result.append(key)
        return result
    }
}

extension PlistCodingKey {
    /// A sendable copy of any coding key: same string and integer values.
    init(_ key: some CodingKey) {
        if let key = key as? PlistCodingKey {
            self = key
        } else {
            stringValue = key.stringValue
            intValue = key.intValue
        }
    }
}
