/// Choices for writing a property list.
public struct PlistWritingOptions: Hashable, Sendable {
    /// How a writer orders dictionary keys.
    public enum KeyOrder: Hashable, Sendable {
        /// What Apple's writer for the format does: sorted for XML and OpenStep, insertion
        /// order for binary and JSON.
        case formatDefault
        /// Sorted by key.
        case sorted
        /// The order the dictionary holds (the source file's order).
        case preserved
    }

    /// How JSON represents the values JSON has no type for.
    public enum JSONStyle: Hashable, Sendable {
        /// As plutil: a date, data, UID or non-finite real cannot be written.
        case strict
        /// Lossless: dates, data, UIDs and non-finite reals become tagged objects that
        /// ``PlistReadingOptions/readsTaggedJSON`` reads back to the same values.
        case tagged
    }

    /// How the XML writer spells reals.
    public enum XMLRealStyle: Hashable, Sendable {
        /// As `PropertyListSerialization` and Apple's CoreFoundation writer: 17 significant
        /// digits (`%.17g`, so `1.1` is `1.1000000000000001`), `0.0` for zero.
        case seventeenDigits
        /// As Foundation's `PropertyListEncoder`: the shortest digits that read back to the
        /// same value, without a trailing `.0` (`1.1`, `2`, `1e+16`, `-0`).
        case shortest
    }

    /// The dictionary key order. Default: ``KeyOrder/formatDefault``.
    public var keyOrder: KeyOrder
    /// Whether any loss of information (see ``PlistWarning``) fails the write instead of
    /// being reported. Default: `false`.
    public var isStrict: Bool
    /// The JSON mapping. Default: ``JSONStyle/strict``.
    public var jsonStyle: JSONStyle
    /// Whether JSON is indented for people rather than compact. Default: `false`.
    public var prettyPrintsJSON: Bool
    /// Whether the OpenStep writer writes numbers, booleans and dates as GNUstep typed values
    /// (`<*I12>`, `<*BY>`, `<*D…>`) instead of failing on them. Default: `false`.
    public var writesGNUstepTypedValues: Bool
    /// How XML spells reals. Default: ``XMLRealStyle/seventeenDigits``, byte for byte as
    /// `PropertyListSerialization`; ``PlistEncoder`` defaults to ``XMLRealStyle/shortest``, as
    /// `PropertyListEncoder` does. Both read back to the same values.
    public var xmlRealStyle: XMLRealStyle
    /// The most values a written tree may hold with every shared reference expanded (keys,
    /// values and containers each count one). Trees read from binary plists can share
    /// subtrees, and a few hundred bytes can stand for 2⁶⁰ values; every writer expands them,
    /// so writing refuses such a tree with ``PlistError/Code/limitExceeded`` instead of
    /// trying. Default: 2²⁶ (about 67 million, some 60 times an iTunes library of 50,000
    /// tracks).
    public var maximumValueCount: Int
    /// The most bytes a written or printed tree may hold with every shared reference
    /// expanded: the UTF-8 bytes of its strings and keys, the bytes of its data, and 8 for
    /// every value (what any writer spends on one at least), per occurrence. A 100 KB binary
    /// plist can reference one 100,000-byte string 2¹⁶ times, few values but 6.5 GB of text;
    /// writing refuses such a tree with ``PlistError/Code/limitExceeded`` before anything is
    /// written. (The binary writer writes that string once, but reads every occurrence to
    /// find it, so the limit applies to it too.) Default: 2³⁰ (1 GiB): twice what 2²⁶ values of 8 bytes (the default
    /// ``maximumValueCount``) weigh, and far above the largest real property lists (tens of
    /// megabytes), while the text a writer holds in memory, up to a few times the count
    /// (base64, escapes, indentation), stays within a few GiB.
    public var maximumExpandedByteCount: Int
    /// The deepest nesting any writer or printer accepts; the root container is at depth 1.
    /// Default: 512, the readers' default ``PlistReadingOptions/maximumDepth``, so that no
    /// writer writes a file its reader refuses. A deeper tree, which only a raised reading
    /// limit or code can make, fails with ``PlistError/Code/limitExceeded`` at the key path of
    /// its first container past the limit, before anything is written. The XML, JSON and
    /// OpenStep writers and the printers recurse, and a thread's stack can be small (512 KiB on
    /// Dispatch's worker threads): raise this only with the readers' limit, and for them only
    /// on a thread with a large stack (the main thread's 8 MiB holds well over 10,000 levels).
    public var maximumDepth: Int

    /// The largest output a writer produces, in bytes. Default: 2³² (4 GiB), the readers'
    /// default ``PlistReadingOptions/maximumInputBytes``, so that no writer writes a file its
    /// reader refuses. The expanded-byte limit bounds what a tree holds, but text can weigh
    /// several times that once escaped (`&` is `&amp;` in XML, a control character `\u0001`
    /// in JSON): a larger output fails with ``PlistError/Code/limitExceeded``, before it is
    /// returned, or, written in pieces, before the piece that would pass the limit.
    public var maximumOutputBytes: Int

    /// Whether the OpenStep writer produces `.strings` syntax (`"key" = "value";` lines with no
    /// enclosing braces) for a flat dictionary of strings. Default: `false`.
    public var writesStringsFile: Bool

    /// Creates options; every parameter has the default described on its property.
    public init(
        keyOrder: KeyOrder = .formatDefault,
        isStrict: Bool = false,
        jsonStyle: JSONStyle = .strict,
        prettyPrintsJSON: Bool = false,
        writesGNUstepTypedValues: Bool = false,
        writesStringsFile: Bool = false,
        maximumValueCount: Int = 1 << 26,
        maximumDepth: Int = 512,
        xmlRealStyle: XMLRealStyle = .seventeenDigits,
        maximumExpandedByteCount: Int = 1 << 30,
        maximumOutputBytes: Int = 1 << 32
    ) {
        self.maximumExpandedByteCount = maximumExpandedByteCount
        self.maximumOutputBytes = maximumOutputBytes
        self.keyOrder = keyOrder
        self.isStrict = isStrict
        self.jsonStyle = jsonStyle
        self.prettyPrintsJSON = prettyPrintsJSON
        self.writesGNUstepTypedValues = writesGNUstepTypedValues
        self.writesStringsFile = writesStringsFile
        self.maximumValueCount = maximumValueCount
        self.maximumDepth = maximumDepth
        self.xmlRealStyle = xmlRealStyle
    }

    /// Whether a writer for `format` sorts dictionary keys under these options.
    public func sortsKeys(for format: PlistFormat) -> Bool {
        switch keyOrder {
        case .sorted: return true
        case .preserved: return false
        case .formatDefault: return format == .xml || format == .openStep
        }
    }
}
