/// One entry of a keyed archive's `$objects`, classified.
public enum ArchivedObject: Hashable, Sendable {
    /// `$null` (index 0): what UID 0 refers to, a nil reference.
    case null
    /// A value stored inline: a string, number, boolean, data or date (NSString, NSNumber and
    /// NSData are archived this way).
    case scalar(PlistValue)
    /// An object with a class and fields.
    case instance(ArchivedInstance)
    /// A class description that instances refer to with `$class`.
    case classDescription(ArchivedClass)
}
