/// Expands build setting references, `$(NAME)`, `${NAME}`, `$NAME` and `$(NAME:operator)`, as
/// Apple's build engine (swift-build) evaluates them when it copies an Info.plist into a
/// product.
///
/// A setting's value may hold references itself; they are expanded in turn. A reference to a
/// setting from within its own value, or `$(inherited)`, reaches the setting's next lower
/// assignment (see ``BuildSettings``), as in Xcode. Conditional assignments count when
/// ``conditionValues`` match them. The syntax is described at ``BuildSettingTemplate``; the
/// operators at ``BuildSettingModifier`` and ``BuildSettingReplacementOperator``.
///
/// ```swift
/// let expander = BuildSettingExpander(settings: ["PRODUCT_NAME": "Notes", "ORG": "org.example"])
/// try expander.expand("$(ORG).$(PRODUCT_NAME:lower)")   // "org.example.notes"
/// ```
///
/// A property list is expanded with ``expand(_:)-(PlistValue)`` (keys and strings at any
/// depth) and a file with ``expand(document:format:keepingLayout:readingOptions:writingOptions:)``,
/// which changes only the bytes of what it expands in text formats.
///
/// Where PlistKit differs from the engine, it refuses rather than guesses: a reference to an
/// undefined setting fails unless ``undefinedSettings`` says otherwise (the engine expands it
/// to nothing), an operator the engine does not know fails (the engine reports it and ignores
/// it), a setting whose value reaches itself through other settings with nothing lower to
/// inherit fails as a cycle (the engine gives nothing), and every expansion is bounded
/// (``maximumDepth``, ``maximumLength``, ``maximumTotalLength``, ``maximumEvaluations``).
public struct BuildSettingExpander: Sendable {
    /// What a reference to an undefined setting becomes.
    public enum UndefinedSettingHandling: Hashable, Sendable {
        /// The expansion fails, naming every such reference: a bundle identifier missing its
        /// product name is a mistake to stop at.
        case fail
        /// The reference is left as written and reported in the result.
        case keep
        /// The reference expands to nothing, as the build engine expands it.
        case expandToNothing
    }

    /// The values references expand to.
    public var settings: BuildSettings
    /// What a reference to an undefined setting becomes. A bare `$NAME` whose setting is
    /// undefined is always left as written, as the engine leaves it, and `$(NAME:default=…)`
    /// gives its operand.
    public var undefinedSettings: UndefinedSettingHandling
    /// The values of the condition parameters that conditional assignments
    /// (`NAME[sdk=iphoneos*] = …`) are matched against: `sdk`, `arch`, `config` and any other.
    /// A parameter without a value matches only the pattern `*`.
    public var conditionValues: [String: String]
    /// How deep references may nest in a string (`$(A_$(B))`), and through settings whose
    /// values refer to others; the two together may reach four times this.
    public var maximumDepth = 32
    /// The longest string, in UTF-8 bytes, an expansion may give (a setting's value included).
    public var maximumLength = 1 << 20
    /// The most bytes one expansion may make, all together: every string it changes and
    /// every setting it expands count.
    public var maximumTotalLength = 1 << 26
    /// The most setting values one expansion may evaluate. A value is evaluated once and
    /// remembered unless it depends on the settings being evaluated around it (a setting that
    /// reaches its own lower assignment through others), so real settings stay far below.
    ///
    /// It bounds the references to undefined settings one expansion meets as well, each
    /// counted once for itself and once for every setting it is reached through, each time a
    /// text takes it in: where they fail the expansion they give no text that
    /// ``maximumLength`` could bound, yet settings that each refer twice to the next, down to
    /// an undefined one, meet it 2³⁰ times in 30 settings.
    public var maximumEvaluations = 1 << 20

    /// Whether a reference to an undefined setting is left as it is (and reported in the
    /// result) rather than failing the expansion: ``undefinedSettings`` is ``UndefinedSettingHandling/keep``.
    public var keepsUndefinedReferences: Bool {
        get { undefinedSettings == .keep }
        set { undefinedSettings = newValue ? .keep : .fail }
    }

    /// Creates an expander.
    public init(settings: BuildSettings, keepsUndefinedReferences: Bool = false) {
        self.init(settings: settings, undefinedSettings: keepsUndefinedReferences ? .keep : .fail)
    }

    /// Creates an expander that handles undefined settings as `undefinedSettings` says and
    /// matches conditional assignments against `conditionValues`.
    public init(settings: BuildSettings, undefinedSettings: UndefinedSettingHandling, conditionValues: [String: String] = [:]) {
        self.settings = settings
        self.undefinedSettings = undefinedSettings
        self.conditionValues = conditionValues
    }

    /// The value of the setting `name` (its assignment ``conditionValues`` select), expanded,
    /// or `nil` when no assignment of it applies.
    ///
    /// - Throws: as ``expand(_:)-(String)``.
    func expandedSetting(_ name: String) throws(InfoPlistError) -> String? {
        guard let raw = settings.assignment(of: name, conditionValues: conditionValues)?.value else { return nil }
        return try expand(raw)
    }

    /// `text` with its references expanded and each `$$` made a `$`.
    ///
    /// - Throws: ``InfoPlistError``: ``InfoPlistError/Code/undefinedBuildSetting`` (when
    ///   ``undefinedSettings`` is ``UndefinedSettingHandling/fail``),
    ///   ``InfoPlistError/Code/buildSettingCycle``, ``InfoPlistError/Code/expansionTooDeep``,
    ///   ``InfoPlistError/Code/expansionTooLong``, ``InfoPlistError/Code/unknownModifier``.
    public func expand(_ text: String) throws(InfoPlistError) -> String {
        var evaluation = BuildSettingEvaluation(expander: self)
        let result = try evaluation.expand(text, at: .root, isKey: false) ?? text
        if !evaluation.undefined.isEmpty, undefinedSettings == .fail { throw InfoPlistError.undefined(evaluation.undefined) }
        return result
    }
}
