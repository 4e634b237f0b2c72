import Testing
import PlistKit

/// Where settings come from: `NAME=value` definitions, a settings file, merging.
@Suite struct BuildSettingsTests {
    @Test func definitionsSplitAtTheFirstEqualsSign() throws {
        let settings = try BuildSettings(definitions: ["A=1", "EMPTY=", "URL=a=b", "A=2"])
        #expect(settings.values == ["A": "2", "EMPTY": "", "URL": "a=b"])
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

            PRODUCT_NAME = Field Notes 2\r
            """
        let settings = try BuildSettings(parsing: text)
        #expect(settings.values == ["PRODUCT_NAME": "Field Notes 2", "MARKETING_VERSION": "3.2.0", "ORG": "org.example", "EMPTY": ""])
    }

    @Test(arguments: [
        ("A = 1\n#include \"other.xcconfig\"\n", "The line '#include \"other.xcconfig\"' is not NAME = value at line 2, column 1."),
        ("A = 1\n\nSDKROOT[sdk=iphoneos*] = iphoneos\n",
         "The line 'SDKROOT[sdk=iphoneos*] = iphoneos' sets a conditional setting, which is not followed at line 3, column 1."),
        ("MY-SETTING = 1", "'MY-SETTING' is not a build setting name of letters, digits and '_' at line 1, column 1."),
        ("just words\n", "The line 'just words' is not NAME = value at line 1, column 1."),
    ])
    func settingsFileErrorsNameTheLine(text: String, message: String) {
        #expect {
            _ = try BuildSettings(parsing: text)
        } throws: { error in
            guard let error = error as? InfoPlistError else { return false }
            return error.code == .invalidSetting && error.description == message
        }
    }

    @Test func mergingLetsTheOtherSettingsWin() {
        let base: BuildSettings = ["A": "base", "B": "base"]
        var merged = base.merging(["B": "other", "C": "other"])
        #expect(merged.values == ["A": "base", "B": "other", "C": "other"])
        merged["A"] = nil
        #expect(merged["A"] == nil)
    }
}
