/// Build settings by name, as the values `$(NAME)` references expand to: from definitions
/// (`NAME=value`, as `-D` gives them), settings files (`.xcconfig` files, with their
/// `#include`s and conditional assignments, or what `xcodebuild -showBuildSettings` prints), or
/// the environment.
///
/// Each setting holds its assignments in order of precedence, as Apple's build engine keeps
/// them: a later assignment shadows an earlier one, and its value reaches the one below with
/// `$(inherited)` (or a reference to the setting itself). An assignment may carry conditions
/// (`NAME[sdk=iphoneos*][arch=arm64] = …`) and then counts only when
/// ``BuildSettingExpander/conditionValues`` match them.
public struct BuildSettings: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One assignment of a value to a setting.
    public struct Assignment: Hashable, Sendable {
        /// The value as written, references unexpanded.
        public var value: String
        /// The conditions under which the assignment counts (none: always).
        public var conditions: [BuildSettingCondition]

        /// Creates an assignment.
        public init(value: String, conditions: [BuildSettingCondition] = []) {
            self.value = value
            self.conditions = conditions
        }
    }

    /// Each setting's assignments, the lowest precedence first.
    public private(set) var assignments: [String: [Assignment]]

    /// Settings with the given values, one unconditional assignment each (the environment's,
    /// say: `BuildSettings(ProcessInfo.processInfo.environment)`).
    public init(_ values: [String: String] = [:]) {
        assignments = values.mapValues { [Assignment(value: $0)] }
    }

    /// Settings from a literal, `["PRODUCT_NAME": "Notes"]`; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// Settings from definitions `NAME=value`, each assigned over the ones before: the value
    /// runs from the first `=` to the end and may be empty or hold further `=`.
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/invalidSetting`` for a
    ///   definition without `=` or whose name is not `[A-Za-z_][A-Za-z0-9_]*`.
    public init(definitions: [String]) throws(InfoPlistError) {
        assignments = [:]
        for definition in definitions {
            guard let equals = definition.firstIndex(of: "="), BuildSettingTemplate.isSettingName(definition[..<equals]) else {
                throw InfoPlistError(.invalidSetting, "The definition '\(definition)' is not NAME=value with a name of letters, digits and '_'")
            }
            assign(String(definition[definition.index(after: equals)...]), to: String(definition[..<equals]))
        }
    }

    /// The value of the highest unconditional assignment of `name`, or `nil`; setting it
    /// replaces every assignment of `name` by one unconditional assignment (`nil` removes them).
    public subscript(name: String) -> String? {
        get { assignments[name]?.last(where: \.conditions.isEmpty)?.value }
        set { assignments[name] = newValue.map { [Assignment(value: $0)] } }
    }

    /// The value of each setting's highest unconditional assignment; setting it replaces all
    /// assignments by one unconditional assignment per name.
    public var values: [String: String] {
        get { assignments.compactMapValues { $0.last(where: \.conditions.isEmpty)?.value } }
        set { assignments = newValue.mapValues { [Assignment(value: $0)] } }
    }

    /// Assigns `value` to `name` over its earlier assignments, under `conditions`.
    public mutating func assign(_ value: String, to name: String, conditions: [BuildSettingCondition] = []) {
        assignments[name, default: []].append(Assignment(value: value, conditions: conditions))
    }

    /// These settings with `other`'s assignments over them: `other` wins where both assign a
    /// name, and its `$(inherited)` reaches these settings' value.
    public func merging(_ other: BuildSettings) -> BuildSettings {
        var merged = self
        for (name, list) in other.assignments { merged.assignments[name, default: []] += list }
        return merged
    }

    /// The highest assignment of `name` below position `limit` (all of them for `nil`) whose
    /// conditions hold for `values`, with its position.
    func assignment(of name: String, below limit: Int? = nil, conditionValues values: [String: String]) -> (index: Int, value: String)? {
        guard let list = assignments[name] else { return nil }
        var index = min(limit ?? list.count, list.count) - 1
        while index >= 0 {
            let assignment = list[index]
            if assignment.conditions.allSatisfy({ $0.holds(for: values) }) { return (index, assignment.value) }
            index -= 1
        }
        return nil
    }
}
