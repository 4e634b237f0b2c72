import FoundationEssentials

extension PlistEncoderImpl: SingleValueEncodingContainer {
    private func store(_ newNode: PlistEncodingNode) {
        if node != nil {
            state.recordMisuse(.singleValue, path: path)
            return
        }
        node = newNode
    }

    func encodeNil() throws { store(.value(.string("$null"))) }
    func encode(_ value: Bool) throws { store(.value(.boolean(value))) }
    func encode(_ value: String) throws { store(.value(.string(value))) }
    func encode(_ value: Double) throws { store(.value(.real(value))) }
    func encode(_ value: Float) throws { store(.value(.real(Double(value)))) }
    func encode(_ value: Int) throws { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int8) throws { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int16) throws { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int32) throws { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int64) throws { store(.value(.integer(PlistInteger(value)))) }
    func encode(_ value: UInt) throws { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt8) throws { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt16) throws { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt32) throws { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt64) throws { store(.value(.integer(PlistInteger(value)))) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { store(.value(try value.plistValue(at: path))) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { store(.value(try value.plistValue(at: path))) }

    func encode<T: Encodable>(_ value: T) throws {
        if node != nil {
            state.recordMisuse(.singleValue, path: path)
            return
        }
        // The value is encoded by a new encoder at the same path: it may itself ask that
        // encoder for containers.
        store(try encodeChildHere(value))
    }
}
