/// A coding path kept as a linked list, so that entering a container costs one small
/// allocation rather than a copy of the whole `[CodingKey]` array; the array is built only when
/// asked for (by a `codingPath` property or an error).
indirect enum PlistCodingPath: Sendable {
    case root
    /// A key, kept as its string and integer values: storing the key itself would box it
    /// (an existential larger than its inline buffer) on every step.
    case key(String, intValue: Int?, parent: PlistCodingPath, depth: Int)
    case index(Int, parent: PlistCodingPath, depth: Int)

    /// The number of keys in the path.
    var depth: Int {
        switch self {
        case .root: return 0
        case .key(_, _, _, let depth), .index(_, _, let depth): return depth
        }
    }

    /// The path extended by a key.
    func appending(_ key: some CodingKey) -> PlistCodingPath {
        .key(key.stringValue, intValue: key.intValue, parent: self, depth: depth + 1)
    }

    /// The path extended by an array index.
    func appending(index: Int) -> PlistCodingPath {
        .index(index, parent: self, depth: depth + 1)
    }

    /// One step below a path, held until the path itself is needed.
    enum Step {
        case key(String, intValue: Int?)
        case index(Int)

        /// The step to `key`.
        init(_ key: some CodingKey) {
            self = .key(key.stringValue, intValue: key.intValue)
        }
    }

    /// The path extended by `step`.
    func appending(_ step: Step) -> PlistCodingPath {
        switch step {
        case .key(let string, let intValue): return .key(string, intValue: intValue, parent: self, depth: depth + 1)
        case .index(let index): return appending(index: index)
        }
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
            case let .key(string, intValue, parent, _):
                result.append(intValue.map { PlistCodingKey(stringValue: string, intValue: $0) } ?? PlistCodingKey(stringValue: string))
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
    /// A key with both a string and an integer value, as a coding path step keeps them.
    init(stringValue: String, intValue: Int) {
        self.stringValue = stringValue
        self.intValue = intValue
    }
}
