import FoundationEssentials

/// A `PlistValue` decodes any archived value as its readable tree (see
/// ``KeyedArchive/genericTree(options:)``) and encodes as Foundation would archive the
/// corresponding objects: strings, numbers, booleans and data inline, dates as NSDate, arrays
/// as NSArray, dictionaries as NSDictionary, and `{"$class": "Name", …}` dictionaries as
/// objects of that class.
extension PlistValue: KeyedArchivable, InlineArchivable, GenericArchivable {
    /// None: a tree reads any class the allow-list admits.
    public static var archiveClassNames: [String] { [] }

    var inlineArchiveValue: PlistValue? {
        switch self {
        case .string, .integer, .real, .boolean, .data: return self
        default: return nil
        }
    }

    /// The chain of the Foundation class this value archives as.
    public var archiveClassChain: [String] {
        switch self {
        case .date: return ["NSDate", "NSObject"]
        case .array: return ["NSArray", "NSObject"]
        case .dictionary(let entries):
            if case .string(let name)? = entries["$class"] {
                if case .array(let chain)? = entries["$classes"] {
                    let names = chain.compactMap(\.string)
                    if !names.isEmpty { return names }
                }
                return [name, "NSObject"]
            }
            return ["NSDictionary", "NSObject"]
        default: return ["NSObject"]
        }
    }

    /// Reads the current value as a readable tree.
    ///
    /// - Throws: ``KeyedArchiveError`` (the allow-list's errors, depth limits).
    public init(from unarchiver: KeyedUnarchiver) throws {
        if let scalar = unarchiver.currentScalar {
            self = scalar
        } else {
            self = try unarchiver.currentGenericTree()
        }
    }

    /// Writes the value as Foundation objects.
    ///
    /// - Throws: ``KeyedArchiveError/Code/invalidValue`` for a UID or a `{"$ref": n}`
    ///   back-reference, which cannot be archived again.
    public func encode(to archiver: KeyedArchiver) throws {
        switch self {
        case .string, .integer, .real, .boolean, .data:
            archiver.encodeInline(self)
        case .date(let date):
            archiver.encode(date.timeIntervalSinceReferenceDate, forKey: "NS.time")
        case .uid(let uid):
            throw KeyedArchiveError(.invalidValue, "A UID (\(uid)) cannot be archived as a value", keyPath: archiver.codingPath)
        case .array(let elements):
            var references: [PlistValue] = []
            references.reserveCapacity(elements.count)
            for element in elements { references.append(try archiver.reference(for: element)) }
            archiver.setField(.array(references), forKey: "NS.objects")
        case .dictionary(let entries):
            if entries["$ref"] != nil && entries.count == 1 {
                throw KeyedArchiveError(
                    .invalidValue, "A {\"$ref\": …} back-reference of a generic tree cannot be archived again",
                    keyPath: archiver.codingPath)
            }
            if case .string? = entries["$class"] {
                for (key, value) in entries where !key.hasPrefix("$") {
                    switch value {
                    case .integer, .real, .boolean: archiver.setField(value, forKey: key)
                    default: archiver.setField(try archiver.reference(for: value), forKey: key)
                    }
                }
                return
            }
            var keys: [PlistValue] = []
            var values: [PlistValue] = []
            keys.reserveCapacity(entries.count)
            values.reserveCapacity(entries.count)
            for (key, value) in entries {
                keys.append(try archiver.reference(for: key))
                values.append(try archiver.reference(for: value))
            }
            archiver.setField(.array(keys), forKey: "NS.keys")
            archiver.setField(.array(values), forKey: "NS.objects")
        }
    }
}
