import Foundation
import Testing
import PlistKit

/// The Info.plist Xcode would produce from a source Info.plist and build settings, as
/// swift-build's Info.plist processor makes it (`InfoPlistProcessorTaskAction`,
/// Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift: its
/// `defaultInfoPlistContent`, `addAdditionalContent`, `mergeUIDeviceFamilyContent`,
/// `editPlatformSpecificEntries` and the empty values it elides).
@Suite struct InfoPlistProcessorTests {
    private func process(_ source: PlistValue?, _ settings: BuildSettings, generating: Bool? = nil) throws -> ProcessedInfoPlist {
        try InfoPlistProcessor(settings: settings, generatesKeys: generating).process(source)
    }

    @Test func generateInfoPlistFileAddsTheKeysTheSettingsGive() throws {
        let settings: BuildSettings = [
            "GENERATE_INFOPLIST_FILE": "YES", "PRODUCT_NAME": "Field Notes", "PRODUCT_BUNDLE_IDENTIFIER": "org.example.$(PRODUCT_NAME:rfc1034identifier)",
            "CURRENT_PROJECT_VERSION": "412", "MARKETING_VERSION": "3.2", "DEVELOPMENT_LANGUAGE": "en",
            "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL",
        ]
        let built = try process(nil, settings)
        #expect(built.value["CFBundleName"] == "Field Notes")
        #expect(built.value["CFBundleExecutable"] == "Field Notes")
        #expect(built.value["CFBundleIdentifier"] == "org.example.Field-Notes")
        #expect(built.value["CFBundleVersion"] == "412")
        #expect(built.value["CFBundleShortVersionString"] == "3.2")
        #expect(built.value["CFBundleDevelopmentRegion"] == "en")
        #expect(built.value["CFBundlePackageType"] == "APPL")
        #expect(built.value["CFBundleInfoDictionaryVersion"] == "6.0")
        #expect(try InfoPlistChecker().check(built.value).filter { $0.severity == .error }.isEmpty)
    }

