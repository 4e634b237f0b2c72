import Testing
import PlistKit

/// Each modifier of `$(NAME:modifier)` on the texts build systems give it.
@Suite struct BuildSettingModifierTests {
    @Test(arguments: [
        ("My App", "My-App"),
        ("field_notes 2", "field-notes-2"),
        ("org.example.app", "org.example.app"),
        ("Démo", "D-mo"),
        ("e\u{301}", "e-"),
        ("a/b:c", "a-b-c"),
        ("", ""),
    ])
    func rfc1034IdentifierReplacesAllButLettersDigitsHyphenAndPeriod(text: String, expected: String) {
        #expect(BuildSettingModifier.rfc1034identifier.apply(to: text) == expected)
    }

    @Test(arguments: [
        ("My App", "My_App"),
        ("2048 Game", "_2048_Game"),
        ("Field-Notes.v2", "Field_Notes_v2"),
        ("Démo", "Démo"),
        ("日本", "日本"),
        ("٣D", "_٣D"),
        ("a+b", "a_b"),
        ("_ok", "_ok"),
    ])
    func c99ExtendedIdentifierReplacesWhatAnIdentifierCannotHold(text: String, expected: String) {
        #expect(BuildSettingModifier.c99extidentifier.apply(to: text) == expected)
    }

    @Test func lowerAndUpperFollowUnicodeCaseMapping() {
        #expect(BuildSettingModifier.lower.apply(to: "Field NOTES Ä") == "field notes ä")
        #expect(BuildSettingModifier.upper.apply(to: "straße") == "STRASSE")
    }

    @Test func everyModifierIsNamedAsBuildSystemsSpellIt() {
        #expect(BuildSettingModifier.allCases.map(\.rawValue) == ["rfc1034identifier", "c99extidentifier", "lower", "upper"])
    }
}
