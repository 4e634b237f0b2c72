/// A Swift type that can be written to and read from a keyed archive under an Objective-C
/// class name, the way an `NSSecureCoding` class is.
///
/// A conforming type names the archive classes it reads (the first one is the one it writes),
/// decodes its fields by key in ``init(from:)`` and encodes them in ``encode(to:)``:
///
/// ```swift
/// struct User: KeyedArchivable {
///     static let archiveClassNames = ["User"]
///     var userName: String
///     var age: Int
///     init(from unarchiver: KeyedUnarchiver) throws {
///         userName = try unarchiver.decodeString(forKey: "userName")
///         age = try unarchiver.decodeInteger(forKey: "age")
///     }
///     func encode(to archiver: KeyedArchiver) throws {
///         try archiver.encode(userName, forKey: "userName")
///         archiver.encode(age, forKey: "age")
///     }
/// }
/// ```
///
/// PlistKit's built-in conformances cover the Foundation classes archives use: `String`
/// (NSString), `Int`, `Int64`, `Double`, `Bool` (NSNumber), `Data` (NSData), `Date` (NSDate),
/// `UUID` (NSUUID), `URL` (NSURL), `Array` (NSArray), `Dictionary` (NSDictionary), `Set` (NSSet),
/// ``ArchiveOrderedSet`` (NSOrderedSet), ``ArchiveNull`` (NSNull), ``ArchiveRange``,
/// ``ArchivePoint``, ``ArchiveSize``, ``ArchiveRect`` (NSValue), ``ArchiveAttributedString``
/// (NSAttributedString) and ``ArchiveGenericObject`` (any class, fields kept as a tree).
public protocol KeyedArchivable {
    /// The archive class names this type reads, such as `["NSArray", "NSMutableArray"]`; the
    /// first is the one it writes. The names are also what an allow-list must contain for
    /// objects of this type to decode securely.
    static var archiveClassNames: [String] { get }

    /// The `$classes` chain written for this value, most derived first. Default: the first
    /// of ``archiveClassNames`` followed by `NSObject`.
    var archiveClassChain: [String] { get }

    /// Decodes a value from the object the unarchiver is positioned on; read fields with the
    /// unarchiver's `decode…(forKey:)` methods.
    ///
    /// - Throws: ``KeyedArchiveError`` (or any error the type chooses) when a field is missing,
    ///   of the wrong type, or of a disallowed class.
    init(from unarchiver: KeyedUnarchiver) throws

    /// Encodes this value's fields into the object the archiver is positioned on with the
    /// archiver's `encode(_:forKey:)` methods.
    ///
    /// - Throws: ``KeyedArchiveError`` (or any error the type chooses).
    func encode(to archiver: KeyedArchiver) throws
}

extension KeyedArchivable {
    /// The first of ``archiveClassNames`` followed by `NSObject` (just `NSObject` for a type
    /// that names it first).
    public var archiveClassChain: [String] {
        let name = Self.archiveClassNames.first ?? String(describing: Self.self)
        return name == "NSObject" ? [name] : [name, "NSObject"]
    }
}
