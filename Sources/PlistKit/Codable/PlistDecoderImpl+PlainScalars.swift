import FoundationEssentials

extension PlistDecoderImpl {
    // Fast reads of the scalars models are made of, from a binary source.
    //
    // Each returns the value exactly as `read` followed by the matching `unbox…` would, counting
    // it against the value limit the same way, when the node is a binary object of the plain
    // kind for the type (an integer that fits, an 8-byte real, a boolean, a date, a string);
    // otherwise `nil`, having changed nothing the general path sees, and the caller takes the
    // general path, which converts, decodes or reports the value. Reading a scalar this way
    // skips the `PlistValue` and `PlistDecodingItem` it would otherwise be wrapped in twice.

    /// The fixed-size scalar behind `node`, when the value limit allows one more read.
    @inline(__always)
    private func plainFixedScalar(_ node: PlistDecodingNode?) -> (marker: UInt8, payload: UInt64)? {
        guard case .object(let object)? = node, let source, state.usesPlainScalarReads,
            state.valueCount < state.maximumValueCount
        else { return nil }
        return source.plainFixedScalar(object)
    }

    /// Counts one value read, as `read` does, and returns it.
    @inline(__always)
    private func counted<T>(_ value: T) -> T {
        state.valueCount += 1
        return value
    }

    /// An integer object that fits `T`.
    @inline(__always)
    func plainInteger<T: FixedWidthInteger>(_ node: PlistDecodingNode?, as type: T.Type) -> T? {
        guard let (marker, payload) = plainFixedScalar(node), marker & 0xF0 == 0x10 else { return nil }
        // 8-byte integers are signed, shorter ones unsigned (as the binary reader decodes them).
        let integer = marker == 0x13 ? PlistInteger(Int64(bitPattern: payload)) : PlistInteger(payload)
        guard let value = integer.exactly(T.self) else { return nil }
        return counted(value)
    }

    /// An 8-byte real object.
    @inline(__always)
    func plainDouble(_ node: PlistDecodingNode?) -> Double? {
        guard let (marker, payload) = plainFixedScalar(node), marker == 0x23 else { return nil }
        return counted(Double(bitPattern: payload))
    }

    /// A boolean object.
    @inline(__always)
    func plainBool(_ node: PlistDecodingNode?) -> Bool? {
        guard let (marker, _) = plainFixedScalar(node), marker == 0x08 || marker == 0x09 else { return nil }
        return counted(marker == 0x09)
    }

    /// A date object, for the `.plistDate` strategy.
    @inline(__always)
    func plainDate(_ node: PlistDecodingNode?) -> Date? {
        guard let (marker, payload) = plainFixedScalar(node), marker == 0x33 else { return nil }
        return counted(Date(timeIntervalSinceReferenceDate: Double(bitPattern: payload)))
    }

    /// A string object other than the null marker.
    @inline(__always)
    func plainString(_ node: PlistDecodingNode?) -> String? {
        guard case .object(let object)? = node, let source, state.usesPlainScalarReads,
            state.valueCount < state.maximumValueCount,
            let text = source.plainString(object), text != "$null"
        else { return nil }
        return counted(text)
    }
}
