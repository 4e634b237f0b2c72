import Foundation
import Testing
import PlistKit

/// Where settings come from: `NAME=value` definitions, settings files read as Xcode reads
/// `.xcconfig` files (swift-build's `MacroConfigFileParser`), merging.
@Suite struct BuildSettingsTests {
    @Test func definitionsSplitAtTheFirstEqualsSign() throws {
        let settings = try BuildSettings(definitions: ["A=1", "EMPTY=", "URL=a=b", "A=2"])
        #expect(settings.values == ["A": "2", "EMPTY": "", "URL": "a=b"])
        #expect(settings.assignments["A"]?.map(\.value) == ["1", "2"])
    }

    @Test(arguments: ["NOEQUALS", "=value", "1ABC=x", "BAD NAME=x", "A-B=x"])
    func definitionsNeedANameAndAnEqualsSign(definition: String) {
        #expect {
            _ = try BuildSettings(definitions: [definition])
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The definition '\(definition)' is not NAME=value with a name of letters, digits and '_'."
        }
    }

    @Test func settingsFilesReadAsXcconfigFilesAre() throws {
        let text = """
            // A comment line.
            Build settings for action build and target App:
                PRODUCT_NAME = Field Notes
            MARKETING_VERSION=3.2.0;
            \tORG = org.example // a trailing comment
            EMPTY =
            URL = https://example.org
            FLAGS = -a \\
                -b \\

            NEXT = after the blank line\u{2028}SEPARATED = by U+2028\r
            PRODUCT_NAME = Field Notes 2\r
            """
        let settings = try BuildSettings(parsing: text)
        #expect(settings.values == [
            "PRODUCT_NAME": "Field Notes 2", "MARKETING_VERSION": "3.2.0", "ORG": "org.example", "EMPTY": "",
            // `//` starts a comment even inside a value, as in Xcode.
            "URL": "https:", "FLAGS": "-a -b", "NEXT": "after the blank line", "SEPARATED": "by U+2028",
        ])
        #expect(settings.assignments["PRODUCT_NAME"]?.count == 2)
    }

    @Test func conditionalAssignmentsKeepTheirConditions() throws {
        let settings = try BuildSettings(parsing: "OTHER_LDFLAGS[sdk=iphoneos*] [arch=arm64] = -ldevice\nA[config=Release]=1;\n")
        #expect(settings.assignments["OTHER_LDFLAGS"] == [BuildSettings.Assignment(value: "-ldevice", conditions: [
            BuildSettingCondition(parameter: "sdk", pattern: "iphoneos*"), BuildSettingCondition(parameter: "arch", pattern: "arm64"),
        ])])
        #expect(settings.assignments["A"]?.first?.conditions.map(\.description) == ["config=Release"])
        // A conditional assignment is no unconditional value.
        #expect(settings["OTHER_LDFLAGS"] == nil)
    }

    @Test(arguments: [
        ("A = 1\n#include \"other.xcconfig\"\n", "'#include \"other.xcconfig\"' names a file, but the settings have no file to resolve it against at line 2, column 1."),
        ("A = 1\n#import \"x\"\n", "'#import' is not a directive settings files know (only '#include' and '#include?') at line 2, column 2."),
        ("#include other.xcconfig\n", "Expected a file name in double quotes after '#include', found 'o' at line 1, column 10."),
        ("#include \"other.xcconfig\n", "The file name after '#include' has no closing quote at line 1, column 25."),
        ("#include \"a\" b\n", "Unexpected 'b' after '#include \"a\"' at line 1, column 14."),
        ("A = 1\n\nSDKROOT[sdk=iphoneos* = iphoneos\n", "The condition of 'SDKROOT' has no closing ']' at line 3, column 33."),
        ("SDKROOT[sdk] = iphoneos\n", "The condition of 'SDKROOT' has no '=' (write [parameter=pattern]) at line 1, column 12."),
        ("MY-SETTING = 1", "Expected '=' after the setting name 'MY', found '-' at line 1, column 3."),
        ("just words\n", "Expected '=' after the setting name 'just', found 'w' at line 1, column 6."),
        ("  = value\n", "Expected a setting name or '#include', found '=' at line 1, column 3."),
        ("#\n", "Expected a directive after '#' at line 1, column 2."),
    ])
    func settingsFileErrorsNameTheLineAndColumn(text: String, message: String) {
        #expect {
            _ = try BuildSettings(parsing: text)
        } throws: { error in
            guard let error = error as? InfoPlistError else { return false }
            return error.code == .invalidSetting && error.description == message
        }
    }

    @Test func linesLongerThanTheLimitAreRefusedBeforeAnyIsRead() {
        let text = "A = 1\nB = " + String(repeating: "x", count: 2000) + "\n"
        #expect {
            _ = try BuildSettings(parsing: text, limits: BuildSettings.FileLimits(maximumLineBytes: 1000))
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The line is 2004 bytes long, more than the limit of 1000 (BuildSettings.FileLimits.maximumLineBytes) at line 2, column 1."
        }
    }

    @Test func mergingPutsTheOtherSettingsOverThese() throws {
        let base: BuildSettings = ["A": "base", "B": "base"]
        var other = BuildSettings(["B": "other", "C": "other"])
        other.assign("$(inherited) more", to: "A")
        var merged = base.merging(other)
        #expect(merged.values == ["A": "$(inherited) more", "B": "other", "C": "other"])
        #expect(try BuildSettingExpander(settings: merged).expand("$(A)") == "base more")
        merged["A"] = nil
        #expect(merged["A"] == nil)
    }
}
