/// Limits and choices for reading a property list.
///
/// The limits exist for untrusted input: every reader checks them as it goes and fails with
/// ``PlistError/Code/limitExceeded`` rather than allocating or recursing without bound.
public struct PlistReadingOptions: Hashable, Sendable {
    /// The deepest nesting of arrays and dictionaries accepted; the root is at depth 1.
    /// Default: 512.
    public var maximumDepth: Int
    /// The most values (containers and scalars) a document may hold. Default: 2²⁶.
    public var maximumObjectCount: Int
    /// The largest input accepted, in bytes. Default: 4 GiB.
    public var maximumInputBytes: Int
    /// Whether the JSON reader turns PlistKit's tagged objects (`{"$date": …}`,
    /// `{"$data": …}`, `{"CF$UID": n}` and the like, as the tagged JSON writer produces them)
    /// back into dates, data and UIDs. Default: `false`, plain JSON.
    public var readsTaggedJSON: Bool
    /// Whether input that Apple's readers repair is refused instead of repaired with a
    /// ``PlistWarning``: an XML date with a field past its range (`2024-01-32T20:43:14Z`) fails
    /// with ``PlistError/Code/corruptData`` rather than reading as the instant it rolls over to
    /// (``PlistWarning/Kind/dateRolledOver``). Default: `false`, read as Foundation does.
    public var isStrict: Bool

    /// Creates options with the default limits.
    public init(
        maximumDepth: Int = 512,
        maximumObjectCount: Int = 1 << 26,
        maximumInputBytes: Int = 1 << 32,
        readsTaggedJSON: Bool = false,
        isStrict: Bool = false
    ) {
        self.maximumDepth = maximumDepth
        self.maximumObjectCount = maximumObjectCount
        self.maximumInputBytes = maximumInputBytes
        self.readsTaggedJSON = readsTaggedJSON
        self.isStrict = isStrict
    }

    /// Has no effect: the XML reader reads on the calling thread alone, always. Kept for one
    /// release so that code setting it still builds; reading it gives `false`.
    @available(*, deprecated, message: "The XML reader no longer uses a helper thread; remove this setting.")
    public var readsLargeXMLConcurrently: Bool {
        get { false }
        set {}
    }

    /// Creates options with the default limits; `readsLargeXMLConcurrently` has no effect.
    @available(*, deprecated, message: "The XML reader no longer uses a helper thread; drop readsLargeXMLConcurrently.")
    public init(
        maximumDepth: Int = 512,
        maximumObjectCount: Int = 1 << 26,
        maximumInputBytes: Int = 1 << 32,
        readsTaggedJSON: Bool = false,
        readsLargeXMLConcurrently: Bool
    ) {
        self.init(
            maximumDepth: maximumDepth, maximumObjectCount: maximumObjectCount,
            maximumInputBytes: maximumInputBytes, readsTaggedJSON: readsTaggedJSON)
    }

    /// Tighter limits for input from untrusted sources: depth 128, one million objects,
    /// 64 MiB.
    public static let untrusted = PlistReadingOptions(
        maximumDepth: 128, maximumObjectCount: 1_000_000, maximumInputBytes: 64 << 20)
}
