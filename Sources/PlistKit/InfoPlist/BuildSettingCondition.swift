/// A condition of a build setting assignment, `NAME[sdk=iphoneos*] = …`: the assignment counts
/// only when the parameter's value matches the pattern.
///
/// As in swift-build's `MacroCondition`, the pattern is an `fnmatch()` pattern (`*`, `?` and
/// `[…]` with `!` and ranges; no escapes), and a parameter without a value matches only the
/// pattern `*`.
public struct BuildSettingCondition: Hashable, Sendable, CustomStringConvertible {
    /// The parameter: `sdk`, `arch`, `config`, `variant` or any other.
    public var parameter: String
    /// The pattern its value must match.
    public var pattern: String

    /// Creates a condition.
    public init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }

    /// `parameter=pattern`, as a settings file writes it between brackets.
    public var description: String { "\(parameter)=\(pattern)" }

    /// Whether the condition holds for the parameters' `values`.
    ///
    /// - Complexity: O(p × v) in the lengths of the pattern and the value.
    public func holds(for values: [String: String]) -> Bool {
        guard let value = values[parameter] else { return pattern == "*" }
        return Self.matches(Array(pattern), Array(value))
    }

    /// `fnmatch()` without flags, over characters, as swift-build's own implementation: one
    /// backtracking point (the last `*`), so it costs O(p × v).
    static func matches(_ pattern: [Character], _ input: [Character]) -> Bool {
        var (p, i) = (0, 0)
        var backtrack: (pattern: Int, input: Int)?
        while true {
            var matched: Bool
            if p == pattern.count {
                if i == input.count { return true }
                matched = false
            } else {
                switch pattern[p] {
                case "*":
                    while p < pattern.count, pattern[p] == "*" { p += 1 }
                    if p == pattern.count { return true }
                    backtrack = (p, i)
                    continue
                case "?":
                    guard i < input.count else { return false }
                    (p, i) = (p + 1, i + 1)
                    continue
                case "[":
                    guard i < input.count else { return false }
                    switch bracket(pattern, from: p + 1, testing: input[i]) {
                    case .matched(let end):
                        (p, i) = (end, i + 1)
                        continue
                    case .unmatched:
                        matched = false
                    case .unclosed:
                        // No closing `]`: the `[` is literal.
                        matched = input[i] == "["
                        if matched { (p, i) = (p + 1, i + 1); continue }
                    case .malformed:
                        // A range without its end (`[a-]`): the engine's fnmatch fails.
                        return false
                    }
                default:
                    guard i < input.count else { return false }
                    matched = pattern[p] == input[i]
                    if matched { (p, i) = (p + 1, i + 1); continue }
                }
            }
            // A mismatch: let the last `*` take one more character.
            guard let point = backtrack, point.input < input.count else { return false }
            backtrack = (point.pattern, point.input + 1)
            (p, i) = (point.pattern, point.input + 1)
        }
    }

    /// What a bracket expression made of a character.
    private enum BracketMatch {
        case matched(end: Int), unmatched, unclosed, malformed
    }

    /// Matches `character` against the bracket expression starting after `[` at `start`.
    private static func bracket(_ pattern: [Character], from start: Int, testing character: Character) -> BracketMatch {
        guard pattern[start...].contains("]") else { return .unclosed }
        var p = start
        let negated = p < pattern.count && pattern[p] == "!"
        if negated { p += 1 }
        var found = false
        while p < pattern.count {
            let first = pattern[p]
            p += 1
            if first == "]" { break }
            if p < pattern.count, pattern[p] == "-", p + 1 < pattern.count {
                // A range; one written backwards matches nothing.
                let last = pattern[p + 1]
                if last == "]" { return .malformed }
                if first <= last, (first...last).contains(character) { found = true }
                p += 2
            } else if first == character {
                found = true
            }
        }
        return found != negated ? .matched(end: p) : .unmatched
    }
}
