/// Expands build setting references, `$(NAME)`, `${NAME}` and `$(NAME:modifier)`, as build
/// systems do when they copy an Info.plist into a product.
///
/// A setting's value may hold references itself; they are expanded in turn, each setting once
/// (its expansion is remembered), through at most ``maximumDepth`` settings, and a setting
/// that refers back to itself is an error rather than a loop. The syntax is described at
/// ``BuildSettingTemplate``; modifiers at ``BuildSettingModifier``.
///
/// ```swift
/// let expander = BuildSettingExpander(settings: ["PRODUCT_NAME": "Notes", "ORG": "org.example"])
/// try expander.expand("$(ORG).$(PRODUCT_NAME:lower)")   // "org.example.notes"
/// ```
///
/// A property list is expanded with ``expand(_:)-(PlistValue)`` (keys and strings at any
/// depth) and a file with ``expand(document:format:keepingLayout:readingOptions:writingOptions:)``,
/// which changes only the bytes of what it expands in text formats.
public struct BuildSettingExpander: Sendable {
    /// The values references expand to.
    public var settings: BuildSettings
    /// Whether a reference to an undefined setting is left as it is (and reported in the
    /// result) rather than failing the expansion. Build systems expand it to nothing; PlistKit
    /// asks first.
    public var keepsUndefinedReferences: Bool
    /// How deep references may nest, in a string (`$(A_$(B))`) or through settings whose
    /// values refer to others.
    public var maximumDepth = 32
    /// The longest string, in UTF-8 bytes, an expansion may give (a setting's value included).
    public var maximumLength = 1 << 20
    /// The most bytes one expansion may make, all together: every string it changes and
    /// every setting it expands (once each) count.
    public var maximumTotalLength = 1 << 26

    /// Creates an expander.
    public init(settings: BuildSettings, keepsUndefinedReferences: Bool = false) {
        self.settings = settings
        self.keepsUndefinedReferences = keepsUndefinedReferences
    }

    /// `text` with its references expanded and each `$$` made a `$`.
    ///
    /// - Throws: ``InfoPlistError``: ``InfoPlistError/Code/undefinedBuildSetting`` (unless
    ///   ``keepsUndefinedReferences``), ``InfoPlistError/Code/buildSettingCycle``,
    ///   ``InfoPlistError/Code/expansionTooDeep``, ``InfoPlistError/Code/expansionTooLong``,
    ///   ``InfoPlistError/Code/unknownModifier``.
    public func expand(_ text: String) throws(InfoPlistError) -> String {
        var evaluation = BuildSettingEvaluation(expander: self)
        let result = try evaluation.expand(text, at: .root, isKey: false) ?? text
        if !evaluation.undefined.isEmpty, !keepsUndefinedReferences { throw InfoPlistError.undefined(evaluation.undefined) }
        return result
    }
}

/// One run of an expansion: the settings expanded so far, the chain of settings being
/// expanded (for cycles), the length given out, and the undefined references met.
struct BuildSettingEvaluation {
    let expander: BuildSettingExpander
    /// Every reference to an undefined setting met, with where.
    private(set) var undefined: [UndefinedBuildSetting] = []
    /// The expanded value of each setting expanded so far.
    private var cache: [String: Expanded] = [:]
    /// The settings whose values are being expanded, outermost first.
    private var inProgress: [String] = []
    /// How many evaluations are in progress, one inside the other.
    private var evaluationDepth = 0
    /// The bytes of expanded strings handed out and settings expanded so far.
    private var totalLength = 0

    /// A text expanded, with the undefined settings it refers to and the settings between.
    private struct Expanded {
        var text: String
        var undefined: [(name: String, through: [String])]
    }

    init(expander: BuildSettingExpander) {
        self.expander = expander
    }

    /// `text` (a string or key at `path`) expanded, or `nil` when the expansion leaves it as it is.
    ///
    /// - Throws: ``InfoPlistError`` located at `path`.
    mutating func expand(_ text: String, at path: PlistKeyPath, isKey: Bool) throws(InfoPlistError) -> String? {
        guard BuildSettingTemplate.mayHoldReference(text) else { return nil }
        do throws(InfoPlistError) {
            let template = try BuildSettingTemplate(parsing: text, maximumDepth: expander.maximumDepth)
            guard template.changesWhenExpanded else { return nil }
            let result = try evaluate(template.parts)
            for reference in result.undefined {
                undefined.append(UndefinedBuildSetting(name: reference.name, keyPath: path, isInKey: isKey, through: reference.through))
            }
            guard !ExactKey.exactlyEqual(result.text, text) else { return nil }
            try count(result.text)
            return result.text
        } catch {
            guard error.location == nil else { throw error }
            throw InfoPlistError(error.code, isKey ? "In a key: \(error.reason)" : error.reason, at: .keyPath(path))
        }
    }

