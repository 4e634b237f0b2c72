/// The internal switch that turns ``KeyedArchiver``'s speed shortcuts off, so that tests can
/// compare what they give with what the general path gives. It is on unless a test turns it
/// off; the archiver holds one value of this struct (`fastPaths`), never a switch of its own.
struct KeyedArchiverFastPaths {
    /// Whether ``KeyedArchiver`` uniques inline strings and numbers in typed tables (rather
    /// than in a `Dictionary` keyed by `PlistValue`) and writes binary output straight from
    /// its objects (rather than building the archive's tree for the plist writer).
    var keyedArchiverShortcuts = true
}
