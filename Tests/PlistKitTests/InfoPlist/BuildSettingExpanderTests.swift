import Foundation
import Testing
import PlistKit

/// Expansion of strings and property lists: each reference form, nesting, escapes, undefined
/// settings, and hostile settings that must fail quickly rather than loop or grow.
@Suite struct BuildSettingExpanderTests {
    private let settings: BuildSettings = [
        "PRODUCT_NAME": "Field Notes",
        "ORG": "org.plistkit",
        "PRODUCT_BUNDLE_IDENTIFIER": "$(ORG).$(PRODUCT_NAME:rfc1034identifier:lower)",
        "CONFIGURATION": "Debug",
        "SERVER_Debug": "localhost",
        "EMPTY": "",
    ]

    private func expand(_ text: String, keeping: Bool = false) throws -> String {
        try BuildSettingExpander(settings: settings, keepsUndefinedReferences: keeping).expand(text)
    }

    @Test(arguments: [
        ("$(PRODUCT_NAME)", "Field Notes"),
        ("${PRODUCT_NAME}", "Field Notes"),
        ("Hello, $(PRODUCT_NAME)!", "Hello, Field Notes!"),
        ("$(PRODUCT_NAME:rfc1034identifier)", "Field-Notes"),
        ("$(PRODUCT_NAME:c99extidentifier)", "Field_Notes"),
        ("$(PRODUCT_NAME:lower)", "field notes"),
        ("${PRODUCT_NAME:upper}", "FIELD NOTES"),
        ("$(PRODUCT_NAME:lower:rfc1034identifier)", "field-notes"),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", "org.plistkit.field-notes"),
        ("$(SERVER_$(CONFIGURATION))", "localhost"),
        ("[$(EMPTY)]", "[]"),
        ("$(ORG)$(ORG)", "org.plistkitorg.plistkit"),
        ("$ORG/$PRODUCT_NAME", "org.plistkit/Field Notes"),
        ("$[ORG]", "org.plistkit"),
        ("$SERVER_$(CONFIGURATION)!", "localhost!"),
        // A reference that does not end is read to the end of the text, as the engine reads it.
        ("$(ORG", "org.plistkit"),
    ])
    func referencesExpandInEveryForm(text: String, expected: String) throws {
        #expect(try expand(text) == expected)
    }

    @Test(arguments: [
        ("Costs $$5", "Costs $5"),
        ("$$(PRODUCT_NAME)", "$(PRODUCT_NAME)"),
        ("$$$(ORG)", "$org.plistkit"),
        ("a $ b", "a $ b"),
        ("$", "$"),
        ("Costs 5$", "Costs 5$"),
        ("$5 and $-", "$5 and $-"),
        ("$UNDEFINED_BARE stays", "$UNDEFINED_BARE stays"),
        ("no references", "no references"),
    ])
    func escapesAndTextThatIsNoReferenceStayText(text: String, expected: String) throws {
        #expect(try expand(text) == expected)
    }

