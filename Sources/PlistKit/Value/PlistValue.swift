import FoundationEssentials

/// One value of a property list, in any of its formats.
///
/// The enum keeps every distinction a format can express: integers over the full
/// `Int64.min ... UInt64.max` range, reals apart from integers, dictionary key order, and UIDs
/// (the `CF$UID` references of keyed archives). Conveniences for reading values live in
/// extensions (`value["items"]?[0]?.string`).
///
/// Equality is structural, with choices made for exact round trips: strings are equal when
/// their Unicode scalars are identical (not merely canonically equivalent, as Swift's `==`
/// has it), reals when their bit patterns are equal or both are NaN (so `-0.0 != 0.0` and
/// `nan == nan`), and dictionaries compare without regard to key order (see
/// ``PlistDictionary``).
public enum PlistValue: Sendable {
    /// A string of Unicode text.
    case string(String)
    /// An integer from `Int64.min` through `UInt64.max`.
    case integer(PlistInteger)
    /// A 64-bit floating-point number (binary plists may also hold 32-bit ones; they widen).
    case real(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// A moment in time; plists store seconds since 2001-01-01 00:00:00 UTC.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An ordered list of values.
    case array([PlistValue])
    /// String keys to values, in insertion order.
    case dictionary(PlistDictionary)
    /// A `CF$UID` reference, as keyed archives use to point into `$objects`.
    case uid(UInt32)
}

extension PlistValue: Hashable {
    /// Structural equality; reals compare by bit pattern or as both NaN.
    public static func == (lhs: PlistValue, rhs: PlistValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return ExactKey.exactlyEqual(a, b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.date(a), .date(b)):
            let x = a.timeIntervalSinceReferenceDate, y = b.timeIntervalSinceReferenceDate
            return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) || x == y
        case let (.data(a), .data(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }

    /// A hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case .string(let v): hasher.combine(v)
        case .integer(let v): hasher.combine(v)
        case .real(let v): hasher.combine(v.isNaN ? Double.nan.bitPattern : v.bitPattern)
        case .boolean(let v): hasher.combine(v)
        case .date(let v):
            let t = v.timeIntervalSinceReferenceDate
            hasher.combine(t.isNaN ? Double.nan.bitPattern : (t == 0 ? 0 : t.bitPattern))
        case .data(let v): hasher.combine(v)
        case .array(let v): hasher.combine(v)
        case .dictionary(let v): hasher.combine(v)
        case .uid(let v): hasher.combine(v)
        }
    }
}

extension PlistValue {
    /// The type of a value, without its contents; also the names plutil's `-type` prints.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case string, integer, real, boolean, date, data, array, dictionary, uid

        /// The name plutil uses for this type (`bool` for booleans, `float` for reals, as
        /// `plutil -type` prints them).
        public var plutilName: String {
            switch self {
            case .boolean: return "bool"
            case .real: return "float"
            default: return rawValue
            }
        }

        /// The name with its article, for messages: "an integer", "a UID", "a data value".
        var nameWithArticle: String {
            switch self {
            case .integer, .array: return "an \(rawValue)"
            case .uid: return "a UID"
            case .data: return "a data value"
            default: return "a \(rawValue)"
            }
        }
    }

    /// The type of this value.
    public var kind: Kind {
        switch self {
        case .string: return .string
        case .integer: return .integer
        case .real: return .real
        case .boolean: return .boolean
        case .date: return .date
        case .data: return .data
        case .array: return .array
        case .dictionary: return .dictionary
        case .uid: return .uid
        }
    }

    /// Whether this value is an array or a dictionary.
    public var isContainer: Bool {
        switch self {
        case .array, .dictionary: return true
        default: return false
        }
    }
}
