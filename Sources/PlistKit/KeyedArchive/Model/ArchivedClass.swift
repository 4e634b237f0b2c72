/// A class description of a keyed archive: one `$objects` entry holding `$classname`,
/// `$classes` (the class and its superclasses, most derived first) and, optionally,
/// `$classhints` (names of classes to try when the first is unavailable).
public struct ArchivedClass: Hashable, Sendable {
    /// The `$objects` index of the class dictionary.
    public let index: Int
    /// `$classname`: the name instances are archived under.
    public let name: String
    /// `$classes`: the class chain, most derived first (`["NSMutableArray", "NSArray",
    /// "NSObject"]`). When the archive omits it, the chain is `[name]`.
    public let chain: [String]
    /// `$classhints`, when present.
    public let hints: [String]?

    /// Creates a class description.
    public init(index: Int, name: String, chain: [String], hints: [String]? = nil) {
        self.index = index
        self.name = name
        self.chain = chain
        self.hints = hints
    }
}
