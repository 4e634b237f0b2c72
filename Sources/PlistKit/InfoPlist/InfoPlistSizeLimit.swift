/// The one bound every Info.plist operation starts with: a tree read from a binary plist can
/// share its containers, so that a few hundred bytes stand for 2⁶⁰ values, and the checks,
/// the summary and the processor each walk every occurrence. They refuse such a tree before
/// walking it, with the limits writing uses (``PlistWritingOptions/maximumValueCount`` and
/// ``PlistWritingOptions/maximumExpandedByteCount``), counted the same way.
enum InfoPlistSizeLimit {
    /// Checks `value`'s size with its shared references expanded against `limits`, for
    /// `operation` ("checking an Info.plist").
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` naming the limit passed.
    /// - Complexity: O(distinct containers and their elements).
    static func check(_ value: PlistValue, limits: PlistWritingOptions, for operation: String) throws(PlistError) {
        switch ExpandedSizeCounter.size(of: value, valueLimit: limits.maximumValueCount, byteLimit: limits.maximumExpandedByteCount) {
        case .success:
            return
        case .failure(.values):
            throw PlistError(
                .limitExceeded,
                "The value holds more than \(limits.maximumValueCount) values once its shared references are expanded, more than \(operation) allows (PlistWritingOptions.maximumValueCount)",
                at: .keyPath(.root))
        case .failure(.bytes):
            throw PlistError(
                .limitExceeded,
                "The value holds more than \(limits.maximumExpandedByteCount) bytes of strings, data and values once its shared references are expanded, more than \(operation) allows (PlistWritingOptions.maximumExpandedByteCount)",
                at: .keyPath(.root))
        }
    }
}
