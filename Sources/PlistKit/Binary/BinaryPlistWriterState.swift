import FoundationEssentials

/// The working state of one binary write of a ``PlistValue``: its objects numbered into a
/// ``BinaryPlistObjectList``, then the bytes.
struct BinaryPlistWriterState {
    let sortsKeys: Bool
    private var objects: BinaryPlistObjectList

    /// A writer; `probeLimit` is passed to the uniquing tables (tests lower it to force their
    /// collision fallback).
    init(sortsKeys: Bool, probeLimit: Int = 128) {
        self.sortsKeys = sortsKeys
        objects = BinaryPlistObjectList(probeLimit: probeLimit)
    }

    /// Whether any uniquing table fell back to `Hasher` (for tests).
    var usesFallbackHashing: Bool { objects.usesFallbackHashing }

    /// Makes room for a tree of `values` values (every container, key and scalar): at most
    /// that many objects, and one reference to each but the root.
    mutating func reserveCapacity(values: Int) {
        guard values > 0 else { return }
        objects.reserveCapacity(objects: values, references: values)
    }

    /// Numbers every object of `root` in CoreFoundation's depth-first order; with
    /// `releasingNumbered`, frees each part of a tree nothing else holds once it is numbered
    /// (see ``BinaryPlistObjectList/number(_:sortsKeys:releasingNumbered:)``).
    mutating func flatten(_ root: consuming PlistValue, releasingNumbered: Bool = false) {
        _ = objects.number(consume root, sortsKeys: sortsKeys, releasingNumbered: releasingNumbered)
    }

    /// Encodes the flattened objects, the offset table and the trailer; `nil` when the output
    /// is larger than the process can address. Numbering is over after this.
    mutating func encode() -> Data? {
        objects.encode()
    }
}
