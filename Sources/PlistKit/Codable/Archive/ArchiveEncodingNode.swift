import FoundationEssentials

/// A value being archived by ``ArchiveEncoder``, before it is handed to ``KeyedArchiver``.
///
/// Codable hands out containers that may be written in any order (nested containers, super
/// encoders finishing later), while the archiver writes one object at a time; so values are
/// first collected in this tree, then archived in one pass (``ArchiveEncodedObject``).
enum ArchiveEncodingNode {
    /// A string, integer, real or boolean.
    case scalar(PlistValue)
    /// `nil`: `$null` in a field, NSNull in a collection.
    case null
    /// A value with its own archived form: `Date` (NSDate), `UUID` (NSUUID), `URL` (NSURL),
    /// `Data` (NSData).
    case foundation(any KeyedArchivable)
    /// An object of a named class, or an NSDictionary (``ArchiveEncodingFields/classChain``
    /// is `nil`).
    case fields(ArchiveEncodingFields)
    /// An NSArray, or an NSSet when ``ArchiveEncodingArray/isSet``.
    case array(ArchiveEncodingArray)
    /// A super encoder or nested value still being written; read when archiving.
    case deferred(ArchiveEncoderImpl)

    /// The node with deferred encoders replaced by what they encoded (an empty NSDictionary
    /// when nothing).
    var resolved: ArchiveEncodingNode {
        guard case .deferred(let encoder) = self else { return self }
        return encoder.node?.resolved ?? .fields(ArchiveEncodingFields(classChain: nil))
    }
}

/// The fields of an object, or the entries of a dictionary, in encoding order.
final class ArchiveEncodingFields {
    /// The `$classes` chain of the object, or `nil` for an NSDictionary.
    let classChain: [String]?
    private(set) var keys: [String] = []
    private(set) var values: [ArchiveEncodingNode] = []
    private var indexByKey: [String: Int] = [:]

    init(classChain: [String]?) {
        self.classChain = classChain
    }

    subscript(key: String) -> ArchiveEncodingNode? {
        get { indexByKey[key].map { values[$0] } }
        set {
            guard let newValue else { return }
            if let index = indexByKey[key] {
                values[index] = newValue
            } else {
                indexByKey[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }
}

/// The elements of an NSArray or NSSet being encoded.
final class ArchiveEncodingArray {
    /// Whether the elements are archived as an NSSet (a Swift `Set`) rather than an NSArray.
    /// Both write their elements the same way, under `NS.objects`; only the class differs.
    let isSet: Bool
    var elements: [ArchiveEncodingNode] = []

    init(isSet: Bool = false) {
        self.isSet = isSet
    }
}
