/// One step of a key path through an archive, rendered only when an error needs it.
enum ArchivePathComponent: CustomStringConvertible {
    /// A key of `$top` or a field of an object.
    case key(String)
    /// Element `index` of the array under a field (`NS.objects[2]`).
    case element(String, Int)
    /// An object reached by its `$objects` index.
    case object(Int)

    var description: String {
        switch self {
        case .key(let key): return key
        case .element(let label, let index): return "\(label)[\(index)]"
        case .object(let index): return "$objects[\(index)]"
        }
    }
}
