import FoundationEssentials

/// Reading the fields of the object being decoded: raw values, and the scalars stored inline
/// or as NSNumber, NSString and NSData objects.
extension KeyedUnarchiver {
    /// The value stored under the coder key `key` of the object being decoded (or of `$top`),
    /// as the archive holds it: an inline scalar, a UID or a container of them.
    func rawValue(forKey key: String) -> PlistValue? {
        // Coder keys starting with `$` are stored with one more `$` (see KeyedArchiver.setField).
        // (The first byte, not `hasPrefix`, which costs a generic comparison per field read.
        // An escaped key starts with `$$`, so it can never be `$class`, which is no field.)
        let key = key.utf8.first == UInt8(ascii: "$") ? "$" + key : key
        switch state.position {
        case .top: return archive.top[key]
        case .instance(let index, let nextField):
            guard case .instance(let instance) = archive.objects[index],
                  let (value, found) = instance.storedValue(forKey: key, expectedAt: nextField) else { return nil }
            state.noteField(at: found, ofInstanceAt: index)
            return value
        case .scalar: return nil
        }
    }


    /// Decodes an integer stored inline or as an NSNumber object (a boolean reads as 1 or 0,
    /// since Foundation's archives may store one for the other).
    ///
    /// - Throws: ``KeyedArchiveError/Code/valueNotFound`` when the key is absent,
    ///   ``KeyedArchiveError/Code/typeMismatch`` when the value is not an integer that fits `Int`.
    public func decodeInteger(forKey key: String) throws -> Int {
        let value = try scalar(forKey: key)
        guard let result = ArchiveNumber.integer(value)?.intValue else {
            throw mismatch(expected: "an integer that fits Int", found: value, key: key)
        }
        return result
    }

    /// Decodes a 64-bit integer stored inline or as an NSNumber object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeInt64(forKey key: String) throws -> Int64 {
        let value = try scalar(forKey: key)
        guard let result = ArchiveNumber.integer(value)?.int64Value else {
            throw mismatch(expected: "an integer that fits Int64", found: value, key: key)
        }
        return result
    }

    /// Decodes a real stored inline or as an NSNumber object; integers convert, as NSCoder's
    /// `decodeDouble(forKey:)` does.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeDouble(forKey key: String) throws -> Double {
        let value = try scalar(forKey: key)
        switch value {
        case .real(let real): return real
        case .integer(let integer): return integer.doubleValue
        case .boolean(let bool): return bool ? 1 : 0
        default: throw mismatch(expected: "a real", found: value, key: key)
        }
    }

    /// Decodes a boolean stored inline or as an NSNumber object (the integers 1 and 0 read as
    /// `true` and `false`, since Foundation's archives may store one for the other).
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeBool(forKey key: String) throws -> Bool {
        let value = try scalar(forKey: key)
        guard let bool = ArchiveNumber.boolean(value) else { throw mismatch(expected: "a boolean", found: value, key: key) }
        return bool
    }

    /// Decodes bytes stored inline (`encodeBytes`), as inline NSData, or as an NSData /
    /// NSMutableData object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeData(forKey key: String) throws -> Data {
        if case .data(let data)? = rawValue(forKey: key) { return data }
        guard let data = try decodeObject(of: Data.self, forKey: key) else {
            throw notFound(key)
        }
        return data
    }

    /// Decodes a string stored inline or as an NSString / NSMutableString object.
    ///
    /// - Throws: as ``decodeInteger(forKey:)``.
    public func decodeString(forKey key: String) throws -> String {
        let raw = rawValue(forKey: key)
        if case .string(let string)? = raw { return string }
        guard let string = try decodeObject(of: String.self, forKey: key) else {
            throw notFound(key)
        }
        return string
    }

    /// The scalar under `key`: inline, or an inline `$objects` entry a UID refers to.
    private func scalar(forKey key: String) throws -> PlistValue {
        guard let raw = rawValue(forKey: key) else { throw notFound(key) }
        guard case .uid(let uid) = raw else { return raw }
        guard archive.objects.indices.contains(Int(uid)) else {
            throw KeyedArchiveError(
                .corruptArchive, "UID \(uid) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: currentObjectIndex, keyPath: state.path + [key])
        }
        switch archive.objects[Int(uid)] {
        case .scalar(let value): return value
        case .null: throw notFound(key)
        case .instance(let instance):
            throw KeyedArchiveError(
                .typeMismatch,
                "Expected a number, string or data for key '\(key)', found an object of class '\(instance.className)' at $objects[\(uid)]",
                objectIndex: Int(uid), keyPath: state.path + [key], className: instance.className)
        case .classDescription:
            throw KeyedArchiveError(
                .corruptArchive, "Key '\(key)' refers to the class description $objects[\(uid)]",
                objectIndex: Int(uid), keyPath: state.path + [key])
        }
    }
}
