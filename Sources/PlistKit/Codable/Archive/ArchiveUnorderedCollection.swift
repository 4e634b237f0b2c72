/// Marks the `Encodable` collections that ``ArchiveEncoder`` archives as NSSet rather than
/// NSArray.
///
/// `Set`'s `Encodable` conformance writes an unkeyed container exactly as `Array`'s does, so
/// the container alone cannot tell them apart; the encoder tests the value's metatype against
/// this protocol before encoding it (a cached runtime conformance check, no reflection).
/// NSKeyedArchiver archives an NSSet under its own class (`$classes` `["NSSet", "NSObject"]`,
/// elements under `NS.objects`), and an `NSSecureCoding` class reading the value with
/// `decodeObject(of: NSSet.self, forKey:)` refuses an NSArray.
protocol ArchiveUnorderedCollection {}

// The conformance lives beside the protocol: it is the protocol's only one, internal to the
// module, and gives `Set` no API.
extension Set: ArchiveUnorderedCollection {}
