/// Where a tree nests too deep: the key path that a writer's refusal names.
///
/// Only a refusal asks, so this favours a short walk over speed: the height of every distinct
/// container is computed once (shared subtrees by their storage, as ``ExpandedSizeCounter``
/// recognises them), then the path follows, from the root, the first child tall enough at
/// each level. Iterative, so no depth overflows the stack.
enum NestingDepth {
    /// The key path of the first container, in document order, nested more than `limit`
    /// levels deep (the root container is at level 1), or `nil` when none is.
    ///
    /// Complexity: O(distinct containers and their elements).
    static func firstPath(nestedDeeperThan limit: Int, in root: PlistValue) -> PlistKeyPath? {
        var heights = Heights()
        guard heights.of(root) > limit else { return nil }
        guard limit >= 1 else { return .root }
        var components: [String] = []
        var current = root
        // `current`, at `level`, reaches level limit + 1: one of its children is at least
        // `limit - level + 1` tall.
        for level in 1...limit {
            let needed = limit - level + 1
            switch current {
            case .array(let elements):
                guard let index = elements.firstIndex(where: { heights.of($0) >= needed }) else { return PlistKeyPath(components: components) }
                components.append(String(index))
                current = elements[index]
            case .dictionary(let dictionary):
                guard let index = dictionary.values.firstIndex(where: { heights.of($0) >= needed }) else {
                    return PlistKeyPath(components: components)
                }
                components.append(dictionary.keys[index])
                current = dictionary.values[index]
            default:
                return PlistKeyPath(components: components)
            }
        }
        return PlistKeyPath(components: components)
    }

    /// Heights of containers (a container of scalars is 1 tall, a scalar 0), remembered by
    /// their storage.
    private struct Heights {
        private var known: [Int: Int] = [:]

        /// A container's children and the identity of their storage
        /// (``PlistValue/containerStorageIdentity``); `nil` for a scalar.
        private static func children(of value: PlistValue) -> (values: [PlistValue], identity: Int?)? {
            switch value {
            case .array(let elements): return (elements, value.containerStorageIdentity)
            case .dictionary(let dictionary): return (dictionary.values, value.containerStorageIdentity)
            default: return nil
            }
        }

        /// The height of `value`.
        mutating func of(_ value: PlistValue) -> Int {
            guard let root = Self.children(of: value) else { return 0 }
            if root.values.isEmpty { return 1 }
            if let identity = root.identity, let height = known[identity] { return height }
            // Each frame: a container's children, the next one to look at, the tallest so far.
            var frames: [(values: [PlistValue], identity: Int?, next: Int, tallest: Int)] = [
                (root.values, root.identity, 0, 0)
            ]
            while let top = frames.indices.last {
                guard frames[top].next < frames[top].values.count else {
                    let finished = frames.removeLast()
                    let height = finished.tallest + 1
                    if let identity = finished.identity { known[identity] = height }
                    guard let parent = frames.indices.last else { return height }
                    frames[parent].tallest = max(frames[parent].tallest, height)
                    continue
                }
                let child = frames[top].values[frames[top].next]
                frames[top].next += 1
                guard let grandchildren = Self.children(of: child) else { continue }
                if grandchildren.values.isEmpty {
                    frames[top].tallest = max(frames[top].tallest, 1)
                } else if let identity = grandchildren.identity, let height = known[identity] {
                    frames[top].tallest = max(frames[top].tallest, height)
                } else {
                    frames.append((grandchildren.values, grandchildren.identity, 0, 0))
                }
            }
            preconditionFailure("the walk ends when the root's frame finishes")
        }
    }
}
