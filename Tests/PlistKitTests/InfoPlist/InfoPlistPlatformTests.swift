import Foundation
import Testing
import PlistKit

/// Which platforms an Info.plist or its settings are for, and the checks each platform has of
/// its own, made only for it.
@Suite struct InfoPlistPlatformTests {
    private func findings(_ info: PlistDictionary, stage: InfoPlistChecker.Stage = .detected) throws -> [String] {
        try InfoPlistChecker(stage: stage).check(.dictionary(info)).map { "\($0.severity) \($0.rule) \($0.keyPath)" }
    }

    private static let app: PlistDictionary = [
        "CFBundleIdentifier": "org.example.app", "CFBundleExecutable": "App", "CFBundleName": "App", "CFBundlePackageType": "APPL",
        "CFBundleInfoDictionaryVersion": "6.0", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
    ]

    private func app(_ keys: PlistDictionary) -> PlistDictionary {
        var info = Self.app
        for (key, value) in keys { info[key] = value }
        return info
    }

    @Test(arguments: [
        (["UIDeviceFamily": [3], "LSRequiresIPhoneOS": true] as PlistDictionary, [InfoPlistPlatform.tvOS]),
        (["UIDeviceFamily": 3], [.tvOS]),
        (["CFBundleSupportedPlatforms": ["AppleTVOS"], "LSRequiresIPhoneOS": true], [.tvOS]),
        (["UIDeviceFamily": [2]], [.iPadOS]),
        (["CFBundleSupportedPlatforms": ["iPhoneOS"], "UIDeviceFamily": [1, 2]], [.iOS, .iPadOS]),
        (["CFBundleSupportedPlatforms": ["iPhoneOS"]], [.iOS]),
        (["CFBundleSupportedPlatforms": ["MacOSX"], "UIDeviceFamily": [2]], [.macCatalyst]),
        (["CFBundleSupportedPlatforms": ["MacOSX"], "UIDeviceFamily": [2, 6]], [.macCatalyst]),
        (["UIDeviceFamily": [6]], [.macCatalyst]),
        (["CFBundleSupportedPlatforms": ["MacOSX"]], [.macOS]),
        (["WKApplication": true, "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]], [.watchOS]),
        (["WKWatchKitApp": true], [.watchOS]),
        (["NSExtension": ["NSExtensionPointIdentifier": "com.apple.watchkit"]], [.watchOS]),
        (["NSExtension": ["NSExtensionPointIdentifier": "com.apple.tv-top-shelf"]], [.tvOS]),
        (["UIApplicationSceneManifest": ["UIApplicationPreferredDefaultSceneSessionRole": "UISceneSessionRoleImmersiveSpaceApplication"]], [.visionOS]),
        (["LSRequiresIPhoneOS": true, "UISupportedInterfaceOrientations~ipad": []], [.iOS, .iPadOS]),
        (["UILaunchStoryboardName": "Launch"], [.iOS]),
        (["NSPrincipalClass": "NSApplication"], [.macOS]),
        (["NSMainStoryboardFile": "Main", "LSUIElement": true], [.macOS]),
        (["CFBundleSupportedPlatforms": ["XRSimulator"]], [.visionOS]),
    ] as [(PlistDictionary, [InfoPlistPlatform])])
    func platformsComeFromTheKeys(keys: PlistDictionary, platforms: [InfoPlistPlatform]) {
        #expect(InfoPlistPlatform.platforms(of: keys) == platforms)
    }

    @Test(arguments: [
        (["SDKROOT": "iphoneos"] as BuildSettings, [InfoPlistPlatform.iOS]),
        (["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "2"], [.iPadOS]),
        (["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1,2", "SUPPORTS_MACCATALYST": "YES"], [.iOS, .iPadOS, .macCatalyst]),
        (["SDKROOT": "appletvos"], [.tvOS]),
        (["SDKROOT": "watchos17.0"], [.watchOS]),
        (["SDKROOT": "xros"], [.visionOS]),
        (["SDKROOT": "macosx"], [.macOS]),
        (["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros"], [.iOS, .macOS, .visionOS]),
        (["SDKROOT": "$(MY_SDK)", "MY_SDK": "appletvos"], [.tvOS]),
        ([:], []),
    ] as [(BuildSettings, [InfoPlistPlatform])])
    func platformsComeFromTheSettings(settings: BuildSettings, platforms: [InfoPlistPlatform]) {
        #expect(InfoPlistPlatform.platforms(of: settings) == platforms)
    }

    /// A tvOS app was once checked as an iOS one, with iOS's launch-screen warning.
    @Test func aTVOSAppIsNotAskedForAnIOSLaunchScreen() throws {
        #expect(try findings(app(["UIDeviceFamily": [3], "LSRequiresIPhoneOS": true])).isEmpty)
        #expect(try InfoPlistSummary(.dictionary(app(["UIDeviceFamily": [3]]))).platforms.map(\.platform) == [.tvOS])
        #expect(try findings(app(["LSRequiresIPhoneOS": true])) == ["warning missingKey UILaunchScreen"])
        #expect(try findings(app(["UIDeviceFamily": [2]])) == ["warning missingKey UILaunchScreen"])
        for keys: PlistDictionary in [["WKApplication": true], ["UIDeviceFamily": [7]], ["CFBundleSupportedPlatforms": ["MacOSX"], "UIDeviceFamily": [2]]] {
            #expect(try findings(app(keys)).isEmpty, "\(keys)")
        }
    }

    @Test func keysAndBackgroundModesThePlatformDoesNotReadAreWarnings() throws {
        #expect(try findings(app(["UIDeviceFamily": [3], "LSUIElement": true, "UIBackgroundModes": ["audio", "location"]])) == [
            "warning unsupportedOnPlatform LSUIElement", "warning unsupportedOnPlatform UIBackgroundModes.1",
        ])
        // A platform of the bundle that reads the key is enough.
        #expect(try findings(app(["UIDeviceFamily": [1, 4], "UIBackgroundModes": ["location"], "NSLocationWhenInUseUsageDescription": "Maps."]))
            == ["warning missingKey UILaunchScreen"])
        // A bundle whose platform is not known is not checked for it.
        #expect(try InfoPlistChecker().check(["UIBackgroundModes": ["push-to-talk"]]).filter { $0.rule == .unsupportedOnPlatform }.isEmpty)
    }

    @Test func anIPadAppInMultitaskingSupportsEveryOrientation() throws {
        let twoOrientations: PlistValue = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"]
        let all: PlistValue = [
            "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown", "UIInterfaceOrientationLandscapeLeft",
            "UIInterfaceOrientationLandscapeRight",
        ]
        #expect(try findings(app(["UIDeviceFamily": [1, 2], "UILaunchScreen": [:], "UISupportedInterfaceOrientations": twoOrientations]))
            == ["warning platformRequirement UISupportedInterfaceOrientations"])
        #expect(try findings(app(["UIDeviceFamily": [1, 2], "UILaunchScreen": [:], "UISupportedInterfaceOrientations": twoOrientations,
                                  "UISupportedInterfaceOrientations~ipad": all])).isEmpty)
        #expect(try findings(app(["UIDeviceFamily": [1, 2], "UILaunchScreen": [:], "UISupportedInterfaceOrientations": twoOrientations,
                                  "UIRequiresFullScreen": true])).isEmpty)
        // An iPhone-only app may support what it likes.
        #expect(try findings(app(["UIDeviceFamily": [1], "UILaunchScreen": [:], "UISupportedInterfaceOrientations": twoOrientations])).isEmpty)
    }

    @Test func documentOpeningIsDeclaredOnIOSAndNotRefusedOnMacOS() throws {
        let documents: PlistValue = [["CFBundleTypeName": "Note", "LSItemContentTypes": ["public.text"]]]
        #expect(try findings(app(["UIDeviceFamily": [1], "UILaunchScreen": [:], "CFBundleDocumentTypes": documents]))
            == ["warning platformRequirement LSSupportsOpeningDocumentsInPlace"])
        #expect(try findings(app(["UIDeviceFamily": [1], "UILaunchScreen": [:], "CFBundleDocumentTypes": documents, "UISupportsDocumentBrowser": true])).isEmpty)
        #expect(try findings(app(["LSMinimumSystemVersion": "14.0", "CFBundleDocumentTypes": documents, "LSSupportsOpeningDocumentsInPlace": false]))
            == ["error platformRequirement LSSupportsOpeningDocumentsInPlace"])
        #expect(try findings(app(["LSMinimumSystemVersion": "14.0", "CFBundleDocumentTypes": documents])).isEmpty)
    }

    @Test func aMacAppsReleaseVersionOfAnotherFormIsAWarning() throws {
        #expect(try findings(app(["LSMinimumSystemVersion": "10.13", "CFBundleShortVersionString": "1.0.0-rc"])) == ["warning invalidVersion CFBundleShortVersionString"])
        #expect(try findings(app(["UIDeviceFamily": [1], "UILaunchScreen": [:], "CFBundleShortVersionString": "1.0.0-rc"]))
            == ["error invalidVersion CFBundleShortVersionString"])
    }

    /// What only the App Store requires is a warning for a bundle that may ship outside it: a
    /// Mac one, or one whose platform is not known (as Sparkle's framework and test app in the
    /// shared corpus).
    @Test func theAppStoresRulesAreWarningsWhereItMayNotBeInvolved() throws {
        var unknown = app(["CFBundleShortVersionString": "1.9.0 git-695e05e", "CFBundleVersion": "1.9.0 git-695e05e"])
        #expect(try findings(unknown) == ["warning invalidVersion CFBundleShortVersionString", "warning invalidVersion CFBundleVersion"])
        unknown.removeValue(forKey: "CFBundleShortVersionString")
        unknown["CFBundleVersion"] = "1"
        #expect(try findings(unknown) == ["warning missingKey CFBundleShortVersionString"])
        unknown["LSMinimumSystemVersion"] = "10.9"
        #expect(try findings(unknown) == ["warning missingKey CFBundleShortVersionString"])
        unknown["UIDeviceFamily"] = [4]
        #expect(try findings(unknown) == ["error missingKey CFBundleShortVersionString"])
    }

    /// Launch Services reads `<string>1</string>` as true, as many Mac apps write it.
    @Test(arguments: [PlistValue.string("1"), "YES", "false", .integer(1)])
    func launchServicesBooleansWrittenAsTextAreWarnings(value: PlistValue) throws {
        #expect(try findings(app(["LSMinimumSystemVersion": "10.9", "LSUIElement": value, "LSBackgroundOnly": value]))
            == ["warning wrongType LSUIElement", "warning wrongType LSBackgroundOnly"])
        #expect(try findings(app(["LSMinimumSystemVersion": "10.9", "LSUIElement": "maybe"])) == ["error wrongType LSUIElement"])
    }

    @Test func aMinimumSystemVersionIsAVersion() throws {
        #expect(try findings(app(["LSMinimumSystemVersion": "ten"])) == ["error invalidVersion LSMinimumSystemVersion"])
        #expect(try findings(app(["LSMinimumSystemVersion": "$(MACOSX_DEPLOYMENT_TARGET)"])) == ["warning unexpandedBuildSetting LSMinimumSystemVersion"])
        #expect(try findings(app(["UIDeviceFamily": [3], "MinimumOSVersion": "17.0.1"])).isEmpty)
    }

    /// References are a source file's business; in a built one (with the DT… keys a build
    /// writes) they are a step the build missed.
    @Test func referencesAreErrorsOnlyInABuiltFile() throws {
        let source = app(["UIDeviceFamily": [3], "CFBundleName": "$(PRODUCT_NAME)"])
        #expect(try findings(source) == ["warning unexpandedBuildSetting CFBundleName"])
        var built = source
        built["DTSDKName"] = "appletvos17.0"
        #expect(try findings(built) == ["error unexpandedBuildSetting CFBundleName"])
        #expect(try findings(built, stage: .source) == ["warning unexpandedBuildSetting CFBundleName"])
        #expect(try findings(source, stage: .built) == ["error unexpandedBuildSetting CFBundleName"])
    }

    /// A source Info.plist may leave its package type to the build: its keys still tell an app.
    @Test(arguments: [
        (["CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)", "UILaunchStoryboardName": "Launch"] as PlistDictionary, InfoPlistBundleKind.application),
        (["NSPrincipalClass": "NSApplication"], .application),
        (["WKApplication": true], .application),
        (["CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"], .unknown),
        (["CFBundlePackageType": "BNDL", "LSRequiresIPhoneOS": true], .bundle),
        (["EXAppExtensionAttributes": ["EXExtensionPointIdentifier": "com.apple.example"]], .appExtension),
    ] as [(PlistDictionary, InfoPlistBundleKind)])
    func theKindOfASourceInfoPlist(keys: PlistDictionary, kind: InfoPlistBundleKind) {
        #expect(InfoPlistBundleKind(keys) == kind)
    }
}
