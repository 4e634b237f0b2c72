/// One run of an expansion, evaluating references as swift-build's `MacroEvaluationProgram`
/// does: the settings being evaluated (for `$(inherited)` and cycles), the values evaluated so
/// far, the work done against the expander's bounds, and the undefined references met.
struct BuildSettingEvaluation {
    let expander: BuildSettingExpander
    /// Every reference to an undefined setting met, with where.
    private(set) var undefined: [UndefinedBuildSetting] = []
    /// Evaluated setting values that do not depend on the settings around them, by setting
    /// and assignment.
    private var memo: [Assignment: Evaluated] = [:]
    /// The settings whose values are being evaluated, outermost first.
    private var contexts: [Assignment] = []
    /// How many evaluations are in progress, one inside the other.
    private var evaluationDepth = 0
    /// The bytes of expanded strings handed out and settings evaluated so far.
    private var totalLength = 0
    /// The setting values evaluated so far (not counting remembered ones).
    private var evaluations = 0
    /// The references to undefined settings carried so far, each counted once for itself and
    /// once for every setting it is reached through, every time a text takes it in.
    private var undefinedCarried = 0

    /// One assignment of one setting.
    private struct Assignment: Hashable {
        var name: String
        var index: Int
    }

    /// An evaluated text: its text, whether the engine would count it as text at all (an
    /// undefined setting or an empty value gives none, which `default=` replaces and other
    /// operators pass over), the undefined settings it refers to with the settings between,
    /// and the outermost context it depended on (`Int.max` for none).
    private struct Evaluated {
        var text = ""
        var hasText = false
        var undefined: [(name: String, through: [String])] = []
        var outermostContext = Int.max

        mutating func append(_ other: Evaluated) {
            if other.hasText {
                text += other.text
                hasText = true
            }
            undefined += other.undefined
            outermostContext = min(outermostContext, other.outermostContext)
        }

        /// The same text, its undefined references reached through the setting `name`.
        func through(_ name: String) -> Evaluated {
            var copy = self
            copy.undefined = undefined.map { ($0.name, [name] + $0.through) }
            return copy
        }
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
    private mutating func evaluate(_ parts: [BuildSettingTemplate.Part]) throws(InfoPlistError) -> Evaluated {
        // Nesting inside a text and nesting through settings multiply; this bounds them
        // together, and with them the recursion, whatever a hostile file or settings give.
        guard evaluationDepth < 4 * expander.maximumDepth else {
            throw InfoPlistError(
                .expansionTooDeep, "Build setting references nest more than \(4 * expander.maximumDepth) levels deep, through settings and inside references")
        }
        evaluationDepth += 1
        defer { evaluationDepth -= 1 }
        var result = Evaluated()
        for part in parts {
            switch part {
            case .literal(let text):
                result.text += text
                result.hasText = true
            case .reference(let reference):
                let evaluated = try evaluate(reference)
                try carry(evaluated.undefined)
                result.append(evaluated)
            }
            guard result.text.utf8.count <= expander.maximumLength else {
                throw InfoPlistError(.expansionTooLong, "An expansion gives a string of more than \(expander.maximumLength) bytes")
            }
        }
        return result
    }

    /// One reference: its name evaluated, the setting looked up and evaluated, the operators
    /// applied.
    private mutating func evaluate(_ reference: BuildSettingTemplate.Reference) throws(InfoPlistError) -> Evaluated {
        let handling = expander.undefinedSettings
        let nameResult = try evaluate(reference.name)
        if !nameResult.undefined.isEmpty, handling != .expandToNothing {
            // A name made with an undefined setting: the reference is left as written, and
            // reported for what it depends on.
            return Evaluated(text: reference.text, hasText: true, undefined: nameResult.undefined, outermostContext: nameResult.outermostContext)
        }
        let name = nameResult.text
        var (result, isUndefined) = try value(of: name)
        result.outermostContext = min(result.outermostContext, nameResult.outermostContext)
        for op in reference.operators {
            switch op {
            case .retrieval(let operatorName):
                guard let modifier = BuildSettingModifier(rawValue: operatorName) else {
                    throw unknownOperator(operatorName, in: reference)
                }
                if result.hasText { result.text = modifier.apply(to: result.text) }
            case .replacement(let operatorName, let operandParts):
                guard let replacement = BuildSettingReplacementOperator(rawValue: operatorName) else {
                    throw unknownOperator(operatorName + "=", in: reference)
                }
                let operand = try evaluate(operandParts)
                try carry(operand.undefined)
                result.undefined += operand.undefined
                result.outermostContext = min(result.outermostContext, operand.outermostContext)
                if result.hasText {
                    result.text = replacement.apply(to: result.text, operand: operand.text)
                } else if replacement.appliesToUndefined {
                    result.text = replacement.apply(to: "", operand: operand.text)
                    result.hasText = true
                }
            case .malformed(let text):
                throw InfoPlistError(.unknownModifier, "The reference '\(reference.text)' has a malformed operator ':\(text)' (an operator is ':name' or ':name=operand', its name of letters, digits, '_', '.', '+' and '-')")
            }
            guard result.text.utf8.count <= expander.maximumLength else {
                throw InfoPlistError(.expansionTooLong, "An expansion gives a string of more than \(expander.maximumLength) bytes")
            }
        }
        guard isUndefined, !result.hasText else { return result }
        // An undefined setting that no operator gave a value. A bare `$NAME` stays as written,
        // as the engine leaves it.
        if !reference.isBracketed { return Evaluated(text: "$" + name, hasText: true, outermostContext: result.outermostContext) }
        switch handling {
        case .expandToNothing:
            return result
        case .keep:
            return Evaluated(text: reference.text, hasText: true, undefined: [(name, [])], outermostContext: result.outermostContext)
        case .fail:
            var evaluated = result
            evaluated.undefined.append((name, []))
            return evaluated
        }
    }

