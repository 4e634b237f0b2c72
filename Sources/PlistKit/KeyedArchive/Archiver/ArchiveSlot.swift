/// One entry of the `$objects` a ``KeyedArchiver`` is building.
///
/// An instance's fields are kept as a run of the archiver's flat key and value arrays rather
/// than as a dictionary of its own: building a dictionary key by key looked each key up, and
/// the binary writer only needs the keys and values in order.
enum ArchiveSlot {
    /// `$null`, an inline scalar, a class description, or the placeholder of an object
    /// still being encoded.
    case value(PlistValue)
    /// An instance of the class description at `classUID` (its `$class`, which comes first)
    /// whose other keys and values (no key twice) are `start ..< start + count` of the
    /// archiver's field arrays.
    case instance(classUID: UInt32, start: Int, count: Int)
}
