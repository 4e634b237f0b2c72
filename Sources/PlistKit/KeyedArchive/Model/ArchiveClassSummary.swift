/// One class of an archive with how many objects have it (``KeyedArchive/classSummaries``).
public struct ArchiveClassSummary: Hashable, Sendable {
    /// `$classname`.
    public let name: String
    /// `$classes`, most derived first.
    public let chain: [String]
    /// `$classhints`, when present.
    public let hints: [String]?
    /// The number of objects in `$objects` with this class.
    public let instanceCount: Int

    /// Creates a summary.
    public init(name: String, chain: [String], hints: [String]?, instanceCount: Int) {
        self.name = name
        self.chain = chain
        self.hints = hints
        self.instanceCount = instanceCount
    }
}

extension KeyedArchive {
    /// Every class of the archive with its chain and how many objects have it, in the order
    /// the class descriptions appear in `$objects`. Two class descriptions with the same name
    /// and chain count as one class.
    /// - Complexity: O(n) in the number of objects.
    public var classSummaries: [ArchiveClassSummary] {
        struct Key: Hashable { let name: String; let chain: [String] }
        var order: [Key] = []
        var hints: [Key: [String]] = [:]
        var counts: [Key: Int] = [:]
        var keyByIndex: [Int: Key] = [:]
        for description in classDescriptions {
            let key = Key(name: description.name, chain: description.chain)
            if counts[key] == nil {
                order.append(key)
                counts[key] = 0
            }
            if let classHints = description.hints { hints[key] = classHints }
            keyByIndex[description.index] = key
        }
        for object in objects {
            guard case .instance(let instance) = object, let key = keyByIndex[instance.archivedClass.index] else { continue }
            counts[key, default: 0] += 1
        }
        return order.map { ArchiveClassSummary(name: $0.name, chain: $0.chain, hints: hints[$0], instanceCount: counts[$0] ?? 0) }
    }
}
