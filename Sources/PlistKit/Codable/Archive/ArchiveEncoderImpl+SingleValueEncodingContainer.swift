import FoundationEssentials

extension ArchiveEncoderImpl: PlistSingleValueEncoder {
    static var nullNode: ArchiveEncodingNode { .null }

    @inline(__always) static func scalarNode(_ value: PlistValue) -> ArchiveEncodingNode { .scalar(value) }

    func recordMisuse(_ misuse: EncodingMisuse) { state.recordMisuse(misuse, path: path) }

    func encodeChildHere<Value: Encodable>(_ value: Value) throws -> ArchiveEncodingNode {
        try encodeChild(value, path: path)
    }
}