    /// Adds `text` to the bytes the expansion has made.
    ///
    /// - Throws: ``InfoPlistError/Code/expansionTooLong`` past ``BuildSettingExpander/maximumTotalLength``.
    private mutating func count(_ text: String) throws(InfoPlistError) {
        totalLength += text.utf8.count
        guard totalLength <= expander.maximumTotalLength else {
            throw InfoPlistError(.expansionTooLong, "The expanded strings come to more than \(expander.maximumTotalLength) bytes")
        }
    }

    /// The text of `parts` with every reference expanded.
    private mutating func evaluate(_ parts: [BuildSettingTemplate.Part]) throws(InfoPlistError) -> Expanded {
        // Nesting inside a text and nesting through settings multiply; this bounds them
        // together, and with them the recursion, whatever a hostile file or settings give.
        guard evaluationDepth < 4 * expander.maximumDepth else {
            throw InfoPlistError(
                .expansionTooDeep, "Build setting references nest more than \(4 * expander.maximumDepth) levels deep, through settings and inside references")
        }
        evaluationDepth += 1
        defer { evaluationDepth -= 1 }
        var result = Expanded(text: "", undefined: [])
        var length = 0
        for part in parts {
            switch part {
            case .literal(let text):
                result.text += text
                length += text.utf8.count
            case .reference(let reference):
                let inner = try evaluate(reference.inner)
                let pieces = inner.text.split(separator: ":", omittingEmptySubsequences: false)
                let name = pieces[0]
                // An undefined setting in the name leaves the whole reference as written; a
                // name that is none is no reference at all (`$(echo hi)`).
                guard inner.undefined.isEmpty, BuildSettingTemplate.isSettingName(name) else {
                    result.undefined += inner.undefined
                    result.text += reference.text
                    length += reference.text.utf8.count
                    break
                }
                var modifiers: [BuildSettingModifier] = []
                for piece in pieces.dropFirst() {
                    guard let modifier = BuildSettingModifier(rawValue: String(piece)) else {
                        let known = BuildSettingModifier.allCases.map(\.rawValue).joined(separator: ", ")
                        throw InfoPlistError(.unknownModifier, "The modifier '\(piece)' of '\(reference.text)' is not one of \(known)")
                    }
                    modifiers.append(modifier)
                }
                guard let value = try settingValue(String(name)) else {
                    result.undefined.append((String(name), []))
                    result.text += reference.text
                    length += reference.text.utf8.count
                    break
                }
                var text = value.text
                for modifier in modifiers { text = modifier.apply(to: text) }
                result.text += text
                length += text.utf8.count
                result.undefined += value.undefined.map { ($0.name, [String(name)] + $0.through) }
            }
            guard length <= expander.maximumLength else {
                throw InfoPlistError(.expansionTooLong, "An expansion gives a string of more than \(expander.maximumLength) bytes")
            }
        }
        return result
    }

    /// The setting `name` expanded, or `nil` when it is not defined.
    private mutating func settingValue(_ name: String) throws(InfoPlistError) -> Expanded? {
        if let cached = cache[name] { return cached }
        guard let raw = expander.settings[name] else { return nil }
        if let start = inProgress.firstIndex(of: name) {
            let chain = (inProgress[start...] + [name]).joined(separator: " → ")
            throw InfoPlistError(.buildSettingCycle, "The build setting '\(name)' refers to itself: \(chain)")
        }
        guard inProgress.count < expander.maximumDepth else {
            throw InfoPlistError(
                .expansionTooDeep,
                "Build settings refer to others more than \(expander.maximumDepth) levels deep (\(inProgress.prefix(3).joined(separator: " → ")) → …)")
        }
        inProgress.append(name)
        defer { inProgress.removeLast() }
        let template = try BuildSettingTemplate(parsing: raw, maximumDepth: expander.maximumDepth)
        let expanded = try evaluate(template.parts)
        // What is remembered counts as well as what is handed out: settings that each expand
        // to a long text cannot fill memory through the cache either.
        try count(expanded.text)
        cache[name] = expanded
        return expanded
    }
}
