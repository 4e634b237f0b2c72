import FoundationEssentials

/// The archive, options and decoding path shared by every decoder and container of one
/// ``ArchiveDecoder`` call, and the operations they share.
final class ArchiveDecodingState {
    let archive: KeyedArchive
    let maximumDepth: Int
    let maximumValueCount: Int
    let userInfo: [CodingUserInfoKey: Any]
    /// The values resolved so far: objects shared by many references are visited once per
    /// reference, so visits are bounded by ``PlistReadingOptions/maximumObjectCount``.
    private var valueCount = 0
    /// The `$objects` indexes of the objects being decoded, root first: reaching one again is a
    /// cycle.
    private var inProgress: Set<Int> = []

    init(archive: KeyedArchive, options: ArchiveDecoder) {
        self.archive = archive
        maximumDepth = options.readingOptions.maximumDepth
        maximumValueCount = options.readingOptions.maximumObjectCount
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    // MARK: Resolving

    /// Follows a reference (or takes an inline value) to the item it stands for.
    func resolve(_ raw: PlistValue, path: PlistCodingPath) throws -> ArchiveDecodingItem {
        valueCount += 1
        guard valueCount <= maximumValueCount else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys,
                debugDescription: "Decoding reads more than the limit of \(maximumValueCount) values (shared references expand when decoded)."))
        }
        switch raw {
        case .uid(let uid):
            let index = Int(uid)
            guard archive.objects.indices.contains(index) else {
                throw corrupt("UID \(uid) is out of range ($objects has \(archive.objects.count) entries)", path: path)
            }
            switch archive.objects[index] {
            case .null: return .null
            case .scalar(let value): return .scalar(value)
            case .instance(let instance): return instance.className == "NSNull" ? .null : .instance(instance)
            case .classDescription:
                throw corrupt("A reference names $objects[\(index)], a class description rather than an object", path: path)
            }
        case .array(let elements):
            return .inlineArray(elements)
        default:
            return .scalar(raw)
        }
    }

    func corrupt(_ reason: String, path: PlistCodingPath) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: path.keys, debugDescription: "The archive is corrupt: \(reason)."))
    }

    func mismatch(_ type: Any.Type, _ item: ArchiveDecodingItem, path: PlistCodingPath, expected: String? = nil) -> DecodingError {
        if item.isNil {
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: path.keys, debugDescription: "Cannot get value of type \(type) -- found nil instead."))
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path.keys, debugDescription: "Expected to decode \(expected ?? "\(type)") but found \(item.typeDescription) instead."))
    }

    // MARK: Decoding values

    /// Decodes `item` as `type`; a type that decodes itself is built by the initializer of
    /// `type`, the metatype passed, so a subclass passed as its superclass's type is built as
    /// the subclass.
    ///
    /// `inPlace` is for a single-value container's decode: its item is the object its own
    /// decoder is decoding, so reaching that object again there is no cycle.
    func unbox<Value: Decodable>(
        _ item: ArchiveDecodingItem, as type: Value.Type, path: PlistCodingPath, inPlace: Bool = false
    ) throws -> Value {
        if let kind = PlistPrimitiveKind(type) { return try unboxPrimitive(item, kind, as: type, path: path) }
        if let value = try unboxFoundation(item, as: type, path: path) { return value }
        return try construct(item, as: type, path: path, inPlace: inPlace) { try type.init(from: $0) }
    }

    /// Builds a value of `type` with `make` from a decoder of `item`, after the checks every
    /// object decoded goes through: the class a class-named type asks for, the depth limit,
    /// and no object inside its own decoding (a cycle).
    func construct<Value>(
        _ item: ArchiveDecodingItem, as type: Value.Type, path: PlistCodingPath, inPlace: Bool = false,
        _ make: (ArchiveDecoderImpl) throws -> Value
    ) throws -> Value {
        if let named = type as? any ArchiveClassNaming.Type {
            guard case .instance(let instance) = item, instance.className == named.archiveClassName else {
                throw mismatch(type, item, path: path, expected: "\(type) (an object of class '\(named.archiveClassName)')")
            }
        }
        guard path.depth <= maximumDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys, debugDescription: "The value nests deeper than \(maximumDepth) levels."))
        }
        guard case .instance(let instance) = item, !inPlace else {
            return try make(ArchiveDecoderImpl(state: self, item: item, path: path))
        }
        guard inProgress.insert(instance.index).inserted else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys,
                debugDescription: "Object $objects[\(instance.index)] of class '\(instance.className)' refers back to itself while it is being decoded (a cycle)."))
        }
        defer { inProgress.remove(instance.index) }
        return try make(ArchiveDecoderImpl(state: self, item: item, path: path))
    }

    /// `Date`, `Data`, `UUID` and `URL` from their Foundation objects, or `nil` for other types.
    private func unboxFoundation<Value>(_ item: ArchiveDecodingItem, as type: Value.Type, path: PlistCodingPath) throws -> Value? {
        if type == Date.self {
            if case .scalar(.date(let date)) = item { return date as? Value }
            let instance = try instance(of: ["NSDate"], type, item, path: path)
            let time = try field("NS.time", of: instance, path: path)
            switch time {
            case .scalar(.real(let seconds)): return Date(timeIntervalSinceReferenceDate: seconds) as? Value
            case .scalar(.integer(let seconds)): return Date(timeIntervalSinceReferenceDate: seconds.doubleValue) as? Value
            default: throw mismatch(Double.self, time, path: path.appending(PlistCodingKey(stringValue: "NS.time")))
            }
        }
        if type == Data.self {
            if case .scalar(.data(let data)) = item { return data as? Value }
            let instance = try instance(of: ["NSData", "NSMutableData"], type, item, path: path)
            let key = instance[field: "NS.data"] != nil ? "NS.data" : "NS.bytes"
            return try bytes(key, of: instance, path: path) as? Value
        }
        if type == UUID.self {
            let instance = try instance(of: ["NSUUID"], type, item, path: path)
            let bytes = try bytes("NS.uuidbytes", of: instance, path: path)
            guard let uuid = ArchiveUUIDBytes.uuid(from: bytes) else {
                throw corrupt("The NS.uuidbytes of NSUUID $objects[\(instance.index)] are \(bytes.count) bytes, not 16", path: path)
            }
            return uuid as? Value
        }
        if type == URL.self {
            let instance = try instance(of: ["NSURL"], type, item, path: path)
            let relativePath = path.appending(PlistCodingKey(stringValue: "NS.relative"))
            let relative = try unbox(try field("NS.relative", of: instance, path: path), as: String.self, path: relativePath)
            var base: URL?
            if let raw = instance[field: "NS.base"] {
                let basePath = path.appending(PlistCodingKey(stringValue: "NS.base"))
                let baseItem = try resolve(raw, path: basePath)
                if !baseItem.isNil {
                    guard path.depth < maximumDepth else {
                        throw DecodingError.dataCorrupted(DecodingError.Context(
                            codingPath: path.keys, debugDescription: "The value nests deeper than \(maximumDepth) levels."))
                    }
                    base = try unbox(baseItem, as: URL.self, path: basePath)
                }
            }
            guard let url = URL(string: relative, relativeTo: base) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: relativePath.keys, debugDescription: "The NS.relative of an NSURL, \"\(relative)\", is not a URL."))
            }
            return url as? Value
        }
        return nil
    }

    private func instance(of classNames: [String], _ type: Any.Type, _ item: ArchiveDecodingItem, path: PlistCodingPath) throws -> ArchivedInstance {
        guard case .instance(let instance) = item, classNames.contains(instance.className) else {
            throw mismatch(type, item, path: path, expected: "\(type) (an object of class '\(classNames[0])')")
        }
        return instance
    }

    private func field(_ key: String, of instance: ArchivedInstance, path: PlistCodingPath) throws -> ArchiveDecodingItem {
        guard let raw = instance[field: key] else {
            throw DecodingError.keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(
                codingPath: path.keys, debugDescription: "Object $objects[\(instance.index)] of class '\(instance.className)' has no '\(key)' field."))
        }
        return try resolve(raw, path: path.appending(PlistCodingKey(stringValue: key)))
    }

    private func bytes(_ key: String, of instance: ArchivedInstance, path: PlistCodingPath) throws -> Data {
        let item = try field(key, of: instance, path: path)
        guard case .scalar(.data(let data)) = item else {
            throw mismatch(Data.self, item, path: path.appending(PlistCodingKey(stringValue: key)))
        }
        return data
    }

    // MARK: Scalars

    /// How archives hold scalars: NSNumber reals holding an integer exactly read as integers, as
    /// `decodeInteger` does, and NSNumber booleans may be archived as the integers 0 and 1.
    private static let rules = PlistScalarRules(readsIntegersFromReals: true, readsBooleansFromIntegers: true)

    /// Reads `item` as the primitive `Value`, of kind `kind`: an inline scalar by the rules both
    /// decoders share, a string also from an NSString object.
    func unboxPrimitive<Value>(_ item: ArchiveDecodingItem, _ kind: PlistPrimitiveKind, as type: Value.Type, path: PlistCodingPath) throws -> Value {
        if kind == .string { return sameTypeCast(try unboxString(item, path: path), as: Value.self) }
        return try unboxScalar(item, as: type, path: path) { value throws(PlistScalarFailure) in try value.unboxedPrimitive(kind, as: type, rules: Self.rules) }
    }

    func unboxInteger<T: FixedWidthInteger>(_ item: ArchiveDecodingItem, as type: T.Type, path: PlistCodingPath) throws -> T {
        try unboxScalar(item, as: type, path: path) { value throws(PlistScalarFailure) in try value.unboxedInteger(as: type, rules: Self.rules) }
    }

    func unboxDouble(_ item: ArchiveDecodingItem, path: PlistCodingPath) throws -> Double {
        try unboxScalar(item, as: Double.self, path: path) { value throws(PlistScalarFailure) in try value.unboxedDouble() }
    }

    func unboxFloat(_ item: ArchiveDecodingItem, path: PlistCodingPath) throws -> Float {
        try unboxScalar(item, as: Float.self, path: path) { value throws(PlistScalarFailure) in try value.unboxedFloat() }
    }

    func unboxBool(_ item: ArchiveDecodingItem, path: PlistCodingPath) throws -> Bool {
        try unboxScalar(item, as: Bool.self, path: path) { value throws(PlistScalarFailure) in try value.unboxedBool(rules: Self.rules) }
    }

    /// Reads an inline scalar with `read`, wording its failure as this decoder's error.
    private func unboxScalar<T>(
        _ item: ArchiveDecodingItem, as type: T.Type, path: PlistCodingPath, _ read: (PlistValue) throws(PlistScalarFailure) -> T
    ) throws -> T {
        guard case .scalar(let value) = item else { throw mismatch(type, item, path: path) }
        do {
            return try read(value)
        } catch .mismatch {
            throw mismatch(type, item, path: path)
        } catch .doesNotFit(let number) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys, debugDescription: "Archived number <\(number)> does not fit in \(type)."))
        }
    }

    func unboxString(_ item: ArchiveDecodingItem, path: PlistCodingPath) throws -> String {
        switch item {
        case .scalar(.string(let value)):
            return value
        case .instance(let instance) where instance.className == "NSString" || instance.className == "NSMutableString":
            // Apple archives mutable and non-plist strings as objects with NS.string or
            // NS.bytes (UTF-8).
            if instance[field: "NS.string"] != nil {
                let inner = try field("NS.string", of: instance, path: path)
                guard case .scalar(.string(let value)) = inner else { throw mismatch(String.self, inner, path: path) }
                return value
            }
            let bytes = try bytes("NS.bytes", of: instance, path: path)
            guard let value = String(validating: bytes, as: UTF8.self) else {
                throw corrupt("The NS.bytes of NSString $objects[\(instance.index)] are not valid UTF-8", path: path)
            }
            return value
        default:
            throw mismatch(String.self, item, path: path)
        }
    }
}
