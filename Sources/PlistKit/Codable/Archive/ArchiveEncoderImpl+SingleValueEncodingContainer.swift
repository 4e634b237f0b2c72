import FoundationEssentials

extension ArchiveEncoderImpl: SingleValueEncodingContainer {
    private func store(_ newNode: ArchiveEncodingNode) {
        if node != nil {
            state.recordMisuse(.singleValue, path: path)
            return
        }
        node = newNode
    }

    func encodeNil() throws { store(.null) }
    func encode(_ value: Bool) throws { store(.scalar(.boolean(value))) }
    func encode(_ value: String) throws { store(.scalar(.string(value))) }
    func encode(_ value: Double) throws { store(.scalar(.real(value))) }
    func encode(_ value: Float) throws { store(.scalar(.real(Double(value)))) }
    func encode(_ value: Int) throws { store(.scalar(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int8) throws { store(.scalar(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int16) throws { store(.scalar(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int32) throws { store(.scalar(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int64) throws { store(.scalar(.integer(PlistInteger(value)))) }
    func encode(_ value: UInt) throws { store(.scalar(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt8) throws { store(.scalar(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt16) throws { store(.scalar(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt32) throws { store(.scalar(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt64) throws { store(.scalar(.integer(PlistInteger(value)))) }
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
