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

/// A coding path made only when first asked for, held until then as the parent's path and
/// the step below it: the encoder and decoder for a nested value keep theirs this way, since
/// a path step is an allocation and most records never need their path.
struct PlistLazyCodingPath {
    /// The path, once made.
    private var made: PlistCodingPath?
    private let parent: PlistCodingPath
    private let step: PlistCodingPath.Step?
    /// The number of keys in the path, known without making it.
    let depth: Int

    /// A path already made.
    init(_ path: PlistCodingPath) {
        made = path
        parent = path
        step = nil
        depth = path.depth
    }

    /// The path one `step` below `parent`, made when first asked for.
    init(parent: PlistCodingPath, step: PlistCodingPath.Step) {
        self.parent = parent
        self.step = step
        depth = parent.depth + 1
    }

    /// The path, made now if it was not yet.
    mutating func resolve() -> PlistCodingPath {
        if let made { return made }
        let path = step.map { parent.appending($0) } ?? parent
        made = path
        return path
    }
}