    /// Counts the references to undefined settings a text takes in.
    ///
    /// Where undefined settings fail the expansion, such a reference expands to nothing, so
    /// no length limit sees settings that refer twice to the next, down to an undefined one:
    /// 30 of them meet it 2³⁰ times. Each reference is remembered with the settings it is reached
    /// through, so they are counted against ``BuildSettingExpander/maximumEvaluations``.
    ///
    /// - Throws: ``InfoPlistError/Code/expansionTooLong`` past the limit.
    private mutating func carry(_ references: [(name: String, through: [String])]) throws(InfoPlistError) {
        for reference in references { undefinedCarried += 1 + reference.through.count }
        guard undefinedCarried <= expander.maximumEvaluations else {
            throw InfoPlistError(
                .expansionTooLong,
                "The expansion meets references to undefined settings more than \(expander.maximumEvaluations) times, counting each setting they are reached through (BuildSettingExpander.maximumEvaluations)")
        }
    }

    private func unknownOperator(_ name: String, in reference: BuildSettingTemplate.Reference) -> InfoPlistError {
        let known = BuildSettingModifier.allCases.map(\.rawValue) + BuildSettingReplacementOperator.allCases.map { $0.rawValue + "=" }
        return InfoPlistError(.unknownModifier, "The operator '\(name)' of '\(reference.text)' is not one of \(known.joined(separator: ", "))")
    }

    /// The value of the setting `name` where the evaluation stands, and whether the setting
    /// is undefined there.
    private mutating func value(of name: String) throws(InfoPlistError) -> (evaluated: Evaluated, isUndefined: Bool) {
        // `$(inherited)` and `$(value)` inside a setting's value name that setting's next lower
        // assignment; a setting named inside its own evaluation (directly or through others)
        // does too.
        var level = contexts.lastIndex { $0.name == name }
        var lookupName = name
        if level == nil, name == "inherited" || name == "value", let innermost = contexts.indices.last {
            level = innermost
            lookupName = contexts[innermost].name
        }
        if name == "inherited", level == nil { return (Evaluated(), false) }
        guard let level else {
            guard let found = expander.settings.assignment(of: name, conditionValues: expander.conditionValues) else {
                return (Evaluated(), true)
            }
            return (try evaluate(Assignment(name: name, index: found.index), value: found.value), false)
        }
        let context = contexts[level]
        guard let below = expander.settings.assignment(of: lookupName, below: context.index, conditionValues: expander.conditionValues) else {
            if level == contexts.count - 1 {
                // Nothing lower to inherit: nothing, as `$(inherited)` at the bottom gives.
                return (Evaluated(outermostContext: level), false)
            }
            let chain = (contexts[level...].map(\.name) + [lookupName]).joined(separator: " → ")
            throw InfoPlistError(.buildSettingCycle, "The build setting '\(lookupName)' refers to itself with nothing lower to inherit: \(chain)")
        }
        var evaluated = try evaluate(Assignment(name: lookupName, index: below.index), value: below.value)
        evaluated.outermostContext = min(evaluated.outermostContext, level)
        return (evaluated, false)
    }

    /// The value `text` of `assignment`, evaluated in the contexts around it (or remembered).
    private mutating func evaluate(_ assignment: Assignment, value text: String) throws(InfoPlistError) -> Evaluated {
        if let remembered = memo[assignment] { return remembered.through(assignment.name) }
        guard contexts.count < expander.maximumDepth else {
            throw InfoPlistError(
                .expansionTooDeep,
                "Build settings refer to others more than \(expander.maximumDepth) levels deep (\(contexts.prefix(3).map(\.name).joined(separator: " → ")) → …)")
        }
        evaluations += 1
        guard evaluations <= expander.maximumEvaluations else {
            throw InfoPlistError(.expansionTooLong, "The expansion evaluates more than \(expander.maximumEvaluations) setting values (BuildSettingExpander.maximumEvaluations)")
        }
        let level = contexts.count
        contexts.append(assignment)
        defer { contexts.removeLast() }
        let template = try BuildSettingTemplate(parsing: text, maximumDepth: expander.maximumDepth)
        var evaluated = try evaluate(template.parts)
        // An assignment of the empty value is the empty text, which operators apply to (the
        // engine's string settings); a value that evaluates to nothing stays nothing.
        if text.isEmpty { evaluated.hasText = true }
        // What is remembered counts as well as what is handed out: settings that each expand
        // to a long text cannot fill memory through the memo either.
        try count(evaluated.text)
        guard evaluated.outermostContext >= level else { return evaluated.through(assignment.name) }
        // It depends on no setting around it: the same wherever it is met.
        evaluated.outermostContext = .max
        memo[assignment] = evaluated
        return evaluated.through(assignment.name)
    }
}
