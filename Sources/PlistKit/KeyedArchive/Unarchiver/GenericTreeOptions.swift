/// Choices for turning an archive into a readable tree (``KeyedArchive/genericTree(options:)``).
public struct GenericTreeOptions: Hashable, Sendable {
    /// Whether data values that are themselves property lists holding keyed archives (as apps
    /// store archives inside archives or preferences) are decoded too, each replaced by
    /// `{"$archive": tree}`. Default: `false`.
    public var decodesNestedArchives: Bool
    /// How many archives deep nested decoding goes. Default: 4.
    public var maximumNestedArchiveDepth: Int
    /// The deepest nesting of objects expanded; deeper graphs fail with
    /// ``KeyedArchiveError/Code/limitExceeded``. Default: 512.
    public var maximumDepth: Int
    /// Whether each expanded object other than built-ins lists its `$classes` chain under
    /// `"$classes"`. Default: `false`.
    public var includesClassChains: Bool
    /// How many values a tree may hold before built-in objects referred to more than once
    /// (shared arrays, strings, dictionaries) stop being shown again and become
    /// `{"$ref": index}`, and an inline array or dictionary a binary file stores once and
    /// uses in several places fails with ``KeyedArchiveError/Code/limitExceeded`` rather than
    /// being shown again. Bounds the output of archives built to expand exponentially.
    /// Default: 2²⁰.
    public var maximumExpandedValues: Int

    /// Creates options; every parameter has the default described on its property.
    public init(
        decodesNestedArchives: Bool = false, maximumNestedArchiveDepth: Int = 4,
        maximumDepth: Int = 512, includesClassChains: Bool = false, maximumExpandedValues: Int = 1 << 20
    ) {
        self.maximumExpandedValues = maximumExpandedValues
        self.decodesNestedArchives = decodesNestedArchives
        self.maximumNestedArchiveDepth = maximumNestedArchiveDepth
        self.maximumDepth = maximumDepth
        self.includesClassChains = includesClassChains
    }
}
