/// A dictionary of an Info.plist as a Swift type: known keys as typed properties, every other
/// key kept as it is, and the order the keys were read in, so that a decode and an encode give
/// back the same dictionary with its keys in the same order.
///
/// The Codable conformance is the same for every record (``InfoPlist``, its URL types, its
/// App Transport Security settings …), driven by a table of ``InfoPlistField``s, which also
/// says each key's documented type for ``InfoPlistChecker``.
///
/// Encoding writes the keys in the order they were decoded in; a key given a value since
/// (absent from the decoded file) follows, in the table's order, then the privacy strings and
/// other keys added since, in their order. A key removed since is left out.
protocol InfoPlistRecord: Codable, Sendable {
    /// A record with no keys.
    init()
    /// The known keys, in the order a new record writes them.
    static var fields: [InfoPlistField<Self>] { get }
    /// The same, by key.
    static var fieldsByKey: [String: InfoPlistField<Self>] { get }
    /// Every key the record has no property for, with its value as the file holds it.
    var otherKeys: PlistDictionary { get set }
    /// The key order the record was decoded with.
    var layout: InfoPlistLayout { get set }

    /// Decodes `key` when it belongs to a family of keys one property holds (the privacy
    /// strings); whether it did.
    mutating func decodeFamilyKey(_ key: PlistCodingKey, from container: KeyedDecodingContainer<PlistCodingKey>) throws -> Bool
    /// The keys of the families present, in the order a new record writes them.
    var familyKeys: [String] { get }
    /// Encodes the family key `key`; whether it is present.
    func encodeFamilyKey(_ key: PlistCodingKey, to container: inout KeyedEncodingContainer<PlistCodingKey>) throws -> Bool
}

extension InfoPlistRecord {
    mutating func decodeFamilyKey(_ key: PlistCodingKey, from container: KeyedDecodingContainer<PlistCodingKey>) throws -> Bool { false }
    var familyKeys: [String] { [] }
    func encodeFamilyKey(_ key: PlistCodingKey, to container: inout KeyedEncodingContainer<PlistCodingKey>) throws -> Bool { false }

