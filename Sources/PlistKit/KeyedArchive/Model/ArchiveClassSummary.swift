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
