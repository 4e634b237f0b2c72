import FoundationEssentials

extension PlistEncoderImpl: PlistSingleValueEncoder {
    /// Foundation's marker for `nil` in a property list.
    static var nullNode: PlistEncodingNode { .value(.string("$null")) }

    @inline(__always) static func scalarNode(_ value: PlistValue) -> PlistEncodingNode { .value(value) }

    func recordMisuse(_ misuse: EncodingMisuse) { state.recordMisuse(misuse, path: path) }
}
