/// The entries of an Info.plist dictionary whose keys are names of your own (`LSEnvironment`'s
/// variables, App Transport Security's exception domains), in the file's order.
///
/// A Swift `Dictionary` would encode its keys in an order that changes from run to run; these
/// entries keep the order they were read in, and new keys go at the end. Equality ignores the
/// order, as ``PlistDictionary``'s does.
public struct InfoPlistEntries<Value> {
    /// The keys, in order.
    public private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    public private(set) var values: [Value] = []

    /// No entries.
    public init() {}

    /// The number of entries.
    public var count: Int { keys.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`, or `nil`; setting a new key appends it, setting `nil` removes it.
    ///
    /// - Complexity: O(n).
    public subscript(key: String) -> Value? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            let index = keys.firstIndex(of: key)
            switch (index, newValue) {
            case (let index?, let value?): values[index] = value
            case (let index?, nil):
                keys.remove(at: index)
                values.remove(at: index)
            case (nil, let value?):
                keys.append(key)
                values.append(value)
            case (nil, nil): break
            }
        }
    }
}

extension InfoPlistEntries: Sequence {
    /// The entries in order.
    public func makeIterator() -> Zip2Sequence<[String], [Value]>.Iterator {
        zip(keys, values).makeIterator()
    }
}

extension InfoPlistEntries: ExpressibleByDictionaryLiteral {
    /// Entries in the literal's order; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }
}

extension InfoPlistEntries: Sendable where Value: Sendable {}

extension InfoPlistEntries: Equatable where Value: Equatable {
    /// Whether both hold the same keys with equal values, in any order.
    public static func == (lhs: InfoPlistEntries, rhs: InfoPlistEntries) -> Bool {
        lhs.count == rhs.count && zip(lhs.keys, lhs.values).allSatisfy { rhs[$0] == $1 }
    }
}

extension InfoPlistEntries: Hashable where Value: Hashable {
    /// A hash that ignores the order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for (key, value) in zip(keys, values) {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            combined ^= entry.finalize()
        }
        hasher.combine(combined)
    }
}

extension InfoPlistEntries: Codable where Value: Codable {
    /// Reads a dictionary's entries in the order the decoder lists its keys (the file's, for
    /// ``PlistDecoder``).
    ///
    /// - Throws: `DecodingError` when the value is not a dictionary or an entry is not a `Value`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PlistCodingKey.self)
        for key in container.allKeys {
            keys.append(key.stringValue)
            values.append(try container.decode(Value.self, forKey: key))
        }
    }

    /// Writes the entries in order.
    ///
    /// - Throws: what encoding a value throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PlistCodingKey.self)
        for (key, value) in zip(keys, values) {
            try container.encode(value, forKey: PlistCodingKey(stringValue: key))
        }
    }
}
