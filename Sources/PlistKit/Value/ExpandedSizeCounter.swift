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
    /// One container being counted: its children, where the walk is, and the sum so far.
    private struct Frame {
        let identity: UnsafeRawPointer?
        let children: [PlistValue]
        var next = 0
        var total: Int
    }

    /// The expanded count of `root` (each key, value and container counts as one), or `nil`
    /// when it exceeds `limit`.
    ///
    /// Complexity: O(distinct containers and their elements).
    static func count(_ root: PlistValue, limit: Int) -> Int? {
        var memo: [UnsafeRawPointer: Int] = [:]
        var frames: [Frame] = []
        // The count of a value known without descending, or nil after pushing its frame.
        func open(_ value: PlistValue) -> Int? {
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
                return 1
            }
            if children.isEmpty { return 1 }
            let identity = children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let identity, let known = memo[identity] { return known }
            frames.append(Frame(identity: identity, children: children, total: 1 + keyCount))
            return nil
        }
        if let scalar = open(root) { return scalar <= limit ? scalar : nil }
        while !frames.isEmpty {
            let top = frames.count - 1
            if frames[top].next < frames[top].children.count {
                let child = frames[top].children[frames[top].next]
                frames[top].next += 1
                if let known = open(child) {
                    let (sum, overflow) = frames[top].total.addingReportingOverflow(known)
                    guard !overflow, sum <= limit else { return nil }
                    frames[top].total = sum
                }
                continue
            }
            let finished = frames.removeLast()
            if let identity = finished.identity { memo[identity] = finished.total }
            guard let parent = frames.indices.last else { return finished.total }
            let (sum, overflow) = frames[parent].total.addingReportingOverflow(finished.total)
            guard !overflow, sum <= limit else { return nil }
            frames[parent].total = sum
        }
        return nil
    }
}
