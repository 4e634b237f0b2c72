/// Visits every instance reachable from a value of an archive, breadth first, each once,
/// without recursion, so that hostile graphs (deep chains, cycles, shared diamonds) cost
/// O(n) time and a bounded stack.
struct ArchiveGraphWalker {
    let archive: KeyedArchive

    /// Where an object was first reached from: its parent's visit slot and the field key.
    private var parents: [(parent: Int, component: ArchivePathComponent?)] = []
    /// The key path of the walk's start, which every path begins with.
    private var rootPath: [String] = []

    init(archive: KeyedArchive) {
        self.archive = archive
    }

    /// Calls `visit` for each reachable instance with a closure that builds the key path that
    /// first reached it (built only when asked, so errors cost and walks do not).
    mutating func walk(
        from start: PlistValue, rootPath: [String],
        visit: (ArchivedInstance, () -> [String]) throws -> Void
    ) throws {
        // One flag per object of `$objects` (which the archive holds in memory already, so
        // this allocates in proportion to what was read, not to what the input claims); a
        // hashed set cost more than the rest of the walk.
        var seen = [Bool](repeating: false, count: archive.objects.count)
        var queue: [(index: Int, slot: Int)] = []
        // Containers already searched: one a binary file stores once and uses in several
        // places holds no UID not reached the first time, and searching it at every place
        // would cost 2^depth on a few hundred bytes of shared arrays.
        var searched = Set<Int>()
        parents = []
        // Collect UIDs inside a value (a field may hold an array or dictionary of UIDs),
        // with an explicit stack: field values nest at most as deep as the archive allowed.
        func enqueue(_ value: PlistValue, slot: Int, component: ArchivePathComponent?) {
            // Most fields are a single reference or an array of references: those need no
            // stack of pending values.
            if case .uid(let uid) = value {
                reach(uid, slot: slot, component: component)
                return
            }
            var pending: [(PlistValue, ArchivePathComponent?)] = [(value, component)]
            while let (current, step) = pending.popLast() {
                if let identity = current.containerStorageIdentity, !searched.insert(identity).inserted { continue }
                switch current {
                case .uid(let uid):
                    reach(uid, slot: slot, component: step)
                case .array(let elements):
                    // Components stay unrendered: labels are only built for an error's path.
                    let label: String
                    switch step {
                    case .key(let key)?: label = key
                    case let other?: label = other.description
                    case nil: label = ""
                    }
                    // Pushed in reverse and popped, so elements are reached in order.
                    for (i, element) in elements.enumerated().reversed() where element.isContainer || element.kind == .uid {
                        pending.append((element, .element(label, i)))
                    }
                case .dictionary(let entries):
                    for (key, element) in entries where element.isContainer || element.kind == .uid {
                        pending.append((element, .key(step.map { "\($0).\(key)" } ?? key)))
                    }
                default:
                    break
                }
            }
        }
        func reach(_ uid: UInt32, slot: Int, component: ArchivePathComponent?) {
            let index = Int(uid)
            guard index != 0, index < seen.count, !seen[index] else { return }
            seen[index] = true
            parents.append((slot, component))
            queue.append((index, parents.count - 1))
        }
        self.rootPath = rootPath
        parents.append((-1, nil))
        enqueue(start, slot: 0, component: nil)
        var head = 0
        while head < queue.count {
            let (index, slot) = queue[head]
            head += 1
            guard case .instance(let instance) = archive.objects[index] else { continue }
            try visit(instance) { self.path(to: slot) }
            for (key, value) in instance.storage where (value.isContainer || value.kind == .uid) && key != "$class" {
                enqueue(value, slot: slot, component: .key(key))
            }
        }
    }

    private func path(to slot: Int) -> [String] {
        var components: [String] = []
        var current = slot
        while current >= 0 && current < parents.count {
            let (parent, component) = parents[current]
            if let component { components.append(component.description) }
            current = parent
        }
        return rootPath + components.reversed()
    }
}
