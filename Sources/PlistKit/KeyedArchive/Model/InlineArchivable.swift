/// Types whose archived form may be an inline `$objects` scalar (a string, number, boolean
/// or data) rather than an object with a class: they are never subject to the allow-list,
/// since nothing is instantiated from a class name to read them.
protocol InlineArchivable {
    /// The inline form this value is written as, or `nil` to write an object with a class.
    var inlineArchiveValue: PlistValue? { get }

    /// Whether this type reads the inline scalar `value` (used to pick among several types).
    static func readsInline(_ value: PlistValue) -> Bool
}

extension InlineArchivable {
    /// By default a type reads no inline scalar when picking among several types (types that
    /// are only ever written, never chosen by ``KeyedUnarchiver``, need not say more).
    static func readsInline(_ value: PlistValue) -> Bool { false }
}
