import Foundation
import Testing
import PlistKit

/// Each operator of `$(NAME:operator)` and `$(NAME:operator=operand)` against what Apple's build
/// engine gives. The pairs marked "swift-build" are the expected values of swift-build's own
/// unit tests (Tests/SWBMacroTests/MacroEvaluationTests.swift: `operators`,
/// `c99ExtIdentifierOperator`, `replacementOperators`, `relativeToReplacementOperator`,
/// `isAncestorReplacementOperator`), kept here as data; the others follow from the engine's
/// source (Sources/SWBMacro/MacroEvaluationProgram.swift, Sources/SWBUtil/String.swift).
@Suite struct BuildSettingModifierTests {
    private func expand(_ text: String, _ settings: BuildSettings) throws -> String {
        try BuildSettingExpander(settings: settings, undefinedSettings: .expandToNothing).expand(text)
    }

    /// swift-build `operators`: the retrieval operators on strings and paths.
    @Test(arguments: [
        ("$(FILENAME:identifier)", "Some_File_txt"),
        ("$(FILENAME:rfc1034identifier)", "Some-File-txt"),
        ("$(FRAMEWORK_PATH:dir)", "/tmp/Products/"),
        ("$(SIMPLE_STRING:dir)", "./"),
        ("$(FRAMEWORK_PATH:file)", "Anything.framework"),
        ("$(FRAMEWORK_PATH:base)", "Anything"),
        ("$(FRAMEWORK_PATH:suffix)", ".framework"),
        ("$(NON_STANDARD_ABS_PATH:standardizepath)", "/foo/bar"),
        ("$(NON_STANDARD_REL_PATH:standardizepath)", "foo/../bar/baz"),
        ("$(SIMPLE_STRING:upper)", "THIS"),
        ("$(SIMPLE_STRING:lower)", "this"),
        ("$(QUOTE_STRING:quote)", #"foo\ bar\ \"\ \'\ \\"#),
        ("$(BEST:not)", "YES"),
    ])
    func retrievalOperatorsGiveTheEnginesResults(text: String, expected: String) throws {
        let settings: BuildSettings = [
            "SIMPLE_STRING": "This", "FRAMEWORK_PATH": "/tmp/Products/Anything.framework", "FILENAME": "Some File.txt",
            "NON_STANDARD_ABS_PATH": "//foo/./bar/", "NON_STANDARD_REL_PATH": "foo/../bar/./baz/",
            "QUOTE_STRING": #"foo bar " ' \"#, "BEST": "NO",
        ]
        #expect(try expand(text, settings) == expected)
    }

    /// swift-build `c99ExtIdentifierOperator`, then the rows of issue 44 §3.
    @Test(arguments: [
        ("", ""), ("ÜTF-8", "ÜTF_8"), ("a가가", "a가가"), ("٠٠٠", "_٠٠"), ("12 3", "_2_3"),
        ("2048 Game", "_048_Game"),
        // Precomposed first: a name typed decomposed gives what the precomposed one gives.
        ("Cafe\u{301} 1", "Café_1"), ("Café 1", "Café_1"),
        ("My App", "My_App"), ("Field-Notes.v2", "Field_Notes_v2"), ("日本", "日本"), ("٣D", "_D"), ("a+b", "a_b"),
        ("_ok", "_ok"), ("😀x", "_x"),
    ])
    func c99ExtendedIdentifierManglesAsTheEngine(text: String, expected: String) {
        #expect(BuildSettingModifier.c99extidentifier.apply(to: text) == expected)
    }

    /// The rows of issue 44 §3 and the engine's rule: each decomposed character that is not an
    /// ASCII letter, `-`, or a digit after the first becomes `-`, so a period and a leading
    /// digit do too.
    @Test(arguments: [
        ("my.app_name", "my-app-name"), ("2048 Game", "-048-Game"), ("My App", "My-App"), ("org.example.app", "org-example-app"),
        ("Démo", "D-mo"), ("Cafe\u{301} 1", "Caf--1"), ("B\u{301}x", "B\u{301}x"), ("a/b:c", "a-b-c"), ("", ""), ("x9", "x9"),
    ])
    func rfc1034IdentifierManglesAsTheEngine(text: String, expected: String) {
        #expect(BuildSettingModifier.rfc1034identifier.apply(to: text) == expected)
    }

    @Test(arguments: [("my.app_name", "my_app_name"), ("2048 Game", "_048_Game"), ("Démo", "D_mo"), ("a-b", "a_b")])
    func identifierManglesToACIdentifier(text: String, expected: String) {
        #expect(BuildSettingModifier.identifier.apply(to: text) == expected)
    }

    /// The engine's mangling of `identifier` and `rfc1034identifier`, written here over
    /// Foundation's decomposition, and its `c99extidentifier` over Foundation's precomposition,
    /// agree with PlistKit's (whose normalization is its own) on random text of letters, digits,
    /// marks and symbols.
    @Test func identifierManglingAgreesWithFoundationsNormalization() {
        func engine(_ text: String, replacement: Character, keeps: Character) -> String {
            guard !text.isEmpty else { return "" }
            var result = ""
            let decomposed = text.decomposedStringWithCanonicalMapping
            for (offset, character) in decomposed.enumerated() {
                let kept = ("A"..."Z").contains(character) || ("a"..."z").contains(character) || character == keeps
                    || (offset > 0 && ("0"..."9").contains(character))
                result.append(kept ? character : replacement)
            }
            return result
        }
        let pieces = ["a", "Z", "5", "0", "-", "_", ".", " ", "é", "e\u{301}", "\u{301}", "\u{323}\u{302}", "Å", "A\u{30A}", "ñ", "가", "\u{1100}\u{1161}",
                      "ﬁ", "Ω", "\u{2126}", "ǅ", "ṩ", "s\u{307}\u{323}", "B\u{301}", "9\u{301}", "٣", "😀", "\u{0F73}"]
        var random = SeededRandom(seed: 44)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(BuildSettingModifier.rfc1034identifier.apply(to: text) == engine(text, replacement: "-", keeps: "-"), "\(Array(text.unicodeScalars))")
            #expect(BuildSettingModifier.identifier.apply(to: text) == engine(text, replacement: "_", keeps: "_"), "\(Array(text.unicodeScalars))")
            let precomposed = text.precomposedStringWithCanonicalMapping
            #expect(BuildSettingModifier.c99extidentifier.apply(to: text) == BuildSettingModifier.c99extidentifier.apply(to: precomposed))
            #expect(BuildSettingModifier.c99extidentifier.apply(to: text.decomposedStringWithCanonicalMapping)
                == BuildSettingModifier.c99extidentifier.apply(to: precomposed))
        }
    }

    /// RFC 1321's test suite.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"), ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"), ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5GivesTheDigestInLowercaseHexadecimal(text: String, digest: String) throws {
        #expect(BuildSettingModifier.md5.apply(to: text) == digest)
        #expect(try expand("$(X:__md5)", ["X": text]) == digest)
    }

    @Test func theEnginesOwnSpellingsNameEveryOperator() {
        #expect(BuildSettingModifier.allCases.map(\.rawValue) == [
            "quote", "upper", "lower", "identifier", "rfc1034identifier", "c99extidentifier", "__md5", "__stripslash",
            "dir", "file", "base", "suffix", "standardizepath", "not",
        ])
        #expect(BuildSettingReplacementOperator.allCases.map(\.rawValue) == ["dir", "file", "base", "suffix", "default", "relativeto", "isancestor"])
        #expect(BuildSettingModifier.stripslash.apply(to: "/a/b") == "a/b")
        #expect(BuildSettingModifier.stripslash.apply(to: "a") == "a")
        #expect(BuildSettingModifier.lower.apply(to: "Field NOTES Ä") == "field notes ä")
        #expect(BuildSettingModifier.upper.apply(to: "straße") == "STRASSE")
        #expect(BuildSettingModifier.not.apply(to: "YES") == "NO")
    }

    /// swift-build `replacementOperators`.
    @Test(arguments: [
        ("$(A_PATH:dir=ba ba ba)", "ba ba ba/file.c"),
        ("$(A_PATH:file=ba ba ba)", "/tmp/dir/ba ba ba"),
        ("$(A_PATH:base=ba ba ba)", "/tmp/dir/ba ba ba.c"),
        ("$(A_PATH:suffix=$(REPLACEMENT_SUFFIX))", "/tmp/dir/file.blabla"),
        ("$(A_PATH:suffix=.o)", "/tmp/dir/file.o"),
        ("$(A_PATH:suffix=o)", "/tmp/dir/file.o"),
    ])
    func replacementOperatorsGiveTheEnginesResults(text: String, expected: String) throws {
        #expect(try expand(text, ["A_PATH": "/tmp/dir/file.c", "REPLACEMENT_SUFFIX": "blabla", "FIVE_SPACES": "     "]) == expected)
    }

    /// swift-build `relativeToReplacementOperator` and `isAncestorReplacementOperator`:
    /// `$(INSTALL_PATH:relativeto=$(A_PATH))` and `:isancestor=`.
    @Test(arguments: [
        ("", "", "", "NO"), ("foo", "foo", "foo", "NO"), ("foo", "foo/bar", "foo", "NO"), ("/", "foo", "/", "NO"), ("foo", "/", "foo", "NO"),
        ("/foo", "/bar", "../bar", "NO"), ("/foo", "/bar/baz", "../bar/baz", "NO"), ("/usr/bin", "/usr/lib", "../lib", "NO"),
        ("/", "/", ".", "NO"), ("/foo", "/foo", ".", "NO"),
        ("/foo", "/", "..", "YES"), ("/foo/bar", "/", "../..", "YES"), ("/foo/bar", "/foo", "..", "YES"), ("/foo/bar/baz", "/foo/bar", "..", "YES"),
    ])
    func relativeToAndIsAncestorGiveTheEnginesResults(installPath: String, otherPath: String, relative: String, isAncestor: String) throws {
        let settings: BuildSettings = ["INSTALL_PATH": installPath, "A_PATH": otherPath]
        #expect(try expand("$(INSTALL_PATH:relativeto=$(A_PATH))", settings) == relative)
        #expect(try expand("$(INSTALL_PATH:isancestor=$(A_PATH))", settings) == isAncestor)
    }

    /// swift-build `relativeToReplacementOperator`'s last case, an inherited value standardized.
    @Test func relativePathsComposeWithInheritance() throws {
        var settings: BuildSettings = ["INSTALL_PATH": "/usr/lib", "A_PATH": "/usr/lib"]
        settings.assign("@loader_path/$(INSTALL_PATH:relativeto=$(A_PATH))", to: "RPATHS")
        settings.assign("$(RPATHS:standardizepath)", to: "RPATHS")
        #expect(try expand("$(RPATHS)", settings) == "@loader_path")
        settings.assign("$(INSTALL_PATH:isancestor=$(A_PATH))", to: "ANCESTRY")
        settings.assign("$(ANCESTRY:standardizepath)", to: "ANCESTRY")
        #expect(try expand("$(ANCESTRY)", settings) == "NO")
    }
}
