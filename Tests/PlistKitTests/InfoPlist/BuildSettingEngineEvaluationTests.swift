import Testing
import PlistKit

/// Evaluation as Apple's build engine does it, on the cases of swift-build's own unit tests
/// (Tests/SWBMacroTests/MacroEvaluationTests.swift, `MacroStringEvaluationTests`), their
/// expected values kept here as data. The engine expands an undefined setting to nothing;
/// these run with ``BuildSettingExpander/UndefinedSettingHandling/expandToNothing``.
@Suite struct BuildSettingEngineEvaluationTests {
    private func expand(_ text: String, _ settings: BuildSettings, conditions: [String: String] = [:]) throws -> String {
        try BuildSettingExpander(settings: settings, undefinedSettings: .expandToNothing, conditionValues: conditions).expand(text)
    }

    /// Each list of values is one setting's assignments, lowest first.
    private func settings(_ assignments: [(String, String)]) -> BuildSettings {
        var settings = BuildSettings()
        for (name, value) in assignments { settings.assign(value, to: name) }
        return settings
    }

    /// `simpleEvaluation`, `undefinedMacrosEvaluation`, `lookupWithEmptyMacro`, `unicodeEvaluation`.
    @Test(arguments: [
        ("$(X)$(Y)$(Z)", "xyz"), ("$(Z)$(Z)$(Z)", "zzz"), ("$(inherited)", ""),
        ("$(UNDEFINED_X)", "..."), ("$(Y2)", ""), ("$(Z2)", ""),
        ("$(RECURSIVE)", ""),
        ("“$(GIANT)”, said The Giant.", "“𝔉𝔢𝔢, 𝔍𝔦, 𝔍𝔬, 𝔍𝔲𝔪!”, said The Giant."),
    ])
    func simpleAndUndefinedReferences(text: String, expected: String) throws {
        let table = settings([
            ("X", "x"), ("Y", "y"), ("Z", "z"), ("UNDEFINED_X", ".$(Y2).$(Z2)."), ("EMPTY", ""), ("RECURSIVE", "$($(EMPTY))"),
            ("FEE", "𝔉𝔢𝔢"), ("FI", "𝔍𝔦"), ("FO", "𝔍𝔬"), ("FUM", "𝔍𝔲𝔪"), ("GIANT", "$(FEE), $(FI), $(FO), $(FUM)!"),
        ])
        #expect(try expand(text, table) == expected)
    }

    /// `originalMacroPreservation`: a bracketed undefined reference is nothing, a bare one stays.
    @Test func bareReferencesToUndefinedSettingsStayAsWritten() throws {
        #expect(try expand("A-$(MACRO)-$(UNKNOWNMACRO)-A", [:]) == "A---A")
        #expect(try expand("A-$MACRO-$UNKNOWNMACRO-A", [:]) == "A-$MACRO-$UNKNOWNMACRO-A")
        // PlistKit's default refuses the bracketed ones, and leaves the bare ones as the engine does.
        #expect(throws: InfoPlistError.self) { try BuildSettingExpander(settings: [:]).expand("A-$(MACRO)-A") }
        #expect(try BuildSettingExpander(settings: [:]).expand("A-$MACRO-A") == "A-$MACRO-A")
    }

    /// `macroNameEvaluation`.
    @Test func namesAreEvaluatedToo() throws {
        let table: BuildSettings = ["X": "X", "Y": "Y", "Z": "Z", "XYZ": "(xyz)", "XYZXYZ": "(xyzxyz)"]
        #expect(try expand("$(X)$(Y)$(Z)", table) == "XYZ")
        #expect(try expand("$($(X)$(Y)$(Z))", table) == "(xyz)")
        #expect(try expand("$($(X)$(Y)$(Z)$(X)$(Y)$(Z))", table) == "(xyzxyz)")
    }

    /// `basicInheritance`: `$(X)`, `$(value)` and `$(inherited)` in X's value all name X's
    /// next lower assignment.
    @Test func inheritanceInItsDifferentForms() throws {
        let table = settings([
            ("X", "a"), ("X", "($(X))"), ("X", "{$(value)}"), ("X", "[$(X)]"), ("X", "<$(inherited)>"),
            ("X", "$(inherited),$(inherited)"), ("X", "$(X)|$(value)|$(inherited)"),
        ])
        #expect(try expand("$(X)", table) == "<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>")
    }

    /// `interleavedInheritance`.
    @Test func inheritanceInterleavedBetweenTwoSettings() throws {
        let table = settings([("X", "a"), ("Y", "b"), ("X", "($(Y))"), ("Y", "{$(X)}"), ("X", "[$(Y)]"), ("Y", "<$(X)>,<$(Y)>")])
        #expect(try expand("$(X)", table) == "[<({a})>,<{(b)}>]")
        #expect(try expand("$(Y)", table) == "<[{(b)}]>,<{[b]}>")
    }

