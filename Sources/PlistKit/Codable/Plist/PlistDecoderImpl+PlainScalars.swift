import FoundationEssentials

extension PlistDecoderImpl {
    // Fast reads of the scalars models are made of.
    //
    // Each returns the value exactly as `read` followed by the matching `unbox…` would, counting
    // it against the value limit the same way, when the node is a value or a binary object of
    // the plain kind for the type (an integer that fits, a real (8 bytes in binary), a boolean,
    // a date, a string); otherwise `nil`, having changed nothing the general path sees, and the
    // caller takes the general path, which converts, decodes or reports the value. Reading a
    // scalar this way skips the `PlistValue` and `PlistDecodingItem` it would otherwise be
    // wrapped in.

    /// The fixed-size scalar behind `node`, when the value limit allows one more read.
    @inline(__always)
    private func plainFixedScalar(_ node: PlistDecodingNode?) -> (marker: UInt8, payload: UInt64)? {
        guard case .object(let object)? = node, let source, state.usesPlainScalarReads,
            state.valueCount < state.maximumValueCount
        else { return nil }
        return source.plainFixedScalar(object)
    }

    /// The value behind `node` when it is one in memory, when the value limit allows one more
    /// read.
    @inline(__always)
    private func plainValue(_ node: PlistDecodingNode?) -> PlistValue? {
        guard case .value(let value)? = node, state.usesPlainScalarReads,
            state.valueCount < state.maximumValueCount
        else { return nil }
        return value
    }

    /// Counts one value read, as `read` does, and returns it.
    @inline(__always)
    private func counted<T>(_ value: T) -> T {
        state.valueCount += 1
        return value
    }

    /// An integer that fits `T`.
    @inline(__always)
    func plainInteger<T: FixedWidthInteger>(_ node: PlistDecodingNode?, as type: T.Type) -> T? {
        if case .integer(let integer)? = plainValue(node) {
            guard let value = integer.exactly(T.self) else { return nil }
            return counted(value)
        }
        guard let (marker, payload) = plainFixedScalar(node), marker & 0xF0 == 0x10 else { return nil }
        // 8-byte integers are signed, shorter ones unsigned (as the binary reader decodes them).
        let integer = marker == 0x13 ? PlistInteger(Int64(bitPattern: payload)) : PlistInteger(payload)
        guard let value = integer.exactly(T.self) else { return nil }
        return counted(value)
    }

    /// A real (an 8-byte one, in binary).
    @inline(__always)
    func plainDouble(_ node: PlistDecodingNode?) -> Double? {
        if case .real(let real)? = plainValue(node) { return counted(real) }
        guard let (marker, payload) = plainFixedScalar(node), marker == 0x23 else { return nil }
        return counted(Double(bitPattern: payload))
    }

    /// A boolean.
    @inline(__always)
    func plainBool(_ node: PlistDecodingNode?) -> Bool? {
        if case .boolean(let flag)? = plainValue(node) { return counted(flag) }
        guard let (marker, _) = plainFixedScalar(node), marker == 0x08 || marker == 0x09 else { return nil }
        return counted(marker == 0x09)
    }

    /// A date, for the `.plistDate` strategy.
    @inline(__always)
    func plainDate(_ node: PlistDecodingNode?) -> Date? {
        if case .date(let date)? = plainValue(node) { return counted(date) }
        guard let (marker, payload) = plainFixedScalar(node), marker == 0x33 else { return nil }
        return counted(Date(timeIntervalSinceReferenceDate: Double(bitPattern: payload)))
    }

    /// A string other than the null marker.
    @inline(__always)
    func plainString(_ node: PlistDecodingNode?) -> String? {
        if case .string(let text)? = plainValue(node) {
            guard !text.isNullMarker else { return nil }
            return counted(text)
        }
        guard case .object(let object)? = node, let source, state.usesPlainScalarReads,
            state.valueCount < state.maximumValueCount,
            let text = source.plainString(object), !text.isNullMarker
        else { return nil }
        return counted(text)
    }
}
