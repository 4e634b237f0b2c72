import FoundationEssentials

// The coding protocols ask every container for one method per scalar type: fourteen widths
// and kinds, each the same but for its type. Both coders' containers write or read a scalar
// the same way whatever its type, so each container gives the one step it does differently
// (where a scalar goes, or how an integer is read), and these extensions write the per-type
// methods once for all of them. Each is inlined into the container's own witness: called
// through the protocol, it would look up the generic container's conformance at run time for
// every scalar coded. Each container marks its step `@inline(__always)` too (on a
// requirement the attribute does not reach the implementation): left as a call, the step
// keeps the key conversion and the store out of the witness, about 2% more instructions on
// Codable encode.

/// An unkeyed or single-value encoding container that stores every scalar the same way.
/// (The standard library's own 128-bit defaults for these containers would tie with ones
/// here, so each container writes its 128-bit integers itself.)
protocol PlistScalarEncodingContainer {
    /// Stores `value`, a scalar encoded by one of the per-type methods.
    mutating func encodeScalar(_ value: PlistValue) throws
}

extension PlistScalarEncodingContainer {
    @inline(__always) mutating func encode(_ value: Bool) throws { try encodeScalar(.boolean(value)) }
    @inline(__always) mutating func encode(_ value: String) throws { try encodeScalar(.string(value)) }
    @inline(__always) mutating func encode(_ value: Double) throws { try encodeScalar(.real(value)) }
    @inline(__always) mutating func encode(_ value: Float) throws { try encodeScalar(.real(Double(value))) }
    @inline(__always) mutating func encode(_ value: Int) throws { try encodeScalar(.integer(PlistInteger(Int64(value)))) }
    @inline(__always) mutating func encode(_ value: Int8) throws { try encodeScalar(.integer(PlistInteger(Int64(value)))) }
    @inline(__always) mutating func encode(_ value: Int16) throws { try encodeScalar(.integer(PlistInteger(Int64(value)))) }
    @inline(__always) mutating func encode(_ value: Int32) throws { try encodeScalar(.integer(PlistInteger(Int64(value)))) }
    @inline(__always) mutating func encode(_ value: Int64) throws { try encodeScalar(.integer(PlistInteger(value))) }
    @inline(__always) mutating func encode(_ value: UInt) throws { try encodeScalar(.integer(PlistInteger(UInt64(value)))) }
    @inline(__always) mutating func encode(_ value: UInt8) throws { try encodeScalar(.integer(PlistInteger(UInt64(value)))) }
    @inline(__always) mutating func encode(_ value: UInt16) throws { try encodeScalar(.integer(PlistInteger(UInt64(value)))) }
    @inline(__always) mutating func encode(_ value: UInt32) throws { try encodeScalar(.integer(PlistInteger(UInt64(value)))) }
    @inline(__always) mutating func encode(_ value: UInt64) throws { try encodeScalar(.integer(PlistInteger(value))) }
}

/// A keyed encoding container that stores every scalar the same way, and gives an absent
/// optional its own meaning.
protocol PlistScalarKeyedEncodingContainer: KeyedEncodingContainerProtocol {
    /// The container's path.
    var path: PlistCodingPath { get }
    /// Stores `value`, a scalar encoded by one of the per-type methods, under `key`.
    mutating func encodeScalar(_ value: PlistValue, forKey key: Key) throws
    /// What `encodeIfPresent` does for `nil`.
    mutating func encodeAbsent(forKey key: Key) throws
}

extension PlistScalarKeyedEncodingContainer {
    @inline(__always) mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeScalar(.boolean(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: String, forKey key: Key) throws { try encodeScalar(.string(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Double, forKey key: Key) throws { try encodeScalar(.real(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Float, forKey key: Key) throws { try encodeScalar(.real(Double(value)), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(Int64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(Int64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(Int64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(Int64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(value)), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(UInt64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(UInt64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(UInt64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(UInt64(value))), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeScalar(.integer(PlistInteger(value)), forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeScalar(try value.plistValue(at: path.appending(key)), forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeScalar(try value.plistValue(at: path.appending(key)), forKey: key) }

    // The standard library's `encodeIfPresent` defaults run unspecialized, through
    // `Optional`'s metadata (about a thousand instructions for an optional model property);
    // these do what they do for a value (`encode`), and the container's own step for `nil`.
    @inline(__always) mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
    @inline(__always) mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) } }
}

/// A keyed decoding container that reads every integer width the same way.
protocol PlistIntegerKeyedDecodingContainer: KeyedDecodingContainerProtocol {
    /// The integer for `key`, as `decode(_:forKey:)` reads it.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T
    /// The integer for `key`, or `nil` for an absent key or a nil value, as
    /// `decodeIfPresent(_:forKey:)` reads it.
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T?
}

extension PlistIntegerKeyedDecodingContainer {
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeInteger(type, forKey: key) }

    @inline(__always) func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIntegerIfPresent(type, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIntegerIfPresent(type, forKey: key) }
}

/// An unkeyed decoding container that reads every integer width the same way.
protocol PlistIntegerUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    /// The next element as an integer of type `T`, as `decode(_:)` reads it; on success the
    /// container moves past it.
    mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T
}

extension PlistIntegerUnkeyedDecodingContainer {
    @inline(__always) mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }
}
