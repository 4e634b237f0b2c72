import FoundationEssentials

/// A `PlistValue` decodes any archived value as its readable tree (see
/// ``KeyedArchive/genericTree(options:)``) and encodes as Foundation would archive the
/// corresponding objects: strings, numbers, booleans and data inline, dates as NSDate, arrays
/// as NSArray, dictionaries as NSDictionary, `{"$class": "Name", …}` dictionaries as objects of
/// that class with those fields, `{"$null": true}` as a nil reference and NSDictionary
/// `$entries` as keys and values.
///
/// A tree is a reading form: archiving one again writes plain values as the Foundation objects
/// above, so built-ins the tree flattened (a UUID shown as its string, a URL as its absolute
/// string, an NSValue as numbers) come back as strings and dictionaries, and a `{"$ref": n}`
/// back-reference cannot be archived at all. Use the Swift types for exact round trips.
extension PlistValue: KeyedArchivable, InlineArchivable, GenericArchivable {
    /// The property-list classes (NSArray, NSDictionary, NSString, NSNumber, NSDate, NSData and
    /// their mutable variants): what a decode asking for a `PlistValue` allows, as
    /// `decodePropertyList(forKey:)` does, besides the classes the caller's allow-list admits
    /// (which alone cover a tree at the root of a top-level decode).
    public static var archiveClassNames: [String] { propertyListClassNames }

    /// ``archiveClassNames``, made once.
    private static let propertyListClassNames = [
        "NSArray", "NSMutableArray", "NSDictionary", "NSMutableDictionary", "NSString", "NSMutableString",
        "NSNumber", "NSDate", "NSData", "NSMutableData",
    ]

    var inlineArchiveValue: PlistValue? {
        switch self {
        case .string, .integer, .real, .boolean, .data: return self
        default: return nil
        }
    }

    static func readsInline(_ value: PlistValue) -> Bool { true }

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
            if case .string(let name)? = entries["$class"], name == "NSDictionary" || name == "NSMutableDictionary",
               case .array(let pairs)? = entries["$entries"] {
                // A dictionary whose keys are not distinct strings, as generic trees show it.
                var keys: [PlistValue] = []
                var values: [PlistValue] = []
                for pair in pairs {
                    guard let key = pair["key"], let value = pair["value"] else {
                        throw KeyedArchiveError(
                            .invalidValue, "An entry of a generic dictionary has no 'key' or no 'value'", keyPath: archiver.codingPath)
                    }
                    keys.append(try archiver.reference(for: key))
                    values.append(try archiver.reference(for: value))
                }
                archiver.setField(.array(keys), forKey: "NS.keys")
                archiver.setField(.array(values), forKey: "NS.objects")
                return
            }
            if case .string? = entries["$class"] {
                // The tree's own markers are not fields; other keys are, `$name` ones included
                // (the archiver escapes them), and `$$name` is a tree's escaped form of `$name`.
                for (key, value) in entries where !["$class", "$classes", "$index"].contains(key) {
                    let name = KeyedUnarchiver.unescaped(key)
                    switch value {
                    case .integer, .real, .boolean: archiver.setField(value, forKey: name)
                    default: archiver.setField(try archiver.reference(for: value), forKey: name)
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
