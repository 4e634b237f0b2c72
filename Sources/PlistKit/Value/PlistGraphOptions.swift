/// Limits and marks for building a ``PlistGraph``, so that a large or hostile input gives a
/// graph small enough to read and draw.
///
/// ```swift
/// var options = PlistGraphOptions(maximumNodes: 50, maximumDepth: 3)
/// options.allowedClassNames = PlistGraphOptions.builtInClassNames.union(["Note", "User"])
/// let graph = try archive.graph(options: options)
/// ```
public struct PlistGraphOptions: Hashable, Sendable {
    /// The most objects drawn; objects past it are counted in
    /// ``PlistGraph/Omissions/overNodeLimit``. Default: ``defaultMaximumNodes``.
    public var maximumNodes: Int
    /// The deepest object drawn, counted in references from the start (the start is at
    /// depth 0); `nil` for no limit. Deeper objects are counted in
    /// ``PlistGraph/Omissions/beyondDepth``. Default: `nil`.
    public var maximumDepth: Int?
    /// The most scalar fields listed on one node; the rest are counted in
    /// ``PlistGraph/Node/omittedFields``. Default: 16.
    public var maximumFieldsPerNode: Int
    /// The most edges drawn from one node (each to a different object); further references
    /// are counted in ``PlistGraph/Node/omittedReferences``, and an object first met through
    /// one of them is not drawn (no arrow would lead to it) but counted in
    /// ``PlistGraph/Omissions/pastEdgeLimit``. Default: 100.
    public var maximumEdgesPerNode: Int
    /// For keyed archives: the class names a secure decode would allow; instances of any
    /// other class are marked ``PlistGraph/Node/isRefused``. `nil` marks nothing. Default: `nil`.
    public var allowedClassNames: Set<String>?

    /// The default node limit, 500: a drawing of more is rarely readable.
    public static let defaultMaximumNodes = 500

    /// The Foundation classes PlistKit itself reads as values (collections, strings, numbers,
    /// data, dates, UUIDs, URLs, NSNull, NSValue and attributed strings): a starting point
    /// for ``allowedClassNames``, to which an application adds its own classes.
    public static let builtInClassNames: Set<String> = [
        "NSArray", "NSMutableArray", "NSDictionary", "NSMutableDictionary", "NSSet", "NSMutableSet",
        "NSOrderedSet", "NSMutableOrderedSet", "NSString", "NSMutableString", "NSData", "NSMutableData",
        "NSDate", "NSNumber", "NSUUID", "NSURL", "NSNull", "NSValue", "NSAttributedString",
        "NSMutableAttributedString",
    ]

    /// Creates options; every parameter has the default described on its property.
    public init(
        maximumNodes: Int = PlistGraphOptions.defaultMaximumNodes, maximumDepth: Int? = nil,
        maximumFieldsPerNode: Int = 16, maximumEdgesPerNode: Int = 100, allowedClassNames: Set<String>? = nil
    ) {
        self.maximumNodes = maximumNodes
        self.maximumDepth = maximumDepth
        self.maximumFieldsPerNode = maximumFieldsPerNode
        self.maximumEdgesPerNode = maximumEdgesPerNode
        self.allowedClassNames = allowedClassNames
    }
}
