import FoundationEssentials

/// One collected value (``ArchiveEncodingNode``) as ``KeyedArchiver`` archives it: scalars
/// inline, objects with their class chain and fields, NSArray, NSSet, NSDictionary and NSNull.
///
/// It exists only to be written; reading goes through ``ArchiveDecoder``, which reads archives
/// directly rather than through ``KeyedUnarchiver``.
struct ArchiveEncodedObject: KeyedArchivable, InlineArchivable {
    let node: ArchiveEncodingNode

    init(_ node: ArchiveEncodingNode) {
        self.node = node.resolved
    }

    /// None: the chain comes from each value (``archiveClassChain``).
    static var archiveClassNames: [String] { [] }

    var archiveClassChain: [String] {
        switch node {
        case .fields(let fields): return fields.classChain ?? ["NSDictionary", "NSObject"]
        case .array(let array): return array.isSet ? ["NSSet", "NSObject"] : ["NSArray", "NSObject"]
        case .null: return ["NSNull", "NSObject"]
        case .foundation(let value): return value.archiveClassChain
        case .scalar, .deferred: return ["NSObject"]
        }
    }

    var inlineArchiveValue: PlistValue? {
        switch node {
        case .scalar(let value): return value
        case .foundation(let value): return (value as? any InlineArchivable)?.inlineArchiveValue
        default: return nil
        }
    }

    /// Never called by ``ArchiveDecoder``; reading one through ``KeyedUnarchiver`` fails.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` always.
    init(from unarchiver: KeyedUnarchiver) throws {
        throw unarchiver.mismatch("ArchiveEncoder's values are read with ArchiveDecoder, not KeyedUnarchiver")
    }

    func encode(to archiver: KeyedArchiver) throws {
        switch node {
        case .scalar(let value):
            archiver.encodeInline(value)
        case .null, .deferred:
            break
        case .foundation(let value):
            try value.encode(to: archiver)
        case .fields(let fields) where fields.classChain != nil:
            for (key, field) in zip(fields.keys, fields.values) {
                switch field.resolved {
                case .scalar(let value) where value.kind != .string:
                    // As encodeInteger / encodeDouble / encodeBool: stored in the object itself.
                    archiver.setField(value, forKey: key)
                case .null:
                    // As encodeObject(nil): a reference to $null.
                    archiver.setField(.uid(0), forKey: key)
                case let other:
                    archiver.setField(try archiver.reference(for: ArchiveEncodedObject(other)), forKey: key)
                }
            }
        case .fields(let fields):
            var keys: [PlistValue] = []
            var values: [PlistValue] = []
            keys.reserveCapacity(fields.keys.count)
            values.reserveCapacity(fields.keys.count)
            for (key, value) in zip(fields.keys, fields.values) {
                keys.append(try archiver.reference(for: key))
                values.append(try archiver.reference(for: ArchiveEncodedObject(value)))
            }
            archiver.setField(.array(keys), forKey: "NS.keys")
            archiver.setField(.array(values), forKey: "NS.objects")
        case .array(let array):
            // NSArray and NSSet both archive their elements as a UID array under NS.objects.
            var references: [PlistValue] = []
            references.reserveCapacity(array.elements.count)
            for element in array.elements {
                references.append(try archiver.reference(for: ArchiveEncodedObject(element)))
            }
            archiver.setField(.array(references), forKey: "NS.objects")
        }
    }
}
