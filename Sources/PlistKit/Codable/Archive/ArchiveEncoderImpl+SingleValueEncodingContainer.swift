import FoundationEssentials

extension ArchiveEncoderImpl: SingleValueEncodingContainer, PlistScalarEncodingContainer {
    private func store(_ newNode: ArchiveEncodingNode) {
        if node != nil {
            state.recordMisuse(.singleValue, path: path)
            return
        }
        node = newNode
    }

    func encodeNil() throws { store(.null) }
    @inline(__always) func encodeScalar(_ value: PlistValue) throws { store(.scalar(value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { store(.scalar(try value.plistValue(at: path))) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { store(.scalar(try value.plistValue(at: path))) }

    func encode<T: Encodable>(_ value: T) throws {
        if node != nil {
            state.recordMisuse(.singleValue, path: path)
            return
        }
        store(try encodeChild(value, path: path))
    }
}