    @Test func undefinedSettingsFailNamingEachWithItsPath() {
        let expander = BuildSettingExpander(settings: ["ID": "$(ORG).app"])
        let value: PlistValue = ["CFBundleName": "$(PRODUCT_NAME)", "CFBundleIdentifier": "$(ID)", "$(KEY)": true]
        #expect {
            _ = try expander.expand(value)
        } throws: { error in
            guard let error = error as? InfoPlistError, error.code == .undefinedBuildSetting else { return false }
            return error.undefinedSettings == [
                UndefinedBuildSetting(name: "PRODUCT_NAME", keyPath: "CFBundleName"),
                UndefinedBuildSetting(name: "ORG", keyPath: "CFBundleIdentifier", through: ["ID"]),
                UndefinedBuildSetting(name: "KEY", keyPath: "$(KEY)", isInKey: true),
            ]
                && error.description == "3 references name build settings that are not defined: 'PRODUCT_NAME' (at key path 'CFBundleName'), 'ORG' (through ID, at key path 'CFBundleIdentifier'), 'KEY' (in the key at key path '$(KEY)')."
        }
    }

    @Test func oneUndefinedSettingIsOneSentence() {
        #expect {
            _ = try expand("$(MISSING)")
        } throws: { error in
            (error as? InfoPlistError)?.description == "The build setting 'MISSING' is not defined (at the root)."
        }
    }

    @Test func undefinedSettingsCanBeLeftAsTheyAre() throws {
        #expect(try expand("$(ORG).$(MISSING:lower)", keeping: true) == "org.plistkit.$(MISSING:lower)")
        #expect(try expand("$(SERVER_$(NOPE))", keeping: true) == "$(SERVER_$(NOPE))")
        let expansion = try BuildSettingExpander(settings: settings, keepsUndefinedReferences: true).expand(["a": ["$(MISSING)"]])
        #expect(expansion.value == ["a": ["$(MISSING)"]])
        #expect(expansion.undefinedSettings == [UndefinedBuildSetting(name: "MISSING", keyPath: "a.0")])
        #expect(!expansion.changesValue)
    }

    /// A setting named inside its own value is its next lower assignment, as `$(inherited)`
    /// is; with nothing lower it is nothing (swift-build `basicInheritance`).
    @Test(arguments: [
        (["A": "$(A)"], ""),
        (["A": "[$(inherited)]"], "[]"),
        (["A": "x$(B)", "B": "$(A)y"], "xy"),
    ] as [([String: String], String)])
    func aSettingNamedInItsOwnValueInheritsNothingAtTheBottom(settings: [String: String], expected: String) throws {
        let expander = BuildSettingExpander(settings: BuildSettings(settings))
        if settings["B"] == nil {
            #expect(try expander.expand("$(A)") == expected)
        } else {
            #expect(throws: InfoPlistError.self) { try expander.expand("$(A)") }
        }
    }

    /// A setting that reaches itself through other settings takes its lower assignment, as the
    /// engine does; with nothing lower the engine gives nothing, which PlistKit refuses as a
    /// cycle, naming it.
    @Test func aSettingThatReachesItselfThroughOthersInheritsOrIsACycle() throws {
        var settings: BuildSettings = ["A": "x$(B)", "B": "$(C)", "C": "$(A)"]
        #expect {
            _ = try BuildSettingExpander(settings: settings).expand("$(A)")
        } throws: { error in
            (error as? InfoPlistError)?.code == .buildSettingCycle
                && (error as? InfoPlistError)?.description == "The build setting 'A' refers to itself with nothing lower to inherit: A → B → C → A at the root."
        }
        settings = BuildSettings(["A": "base"])
        settings.assign("x$(B)", to: "A")
        settings.assign("[$(A)]", to: "B")
        #expect(try BuildSettingExpander(settings: settings).expand("$(A)|$(B)") == "x[base]|[x[base]]")
    }

    @Test func longChainsOfSettingsStopAtTheDepthLimit() {
        var chain = BuildSettings()
        for level in 0..<100 { chain["S\(level)"] = "$(S\(level + 1))" }
        chain["S100"] = "end"
        #expect {
            _ = try BuildSettingExpander(settings: chain).expand("$(S0)")
        } throws: { error in
            (error as? InfoPlistError)?.code == .expansionTooDeep
        }
        var shallow = BuildSettingExpander(settings: chain)
        shallow.maximumDepth = 200
        #expect((try? shallow.expand("$(S0)")) == "end")
    }

    @Test func nestingInsideSettingsAndThroughThemIsBoundedTogether() {
        var deep = BuildSettings()
        // Each setting refers to the next from inside 30 nested references: 30 × 30 levels.
        for level in 0..<30 {
            deep["S\(level)"] = String(repeating: "$(X_", count: 30) + "$(S\(level + 1))" + String(repeating: ")", count: 30)
        }
        #expect {
            _ = try BuildSettingExpander(settings: deep, keepsUndefinedReferences: true).expand("$(S0)")
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "Build setting references nest more than 128 levels deep, through settings and inside references at the root."
        }
    }

    @Test func hostileTextCostsLinearTimeAndBoundedDepth() {
        let nested = String(repeating: "$(", count: 50_000)
        #expect {
            _ = try expand(nested)
        } throws: { error in
            (error as? InfoPlistError)?.code == .expansionTooDeep
        }
        let unterminated = String(repeating: "$(A ", count: 20) + String(repeating: "x", count: 200_000)
        #expect((try? expand(unterminated, keeping: true)) == unterminated)
    }

    @Test func settingsThatDoubleAtEachLevelStopAtTheLengthLimit() {
        var bomb = BuildSettings()
        for level in 0..<30 { bomb["L\(level)"] = "$(L\(level + 1))$(L\(level + 1))" }
        bomb["L30"] = "ab"
        // Unbounded, "$(L0)" would be 2 GiB; the expander gives up once a string passes 1 MiB,
        // so the work is bounded by the limit, not by the bomb.
        #expect {
            _ = try BuildSettingExpander(settings: bomb).expand("$(L0)")
        } throws: { error in
            (error as? InfoPlistError)?.description == "An expansion gives a string of more than 1048576 bytes at the root."
        }
    }

    /// Settings that each refer twice to the next, down to an undefined one: where undefined
    /// settings fail, each reference gives no text (so no length limit sees it) but is listed,
    /// and "$(U0)" meets the undefined setting 2^levels times. Found by the `infoplist` fuzzer
    /// (TestData/Regressions/infoplist/), where 22 levels took 2 GB.
    private func undefinedBomb(levels: Int) -> BuildSettings {
        var bomb = BuildSettings()
        for level in 0..<levels { bomb["U\(level)"] = "$(U\(level + 1))$(U\(level + 1))" }
        bomb["U\(levels)"] = "$(UNDEFINED)"
        return bomb
    }

    @Test func undefinedSettingsMetTwiceAtEachLevelStopAtTheEvaluationLimit() {
        var small = BuildSettingExpander(settings: undefinedBomb(levels: 12))
        small.maximumEvaluations = 10_000
        #expect {
            _ = try small.expand("$(U0)")
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The expansion meets references to undefined settings more than 10000 times, counting each setting they are reached through (BuildSettingExpander.maximumEvaluations) at the root."
        }
        // With the default limits, 2^30 references stop as quickly, in a property list too.
        #expect {
            _ = try BuildSettingExpander(settings: undefinedBomb(levels: 30)).expand(["CFBundleName": "$(U0)"])
        } throws: { error in
            (error as? InfoPlistError)?.code == .expansionTooLong && (error as? InfoPlistError)?.location == .keyPath("CFBundleName")
        }
        // Below the limit every reference is still listed, with the settings it is reached through.
        #expect {
            _ = try BuildSettingExpander(settings: undefinedBomb(levels: 3)).expand("$(U0)")
        } throws: { error in
            let references = (error as? InfoPlistError)?.undefinedSettings ?? []
            return references.count == 8 && references.allSatisfy { $0.name == "UNDEFINED" && $0.through == ["U0", "U1", "U2", "U3"] }
        }
    }

    @Test func manyStringsTogetherStopAtTheTotalLimit() {
        var expander = BuildSettingExpander(settings: ["BIG": String(repeating: "x", count: 1000)])
        expander.maximumTotalLength = 10_000
        let value = PlistValue.array(Array(repeating: "$(BIG)", count: 11))
        #expect {
            _ = try expander.expand(value)
        } throws: { error in
            (error as? InfoPlistError)?.description == "The expanded strings come to more than 10000 bytes at key path '9'."
        }
    }

    @Test func unknownModifiersFailNamingTheKnownOnes() {
        #expect {
            _ = try BuildSettingExpander(settings: settings).expand(["k": "$(ORG:title)"])
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The operator 'title' of '$(ORG:title)' is not one of quote, upper, lower, identifier, rfc1034identifier, c99extidentifier, __md5, __stripslash, dir, file, base, suffix, standardizepath, not, dir=, file=, base=, suffix=, default=, relativeto=, isancestor= at key path 'k'."
        }
        for text in ["$(ORG:)", "$(ORG:lo wer)", "$(ORG:upper", "$(ORG:=x)"] {
            #expect(throws: InfoPlistError.self, "\(text)") { try BuildSettingExpander(settings: settings).expand(text) }
        }
    }

    @Test func keysAndStringsExpandAtAnyDepthAndOtherValuesStay() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        let value: PlistValue = [
            "$(ORG)": [["name": "$(PRODUCT_NAME)", "count": 3, "when": .date(date)], "$$"],
            "plain": "no reference",
            "data": .data(Data("$(ORG)".utf8)),
        ]
        let expansion = try BuildSettingExpander(settings: settings).expand(value)
        #expect(expansion.value == [
            "org.plistkit": [["name": "Field Notes", "count": 3, "when": .date(date)], "$"],
            "plain": "no reference",
            "data": .data(Data("$(ORG)".utf8)),
        ])
        #expect(expansion.value.dictionary?.keys == ["org.plistkit", "plain", "data"])
        #expect(expansion.replacements == [
            .key("org.plistkit", at: "$(ORG)"),
            .value("Field Notes", at: "$(ORG).0.name"),
            .value("$", at: "$(ORG).1"),
        ])
        #expect(try value.replacing(expansion.replacements) == expansion.value)
    }

    /// Random texts over the syntax's own characters: the expansion ends, fails only in the
    /// documented ways, leaves text without `$` alone, and keeps or reports every reference
    /// to an undefined setting; and the checker, which reads references with the same reader
    /// (`BuildSettingTemplate`), finds an unexpanded reference exactly where expanding
    /// without settings finds an undefined one.
    @Test func randomTextsExpandOrFailInTheDocumentedWays() throws {
        let alphabet = Array("$$(){}[]:=AB_x lower.")
        var random = SeededRandom(seed: 24)
        let defined = BuildSettingExpander(settings: ["A": "1", "B": "$(A)", "A_B": "2"], keepsUndefinedReferences: true)
        for _ in 0..<5000 {
            let text = String((0..<Int.random(in: 0..<24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            for expander in [BuildSettingExpander(settings: [:], keepsUndefinedReferences: true), defined] {
                let outcome = Result { () throws(InfoPlistError) in try expander.expand(["k": .string(text)]) }
                switch outcome {
                case .success(let expansion):
                    if !text.contains("$") { #expect(!expansion.changesValue, "\(text)") }
                    if expander.settings.assignments.isEmpty {
                        // `$(echo hi)` is undefined to the expander, and names no setting.
                        let named = expansion.undefinedSettings.filter { $0.name.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil }
                        let findings = try InfoPlistChecker().check(["k": .string(text)]).filter { $0.rule == .unexpandedBuildSetting }
                        #expect(findings.isEmpty == named.isEmpty, "\(text): \(findings)")
                    }
                    if expander.settings.assignments.isEmpty, expansion.undefinedSettings.isEmpty, let value = expansion.value["k"]?.string {
                        #expect(!value.contains("$(") || text.contains("$$"), "\(text) gave \(value)")
                    }
                case .failure(let error):
                    #expect([InfoPlistError.Code.unknownModifier, .expansionTooDeep].contains(error.code), "\(text): \(error)")
                }
            }
        }
    }

    @Test func anExpandedKeyThatIsAlreadyInItsDictionaryFails() {
        #expect {
            _ = try BuildSettingExpander(settings: ["K": "b"]).expand(["a": ["$(K)": 1, "b": 2]])
        } throws: { error in
            guard let error = error as? InfoPlistError else { return false }
            return error.code == .duplicateKey
                && error.description == "An expanded key, 'b', is already a key of its dictionary at key path 'a.b'."
        }
    }
}
