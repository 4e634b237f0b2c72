import FoundationEssentials

/// Writes a value as a binary property list (`bplist00`) laid out as Apple's
/// `CFBinaryPlistWrite` lays it out.
///
/// - Objects are numbered depth-first from the root: a container, then (for a dictionary)
///   all its keys, then its values, each flattened in turn; an array's elements in order.
/// - Equal strings (identical scalars), integers, reals, dates, data, UIDs and booleans are
///   written once and shared (CoreFoundation uniques the first four; Foundation on Linux only
///   numbers).
///   Integers, reals and booleans stay distinct from one another (`1`, `1.0` and `true`), and
///   reals compare by bit pattern (`0.0` and `-0.0` are two objects). Containers are never
///   uniqued, as in CoreFoundation.
/// - References and offsets use the smallest of 1, 2, 4 or 8 bytes that holds the object count
///   and the offset table's position.
/// - Integers: non-negative ones in 1, 2, 4 or 8 bytes by magnitude, negative ones in 8 bytes,
///   those above `Int64.max` in 16; reals always in 8 bytes; strings as ASCII when every
///   character is ASCII, otherwise as big-endian UTF-16.
enum BinaryPlistWriter {
    /// Encodes `value`; dictionary keys keep their order unless `options` asks for sorting.
    ///
    /// - Throws: ``PlistError/Code/limitExceeded`` when the output is larger than the process
    ///   can address, or `valueCount` passes the object list's 32-bit numbering; never
    ///   otherwise.
    /// Complexity: O(n) expected in the size of the value (uniquing hashes each scalar once).
    ///
    /// `valueCount` is the expanded size the caller counted (``ExpandedSizeCounter``); it sizes
    /// the object list at once: growing it by doubling copied it several times over, and room never
    /// used is never touched (a large allocation is mapped lazily).
    ///
    /// `releasingNumbered` frees each part of a tree handed over whole (`consume`) once it is
    /// numbered, before the output is allocated: the tree, the object list and the output are
    /// then never all held at once.
    static func write(
        _ value: consuming PlistValue, options: PlistWritingOptions, valueCount: Int = 0, releasingNumbered: Bool = false
    ) throws -> Data {
        // Objects and references are at most the values counted, every occurrence included.
        guard valueCount <= BinaryPlistObjectList.maximumObjects else {
            throw PlistError(
                .limitExceeded,
                "The value holds \(valueCount) values once its shared references are expanded, more than a binary plist writer numbers (\(BinaryPlistObjectList.maximumObjects))")
        }
        var writer = BinaryPlistWriterState(sortsKeys: options.sortsKeys(for: .binary))
        writer.reserveCapacity(values: valueCount)
        writer.flatten(consume value, releasingNumbered: releasingNumbered)
        guard let data = writer.encode() else {
            throw PlistError(.limitExceeded, "The binary plist is larger than this process can address")
        }
        return data
    }
}
