import Foundation
import PlistKit
import Testing

/// What `defaults read` prints. `publishedPairs` holds values next to the exact text a Mac
/// printed for them, each from a public source named in `source`; the other tests cover the
/// rules those pairs establish at their edges. Docs/Preferences.md says how strong the
/// evidence for each rule is.
@Suite struct DefaultsDescriptionTests {
    /// A stored value and the text macOS printed for it.
    struct Published: CustomTestStringConvertible, Sendable {
        enum Place: Sendable {
            /// `defaults read DOMAIN KEY`: the text is the whole output.
            case alone
            /// A key of a domain: the text is its line (`key = value;`), continuation lines
            /// with the indentation they have in the domain's output.
            case line(key: String)
        }

        let value: PlistValue
        let place: Place
        let printed: String
        let source: String

        var testDescription: String { "\(printed) (\(source))" }

        static func alone(_ value: PlistValue, _ printed: String, _ source: String) -> Published {
            Published(value: value, place: .alone, printed: printed, source: source)
        }

        static func line(_ key: String, _ value: PlistValue, _ printed: String, _ source: String) -> Published {
            Published(value: value, place: .line(key: key), printed: printed, source: source)
        }
    }

    // Sources. Where the code index could not name a repository, the file's index id and a
    // line of it identify it.
    /// Asserted against macOS's `defaults read` in the project's CI.
    static let upRun = "gibfahn/up-rs tests/run.rs, values in tests/fixtures/run/test_up_run_passing/up_config_dir/tasks/defaults.yaml"
    /// Asserted against macOS's `defaults read DOMAIN KEY` in the project's CI.
    static let upLocal = "gibfahn/up-rs tests/defaults.rs, defaults_write_local"
    /// `defaults read com.apple.dock` beside `plutil -convert xml1` of the same file; macOS
    /// 10.15 or later (October 2020). The dump issue 44 quotes.
    static let dockNotes = "Chinese notes on plist editing, code-index file 45951325875 (\"last-messagetrace-stamp\" = \"624858776.484993\")"
    static let dsReadme = "aerobounce/defaults.sh README.md (defaults read com.apple.dock beside defaults export)"
    static let nix1007 = "nix-darwin/nix-darwin issue #1007 (defaults read beside the file's <data>)"
    static let nix1533 = "nix-darwin/nix-darwin issue #1533 (com.apple.dock, macOS 26 beta 2)"
    static let nix1250 = "nix-darwin/nix-darwin issue #1250 (defaults read com.apple.dock persistent-apps)"
    static let plistwatch = "catilac/plistwatch issue #9 (defaults read com.apple.QuickTimePlayerX NSOSPLastRootDirectory, 2025)"
    static let ddm = "dan-snelson/DDM-OS-Reminder pull request #61 (defaults read of a French title, macOS 26)"
    static let autoPatch = "App-Auto-Patch/App-Auto-Patch issue #204 (a German name read from preferences, macOS 15.7.2)"
    static let purrData = "git.purrdata.net/jwilkes/purr-data/-/issues/230 (a decomposed Ü read back from defaults)"
    static let radar = "lionheart/openradar-mirror issue #14359 (defaults read of TextEdit's Info, OS X 10.8)"
    static let analytics = "commented defaults dump, code-index file 48139175367 (\"last-analytics-stamp\" = \"635665569.6819431\")"
    static let finder = "commented Finder dump, code-index file 48784277925 (scrollPositionX = \"-147.5\")"
    static let softwareUpdate = "defaults read com.apple.SoftwareUpdate on macOS 10.15.7, code-index file 36498905821"
    static let dockInteger = "yannbertrand/macos-defaults issue #62 (the Dock's <key>preferreditemsize</key><integer>-1</integer>)"

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { $0 != " " })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// `count` bytes that begin and end as given: data's description shows nothing else.
    static func data(count: Int, first: String, last: String) -> PlistValue {
        var bytes = [UInt8](repeating: 0x5A, count: count)
        let head = Self.bytes(first), tail = Self.bytes(last)
        bytes.replaceSubrange(0..<head.count, with: head)
        bytes.replaceSubrange((count - tail.count)..<count, with: tail)
        return .data(Data(bytes))
    }

    static let publishedPairs: [Published] = [
        .line("AppleKeyboardUIMode", 2, "AppleKeyboardUIMode = 2;", upRun),
        .line("AppleWindowTabbingMode", "always", "AppleWindowTabbingMode = always;", upRun),
        .line("HintCharacters", "tnseriaodhplfuwyq;gjvmc,x.z/bk4738291056", "HintCharacters = \"tnseriaodhplfuwyq;gjvmc,x.z/bk4738291056\";", upRun),
        .line("MJConfigFile", "~/.config/hammerspoon/init.lua", "MJConfigFile = \"~/.config/hammerspoon/init.lua\";", upRun),
        .line("NSNavPanelExpandedStateForSaveMode", true, "NSNavPanelExpandedStateForSaveMode = 1;", upRun),
        .line("NSNavPanelExpandedStateForSaveMode2", false, "NSNavPanelExpandedStateForSaveMode2 = 0;", upRun),
        .line("_FXShowPosixPathInTitle", 1, "\"_FXShowPosixPathInTitle\" = 1;", upRun),
        .line("autohide-time-modifier", 0.25, "\"autohide-time-modifier\" = \"0.25\";", upRun),
        .alone(false, "0", upLocal),
        .alone(10, "10", upLocal),
        .alone(7.8, "7.8", upLocal),
        .alone("new value\nnew line 2", "new value\nnew line 2", upLocal),
        .alone(["x": "four", "y": "five", "z": "six"], "{\n    x = four;\n    y = five;\n    z = six;\n}", upLocal),
        .alone(["d", "e", "f"], "(\n    d,\n    e,\n    f\n)", upLocal),
        // The XML beside it: <real>624858776.48499298</real>.
        .line("last-messagetrace-stamp", 624858776.48499298, "\"last-messagetrace-stamp\" = \"624858776.484993\";", dockNotes),
        .line("loc", "zh_CN:CN", "loc = \"zh_CN:CN\";", dockNotes),
        .line("wvous-tr-corner", 5, "\"wvous-tr-corner\" = 5;", dockNotes),
        .line("autohide", true, "autohide = 1;", dockNotes),
        .line("file-label", "Safari浏览器", "\"file-label\" = \"Safari\\\\U6d4f\\\\U89c8\\\\U5668\";", dockNotes),
        .line("file-label", "系统偏好设置", "\"file-label\" = \"\\\\U7cfb\\\\U7edf\\\\U504f\\\\U597d\\\\U8bbe\\\\U7f6e\";", dockNotes),
        .line("preferreditemsize", -1, "preferreditemsize = \"-1\";", "\(dockNotes); the type: \(dockInteger)"),
        .line("book", data(count: 548, first: "626f6f6b 24020000 00000410 30000000", last: "04000000 00000000"),
              "book = {length = 548, bytes = 0x626f6f6b 24020000 00000410 30000000 ... 04000000 00000000 };", dockNotes),
        .line("_CFURLString", "file:///Applications/Safari.app/", "\"_CFURLString\" = \"file:///Applications/Safari.app/\";", dockNotes),
        .line("file-mod-date", 213502210964487, "\"file-mod-date\" = 213502210964487;", dockNotes),
        // The XML beside it: <real>0.0</real>.
        .line("autohide-delay", 0.0, "\"autohide-delay\" = 0;", dsReadme),
        // The file's <data>eyJjYXJib25LZXkiOjMzLCJjYXJib25Nb2RpZmllcnMiOjY5MTJ9</data>.
        .line("LAVAqaoRestore", .data(Data("{\"carbonKey\":33,\"carbonModifiers\":6912}".utf8)),
              "LAVAqaoRestore = {length = 39, bytes = 0x7b226361 72626f6e 4b657922 3a33332c ... 73223a36 3931327d };", nix1007),
        .line("last-analytics-stamp", [773430205.445271], "\"last-analytics-stamp\" =     (\n        \"773430205.445271\"\n    );", nix1533),
        .line("file-label", "System Settings", "\"file-label\" = \"System Settings\";", nix1250),
        .line("_CFURLStringType", 15, "\"_CFURLStringType\" = 15;", nix1250),
        .alone(data(count: 920, first: "626f6f6b 98030000 00000410 30000000", last: "38020000 00000000"),
               "{length = 920, bytes = 0x626f6f6b 98030000 00000410 30000000 ... 38020000 00000000 }", plistwatch),
        .alone("Mise à jour", "Mise \\340 jour", ddm),
        .alone("NÄGEL + KÖPFE GmbH", "N\\304GEL + K\\326PFE GmbH", autoPatch),
        .alone("U\u{308}", "U\\u0308", purrData),
        .line("BuildMachineOSBuild", "12A251", "BuildMachineOSBuild = 12A251;", radar),
        .line("CFBundleDevelopmentRegion", "English", "CFBundleDevelopmentRegion = English;", radar),
        .line("last-analytics-stamp", 635665569.6819431, "\"last-analytics-stamp\" = \"635665569.6819431\";", analytics),
        .line("scrollPositionX", -147.5, "scrollPositionX = \"-147.5\";", finder),
        .line("LastSuccessfulDate", .date(Date(timeIntervalSinceReferenceDate: 635_759_571)),
              "LastSuccessfulDate = \"2021-02-23 07:52:51 +0000\";", softwareUpdate),
        .line("LastAttemptSystemVersion", "10.15.7 (19H114)", "LastAttemptSystemVersion = \"10.15.7 (19H114)\";", softwareUpdate),
    ]

    @Test(arguments: publishedPairs)
    func printsWhatAMacPrinted(pair: Published) throws {
        switch pair.place {
        case .alone:
            #expect(try DefaultsDescription.text(of: pair.value) == pair.printed)
        case .line(let key):
            #expect(try DefaultsDescription.text(of: [key: pair.value]) == "{\n    \(pair.printed)\n}")
        }
    }

    /// A whole domain, compared character for character with macOS's output by up-rs's CI.
    @Test func aDomainAsUpRsChecksItOnAMac() throws {
        let domain: PlistValue = [
            "AppleKeyboardUIMode": 2,
            "AppleWindowTabbingMode": "always",
            "CustomHeaders": ["List-ID", "Message-ID", "X-Member-Count"],
            "HintCharacters": "tnseriaodhplfuwyq;gjvmc,x.z/bk4738291056",
            "MJConfigFile": "~/.config/hammerspoon/init.lua",
            "NSNavPanelExpandedStateForSaveMode": true,
            "NSNavPanelExpandedStateForSaveMode2": false,
            "_FXShowPosixPathInTitle": 1,
            "autohide-time-modifier": 0.25,
            "AppleICUDateFormatStrings": ["1": "y-MM-dd", "2": "y-MM-dd", "3": "y-MM-dd", "4": "EEEE, y-MM-dd"],
        ]
        // gibfahn/up-rs tests/run.rs, EXPECTED_DEFAULTS_VALUE.
        #expect(try DefaultsDescription.text(of: domain) == """
            {
                AppleICUDateFormatStrings =     {
                    1 = "y-MM-dd";
                    2 = "y-MM-dd";
                    3 = "y-MM-dd";
                    4 = "EEEE, y-MM-dd";
                };
                AppleKeyboardUIMode = 2;
                AppleWindowTabbingMode = always;
                CustomHeaders =     (
                    "List-ID",
                    "Message-ID",
                    "X-Member-Count"
                );
                HintCharacters = "tnseriaodhplfuwyq;gjvmc,x.z/bk4738291056";
                MJConfigFile = "~/.config/hammerspoon/init.lua";
                NSNavPanelExpandedStateForSaveMode = 1;
                NSNavPanelExpandedStateForSaveMode2 = 0;
                "_FXShowPosixPathInTitle" = 1;
                "autohide-time-modifier" = "0.25";
            }
            """)
    }

    /// Nested containers and their indentation, as in every published Dock dump (the one the
    /// issue quotes, nix-darwin issue #1533) and the 10.15.7 Software Update dump.
    @Test func nestedContainersAndTheirIndentation() throws {
        let domain: PlistValue = [
            "persistent-apps": [["GUID": 1234, "tile-data": ["file-label": "Safari"], "tile-type": "file-tile"]],
            "persistent-others": [],
            "RecommendedUpdates": [["Display Name": "Safari", "Display Version": "14.0.3"]],
            "CacheDetails": [:],
        ]
        #expect(try DefaultsDescription.text(of: domain) == """
            {
                CacheDetails =     {
                };
                RecommendedUpdates =     (
                            {
                        "Display Name" = Safari;
                        "Display Version" = "14.0.3";
                    }
                );
                "persistent-apps" =     (
                            {
                        GUID = 1234;
                        "tile-data" =             {
                            "file-label" = Safari;
                        };
                        "tile-type" = "file-tile";
                    }
                );
                "persistent-others" =     (
                );
            }
            """)
        #expect(try DefaultsDescription.text(of: ["en-US", "fr", ["k": "v"]]) == "(\n    \"en-US\",\n    fr,\n        {\n        k = v;\n    }\n)")
        #expect(try DefaultsDescription.text(of: [:]) == "{\n}")
        #expect(try DefaultsDescription.text(of: []) == "(\n)")
    }

    /// Inside a container a text is bare only when it is non-empty ASCII letters and digits.
    /// Escapes the description writes get their backslash doubled on output, as the published
    /// `\\U` escapes show.
    @Test(arguments: [
        ("Launchpad", "Launchpad"), ("12A251", "12A251"), ("1", "1"), ("", "\"\""), ("en_US", "\"en_US\""),
        ("com.apple.Safari", "\"com.apple.Safari\""), ("two words", "\"two words\""), ("a$b", "\"a$b\""),
        ("say \"hi\"", "\"say \\\\\"hi\\\\\"\""), ("back\\slash", "\"back\\\\\\\\slash\""),
        ("a\nb\tc\rd", "\"a\\\\nb\\\\tc\\\\rd\""), ("Démo", "\"D\\\\U00e9mo\""), ("😀", "\"\\\\Ud83d\\\\Ude00\""),
        ("bell\u{7}", "\"bell\\\\U0007\""), ("del\u{7F}", "\"del\\\\U007f\""),
    ])
    func textsInsideAContainer(text: String, printed: String) throws {
        #expect(try DefaultsDescription.text(of: ["k": .string(text)]) == "{\n    k = \(printed);\n}")
        #expect(try DefaultsDescription.text(of: [text: 1]) == "{\n    \(printed) = 1;\n}")
    }

    /// A number's description, bare alone, quoted inside a container when it has a sign,
    /// point or exponent.
    @Test(arguments: [
        (PlistValue.integer(42), "42", "42"), (-5, "-5", "\"-5\""),
        (.integer(PlistInteger(UInt64.max)), "18446744073709551615", "18446744073709551615"),
        (.integer(PlistInteger(Int64.min)), "-9223372036854775808", "\"-9223372036854775808\""),
        (0.875, "0.875", "\"0.875\""), (48.0, "48", "48"), (-0.0, "-0", "\"-0\""),
        (.real(1.0 / 3), "0.3333333333333333", "\"0.3333333333333333\""), (.real(0.1 + 0.2), "0.3", "\"0.3\""),
        (.real(.pi), "3.141592653589793", "\"3.141592653589793\""), (1e21, "1e+21", "\"1e+21\""),
        (.real(.greatestFiniteMagnitude), "1.797693134862316e+308", "\"1.797693134862316e+308\""),
        (.real(.nan), "nan", "nan"), (.real(.infinity), "inf", "inf"), (.real(-.infinity), "-inf", "\"-inf\""),
        (true, "1", "1"), (false, "0", "0"),
    ])
    func numbersAloneAndInside(value: PlistValue, alone: String, inside: String) throws {
        #expect(try DefaultsDescription.text(of: value) == alone)
        #expect(try DefaultsDescription.text(of: [value]) == "(\n    \(inside)\n)")
    }

    /// NSNumber's documented `%0.16g` for a double, as Foundation's formatter prints it. (Linux
    /// Foundation's `NSNumber.description` itself differs from macOS: it prints `100.0` and
    /// `0.30000000000000004` where macOS prints `100` and `0.3`.)
    @Test(arguments: [0.1, 0.1 + 0.2, 100, 1.0 / 3, 624858776.48499298, -147.5, Double.leastNonzeroMagnitude, 1e-7, 123456789012345678])
    func realsMatchFoundationsSixteenDigitFormat(real: Double) throws {
        #expect(try DefaultsDescription.text(of: .real(real)) == String(format: "%0.16g", real))
    }

    /// Alone, a string or date is its description, which the output encoding then escapes:
    /// CoreFoundation's NonLossyASCII, which Linux Foundation implements too.
    @Test(arguments: [
        "two words", "Mise à jour", "NÄGEL", "U\u{308}", "a\\b", "say \"hi\"", "tab\there\nnew\rline",
        "😀", "\u{7F}\u{80}\u{FF}\u{100}", "\u{1}", "中文", "",
    ])
    func aStringAloneIsEncodedAsCoreFoundationsNonLossyASCII(text: String) throws {
        let encoded = try #require((text as NSString).data(using: String.Encoding.nonLossyASCII.rawValue))
        #expect(try DefaultsDescription.text(of: .string(text)) == String(decoding: encoded, as: UTF8.self))
    }

    @Test func datesAloneAndInside() throws {
        let noon = PlistValue.date(Date(timeIntervalSinceReferenceDate: 738_936_000.75))
        #expect(try DefaultsDescription.text(of: noon) == "2024-06-01 12:00:00 +0000")
        #expect(try DefaultsDescription.text(of: ["when": noon]) == "{\n    when = \"2024-06-01 12:00:00 +0000\";\n}")
    }

    @Test func dataInFullUpTo24BytesThenElided() throws {
        #expect(try DefaultsDescription.text(of: .data(Data())) == "{length = 0, bytes = 0x}")
        #expect(try DefaultsDescription.text(of: .data(Data([1, 2, 3, 4]))) == "{length = 4, bytes = 0x01020304}")
        #expect(try DefaultsDescription.text(of: .data(Data(0..<24))) == "{length = 24, bytes = 0x000102030405060708090a0b0c0d0e0f1011121314151617}")
        #expect(try DefaultsDescription.text(of: .data(Data(0..<25))) == "{length = 25, bytes = 0x00010203 04050607 08090a0b 0c0d0e0f ... 11121314 15161718 }")
        #expect(try DefaultsDescription.text(of: ["k": .data(Data(0..<4))]) == "{\n    k = {length = 4, bytes = 0x00010203};\n}")
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
