/// Counts how many values a tree holds once every shared reference is expanded, without
/// expanding it.
///
/// A binary plist of a few hundred bytes can reference its objects so that, as a tree, it
/// holds 2⁶⁰ values. Readers decode such objects once and share them (copy-on-write), so the
/// value in memory stays small, but every writer expands it: XML, JSON and OpenStep write
/// each occurrence, and the binary writer, like Apple's, does not unique containers. Writing
/// starts with this count and refuses a tree above ``PlistWritingOptions/maximumValueCount``.
///
/// Shared subtrees are recognised by their storage: a container shared through copy-on-write
/// has one buffer, whose address identifies it while the tree is alive. Each buffer's count is
/// computed once, so the walk costs O(distinct containers + their elements), however large
/// the expansion. Iterative, so nesting depth cannot overflow the stack.
struct ExpandedSizeCounter {
    /// One container being counted: its children, where the walk is, the sum so far and the
    /// deepest nesting below it.
    private struct Frame {
        let identity: UnsafeRawPointer?
        let children: [PlistValue]
        var next = 0
        var total: Int
        var height = 1
    }

    /// The size of a tree once expanded.
    struct Size {
        /// Every key, value and container, each counted once per occurrence.
        var count: Int
        /// The deepest nesting of containers (a root container with only scalars is 1; a
        /// scalar root is 0), as the readers' `maximumDepth` counts it.
        var depth: Int
    }

    /// The expanded size of `root`, or `nil` when its count exceeds `limit`.
    ///
    /// Complexity: O(distinct containers and their elements).
    static func size(of root: PlistValue, limit: Int) -> Size? {
        var memo: [UnsafeRawPointer: Size] = [:]
        var frames: [Frame] = []
        // The size of a value known without descending, or nil after pushing its frame.
        func open(_ value: PlistValue) -> Size? {
            let children: [PlistValue]
            let keyCount: Int
            switch value {
            case .array(let elements):
                children = elements
                keyCount = 0
            case .dictionary(let dictionary):
                children = dictionary.values
                keyCount = dictionary.count
            default:
                return Size(count: 1, depth: 0)
            }
            if children.isEmpty { return Size(count: 1, depth: 1) }
            let identity = children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let identity, let known = memo[identity] { return known }
            frames.append(Frame(identity: identity, children: children, total: 1 + keyCount))
            return nil
        }
        if let known = open(root) { return known.count <= limit ? known : nil }
        while !frames.isEmpty {
            let top = frames.count - 1
            if frames[top].next < frames[top].children.count {
                let child = frames[top].children[frames[top].next]
                frames[top].next += 1
                if let known = open(child) {
                    let (sum, overflow) = frames[top].total.addingReportingOverflow(known.count)
                    guard !overflow, sum <= limit else { return nil }
                    frames[top].total = sum
                    frames[top].height = Swift.max(frames[top].height, known.depth + 1)
                }
                continue
            }
            let finished = frames.removeLast()
            let size = Size(count: finished.total, depth: finished.height)
            if let identity = finished.identity { memo[identity] = size }
            guard let parent = frames.indices.last else { return size }
            let (sum, overflow) = frames[parent].total.addingReportingOverflow(size.count)
            guard !overflow, sum <= limit else { return nil }
            frames[parent].total = sum
            frames[parent].height = Swift.max(frames[parent].height, size.depth + 1)
        }
        return nil
    }
}
