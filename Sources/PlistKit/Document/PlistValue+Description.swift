import FoundationEssentials

extension PlistValue: CustomStringConvertible {
    /// The value as one line of compact tagged JSON, keys in the dictionary's order:
    /// `{"name":"Demo","when":{"$date":"2026-11-29T12:00:00Z"},"icon":{"$data":"iVBORw=="}}`
    /// (see ``PlistWritingOptions/JSONStyle/tagged``), so that `print(value)` and string
    /// interpolation show every type.
    ///
    /// Written by PlistKit's JSON writer, not by reflection: reflection would print a date
    /// through Foundation's `Date.description`, which traps on a date of NaN seconds (a
    /// binary plist or an archived NSDate can hold one), and would expand shared references
    /// without bound. A date that is not finite reads `{"$date":"nan"}`; a tree beyond the
    /// writing limits (see ``PlistWritingOptions/maximumExpandedByteCount``) is described by
    /// its kind, size and the limit instead.
    ///
    /// - Complexity: O(n) in the size of the value, within the writing limits.
    public var description: String {
        let options = PlistWritingOptions(keyOrder: .preserved, jsonStyle: .tagged)
        do {
            return String(decoding: try encoded(as: .json, options: options), as: UTF8.self)
        } catch {
            let size = count.map { " of \($0) \((kind == .dictionary ? "keys" : "elements"))" } ?? ""
            return "<\(kind.nameWithArticle)\(size): \(error)>"
        }
    }
}
