import Foundation
import Testing
import PlistKit

/// Each rule of the Info.plist checks, on the project's Info.plists and on small dictionaries
/// made for one rule.
@Suite struct InfoPlistCheckerTests {
    /// A good iOS app's keys, to which a test adds or changes the ones it is about.
    private static let app: PlistDictionary = [
        "CFBundleIdentifier": "org.example.app", "CFBundleExecutable": "App", "CFBundleName": "App",
        "CFBundlePackageType": "APPL", "CFBundleInfoDictionaryVersion": "6.0", "CFBundleShortVersionString": "1.0",
        "CFBundleVersion": "1", "LSRequiresIPhoneOS": true, "UILaunchScreen": [:],
    ]

    private func check(_ changes: PlistDictionary, removing: [String] = [], allowingReferences: Bool = false) -> [InfoPlistFinding] {
        var info = Self.app
        for key in removing { info.removeValue(forKey: key) }
        for (key, value) in changes { info[key] = value }
        do {
            return try InfoPlistChecker(stage: allowingReferences ? .source : .built).check(.dictionary(info))
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    /// The findings of one rule as "severity key.path: message".
    private func lines(_ findings: [InfoPlistFinding], _ rule: InfoPlistFinding.Rule) -> [String] {
        findings.filter { $0.rule == rule }.map { "\($0.severity) \($0.keyPath): \($0.message)" }
    }

    @Test(arguments: ["ios-app.plist", "macos-app.plist", "framework.plist", "framework.bplist", "app-extension.plist"])
    func theProjectsGoodInfoPlistsHaveNoFindings(fixture: String) throws {
        let findings = try InfoPlistChecker().check(try PlistValue(decoding: Fixtures.data("InfoPlist/\(fixture)")))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func aBadInfoPlistGetsOneFindingPerMistakeInRuleOrder() throws {
        let findings = try InfoPlistChecker().check(try PlistValue(decoding: Fixtures.data("InfoPlist/bad-info.plist")))
        #expect(findings.map(\.description) == [
            "warning: At 'CFBundleName': The build setting reference '$(PRODUCT_NAME)' is not expanded.",
            "error: At 'CFBundleVersion': Expected a string, found an integer.",
            "error: At 'CFBundleURLTypes.0.CFBundleURLSchemes': Expected an array of strings, found a string.",
            "error: At 'LSRequiresIPhoneOS': Expected a boolean, found a string.",
            "error: At 'CFBundleExecutable': The key CFBundleExecutable is missing: it names the app's executable.",
            "warning: At 'UILaunchScreen': An iOS app has a launch screen, UILaunchScreen or UILaunchStoryboardName, which the App Store requires.",
            "error: At 'CFBundleIdentifier': The bundle identifier 'org.plistkit.field_notes' holds '_', which it may not: only A–Z, a–z, 0–9, '-' and '.' are allowed.",
            "error: At 'CFBundleShortVersionString': The release version '3.2 beta' is not one to three period-separated integers, such as '2.4.1'.",
            "error: At 'NSCameraUsageDescription': The privacy string is empty: the system shows it when it asks for access, and the App Store refuses a bundle without it.",
            "error: At 'UIBackgroundModes.0': The background mode 'location' needs NSLocationWhenInUseUsageDescription or NSLocationAlwaysAndWhenInUseUsageDescription, the sentence the system shows when it asks for access.",
            "error: At 'UIRequiredDeviceCapabilities.1': The required capability 'microphone' needs NSMicrophoneUsageDescription, the sentence the system shows when it asks for access.",
            "warning: At 'LSUIElement': iOS does not read LSUIElement; Xcode removes it when it builds the bundle.",
            "warning: At 'LSSupportsOpeningDocumentsInPlace': The app opens documents but does not say whether it opens them in place: iOS needs LSSupportsOpeningDocumentsInPlace or UISupportsDocumentBrowser.",
        ])
        #expect(Set(findings.map(\.rule)) == Set(InfoPlistFinding.Rule.allCases).subtracting([.notADictionary]))
    }

    @Test func theRootMustBeADictionary() throws {
        #expect(try InfoPlistChecker().check(["CFBundleIdentifier"]).map(\.description) == [
            "error: At the root: An Info.plist is a dictionary, but the root is an array.",
        ])
    }

    // MARK: - Required keys

    @Test(arguments: [
        // No key names a platform, so the App Store's release version is a warning (see InfoPlistPlatformTests).
        ("APPL", ["error CFBundleIdentifier", "error CFBundleExecutable", "error CFBundleVersion", "warning CFBundleShortVersionString",
                  "warning CFBundleName", "warning CFBundleInfoDictionaryVersion"]),
        ("FMWK", ["error CFBundleIdentifier", "error CFBundleExecutable", "error CFBundleVersion", "warning CFBundleShortVersionString",
                  "warning CFBundleName", "warning CFBundleInfoDictionaryVersion"]),
        ("BNDL", ["error CFBundleIdentifier", "error CFBundleVersion", "warning CFBundleShortVersionString",
                  "warning CFBundleName", "warning CFBundleInfoDictionaryVersion"]),
        ("????", ["error CFBundleIdentifier", "warning CFBundleExecutable", "error CFBundleVersion", "warning CFBundleShortVersionString",
                  "warning CFBundleName", "warning CFBundleInfoDictionaryVersion"]),
    ])
    func requiredKeysDependOnTheBundlesKind(packageType: String, expected: [String]) throws {
        let findings = try InfoPlistChecker().check(["CFBundlePackageType": .string(packageType)])
        #expect(findings.filter { $0.rule == .missingKey }.map { "\($0.severity) \($0.keyPath)" } == expected)
    }

    @Test func aMissingKeySaysWhatItIsFor() {
        #expect(lines(check([:], removing: ["CFBundleVersion"]), .missingKey) == [
            "error CFBundleVersion: The key CFBundleVersion is missing: it is the build version the system and the App Store compare.",
        ])
        #expect(lines(check([:], removing: ["CFBundlePackageType"]), .missingKey) == [
            "warning CFBundlePackageType: The key CFBundlePackageType is missing: it says what kind of bundle this is (APPL, FMWK, XPC!, BNDL).",
        ])
    }

    @Test func anExtensionNamesItsExtensionPoint() {
        let findings = check(["CFBundlePackageType": "XPC!", "NSExtension": ["NSExtensionPrincipalClass": "Share"]])
        #expect(lines(findings, .missingKey) == [
            "error NSExtension.NSExtensionPointIdentifier: The key NSExtensionPointIdentifier is missing: it names the extension point the extension extends.",
        ])
    }

    @Test func anIOSAppHasALaunchScreen() {
        #expect(lines(check([:], removing: ["UILaunchScreen"]), .missingKey) == [
            "warning UILaunchScreen: An iOS app has a launch screen, UILaunchScreen or UILaunchStoryboardName, which the App Store requires.",
        ])
        #expect(lines(check(["UILaunchStoryboardName": "Launch"], removing: ["UILaunchScreen"]), .missingKey).isEmpty)
        #expect(lines(check(["LSMinimumSystemVersion": "13.0"], removing: ["UILaunchScreen", "LSRequiresIPhoneOS"]), .missingKey).isEmpty)
    }

    // MARK: - Types

    @Test(arguments: [
        ("CFBundleVersion", PlistValue.integer(412), "error CFBundleVersion: Expected a string, found an integer."),
        ("UIDeviceFamily", "1", "error UIDeviceFamily: Expected an array of integers or an integer, found a string."),
        ("UIDeviceFamily", [1, "2"], "error UIDeviceFamily.1: Expected an integer, found a string."),
        ("UIRequiredDeviceCapabilities", ["gps": "yes"], "error UIRequiredDeviceCapabilities.gps: Expected a boolean, found a string."),
        ("UIRequiredDeviceCapabilities", "gps", "error UIRequiredDeviceCapabilities: Expected an array of strings or a dictionary of booleans, found a string."),
        ("CFBundleIcons~ipad", "Icon", "error CFBundleIcons~ipad: Expected a dictionary, found a string."),
        ("LSRequiresIPhoneOS-iphoneos", 1, "error LSRequiresIPhoneOS-iphoneos: Expected a boolean, found an integer."),
        ("NSBluetoothAlwaysUsageDescription", PlistValue.boolean(true), "error NSBluetoothAlwaysUsageDescription: Expected a string, found a boolean."),
        ("LSEnvironment", ["PATH": 1], "error LSEnvironment.PATH: Expected a string, found an integer."),
        ("NSAppTransportSecurity", ["NSExceptionDomains": ["a.org": ["NSIncludesSubdomains": "YES"]]],
         "error NSAppTransportSecurity.NSExceptionDomains.a\\.org.NSIncludesSubdomains: Expected a boolean, found a string."),
        ("CFBundleDocumentTypes", ["Viewer"], "error CFBundleDocumentTypes.0: Expected a dictionary, found a string."),
    ] as [(String, PlistValue, String)])
    func knownKeysOfAnotherTypeAreErrors(key: String, value: PlistValue, expected: String) {
        #expect(lines(check([key: value]), .wrongType) == [expected])
    }

    @Test func keysOfYourOwnMayHoldAnything() {
        #expect(lines(check(["FNAnything": [1, "two", ["three": .data(Data())]], "CFBundleVersionish": 3]), .wrongType).isEmpty)
    }

    // MARK: - Identifier and versions

    @Test(arguments: [
        ("org.example.app", nil),
        ("org.example.Field-Notes2", nil),
        ("org.example.my_app", "error CFBundleIdentifier: The bundle identifier 'org.example.my_app' holds '_', which it may not: only A–Z, a–z, 0–9, '-' and '.' are allowed."),
        ("org.exämple.app", "error CFBundleIdentifier: The bundle identifier 'org.exämple.app' holds 'ä', which it may not: only A–Z, a–z, 0–9, '-' and '.' are allowed."),
        ("org example", "error CFBundleIdentifier: The bundle identifier 'org example' holds ' ', which it may not: only A–Z, a–z, 0–9, '-' and '.' are allowed."),
        ("org..app", "error CFBundleIdentifier: The bundle identifier 'org..app' has an empty component: its components are separated by single periods, with none at either end."),
        (".org.app", "error CFBundleIdentifier: The bundle identifier '.org.app' has an empty component: its components are separated by single periods, with none at either end."),
        ("", "error CFBundleIdentifier: The bundle identifier is empty."),
        ("notes", "warning CFBundleIdentifier: The bundle identifier 'notes' is not in reverse-DNS form, such as 'org.example.notes'."),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", nil),
    ] as [(String, String?)])
    func bundleIdentifiersAreReverseDNSOfAllowedCharacters(identifier: String, expected: String?) {
        #expect(lines(check(["CFBundleIdentifier": .string(identifier)]), .invalidIdentifier) == (expected.map { [$0] } ?? []))
    }

    @Test(arguments: [("1", true), ("10.14", true), ("2.4.1", true), ("0.0.0", true), ("1.2.3.4", false), ("v1", false), ("1.2.", false),
                      ("", false), ("1..2", false), ("3.2 beta", false), ("-1", false), ("1.0d3", false)])
    func releaseVersionsAreOneToThreeIntegers(version: String, isValid: Bool) {
        let expected = "error CFBundleShortVersionString: The release version '\(version)' is not one to three period-separated integers, such as '2.4.1'."
        #expect(lines(check(["CFBundleShortVersionString": .string(version)]), .invalidVersion) == (isValid ? [] : [expected]))
    }

    @Test(arguments: [
        ("412", false, nil),
        ("2.4.1", false, nil),
        ("1.2.3.4", false, "warning CFBundleVersion: The build version '1.2.3.4' has 4 integers; the system reads only the first three."),
        ("1.0d3", false, "error CFBundleVersion: The build version '1.0d3' is not one to three period-separated integers, such as '241' or '2.4.1'."),
        ("1.0d3", true, "warning CFBundleVersion: The build version '1.0d3' has a development-stage suffix, which only macOS's older rules accept; the App Store takes one to three period-separated integers."),
        ("2.1b12", true, "warning CFBundleVersion: The build version '2.1b12' has a development-stage suffix, which only macOS's older rules accept; the App Store takes one to three period-separated integers."),
        ("3fc1", true, "warning CFBundleVersion: The build version '3fc1' has a development-stage suffix, which only macOS's older rules accept; the App Store takes one to three period-separated integers."),
        ("1.0x3", true, "warning CFBundleVersion: The build version '1.0x3' is not one to three period-separated integers, such as '241' or '2.4.1'; the App Store refuses it."),
        ("1.0d", true, "warning CFBundleVersion: The build version '1.0d' is not one to three period-separated integers, such as '241' or '2.4.1'; the App Store refuses it."),
        ("build 7", false, "error CFBundleVersion: The build version 'build 7' is not one to three period-separated integers, such as '241' or '2.4.1'."),
    ] as [(String, Bool, String?)])
    func buildVersionsAreIntegersWithMacOSsOldSuffixesAWarning(version: String, macOSOnly: Bool, expected: String?) {
        let platform: PlistDictionary = macOSOnly ? ["LSMinimumSystemVersion": "13.0"] : [:]
        let findings = check(platform.reduce(into: ["CFBundleVersion": .string(version)]) { $0[$1.key] = $1.value },
                             removing: macOSOnly ? ["LSRequiresIPhoneOS", "UILaunchScreen"] : [])
        #expect(lines(findings, .invalidVersion) == (expected.map { [$0] } ?? []))
    }

    // MARK: - Privacy strings

    @Test(arguments: [
        (["UIBackgroundModes": ["audio", "location"]] as PlistDictionary,
         ["error UIBackgroundModes.1: The background mode 'location' needs NSLocationWhenInUseUsageDescription or NSLocationAlwaysAndWhenInUseUsageDescription, the sentence the system shows when it asks for access."]),
        (["UIBackgroundModes": ["location"], "NSLocationWhenInUseUsageDescription": "Tags notes."], []),
        (["UIBackgroundModes": ["bluetooth-central"]],
         ["error UIBackgroundModes.0: The background mode 'bluetooth-central' needs NSBluetoothAlwaysUsageDescription, the sentence the system shows when it asks for access."]),
        (["UIRequiredDeviceCapabilities": ["arm64", "video-camera"]],
         ["error UIRequiredDeviceCapabilities.1: The required capability 'video-camera' needs NSCameraUsageDescription, the sentence the system shows when it asks for access."]),
        (["UIRequiredDeviceCapabilities": ["gps": true, "still-camera": false]],
         ["error UIRequiredDeviceCapabilities.gps: The required capability 'gps' needs NSLocationWhenInUseUsageDescription or NSLocationAlwaysAndWhenInUseUsageDescription, the sentence the system shows when it asks for access."]),
        (["UIRequiredDeviceCapabilities": ["nfc", "healthkit"]],
         ["error UIRequiredDeviceCapabilities.0: The required capability 'nfc' needs NFCReaderUsageDescription, the sentence the system shows when it asks for access.",
          "error UIRequiredDeviceCapabilities.1: The required capability 'healthkit' needs NSHealthShareUsageDescription or NSHealthUpdateUsageDescription, the sentence the system shows when it asks for access."]),
        (["UIRequiredDeviceCapabilities": ["microphone"], "NSMicrophoneUsageDescription": "Records memos."], []),
        (["NSLocationAlwaysAndWhenInUseUsageDescription": "Tracks hikes."],
         ["error NSLocationWhenInUseUsageDescription: NSLocationAlwaysAndWhenInUseUsageDescription needs NSLocationWhenInUseUsageDescription beside it: an app that asks for location always asks for it while in use first."]),
    ] as [(PlistDictionary, [String])])
    func capabilitiesAndBackgroundModesNeedTheirPrivacyStrings(keys: PlistDictionary, expected: [String]) {
        #expect(lines(check(keys), .missingUsageDescription) == expected)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func privacyStringsAreNotEmpty(text: String) {
        #expect(lines(check(["NSCameraUsageDescription": .string(text)]), .emptyUsageDescription) == [
            "error NSCameraUsageDescription: The privacy string is empty: the system shows it when it asks for access, and the App Store refuses a bundle without it.",
        ])
    }

    // MARK: - Build settings

    @Test func unexpandedReferencesAreErrorsOrForASourceFileWarnings() {
        let keys: PlistDictionary = [
            "CFBundleName": "$(PRODUCT_NAME)", "$(FLAG_KEY)": true, "Note": "Costs $$5 and $(echo hi) $ and $(A) ${B:lower}",
            "Plain": "$$(NOT_A_REFERENCE)",
        ]
        let expected = [
            "CFBundleName: The build setting reference '$(PRODUCT_NAME)' is not expanded.",
            "$(FLAG_KEY): The build setting reference '$(FLAG_KEY)' in the key is not expanded.",
            "Note: The build setting references '$(A)', '${B:lower}' are not expanded.",
        ]
        #expect(lines(check(keys), .unexpandedBuildSetting) == expected.map { "error " + $0 })
        #expect(lines(check(keys, allowingReferences: true), .unexpandedBuildSetting) == expected.map { "warning " + $0 })
    }

    @Test func aValueThatHoldsAReferenceIsNotCheckedForItsSyntax() {
        let findings = check(["CFBundleVersion": "$(CURRENT_PROJECT_VERSION)", "CFBundleShortVersionString": "v$(MARKETING_VERSION)"])
        #expect(lines(findings, .invalidVersion).isEmpty)
        #expect(lines(findings, .unexpandedBuildSetting).count == 2)
    }

    @Test func referencesNestedTooDeepAreReportedNotThrown() {
        let findings = check(["Deep": .string(String(repeating: "$(", count: 40))])
        #expect(lines(findings, .unexpandedBuildSetting) == ["error Deep: Build setting references nest more than 32 levels deep."])
    }

    @Test func theTypedModelIsCheckedAsItEncodes() throws {
        var info = try InfoPlist(.dictionary(Self.app))
        #expect(try InfoPlistChecker().check(info).isEmpty)
        info.bundleIdentifier = "org.example.my_app"
        #expect(try InfoPlistChecker().check(info).map(\.rule) == [.invalidIdentifier])
    }
}
