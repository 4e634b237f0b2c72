/// A `Codable` type that ``ArchiveEncoder`` archives as an object of a class name it declares,
/// and ``ArchiveDecoder`` reads only from objects of that class.
///
/// ```swift
/// struct Note: Codable, ArchiveClassNaming {
///     static let archiveClassName = "Note"
///     var title: String
///     var pinned: Bool
/// }
/// ```
///
/// The archived object holds one field per key the type encodes, as an `NSSecureCoding` class
/// with the same keys would write them: integers, reals and booleans inline
/// (`encodeInteger`, `encodeDouble`, `encodeBool`), everything else as a reference to an
/// object (`encodeObject`). Types that do not adopt this protocol and encode a keyed container
/// (dictionaries, for one) are archived as NSDictionary.
public protocol ArchiveClassNaming {
    /// The class name objects of this type are archived under, such as `"Note"`.
    static var archiveClassName: String { get }
    /// The `$classes` chain written, most derived first. Default: the class name followed by
    /// `NSObject`.
    static var archiveClassChain: [String] { get }
}

extension ArchiveClassNaming {
    /// The class name followed by `NSObject`.
    public static var archiveClassChain: [String] {
        archiveClassName == "NSObject" ? [archiveClassName] : [archiveClassName, "NSObject"]
    }
}
