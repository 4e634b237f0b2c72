import Foundation
import Testing
import PlistKit

/// Settings files read from disk with their includes: the real files of
/// TestData/InfoPlist/xcconfig (whose README names each origin) and what Xcode's build engine
/// makes of them, include chains and cycles, and the limits.
@Suite struct BuildSettingsXcconfigTests {
    private func path(_ name: String) -> String {
        Fixtures.testData.appendingPathComponent("InfoPlist/xcconfig/\(name)").path
    }

    private func expand(_ text: String, _ settings: BuildSettings, _ conditions: [String: String] = [:]) throws -> String {
        try BuildSettingExpander(settings: settings, undefinedSettings: .expandToNothing, conditionValues: conditions).expand(text)
    }

    /// iina's Debug and Release configurations include Shared, which includes Deployment;
    /// its target file goes on top, as Xcode layers a target's file over the project's.
    @Test func iinasIncludeChainReadsAsXcodeReadsIt() throws {
        for (configuration, icon) in [("Debug", "AppIconDebug"), ("Release", "iina")] {
            let project = try BuildSettings(contentsOfFile: path("iina/\(configuration).xcconfig"))
            let target = try BuildSettings(contentsOfFile: path("iina/iina.xcconfig"))
            let settings = project.merging(target).merging(["TARGET_NAME": "iina", "SRCROOT": "/src/iina"])
            #expect(try expand("$(CONFIGURATION)|$(ASSETCATALOG_COMPILER_APPICON_NAME)|$(MARKETING_VERSION) ($(CURRENT_PROJECT_VERSION))", settings)
                == "\(configuration)|\(icon)|1.3.3 (138)")
            #expect(try expand("$(PRODUCT_BUNDLE_IDENTIFIER)|$(PRODUCT_NAME)|$(MACOSX_DEPLOYMENT_TARGET)|$(SDKROOT)", settings)
                == "com.colliderli.iina|IINA|10.13|macosx")
            #expect(try expand("$(CODE_SIGN_ENTITLEMENTS)|$(HEADER_SEARCH_PATHS)|$(SWIFT_OBJC_BRIDGING_HEADER)", settings)
                == "iina/IINA.entitlements| /src/iina/deps/include|iina/iina-Bridging-Header.h")
        }
        let debug = try BuildSettings(contentsOfFile: path("iina/Debug.xcconfig"))
        #expect(try expand("$(GCC_PREPROCESSOR_DEFINITIONS)|$(SWIFT_ACTIVE_COMPILATION_CONDITIONS)", debug) == " DEBUG=1| DEBUG")
        #expect(debug.assignments.count == 5 + 46 + 10)
    }

    @Test func aConditionalAssignmentCountsForItsSDK() throws {
        let settings = try BuildSettings(contentsOfFile: path("kickstarter/Base.xcconfig"))
        #expect(try expand("[$(EXCLUDED_ARCHS)]", settings, ["sdk": "iphonesimulator17.2"]) == "[arm64]")
        #expect(try expand("[$(EXCLUDED_ARCHS)]", settings, ["sdk": "iphoneos17.2"]) == "[]")
        #expect(try expand("[$(EXCLUDED_ARCHS)]", settings) == "[]")
        #expect(try expand("$(APPLICATION_EXTENSION_API_ONLY)", settings) == "NO")
    }

    @Test func commentedAndUnspacedAssignments() throws {
        let audio = try BuildSettings(contentsOfFile: path("SFBAudioEngine/Base.xcconfig"))
        #expect(audio.assignments.count == 30)
        #expect(audio["GCC_WARN_EFFECTIVE_CPLUSPLUS_VIOLATIONS"] == nil)
        #expect(try expand("$(ARCHS)|$(GCC_VERSION:suffix)", audio) == "i386 x86_64|.1_0")
        let async = try BuildSettings(contentsOfFile: path("Async/Base.xcconfig"))
        #expect(async.values == [
            "INFOPLIST_FILE": "Info.plist", "PRODUCT_NAME": "Async", "PRODUCT_BUNDLE_IDENTIFIER": "dk.developmunk.Async",
            "APPLICATION_EXTENSION_API_ONLY": "YES", "ALWAYS_EMBED_SWIFT_STANDARD_LIBRARIES": "YES", "SWIFT_VERSION": "3.1",
        ])
    }

    /// Architecture, SDK and configuration conditions, inheriting from the unconditional value.
    @Test(arguments: [
        ([:], "-ObjC", "localhost"),
        (["arch": "x86_64", "config": "Debug"], "-ObjC -lcompat", "localhost"),
        (["arch": "arm64", "sdk": "iphoneos17.0", "config": "Release"], "-ObjC -ldevice", "api.example.org"),
        (["arch": "arm64", "sdk": "macosx14.0"], "-ObjC", "localhost"),
    ] as [([String: String], String, String)])
    func conditionsChooseTheAssignment(conditions: [String: String], flags: String, server: String) throws {
        let settings = try BuildSettings(contentsOfFile: path("conditional.xcconfig"))
        #expect(try expand("$(OTHER_LDFLAGS)", settings, conditions) == flags)
        // With no configuration, neither conditional SERVER counts: the engine gives nothing.
        #expect(try expand("$(SERVER:default=localhost)", settings, conditions) == server)
        #expect(try expand("$(PRODUCT_BUNDLE_IDENTIFIER)", settings, conditions) == "org.example.field-notes")
    }

    @Test func anIncludeCycleIsRefusedNamingTheChain() {
        #expect {
            _ = try BuildSettings(contentsOfFile: path("includes/a.xcconfig"))
        } throws: { error in
            guard let error = error as? InfoPlistError, error.code == .invalidSetting else { return false }
            let a = path("includes/a.xcconfig"), b = path("includes/b.xcconfig")
            return error.description == "'#include \"../includes/a.xcconfig\"' includes a file that is already being read, a cycle: '\(a)' → '\(b)' → '\(a)' in the included file '\(b)' (included at line 2) at line 2, column 1."
        }
    }

    @Test func includesResolveAgainstTheIncludingFileAndFailNamingIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        try write("top.xcconfig", "A = top\n#include \"sub/inner.xcconfig\"\nC = $(B)!\n")
        try write("sub/inner.xcconfig", "B = inner\n#include? \"nowhere.xcconfig\"\n#include \"deeper.xcconfig\"\n")
        try write("sub/deeper.xcconfig", "A = $(inherited) deeper\n")
        let settings = try BuildSettings(contentsOfFile: directory.appendingPathComponent("top.xcconfig").path)
        #expect(try expand("$(A)|$(C)", settings) == "top deeper|inner!")
        try write("sub/deeper.xcconfig", "A = 1\nbad line\n")
        #expect {
            _ = try BuildSettings(contentsOfFile: directory.appendingPathComponent("top.xcconfig").path)
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "Expected '=' after the setting name 'bad', found 'l' in the included file '\(directory.path)/sub/deeper.xcconfig' (included at line 3 of '\(directory.path)/sub/inner.xcconfig') at line 2, column 5."
        }
        try write("sub/inner.xcconfig", "#include \"missing.xcconfig\"\n")
        #expect {
            _ = try BuildSettings(contentsOfFile: directory.appendingPathComponent("top.xcconfig").path)
        } throws: { error in
            let description = (error as? InfoPlistError)?.description ?? ""
            return description.hasPrefix("The included file '\(directory.path)/sub/missing.xcconfig' cannot be read (")
                && description.hasSuffix(" in the included file '\(directory.path)/sub/inner.xcconfig' (included at line 2) at line 1, column 1.")
        }
    }

    @Test func filesAndIncludeChainsStayWithinTheLimits() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each file includes the next: 40 files deep.
        for level in 0..<40 {
            try Data("#include \"\(level + 1).xcconfig\"\n".utf8).write(to: directory.appendingPathComponent("\(level).xcconfig"))
        }
        try Data("END = yes\n".utf8).write(to: directory.appendingPathComponent("40.xcconfig"))
        #expect {
            _ = try BuildSettings(contentsOfFile: directory.appendingPathComponent("0.xcconfig").path)
        } throws: { error in
            (error as? InfoPlistError)?.reason.hasPrefix("Includes nest more than 32 files deep (BuildSettings.FileLimits.maximumIncludeDepth)") == true
        }
        let deep = try BuildSettings(contentsOfFile: directory.appendingPathComponent("0.xcconfig").path, limits: BuildSettings.FileLimits(maximumIncludeDepth: 64))
        #expect(deep["END"] == "yes")
        let big = directory.appendingPathComponent("big.xcconfig")
        try Data(repeating: UInt8(ascii: "A"), count: 5000).write(to: big)
        #expect {
            _ = try BuildSettings(contentsOfFile: big.path, limits: BuildSettings.FileLimits(maximumFileBytes: 4096))
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The settings file '\(big.path)' is larger than the limit of 4096 bytes (BuildSettings.FileLimits.maximumFileBytes)."
        }
    }
}
