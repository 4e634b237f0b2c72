/// Counts how many values and bytes a tree holds once every shared reference is expanded,
/// without expanding it.
///
/// A binary plist of a few hundred bytes can reference its objects so that, as a tree, it
/// holds 2⁶⁰ values; one of 100 KB can reference a 100,000-byte string 2¹⁶ times, few values
/// but 6.5 GB of text. Readers decode such objects once and share them (copy-on-write), so the
/// value in memory stays small, but every writer and printer expands it: XML, JSON, OpenStep,
/// the literals and the printers write each occurrence, and the binary writer, like Apple's,
/// does not unique containers. ``check(_:limits:format:)`` is the one check all of them start
/// with.
///
/// Shared subtrees are recognised by their storage: a container shared through copy-on-write
/// has one buffer, whose address identifies it while the tree is alive. The size of each
/// buffer holding at least ``memoizedCount`` values is computed once; smaller ones, the
/// records most trees are made of, are counted at each occurrence rather than hashed into
/// the memo (at most ``memoizedCount`` steps an occurrence, each counted against the limit).
/// So the walk costs O(distinct containers + their elements + the expanded size up to the
/// value limit), however large the expansion. Iterative, so nesting depth cannot overflow
/// the stack.
struct ExpandedSizeCounter {
    /// The bytes a value counts beyond its payload: what any writer spends on it at least
    /// (a tag, a separator, a number's digits), so that many small values weigh too.
    static let bytesPerValue = 8

    /// The expanded count from which a container's size is remembered by its storage.
    static let memoizedCount = 128

    /// One container being counted: its children, where the walk is, the sums so far and the
    /// deepest nesting below it.
    private struct Frame {
        let identity: Int?
        let children: [PlistValue]
        var next = 0
        var size: Size
    }

    /// The size of a tree once expanded.
    struct Size: Equatable {
        /// Every key, value and container, each counted once per occurrence.
        var count: Int
        /// The UTF-8 bytes of every string and key, the bytes of every data value, and
        /// ``bytesPerValue`` for each value counted in `count`, once per occurrence.
        var bytes: Int
        /// The deepest nesting of containers (a root container with only scalars is 1; a
        /// scalar root is 0), as the readers' `maximumDepth` counts it.
        var depth: Int

        /// Adds a child's size, or returns the limit a sum would pass (leaving the size as it was).
        mutating func add(_ child: Size, valueLimit: Int, byteLimit: Int) -> Exceeded? {
            let (count, countOverflow) = self.count.addingReportingOverflow(child.count)
            guard !countOverflow, count <= valueLimit else { return .values }
            let (bytes, bytesOverflow) = self.bytes.addingReportingOverflow(child.bytes)
            guard !bytesOverflow, bytes <= byteLimit else { return .bytes }
            self.count = count
            self.bytes = bytes
            depth = Swift.max(depth, child.depth + 1)
            return nil
        }
    }

    /// Which limit a tree passed.
    enum Exceeded: Error, Equatable {
        case values, bytes
    }

    /// The expanded size of `root`, or the first limit it passes: more than `valueLimit`
    /// values or more than `byteLimit` bytes.
    ///
    /// Complexity: O(distinct containers and their elements).
    static func size(of root: PlistValue, valueLimit: Int, byteLimit: Int = .max) -> Result<Size, Exceeded> {
        var memo: [Int: Size] = [:]
        var frames: [Frame] = []
        // The size of a value known without descending, or nil after pushing its frame.
        func open(_ value: PlistValue) -> Size? {
            let children: [PlistValue]
            var keys: [String] = []
            switch value {
            case .array(let elements):
                children = elements
            case .dictionary(let dictionary):
                children = dictionary.values
                keys = dictionary.keys
            case .string(let string):
                return Size(count: 1, bytes: bytesPerValue &+ string.utf8.count, depth: 0)
            case .data(let data):
                return Size(count: 1, bytes: bytesPerValue &+ data.count, depth: 0)
            default:
                return Size(count: 1, bytes: bytesPerValue, depth: 0)
            }
            if children.isEmpty { return Size(count: 1, bytes: bytesPerValue, depth: 1) }
            let identity = value.containerStorageIdentity
            if !memo.isEmpty, let identity, let known = memo[identity] { return known }
            let own = ownSize(ofContainerWithKeys: keys)
            frames.append(Frame(identity: identity, children: children, size: own))
            return nil
        }
        func within(_ size: Size) -> Result<Size, Exceeded> {
            Self.within(size, valueLimit: valueLimit, byteLimit: byteLimit)
        }
        if let known = open(root) { return within(known) }
        if case .failure(let exceeded) = within(frames[0].size) { return .failure(exceeded) }
        while let top = frames.indices.last {
            // The top frame's children are counted here until one opens a frame of its own:
            // most children are scalars, each added without going back to the frame stack.
            let children = frames[top].children
            var next = frames[top].next, size = frames[top].size
            var opened = false
            while next < children.count, !opened {
                let child = children[next]
                next += 1
                if let known = open(child) {
                    if let exceeded = size.add(known, valueLimit: valueLimit, byteLimit: byteLimit) { return .failure(exceeded) }
                } else {
                    opened = true
                }
            }
            frames[top].next = next
            frames[top].size = size
            if opened { continue }
            let finished = frames.removeLast()
            if finished.size.count >= memoizedCount, let identity = finished.identity { memo[identity] = finished.size }
            guard let parent = frames.indices.last else { return .success(finished.size) }
            if let exceeded = frames[parent].size.add(finished.size, valueLimit: valueLimit, byteLimit: byteLimit) {
                return .failure(exceeded)
            }
        }
        preconditionFailure("the walk ends when the root's frame finishes")
    }
}

