/// The internal switches that turn a speed shortcut off, so that tests can compare what it
/// gives with what the general path it stands for gives. Every switch is on unless a test
/// turns it off; public types hold one value of this struct (`fastPaths`), never a switch of
/// their own.
struct FastPathSwitches {
    /// Whether ``PlistEncoder`` writes binary and XML straight from its tree of containers
    /// (`PlistEncodingBinaryWriter`, `PlistEncodingXMLWriter`) rather than finishing it into a
    /// value for the format's writer.
    var encoderWritesFromItsTree = true
    /// Whether ``PlistEncoder`` and ``PlistDecoder`` code `[String: Value]` themselves
    /// (`PlistStringKeyedDictionary`) rather than through the standard library's conformance.
    var codersHandleStringKeyedDictionaries = true
    /// Whether ``KeyedArchiver`` uniques inline strings and numbers in typed tables (rather
    /// than in a `Dictionary` keyed by `PlistValue`) and writes binary output straight from
    /// its objects (rather than building the archive's tree for the plist writer).
    var keyedArchiverShortcuts = true
}
