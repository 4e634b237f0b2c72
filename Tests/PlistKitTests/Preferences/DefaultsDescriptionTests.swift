import Foundation
import PlistKit
import Testing

/// Golden cases for what `defaults read` prints, from macOS's documented and published output;
/// each is listed in Docs/Preferences.md with what it was checked against.
@Suite struct DefaultsDescriptionTests {
    @Test func aDomainAsDefaultsReadPrintsIt() throws {
        let domain: PlistValue = [
            "tilesize": 48,
            "autohide": true,
            "orientation": "left",
            "persistent-apps": [
                ["GUID": 1234, "tile-data": ["file-label": "Safari", "bundle-identifier": "com.apple.Safari"], "tile-type": "file-tile"],
            ],
            "persistent-others": [],
            "mod-count": 32,
        ]
        #expect(try DefaultsDescription.text(of: domain) == """
            {
                autohide = 1;
                "mod-count" = 32;
                orientation = left;
                "persistent-apps" =     (
                            {
                        GUID = 1234;
                        "tile-data" =             {
                            "bundle-identifier" = "com.apple.Safari";
                            "file-label" = Safari;
                        };
                        "tile-type" = "file-tile";
                    }
                );
                "persistent-others" =     (
                );
                tilesize = 48;
            }
            """)
    }

    @Test func anArrayAtTheTopLevel() throws {
        #expect(try DefaultsDescription.text(of: ["en-US", "fr", ["k": "v"]]) == """
            (
                "en-US",
                fr,
                    {
                    k = v;
                }
            )
            """)
        #expect(try DefaultsDescription.text(of: [:]) == "{\n}")
        #expect(try DefaultsDescription.text(of: []) == "(\n)")
    }

    @Test(arguments: [
        ("Launchpad", "Launchpad"), ("12A251", "12A251"), ("", "\"\""), ("en_US", "\"en_US\""),
        ("com.apple.Safari", "\"com.apple.Safari\""), ("two words", "\"two words\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""), ("back\\slash", "\"back\\\\slash\""), ("a\nb\tc", "\"a\\nb\\tc\""),
        ("Démo", "\"D\\U00e9mo\""), ("😀", "\"\\Ud83d\\Ude00\""),
    ])
    func stringsAreQuotedOnlyWhenNeeded(string: String, printed: String) throws {
        #expect(try DefaultsDescription.text(of: ["k": .string(string)]) == "{\n    k = \(printed);\n}")
    }

    @Test func aStringOrDateAloneIsPrintedAsItIs() throws {
        #expect(try DefaultsDescription.text(of: "two words") == "two words")
        #expect(try DefaultsDescription.text(of: .date(Date(timeIntervalSinceReferenceDate: 738_936_000.75))) == "2024-06-01 12:00:00 +0000")
        #expect(try DefaultsDescription.text(of: ["when": .date(Date(timeIntervalSinceReferenceDate: 738_936_000))])
            == "{\n    when = \"2024-06-01 12:00:00 +0000\";\n}")
    }

    @Test func numbersAndBooleans() throws {
        #expect(try DefaultsDescription.text(of: 42) == "42")
        #expect(try DefaultsDescription.text(of: -1) == "-1")
        #expect(try DefaultsDescription.text(of: .integer(PlistInteger(UInt64.max))) == "18446744073709551615")
        #expect(try DefaultsDescription.text(of: 0.875) == "0.875")
        #expect(try DefaultsDescription.text(of: 48.0) == "48")
        #expect(try DefaultsDescription.text(of: .real(1.0 / 3)) == "0.3333333333333333")
        #expect(try DefaultsDescription.text(of: .real(0.1 + 0.2)) == "0.3")
        #expect(try DefaultsDescription.text(of: 1e21) == "1e+21")
        #expect(try DefaultsDescription.text(of: true) == "1")
        #expect(try DefaultsDescription.text(of: false) == "0")
    }

    @Test func dataInFullUpTo24BytesThenElided() throws {
        #expect(try DefaultsDescription.text(of: .data(Data())) == "{length = 0, bytes = 0x}")
        #expect(try DefaultsDescription.text(of: .data(Data([1, 2, 3, 4]))) == "{length = 4, bytes = 0x01020304}")
        #expect(try DefaultsDescription.text(of: .data(Data(0..<24))) == "{length = 24, bytes = 0x000102030405060708090a0b0c0d0e0f1011121314151617}")
        #expect(try DefaultsDescription.text(of: .data(Data(0..<25))) == "{length = 25, bytes = 0x00010203 04050607 08090a0b 0c0d0e0f ... 11121314 15161718 }")
        #expect(try DefaultsDescription.text(of: ["book": .data(Data(repeating: 0xAB, count: 636))])
            == "{\n    book = {length = 636, bytes = 0xabababab abababab abababab abababab ... abababab abababab };\n}")
    }

    @Test func typeLines() throws {
        let cases: [(PlistValue, String)] = [
            ("s", "Type is string"), (1, "Type is integer"), (1.5, "Type is float"), (true, "Type is boolean"),
            (.date(Date()), "Type is date"), (.data(Data()), "Type is data"), ([], "Type is array"), ([:], "Type is dictionary"),
            (.uid(1), "Found a value that is not of a known property list type"),
        ]
        for (value, line) in cases { #expect(DefaultsDescription.typeLine(of: value) == line) }
    }
}