extension ExpandedSizeCounter {
    /// The size of a container without its values: itself and its keys (none for an array).
    static func ownSize(ofContainerWithKeys keys: [String]) -> Size {
        // Keys are at most the input's bytes, far from overflowing an Int.
        var keyBytes = 0
        for key in keys { keyBytes &+= key.utf8.count &+ bytesPerValue }
        return Size(count: 1 + keys.count, bytes: bytesPerValue &+ keyBytes, depth: 1)
    }

    /// `size`, or the limit it passes: the check of a root container's own size before its
    /// children are added.
    static func within(_ size: Size, valueLimit: Int, byteLimit: Int) -> Result<Size, Exceeded> {
        if size.count > valueLimit { return .failure(.values) }
        if size.bytes > byteLimit { return .failure(.bytes) }
        return .success(size)
    }

    /// What is about to expand a tree, named in the messages of its refusals. The value
    /// count, the byte count and ``PlistWritingOptions/maximumDepth`` apply to each.
    enum Expander {
        /// The binary writer: it numbers every occurrence and reads (hashes) every occurrence
        /// of a string or data value to find the one it writes; it iterates, but writes no
        /// deeper than the readers read.
        case binaryWriter
        /// A writer or printer that writes every occurrence and recurses (XML, JSON,
        /// OpenStep, the literals, the printers), named for the message.
        case textWriter(String)
        /// A walk that reads every occurrence, writes nothing and iterates (the Info.plist
        /// checks, summary and processor), named for the message ("checking an Info.plist"):
        /// its depth is not bounded here.
        case walk(String)

        /// The name in messages: "the \(name) writer".
        var name: String {
            switch self {
            case .binaryWriter: return PlistFormat.binary.plutilName
            case .textWriter(let name), .walk(let name): return name
            }
        }

        /// What the limits bound, in messages: "more than \(operation) allows".
        var operation: String {
            if case .walk(let name) = self { return name }
            return "writing"
        }
    }

    /// The expanded size of `value`, checked against `options`' limits for `expander`: the
    /// one check every writer and printer runs before it writes anything.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` naming the limit the
    ///   tree passes; for its depth, at the key path of the first container too deep.
    /// - Complexity: O(distinct containers and their elements).
    @discardableResult
    static func check(_ value: PlistValue, limits options: PlistWritingOptions, for expander: Expander) throws(PlistError) -> Size {
        try check(
            size(of: value, valueLimit: options.maximumValueCount, byteLimit: options.maximumExpandedByteCount),
            limits: options, for: expander, of: value)
    }

    /// The size `measured` (with `options`' value and byte limits), or the error for the
    /// limit it passed, as ``check(_:limits:for:)-swift.type.method`` gives them: for a
    /// tree measured in parts (a streaming conversion), whose depth is reported at the root
    /// unless the tree `value` is given.
    ///
    /// - Throws: as ``check(_:limits:for:)-swift.type.method``.
    @discardableResult
    static func check(
        _ measured: Result<Size, Exceeded>, limits options: PlistWritingOptions, for expander: Expander, of value: PlistValue? = nil
    ) throws(PlistError) -> Size {
        switch measured {
        case .failure(.values):
            throw PlistError(
                .limitExceeded,
                "The value holds more than \(options.maximumValueCount) values once its shared references are expanded, more than \(expander.operation) allows (PlistWritingOptions.maximumValueCount)",
                at: .keyPath(.root))
        case .failure(.bytes):
            throw PlistError(
                .limitExceeded,
                "The value holds more than \(options.maximumExpandedByteCount) bytes of strings, data and values once its shared references are expanded, more than \(expander.operation) allows (PlistWritingOptions.maximumExpandedByteCount)",
                at: .keyPath(.root))
        case .success(let size):
            // Deeper than the readers read by default, and, for the writers that recurse,
            // deeper than a small thread stack may hold: a writer never writes a file its own
            // reader would refuse.
            if case .walk = expander { return size }
            if size.depth > options.maximumDepth {
                let path = value.flatMap { NestingDepth.firstPath(nestedDeeperThan: options.maximumDepth, in: $0) } ?? .root
                throw PlistError(
                    .limitExceeded,
                    "The value nests \(size.depth) levels deep, more than the \(options.maximumDepth) the \(expander.name) writer is allowed (PlistWritingOptions.maximumDepth)",
                    at: .keyPath(path))
            }
            return size
        }
    }
}
