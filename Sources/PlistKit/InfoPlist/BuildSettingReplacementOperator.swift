/// A replacement operator of a build setting reference, `$(NAME:operator=operand)`: it
/// replaces all or part of the setting's value with the operand, which may itself hold
/// references (`$(MACOSX_DEPLOYMENT_TARGET:default=$(FALLBACK))`).
///
/// These are the replacement operators of swift-build's `MacroEvaluationProgram`, with its
/// results (``BuildSettingModifierTests`` holds the engine's unit tests' pairs). The operand
/// runs to the next `:` or the reference's closing bracket, so more operators may follow it.
public enum BuildSettingReplacementOperator: String, CaseIterable, Hashable, Sendable {
    /// The path with its directory replaced: `/tmp/a.c` with `dir=src` gives `src/a.c`.
    case dir
    /// The path with its last component replaced: `/tmp/a.c` with `file=b.m` gives `/tmp/b.m`.
    case file
    /// The path with its last component's stem replaced (the extension kept, and a `.` written
    /// even when there is none): `/tmp/a.c` with `base=b` gives `/tmp/b.c`.
    case base
    /// The path with its extension replaced; an operand with a `.` gives the part after its
    /// last `.`: `/tmp/a.c` with `suffix=o` or `suffix=.o` gives `/tmp/a.o`.
    case suffix
    /// The operand when the value is empty or the setting undefined, otherwise the value.
    case `default`
    /// The operand path written relative to the value, both absolute (`/usr/lib` relative to
    /// `/usr/bin` is `../lib`); the value as it is when either is not absolute.
    case relativeto
    /// `YES` when the operand path is an ancestor of the value, both absolute; otherwise `NO`.
    case isancestor

    /// Whether the operator applies to an undefined setting too, which the others leave
    /// undefined (giving nothing).
    public var appliesToUndefined: Bool { self == .default }

    /// `text` with this operator applied with `operand`.
    ///
    /// - Complexity: O(n) in the lengths of `text` and `operand`.
    public func apply(to text: String, operand: String) -> String {
        let path = BuildSettingPath(text)
        switch self {
        case .dir:
            return BuildSettingPath(operand).joining(BuildSettingPath(path.baseName)).text
        case .file:
            return path.removingLastComponent.joining(BuildSettingPath(operand)).text
        case .base:
            return path.removingLastComponent.joining(BuildSettingPath(operand)).text + "." + (path.fileExtension ?? "")
        case .suffix:
            // swift-build's own tests give `suffix=.o` the extension `o`: the part after the
            // operand's last `.`, a leading one included.
            var suffix = operand
            if operand.contains(".") {
                let last = BuildSettingPath(operand).baseName
                suffix = last.lastIndex(of: ".").map { String(last[last.index(after: $0)...]) } ?? ""
            }
            return path.removingExtension.text + "." + suffix
        case .default:
            return text.isEmpty ? operand : text
        case .relativeto:
            let base = BuildSettingPath(operand)
            guard path.isAbsolute, base.isAbsolute else { return text }
            return base.relative(to: path)
        case .isancestor:
            let ancestor = BuildSettingPath(operand)
            guard path.isAbsolute, ancestor.isAbsolute else { return "NO" }
            return ancestor.isAncestor(of: path) ? "YES" : "NO"
        }
    }
}
