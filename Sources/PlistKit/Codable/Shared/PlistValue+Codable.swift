import FoundationEssentials

/// A `PlistValue` inside a Codable type: a field whose shape is not known in advance (a
/// `userInfo` dictionary, an extension point) keeps whatever the file holds.
///
/// Through ``PlistEncoder`` and ``PlistDecoder`` the value is carried exactly: integers keep
/// their width and sign, reals stay reals, dates, data and UIDs stay what they are, and
/// dictionaries keep their key order. Through another coder (`JSONEncoder`, say) the value is
/// written with that coder's own scalar types: a UID as a `{"CF$UID": n}` dictionary, as in
/// plutil's JSON, and an integer, real or date as that coder spells it. Reading from another
/// coder takes the first type that fits, in the order boolean, integer, real, string, date,
/// data, dictionary, array; a `{"CF$UID": n}` dictionary reads as a UID.
extension PlistValue: Codable {
    /// Encodes this value; ``PlistEncoder`` takes it as it is.
    public func encode(to encoder: any Encoder) throws {
        if let plistEncoder = encoder as? PlistEncoderImpl {
            plistEncoder.node = .value(self)
            return
        }
        switch self {
        case .string(let text): try Self.encodeSingleValue(to: encoder) { try $0.encode(text) }
        case .integer(let integer):
            try Self.encodeSingleValue(to: encoder) {
                if let signed = integer.int64Value { try $0.encode(signed) } else { try $0.encode(integer.uint64Value ?? 0) }
            }
        case .real(let real): try Self.encodeSingleValue(to: encoder) { try $0.encode(real) }
        case .boolean(let flag): try Self.encodeSingleValue(to: encoder) { try $0.encode(flag) }
        case .date(let date): try Self.encodeSingleValue(to: encoder) { try $0.encode(date) }
        case .data(let bytes): try Self.encodeSingleValue(to: encoder) { try $0.encode(bytes) }
        case .uid(let uid):
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(uid, forKey: PlistCodingKey(stringValue: PlistValue.uidKey))
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .dictionary(let dictionary):
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            for (key, value) in zip(dictionary.keys, dictionary.values) {
                try container.encode(value, forKey: PlistCodingKey(stringValue: key))
            }
        }
    }

    /// Encodes a scalar through a single-value container of `encoder`; `encode` calls the
    /// container's method for the scalar's own type.
    private static func encodeSingleValue(
        to encoder: any Encoder, _ encode: (inout any SingleValueEncodingContainer) throws -> Void
    ) throws {
        var container = encoder.singleValueContainer()
        try encode(&container)
    }

    /// Decodes a value; from ``PlistDecoder``, exactly the value the file holds.
    public init(from decoder: any Decoder) throws {
        if let plistDecoder = decoder as? PlistDecoderImpl {
            self = try plistDecoder.decodePlistValue()
            return
        }
        if let container = try? decoder.singleValueContainer(), let scalar = PlistValue.scalar(in: container) {
            self = scalar
        } else if let container = try? decoder.container(keyedBy: PlistCodingKey.self) {
            let keys = container.allKeys
            if keys.count == 1, keys[0].stringValue == PlistValue.uidKey,
               let uid = try? container.decode(UInt32.self, forKey: keys[0]) {
                self = .uid(uid)
                return
            }
            var dictionary = PlistDictionary()
            for key in keys {
                dictionary[key.stringValue] = try container.decode(PlistValue.self, forKey: key)
            }
            self = .dictionary(dictionary)
        } else {
            var container = try decoder.unkeyedContainer()
            var elements: [PlistValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(PlistValue.self))
            }
            self = .array(elements)
        }
    }

    /// The key of a UID written through a coder with no UID type, as plutil's JSON spells it.
    private static let uidKey = "CF$UID"

    /// The scalar a single-value container holds, tried in the order the type documents.
    private static func scalar(in container: any SingleValueDecodingContainer) -> PlistValue? {
        if let flag = try? container.decode(Bool.self) { return .boolean(flag) }
        if let signed = try? container.decode(Int64.self) { return .integer(PlistInteger(signed)) }
        if let unsigned = try? container.decode(UInt64.self) { return .integer(PlistInteger(unsigned)) }
        if let real = try? container.decode(Double.self) { return .real(real) }
        if let text = try? container.decode(String.self) { return .string(text) }
        if let date = try? container.decode(Date.self) { return .date(date) }
        if let bytes = try? container.decode(Data.self) { return .data(bytes) }
        return nil
    }
}

extension PlistDecoderImpl {
    /// The value at this decoder's node, as the file holds it.
    func decodePlistValue() throws -> PlistValue {
        guard let node else {
            throw DecodingError.valueNotFound(PlistValue.self, DecodingError.Context(
                codingPath: path.keys, debugDescription: "Expected a property list value but found nothing."))
        }
        return node
    }
}
