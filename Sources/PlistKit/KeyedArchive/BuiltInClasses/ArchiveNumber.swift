/// Reading NSNumbers the way Foundation's archives require.
///
/// NSKeyedArchiver writes equal objects once, and `NSNumber(true)` equals `NSNumber(1)` (and
/// `NSNumber(false)` equals `NSNumber(0)`), so an archive that holds both a boolean and the
/// integer 1 stores only whichever came first: a field encoded as `true` may read back as the
/// integer 1 and the reverse. Integer and boolean readers therefore accept the other kind for
/// 0 and 1, as NSNumber's own `intValue` and `boolValue` would.
enum ArchiveNumber {
    /// The integer of an integer, or 1 / 0 for a boolean.
    static func integer(_ value: PlistValue) -> PlistInteger? {
        switch value {
        case .integer(let integer): return integer
        case .boolean(let bool): return bool ? 1 : 0
        default: return nil
        }
    }

    /// The boolean of a boolean, or of the integers 1 and 0.
    static func boolean(_ value: PlistValue) -> Bool? {
        switch value {
        case .boolean(let bool): return bool
        case .integer(let integer) where integer == 1: return true
        case .integer(let integer) where integer == 0: return false
        default: return nil
        }
    }
}
