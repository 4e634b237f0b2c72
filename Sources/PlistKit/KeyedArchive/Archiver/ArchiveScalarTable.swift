/// The inline scalars of an archive (strings and numbers), uniqued by `PlistValue`'s equality
/// in one cheap-hash table per type instead of a `Dictionary` hashing whole `PlistValue`s
/// with `Hasher`, which cost more than the rest of uniquing.
///
/// The keys follow `PlistValue.==`: strings by their exact bytes, integers by value (those
/// above `Int64.max` apart), reals by bit pattern with every NaN alike.
struct ArchiveScalarTable {
    private var strings = BinaryPlistUniquingTable<ExactKey>()
    private var integers = BinaryPlistUniquingTable<UInt64>()
    private var largeIntegers = BinaryPlistUniquingTable<UInt64>()
    private var reals = BinaryPlistUniquingTable<UInt64>()
    /// Strings met recently.
    private var recentStrings = RecentStringTable(slotCount: 64)

    /// The index already given to a value equal to `value`, or `candidate` after recording
    /// it; `nil` for the kinds this table does not keep (the caller's dictionary does).
    mutating func number(for value: PlistValue, orInsert candidate: Int) -> Int? {
        switch value {
        case .string(let text):
            // The same string met again (a tag from a shared pool, a name stored once)
            // answers without hashing its bytes.
            let lookup = recentStrings.lookup(text)
            if let number = recentStrings.number(at: lookup, text: text) { return number }
            let number = strings.number(for: ExactKey(text), orInsert: candidate)
            recentStrings.store(number, for: text, at: lookup)
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
