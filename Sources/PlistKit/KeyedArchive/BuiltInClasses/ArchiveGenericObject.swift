/// An archived object of any class, kept as its class and its fields' readable trees (see
/// ``KeyedArchive/genericTree(options:)``), for classes no Swift type stands for.
///
/// Decoding one instantiates nothing from the archive: an object of any class (subject to the
/// allow-list) becomes an `ArchiveGenericObject`. Encoding one writes an object of
/// ``className`` with the fields: integers, reals and booleans inline, everything else as
/// Foundation objects (strings, NSArray, NSDictionary, NSDate, …); fields holding
/// `{"$class": …}` dictionaries become objects of that class in turn.
public struct ArchiveGenericObject: KeyedArchivable, Hashable, Sendable {
    /// The class name (`$classname`).
    public var className: String
    /// The class chain (`$classes`), most derived first.
    public var classChain: [String]
    /// The fields as readable trees, in archive order.
    public var fields: PlistDictionary

    /// None: a generic object reads any class the allow-list admits.
    public static var archiveClassNames: [String] { [] }

    /// The chain it was read with or created with.
    public var archiveClassChain: [String] { classChain.isEmpty ? [className, "NSObject"] : classChain }

    /// Creates an object of `className` with fields.
    public init(className: String, classChain: [String]? = nil, fields: PlistDictionary = [:]) {
        self.className = className
        self.classChain = classChain ?? [className, "NSObject"]
        self.fields = fields
    }

    /// Reads every field of the current object as a readable tree.
    ///
    /// - Throws: ``KeyedArchiveError`` (``KeyedArchiveError/Code/typeMismatch`` for an inline
    ///   value, which has no class; the allow-list's errors; depth limits).
    public init(from unarchiver: KeyedUnarchiver) throws {
        guard let name = unarchiver.currentClassName else {
            throw unarchiver.mismatch("Expected an object with a class, found an inline value")
        }
        var fields = PlistDictionary()
        for key in unarchiver.allKeys {
            fields[key] = try unarchiver.decodeGenericValue(forKey: key)
        }
        self.init(className: name, classChain: unarchiver.currentClassChain, fields: fields)
    }

    /// Writes the fields.
    ///
    /// - Throws: ``KeyedArchiveError/Code/invalidValue`` for a field holding a UID or a
    ///   `{"$ref": n}` back-reference, which cannot be archived again.
    public func encode(to archiver: KeyedArchiver) throws {
        for (key, value) in fields {
            switch value {
            case .integer, .real, .boolean: archiver.setField(value, forKey: key)
            default: archiver.setField(try archiver.reference(for: value), forKey: key)
            }
        }
    }
}

extension ArchiveGenericObject: GenericArchivable {}
