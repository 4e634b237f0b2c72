/// The header of an array, set or dictionary in a binary plist, its references checked to end
/// before the offset table: which object it is, where, how many entries it has and where their
/// references lie. Each reader that walks containers (the decoder, the skeleton reader, the
/// subtree sizes, the size measure and the lazy view) reads one per container with
/// ``BinaryPlistDecoder/container(_:marker:at:)`` and finds the children through it.
///
/// A dictionary's references are its keys, then as many values; an array's (or a set's) are
/// its elements, which count as its values.
struct BinaryPlistContainer {
    /// The object index.
    let index: Int
    /// The object's byte offset, for error locations.
    let offset: Int
    /// Whether it is a dictionary (else an array or a set).
    let isDictionary: Bool
    /// The number of elements, or of a dictionary's entries.
    let count: Int
    /// The byte offset of the first reference: a dictionary's first key, else the first element.
    let references: Int
    /// The byte offset of the first value reference (the first element of an array or set).
    let values: Int

    /// Whether `marker` is that of an array, a set or a dictionary.
    @inline(__always)
    static func isContainer(marker: UInt8) -> Bool {
        let kind = marker >> 4
        return kind == 0xA || kind == 0xC || kind == 0xD
    }
}
