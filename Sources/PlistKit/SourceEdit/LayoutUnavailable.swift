/// The scanners' refusal: the text has a shape they do not follow, so the edit rewrites the
/// whole file instead (see ``PlistSourceEditor``).
struct LayoutUnavailable: Error, CustomStringConvertible {
    /// Why, for the warning.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
