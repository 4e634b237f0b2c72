/// The inline scalars of an archive (strings and numbers), uniqued by `PlistValue`'s equality
/// in one cheap-hash table per type instead of a `Dictionary` hashing whole `PlistValue`s
/// with `Hasher` (an eighth of archiving).
///
/// The keys follow `PlistValue.==`: strings by their exact bytes, integers by value (those
/// above `Int64.max` apart), reals by bit pattern with every NaN alike.
struct ArchiveScalarTable {
    private var strings = BinaryPlistUniquingTable<ExactKey>()
    private var integers = BinaryPlistUniquingTable<UInt64>()
    private var largeIntegers = BinaryPlistUniquingTable<UInt64>()
    private var reals = BinaryPlistUniquingTable<UInt64>()
    /// Strings met recently, by a hash of their representation; holding each `String` keeps
    /// its storage alive, so a matching representation is never a reused address.
    private var recentStrings: [(text: String, number: Int)] = Array(repeating: ("", -1), count: 256)

    /// The index already given to a value equal to `value`, or `candidate` after recording
    /// it; `nil` for the kinds this table does not keep (the caller's dictionary does).
    mutating func number(for value: PlistValue, orInsert candidate: Int) -> Int? {
        switch value {
        case .string(let text):
            // The very same string met again (a tag from a shared pool, a name stored once)
            // answers by its representation, without hashing its bytes.
            let slot = Int(truncatingIfNeeded: ExactKey.representationHash(of: text) >> 56)
            if recentStrings[slot].number >= 0, ExactKey.identicalRepresentation(recentStrings[slot].text, text) {
                return recentStrings[slot].number
            }
            let number = strings.number(for: ExactKey(text), orInsert: candidate)
            recentStrings[slot] = (text, number)
            return number
        case .integer(let integer):
            if let signed = integer.int64Value {
                return integers.number(for: UInt64(bitPattern: signed), orInsert: candidate)
            }
            return largeIntegers.number(for: integer.uint64Value ?? 0, orInsert: candidate)
        case .real(let real):
            return reals.number(for: real.isNaN ? Double.nan.bitPattern : real.bitPattern, orInsert: candidate)
        default:
            return nil
        }
    }
}