    @Test func withoutGenerationOnlyReferencesAreExpanded() throws {
        let source: PlistValue = ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]
        let built = try process(source, ["PRODUCT_BUNDLE_IDENTIFIER": "org.example.app", "MARKETING_VERSION": "1.0"])
        #expect(built.value == ["CFBundleIdentifier": "org.example.app"])
        #expect(built.generatedKeys.isEmpty)
        // --generate asks for the keys whatever GENERATE_INFOPLIST_FILE says.
        let generated = try process(source, ["PRODUCT_BUNDLE_IDENTIFIER": "org.example.app", "MARKETING_VERSION": "1.0"], generating: true)
        #expect(generated.value["CFBundleShortVersionString"] == "1.0")
    }

    /// Boolean settings become booleans, string lists arrays, the rest strings; `~ipad` keys
    /// are spelled `_iPad` in their settings.
    @Test func infoPlistKeySettingsHaveTheirKeysTypes() throws {
        let built = try process(nil, [
            "GENERATE_INFOPLIST_FILE": "YES",
            "INFOPLIST_KEY_LSUIElement": "YES",
            "INFOPLIST_KEY_UIRequiresFullScreen": "NO",
            "INFOPLIST_KEY_ITSAppUsesNonExemptEncryption": "no",
            "INFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents": "true",
            "INFOPLIST_KEY_UISupportedInterfaceOrientations": "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft",
            "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad": "UIInterfaceOrientationPortrait\t'Two Words' \"a b\"\\ c",
            "INFOPLIST_KEY_UIRequiredDeviceCapabilities": "arm64",
            "INFOPLIST_KEY_NSCameraUsageDescription": "Scans receipts.",
            "INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.productivity",
            "INFOPLIST_KEY_NSHumanReadableCopyright": "© 2026 Example",
        ])
        #expect(built.value["LSUIElement"] == true)
        #expect(built.value["UIRequiresFullScreen"] == false)
        #expect(built.value["ITSAppUsesNonExemptEncryption"] == false)
        #expect(built.value["UIApplicationSupportsIndirectInputEvents"] == true)
        #expect(built.value["UISupportedInterfaceOrientations"] == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"])
        #expect(built.value["UISupportedInterfaceOrientations~ipad"] == ["UIInterfaceOrientationPortrait", "Two Words", "a b c"])
        #expect(built.value["UIRequiredDeviceCapabilities"] == ["arm64"])
        #expect(built.value["NSCameraUsageDescription"] == "Scans receipts.")
        #expect(built.value["LSApplicationCategoryType"] == "public.app-category.productivity")
        #expect(built.value["NSHumanReadableCopyright"] == "© 2026 Example")
    }

    /// The two generation switches give the shapes swift-build writes.
    @Test func launchScreenAndSceneManifestGeneration() throws {
        let built = try process(nil, [
            "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
        ])
        #expect(built.value["UILaunchScreen"] == ["UILaunchScreen": [:]])
        #expect(built.value["UIApplicationSceneManifest"] == ["UIApplicationSupportsMultipleScenes": true, "UISceneConfigurations": [:]])
        let off = try process(nil, ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchScreen_Generation": "NO"])
        #expect(off.value["UILaunchScreen"] == nil)
    }

    /// Xcode's merge: scalars replace the source's, arrays add what they lack, dictionaries
    /// add their entries, values of other kinds are an error; the settings a source keeps
    /// (undefined here) leave its keys alone.
    @Test func generatedKeysMergeIntoTheSourceAsXcodeMergesThem() throws {
        let source: PlistValue = [
            "CFBundleVersion": "1", "CFBundleShortVersionString": "0.9",
            "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
            "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false, "Own": 1],
            "UIRequiredDeviceCapabilities": ["metal": true],
        ]
        let built = try process(source, [
            "GENERATE_INFOPLIST_FILE": "YES", "CURRENT_PROJECT_VERSION": "7",
            "INFOPLIST_KEY_UISupportedInterfaceOrientations": "UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationPortrait",
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
            "INFOPLIST_KEY_UIRequiredDeviceCapabilities": "arm64",
        ])
        #expect(built.value["CFBundleVersion"] == "7")
        #expect(built.value["CFBundleShortVersionString"] == "0.9")
        #expect(built.value["UISupportedInterfaceOrientations"] == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"])
        #expect(built.value["UIApplicationSceneManifest"] == ["UIApplicationSupportsMultipleScenes": true, "Own": 1, "UISceneConfigurations": [:]])
        #expect(built.value["UIRequiredDeviceCapabilities"] == ["metal": true, "arm64": true])
        #expect {
            try process(["UISupportedInterfaceOrientations": "UIInterfaceOrientationPortrait"], [
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UISupportedInterfaceOrientations": "UIInterfaceOrientationPortrait",
            ])
        } throws: { error in
            (error as? InfoPlistError)?.description
                == "The build settings give UISupportedInterfaceOrientations an array, which does not merge with the Info.plist's value, a string at key path 'UISupportedInterfaceOrientations'."
        }
    }

    /// Xcode always defines some settings; without them in the settings given, its defaults.
    @Test func xcodesDefaultsFillTheSettingsItAlwaysDefines() throws {
        let built = try process(["NSExtension": ["NSExtensionPrincipalClass": "$(PRODUCT_MODULE_NAME).Handler"]], [
            "GENERATE_INFOPLIST_FILE": "YES", "TARGET_NAME": "Share Sheet", "PRODUCT_TYPE": "com.apple.product-type.app-extension",
        ])
        #expect(built.value["CFBundleName"] == "Share Sheet")
        #expect(built.value["CFBundleExecutable"] == "Share Sheet")
        #expect(built.value["CFBundlePackageType"] == "XPC!")
        #expect(built.value["NSExtension"]?["NSExtensionPrincipalClass"] == "Share_Sheet.Handler")
    }

    @Test func theInfoPlistsOwnIdentifierIsCFBundleIdentifier() throws {
        let built = try process(["CFBundleIdentifier": "org.example.$(PRODUCT_NAME)", "WKAppBundleIdentifier": "$(CFBundleIdentifier).watch"],
                                ["PRODUCT_NAME": "app"])
        #expect(built.value["WKAppBundleIdentifier"] == "org.example.app.watch")
        // The identifier the settings generate is the one the Info.plist then has.
        let generated = try process(["WKAppBundleIdentifier": "$(CFBundleIdentifier).watch"],
                                    ["GENERATE_INFOPLIST_FILE": "$(GENERATES)", "GENERATES": "YES", "PRODUCT_BUNDLE_IDENTIFIER": "org.example.generated"])
        #expect(generated.value["WKAppBundleIdentifier"] == "org.example.generated.watch")
    }

    @Test(arguments: [
        // (settings, platform built for, UIDeviceFamily, CFBundleSupportedPlatforms, minimum version key and value)
        (["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1,2", "IPHONEOS_DEPLOYMENT_TARGET": "17.0"] as BuildSettings,
         InfoPlistPlatform.iOS, [1, 2], "iPhoneOS", "MinimumOSVersion", "17.0"),
        (["SDKROOT": "appletvos", "TARGETED_DEVICE_FAMILY": "3", "TVOS_DEPLOYMENT_TARGET": "17.0"], .tvOS, [3], "AppleTVOS", "MinimumOSVersion", "17.0"),
        (["SDKROOT": "watchos", "TARGETED_DEVICE_FAMILY": "4"], .watchOS, [4], "WatchOS", nil, nil),
        (["SDKROOT": "xros", "TARGETED_DEVICE_FAMILY": "1,2,7", "XROS_DEPLOYMENT_TARGET": "2.0"], .visionOS, [7], "XROS", "MinimumOSVersion", "2.0"),
        (["SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "14.0", "PRODUCT_TYPE": "com.apple.product-type.application"],
         .macOS, nil, "MacOSX", "LSMinimumSystemVersion", "14.0"),
        (["SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "14.0", "PRODUCT_TYPE": "com.apple.product-type.framework"],
         .macOS, nil, "MacOSX", nil, nil),
    ] as [(BuildSettings, InfoPlistPlatform, [Int]?, String, String?, String?)])
    func eachPlatformGetsItsEntries(settings: BuildSettings, platform: InfoPlistPlatform, families: [Int]?, name: String, key: String?, version: String?) throws {
        let built = try process(["UIDeviceFamily": [9]], settings)
        #expect(built.platform == platform)
        #expect(built.value["UIDeviceFamily"] == (families.map { PlistValue.array($0.map { .integer(PlistInteger(Int64($0))) }) } ?? [9]))
        #expect(built.value["CFBundleSupportedPlatforms"] == [.string(name)])
        if let key { #expect(built.value[key] == .string(version ?? "")) }
        #expect(built.value["LSMinimumSystemVersion"] == (key == "LSMinimumSystemVersion" ? .string(version ?? "") : nil))
    }

    @Test func macCatalystIsTheIPadsFamilyAndTerminatesSuddenly() throws {
        let processor = InfoPlistProcessor(
            settings: ["TARGETED_DEVICE_FAMILY": "1,2", "PRODUCT_TYPE": "com.apple.product-type.application"], platform: .macCatalyst)
        let built = try processor.process(["LSRequiresIPhoneOS": true, "UIBackgroundModes": ["audio", "location", "newsstand-content"]])
        #expect(built.value["UIDeviceFamily"] == [2])
        #expect(built.value["CFBundleSupportedPlatforms"] == ["MacOSX"])
        #expect(built.value["NSSupportsAutomaticTermination"] == true)
        #expect(built.value["NSSupportsSuddenTermination"] == true)
        // Mac Catalyst keeps iOS's background modes, but not LSRequiresIPhoneOS, which macOS does not read.
        #expect(built.value["LSRequiresIPhoneOS"] == nil)
        #expect(built.value["UIBackgroundModes"] == ["audio", "location", "newsstand-content"])
        #expect(InfoPlistPlatform.platforms(of: built.value.dictionary ?? [:]) == [.macCatalyst])
    }

    /// swift-build's table of keys and background modes some platforms do not read.
    @Test func whatThePlatformDoesNotReadIsRemoved() throws {
        let source: PlistValue = ["LSUIElement": true, "LSRequiresIPhoneOS": true, "UIBackgroundModes": ["audio", "location", "fetch"]]
        let tv = try process(source, ["SDKROOT": "appletvos"])
        #expect(tv.value == ["LSRequiresIPhoneOS": true, "UIBackgroundModes": ["audio", "fetch"], "CFBundleSupportedPlatforms": ["AppleTVOS"]])
        #expect(tv.removedEntries == ["LSUIElement, which tvOS does not read", "the background mode 'location', which tvOS does not read"])
        let watch = try process(source, ["SDKROOT": "watchos"])
        #expect(watch.value["UIBackgroundModes"] == ["audio", "location"])
        #expect(watch.value["LSRequiresIPhoneOS"] == nil)
        let kept = try process(source, ["SDKROOT": "appletvos", "DISABLE_INFOPLIST_PLATFORM_PROCESSING": "YES"])
        #expect(kept.value["LSUIElement"] == true)
    }

    @Test func emptyValuesTheSystemCannotTakeAreRemoved() throws {
        let built = try process(["CFBundleIconFile": "$(ICON)", "NSPrincipalClass": "", "Own": "",
                                 "CFBundleDocumentTypes": [["CFBundleTypeRole": "", "CFBundleTypeName": ""]]], ["ICON": ""])
        #expect(built.value == ["Own": "", "CFBundleDocumentTypes": [["CFBundleTypeName": ""]]])
    }

    @Test func undefinedSettingsStayUnlessAskedToFail() throws {
        let built = try process(["CFBundleName": "$(PRODUCT_NAME)"], ["OTHER": "1"])
        #expect(built.value == ["CFBundleName": "$(PRODUCT_NAME)"])
        #expect(built.undefinedSettings.map(\.name) == ["PRODUCT_NAME"])
        #expect(throws: InfoPlistError.self) {
            try InfoPlistProcessor(settings: ["OTHER": "1"], keepsUndefinedReferences: false).process(["CFBundleName": "$(PRODUCT_NAME)"])
        }
    }

    @Test func aSourceThatIsNoDictionaryIsRefused() throws {
        #expect {
            try process(["a"], [:])
        } throws: { error in
            (error as? InfoPlistError)?.code == .notADictionary
        }
    }
}
