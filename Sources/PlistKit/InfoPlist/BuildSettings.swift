/// Build settings by name, as the values `$(NAME)` references expand to: from definitions
/// (`NAME=value`, as `-D` gives them), a settings file (`NAME = value` lines, as an
/// `.xcconfig` or `xcodebuild -showBuildSettings` writes them), or the environment.
///
/// A value may itself hold references; ``BuildSettingExpander`` expands them too.
public struct BuildSettings: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The values by name.
    public var values: [String: String]

    /// Settings with the given values (the environment's, say:
    /// `BuildSettings(ProcessInfo.processInfo.environment)`).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Settings from a literal, `["PRODUCT_NAME": "Notes"]`; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { $1 })
    }

    /// Settings from definitions `NAME=value`, later ones winning: the value runs from the
    /// first `=` to the end and may be empty or hold further `=`.
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/invalidSetting`` for a
    ///   definition without `=` or whose name is not `[A-Za-z_][A-Za-z0-9_]*`.
    public init(definitions: [String]) throws(InfoPlistError) {
        values = [:]
        for definition in definitions {
            guard let equals = definition.firstIndex(of: "="), BuildSettingTemplate.isSettingName(definition[..<equals]) else {
                throw InfoPlistError(.invalidSetting, "The definition '\(definition)' is not NAME=value with a name of letters, digits and '_'")
            }
            values[String(definition[..<equals])] = String(definition[definition.index(after: equals)...])
        }
    }

    /// Settings from the text of a settings file, later lines winning.
    ///
    /// Each line is `NAME = value` (spaces around `=` optional, an optional `;` at the end),
    /// blank, or a comment: `//` starts a comment anywhere, as in an `.xcconfig` (so a value
    /// cannot hold `//`). The header line of `xcodebuild -showBuildSettings` ("Build settings
    /// for action build and target App:") is skipped, so its output can be given as it is.
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/invalidSetting`` and the line
    ///   for any other line: `#include` and conditional settings (`NAME[sdk=…]`) are not
    ///   followed.
    public init(parsing text: String) throws(InfoPlistError) {
        values = [:]
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            var line = rawLine[...]
            if let comment = line.commentStart { line = line[..<comment] }
            line = line.trimmingSpaces
            if line.isEmpty || (line.hasPrefix("Build settings for ") && line.hasSuffix(":")) { continue }
            if line.hasSuffix(";") { line = line.dropLast().trimmingSpaces }
            guard let equals = line.firstIndex(of: "=") else {
                throw InfoPlistError(.invalidSetting, "The line '\(line)' is not NAME = value", at: .line(number, column: 1))
            }
            let name = line[..<equals].trimmingSpaces
            if name.contains("[") {
                throw InfoPlistError(.invalidSetting, "The line '\(line)' sets a conditional setting, which is not followed", at: .line(number, column: 1))
            }
            guard BuildSettingTemplate.isSettingName(name) else {
                throw InfoPlistError(
                    .invalidSetting, "'\(name)' is not a build setting name of letters, digits and '_'", at: .line(number, column: 1))
            }
            values[String(name)] = String(line[line.index(after: equals)...].trimmingSpaces)
        }
    }

    /// The value of the setting `name`, or `nil`.
    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// These settings with `other`'s added, `other` winning where both define a name.
    public func merging(_ other: BuildSettings) -> BuildSettings {
        BuildSettings(values.merging(other.values) { $1 })
    }
}

extension Substring {
    /// Where a `//` comment starts, or `nil`.
    fileprivate var commentStart: Index? {
        var previousWasSlash = false
        for index in indices {
            if self[index] == "/" {
                if previousWasSlash { return self.index(before: index) }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
        }
        return nil
    }

    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