    /// The documented types of the known keys, for ``InfoPlistChecker``.
    static var schema: InfoPlistValueType {
        .record(Dictionary(fields.map { ($0.key, $0.type) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The fields by key, for a conformer's `fieldsByKey`.
    static func index(_ fields: [InfoPlistField<Self>]) -> [String: InfoPlistField<Self>] {
        Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads the dictionary: each known key into its property, each other key into
    /// `otherKeys`, and the order of them all, so that an encode gives the keys back in it.
    ///
    /// - Throws: `DecodingError` when the value is not a dictionary or a known key holds a
    ///   value of another type, with its coding path.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: PlistCodingKey.self)
        for key in container.allKeys {
            let name = key.stringValue
            if let field = Self.fieldsByKey[name] {
                try field.decode(&self, container, key)
            } else if try !decodeFamilyKey(key, from: container) {
                otherKeys[name] = try container.decode(PlistValue.self, forKey: key)
            }
            layout.keyOrder.append(name)
        }
    }

    /// Writes the dictionary, keys in the order they were read; keys given values since follow
    /// in the order the type documents.
    ///
    /// - Throws: what the encoder throws for a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PlistCodingKey.self)
        var written = Set<String>()
        func write(_ name: String) throws {
            guard !written.contains(name) else { return }
            let key = PlistCodingKey(stringValue: name)
            if let field = Self.fieldsByKey[name], try field.encode(self, &container, key) {
                written.insert(name)
            } else if try encodeFamilyKey(key, to: &container) {
                written.insert(name)
            } else if let value = otherKeys[name] {
                try container.encode(value, forKey: key)
                written.insert(name)
            }
        }
        for name in layout.keyOrder { try write(name) }
        for field in Self.fields { try write(field.key) }
        for name in familyKeys { try write(name) }
        for name in otherKeys.keys { try write(name) }
    }
}

/// How a record was laid out in its file, kept so that an encode does not reorder the file or
/// change a value's shape needlessly. It is never part of a record's equality or hash: two
/// records with the same keys and values are equal in any order.
struct InfoPlistLayout: Hashable, Sendable {
    /// The keys in the order they were decoded.
    var keyOrder: [String] = []
    /// Keys the file gave as one value where the property holds an array (`UIDeviceFamily` as
    /// one number), written back as one value while the array holds one element.
    var scalarKeys: Set<String> = []

    static func == (_: InfoPlistLayout, _: InfoPlistLayout) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// One known key of a record: its documented type and how its property is read and written.
struct InfoPlistField<Record>: Sendable {
    /// The key in the file.
    let key: String
    /// The type Apple documents for it.
    let type: InfoPlistValueType
    /// Reads the key into the property.
    let decode: @Sendable (inout Record, KeyedDecodingContainer<PlistCodingKey>, PlistCodingKey) throws -> Void
    /// Writes the property under the key; whether it has a value.
    let encode: @Sendable (Record, inout KeyedEncodingContainer<PlistCodingKey>, PlistCodingKey) throws -> Bool
}

extension InfoPlistField {
    /// A key whose property is a Codable value.
    init<Value: Codable & Sendable>(_ key: String, _ type: InfoPlistValueType, _ property: WritableKeyPath<Record, Value?> & Sendable) {
        self.key = key
        self.type = type
        decode = { record, container, key in record[keyPath: property] = try container.decode(Value.self, forKey: key) }
        encode = { record, container, key in
            guard let value = record[keyPath: property] else { return false }
            try container.encode(value, forKey: key)
            return true
        }
    }

    /// A key whose value is a dictionary of no fixed shape, kept exactly.
    init(_ key: String, dictionary property: WritableKeyPath<Record, PlistDictionary?> & Sendable) {
        self.key = key
        type = .dictionary
        decode = { record, container, key in
            let value = try container.decode(PlistValue.self, forKey: key)
            guard case .dictionary(let dictionary) = value else { throw Self.mismatch(PlistDictionary.self, value, container, key) }
            record[keyPath: property] = dictionary
        }
        encode = { record, container, key in
            guard let dictionary = record[keyPath: property] else { return false }
            try container.encode(PlistValue.dictionary(dictionary), forKey: key)
            return true
        }
    }

    /// A key whose value is an array of dictionaries of no fixed shape, kept exactly.
    init(_ key: String, dictionaries property: WritableKeyPath<Record, [PlistDictionary]?> & Sendable) {
        self.key = key
        type = .array(.dictionary)
        decode = { record, container, key in
            let value = try container.decode(PlistValue.self, forKey: key)
            guard case .array(let elements) = value else { throw Self.mismatch([PlistDictionary].self, value, container, key) }
            var dictionaries: [PlistDictionary] = []
            for element in elements {
                guard case .dictionary(let dictionary) = element else { throw Self.mismatch([PlistDictionary].self, element, container, key) }
                dictionaries.append(dictionary)
            }
            record[keyPath: property] = dictionaries
        }
        encode = { record, container, key in
            guard let dictionaries = record[keyPath: property] else { return false }
            try container.encode(PlistValue.array(dictionaries.map(PlistValue.dictionary)), forKey: key)
            return true
        }
    }

    /// The error a decoder gives for a value of another type, at the key's coding path.
    private static func mismatch(
        _ type: Any.Type, _ value: PlistValue, _ container: KeyedDecodingContainer<PlistCodingKey>, _ key: PlistCodingKey
    ) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: container.codingPath + [key],
            debugDescription: "Expected to decode \(type) but found \(value.kind.nameWithArticle) instead."))
    }
}

extension InfoPlistField where Record: InfoPlistRecord {
    /// A key documented as an array of integers that files also give as one integer
    /// (`UIDeviceFamily`): read either way, written back in the file's shape.
    init(_ key: String, integers property: WritableKeyPath<Record, [Int]?> & Sendable) {
        self.key = key
        type = .either(.array(.integer), .integer)
        decode = { record, container, key in
            if case .integer = try container.decode(PlistValue.self, forKey: key) {
                record[keyPath: property] = [try container.decode(Int.self, forKey: key)]
                record.layout.scalarKeys.insert(key.stringValue)
            } else {
                record[keyPath: property] = try container.decode([Int].self, forKey: key)
            }
        }
        encode = { record, container, key in
            guard let integers = record[keyPath: property] else { return false }
            if integers.count == 1, record.layout.scalarKeys.contains(key.stringValue) {
                try container.encode(integers[0], forKey: key)
            } else {
                try container.encode(integers, forKey: key)
            }
            return true
        }
    }
}
