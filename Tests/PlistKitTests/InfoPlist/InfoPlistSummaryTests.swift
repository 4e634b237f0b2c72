import Foundation
import Testing
import PlistKit

/// The summary `plist-inspect info` prints: a few lines, or a dictionary for JSON.
@Suite struct InfoPlistSummaryTests {
    private func summary(_ fixture: String) throws -> InfoPlistSummary {
        try InfoPlistSummary(try PlistValue(decoding: Fixtures.data("InfoPlist/\(fixture)")))
    }

    @Test func anIOSAppInAFewLines() throws {
        #expect(try summary("ios-app.plist").text == String(decoding: try Fixtures.data("InfoPlist/ios-app.info.txt"), as: UTF8.self))
    }

    @Test(arguments: [
        ("macos-app.plist", """
            Ledger (org.plistkit.ledger)
              Kind:          app (APPL)
              Version:       1.8 (build 1.8.3)
              Platforms:     macOS 13.0 or later
              Executable:    Ledger
              Privacy:       apple events

            """),
        ("framework.bplist", """
            LedgerKit (org.plistkit.LedgerKit)
              Kind:          framework (FMWK)
              Version:       5.1.2 (build 5.1.2)
              Platforms:     macOS 12.0 or later
              Executable:    LedgerKit

            """),
        ("app-extension.plist", """
            Field Notes Widget (org.plistkit.field-notes.widget)
              Kind:          app extension (XPC!)
              Version:       3.2.0 (build 412)
              Platforms:     iOS 17.0 or later, iPadOS 17.0 or later
              Devices:       iPhone, iPad
              Executable:    FieldNotesWidget
              Extends:       com.apple.widgetkit-extension

            """),
    ])
    func macAppFrameworkAndExtension(fixture: String, text: String) throws {
        #expect(try summary(fixture).text == text)
    }

    @Test func theJSONFormHasTheFactsInAFixedOrder() throws {
        let value = try summary("app-extension.plist").plistValue
        #expect(value == [
            "name": "Field Notes Widget", "identifier": "org.plistkit.field-notes.widget", "kind": "appExtension",
            "packageType": "XPC!", "version": "3.2.0", "build": "412", "executable": "FieldNotesWidget",
            "platforms": [["name": "iOS", "minimumVersion": "17.0"], ["name": "iPadOS", "minimumVersion": "17.0"]], "deviceFamilies": ["iPhone", "iPad"],
            "extensionPoint": "com.apple.widgetkit-extension",
        ])
        #expect(value.dictionary?.keys == [
            "name", "identifier", "kind", "packageType", "version", "build", "executable", "platforms", "deviceFamilies", "extensionPoint",
        ])
        #expect(try summary("ios-app.plist").plistValue["usageDescriptions"]?.dictionary?.keys == [
            "NSCameraUsageDescription", "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription",
        ])
    }

    @Test func theFileIsReadLeniently() throws {
        let summary = try InfoPlistSummary([
            "CFBundleVersion": 241, "CFBundleIdentifier": 7, "UIDeviceFamily": 2,
            "UIRequiredDeviceCapabilities": ["gps": true, "telephony": false], "NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true],
        ])
        #expect(summary.text == """
            Unnamed bundle
              Kind:          bundle of unknown type
              Version:       build 241
              Platforms:     iPadOS
              Devices:       iPad
              Requires:      gps
              Network:       arbitrary loads allowed

            """)
    }

    @Test func aNonDictionaryHasNoSummary() {
        #expect {
            _ = try InfoPlistSummary("text")
        } throws: { error in
            guard let error = error as? InfoPlistError else { return false }
            return error.code == .notADictionary && error.description == "An Info.plist is a dictionary, but the root is a string at the root."
        }
    }

    @Test(arguments: [
        (["CFBundleSupportedPlatforms": ["iPhoneSimulator"], "LSMinimumSystemVersion": "13.0"] as PlistDictionary, [InfoPlistPlatform.iOS]),
        (["CFBundleSupportedPlatforms": ["MacOSX", "XROS"]], [.macOS, .visionOS]),
        (["UIDeviceFamily": [1, 2, 3, 4, 7]], [.iOS, .iPadOS, .tvOS, .watchOS, .visionOS]),
        (["MinimumOSVersion": "17.0", "LSMinimumSystemVersion": "14.0"], [.iOS, .macOS]),
        (["LSRequiresIPhoneOS": true], [.iOS]),
        (["LSRequiresIPhoneOS": "YES"], []),
        ([:], []),
    ] as [(PlistDictionary, [InfoPlistPlatform])])
    func platformsComeFromTheKeysThatName(keys: PlistDictionary, platforms: [InfoPlistPlatform]) {
        #expect(InfoPlistPlatform.platforms(of: keys) == platforms)
    }

    @Test(arguments: [
        (["CFBundlePackageType": "APPL"] as PlistDictionary, InfoPlistBundleKind.application),
        (["CFBundlePackageType": "XPC!", "NSExtension": [:]], .appExtension),
        (["CFBundlePackageType": "XPC!"], .xpcService),
        (["CFBundlePackageType": "FMWK"], .framework),
        (["CFBundlePackageType": "BNDL"], .bundle),
        (["CFBundlePackageType": "KEXT"], .kernelExtension),
        ([:], .unknown),
    ] as [(PlistDictionary, InfoPlistBundleKind)])
    func kindsComeFromThePackageTypeAndNSExtension(keys: PlistDictionary, kind: InfoPlistBundleKind) {
        #expect(InfoPlistBundleKind(keys) == kind)
    }

    @Test func privacyStringsReadAsWords() throws {
        let summary = try InfoPlistSummary([
            "NSPhotoLibraryAddUsageDescription": "a", "NFCReaderUsageDescription": "b",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "c", "NSHomeKitUsageDescription": "d",
        ])
        #expect(summary.text.contains("  Privacy:       photo library add, NFC reader, location always and when in use, home kit\n"))
    }
}