    /// `defaultReplacementOperator`.
    @Test func defaultGivesItsOperandForAnEmptyOrUndefinedSetting() throws {
        var table = settings([("LLVM_TARGET_TRIPLE_OS_VERSION", "macos$(MACOSX_DEPLOYMENT_TARGET:default=10.15)")])
        #expect(try expand("$(LLVM_TARGET_TRIPLE_OS_VERSION)", table) == "macos10.15")
        table.assign("", to: "MACOSX_DEPLOYMENT_TARGET")
        #expect(try expand("$(LLVM_TARGET_TRIPLE_OS_VERSION)", table) == "macos10.15")
        table.assign("11.0", to: "MACOSX_DEPLOYMENT_TARGET")
        #expect(try expand("$(LLVM_TARGET_TRIPLE_OS_VERSION)", table) == "macos11.0")
        // The operand is an expression itself (the engine's test leaves the outer reference
        // unclosed, which reads to the end).
        table.assign("macos$(MACOSX_DEPLOYMENT_TARGET:default=$(DEFAULT_DEPLOYMENT_TARGET:default=10.10)", to: "LLVM_TARGET_TRIPLE_OS_VERSION")
        table.assign("", to: "MACOSX_DEPLOYMENT_TARGET")
        #expect(try expand("$(LLVM_TARGET_TRIPLE_OS_VERSION)", table) == "macos10.10")
        table.assign("10.14", to: "DEFAULT_DEPLOYMENT_TARGET")
        #expect(try expand("$(LLVM_TARGET_TRIPLE_OS_VERSION)", table) == "macos10.14")
        // A setting's name made with a default.
        table.assign("true", to: "SETTING_YES")
        table.assign("false", to: "SETTING_NO")
        table.assign("$(SETTING_$(BOOLEAN:default=NO))", to: "SETTING")
        #expect(try expand("$(SETTING)", table) == "false")
        table.assign("YES", to: "BOOLEAN")
        #expect(try expand("$(SETTING)", table) == "true")
        // With default=, an undefined setting is no mistake in PlistKit's default handling either.
        #expect(try BuildSettingExpander(settings: [:]).expand("$(UNSET:default=fallback)") == "fallback")
    }

    /// `conditions`: a conditional assignment counts only when its parameter matches; one
    /// without a value matches only `*`.
    @Test func conditionalAssignmentsCountWhenTheirParametersMatch() throws {
        var table = BuildSettings()
        table.assign("x", to: "X")
        table.assign("ⓧ", to: "X", conditions: [BuildSettingCondition(parameter: "param", pattern: "pattern*")])
        table.assign("¡$(X)!", to: "Y")
        table.assign("$(Y)", to: "Y")
        table.assign("$(inherited)", to: "Y")
        #expect(try expand("$(Y)", table) == "¡x!")
        #expect(try expand("$(Y)", table, conditions: ["param": "patterned"]) == "¡ⓧ!")
        #expect(try expand("$(Y)", table, conditions: ["param": "other"]) == "¡x!")
        table.assign("any", to: "X", conditions: [BuildSettingCondition(parameter: "unbound", pattern: "*")])
        #expect(try expand("$(X)", table) == "any")
    }

    /// `deeplyNestedEvaluation` on a smaller scale: the engine evaluates 600 settings deep,
    /// PlistKit to ``BuildSettingExpander/maximumDepth``.
    @Test func settingsReferringToEachOtherInALongChain() throws {
        var table: BuildSettings = ["MACRO_0": "root"]
        for level in 1..<30 { table.assign("$(MACRO_\(level - 1))-\(level)", to: "MACRO_\(level)") }
        #expect(try expand("$(MACRO_29)", table) == "root-" + (1..<30).map(String.init).joined(separator: "-"))
    }

    /// fnmatch patterns as the engine's conditions use them.
    @Test(arguments: [
        ("iphoneos*", "iphoneos17.2", true), ("iphoneos*", "iphonesimulator17.2", false), ("*", "", true), ("arm64", "arm64", true),
        ("x86_64", "arm64", false), ("arm64?", "arm64e", true), ("arm64?", "arm64", false), ("[ai]*", "iphoneos", true),
        ("[!ai]*", "iphoneos", false), ("[a-c]x", "bx", true), ("[a-]x", "ax", false), ("a[b", "a[b", true), ("*os*", "macosx", true),
        ("Re*se", "Release", true), ("Re*se", "Debug", false),
    ])
    func conditionPatternsMatchAsFnmatch(pattern: String, value: String, matches: Bool) {
        #expect(BuildSettingCondition(parameter: "sdk", pattern: pattern).holds(for: ["sdk": value]) == matches)
    }
}
