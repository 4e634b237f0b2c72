import Foundation
import Testing
import PlistKit

/// The typed Info.plist model through PlistKit's coders: the documented keys typed, every
/// other key kept, and a decode and encode that give the file back, key order included.
@Suite struct InfoPlistCodableTests {
    /// Every key path of `value` in document order: two values with equal paths and equal
    /// contents are the same property list with the same key order.
    private func keyPaths(_ value: PlistValue, _ path: String = "") -> [String] {
        switch value {
        case .dictionary(let dictionary):
            return dictionary.flatMap { key, child in [path + "/" + key] + keyPaths(child, path + "/" + key) }
        case .array(let elements):
            return elements.enumerated().flatMap { keyPaths($1, path + "/\($0)") }
        default:
            return []
        }
    }

    private func decode(_ fixture: String) throws -> (InfoPlist, PlistValue) {
        let data = try Fixtures.data("InfoPlist/\(fixture)")
        return (try PlistDecoder().decode(InfoPlist.self, from: data), try PlistValue(decoding: data))
    }

    @Test(arguments: ["ios-app.plist", "macos-app.plist", "framework.bplist", "app-extension.plist", "ios-app-source.plist"])
    func decodeAndEncodeGiveTheFileBackWithItsKeyOrder(fixture: String) throws {
        let (info, original) = try decode(fixture)
        for format in [PlistFormat.binary, .xml] {
            var encoder = PlistEncoder(outputFormat: format)
            encoder.keyOrder = .preserved
            let reread = try PlistValue(decoding: try encoder.encode(info))
            #expect(reread == original, "\(format)")
            #expect(keyPaths(reread) == keyPaths(original), "\(format)")
        }
        let value = try info.plistValue()
        #expect(value == original)
        #expect(keyPaths(value) == keyPaths(original))
        #expect(try InfoPlist(value) == info)
    }

    @Test func documentedKeysAreTypedAndOthersKeptExactly() throws {
        let (info, _) = try decode("ios-app.plist")
        #expect(info.bundleIdentifier == "org.plistkit.field-notes")
        #expect(info.bundleShortVersionString == "3.2.0")
        #expect(info.bundleVersion == "412")
        #expect(info.requiresIPhoneOS == true)
        #expect(info.deviceFamily == [1, 2])
        #expect(info.requiredDeviceCapabilities == .list(["arm64", "still-camera"]))
        #expect(info.supportedInterfaceOrientationsForPad?.count == 4)
        #expect(info.backgroundModes == ["audio", "location"])
        #expect(info.launchScreen == ["UIColorName": "LaunchBackground"])
        #expect(info.usesNonExemptEncryption == false)
        #expect(info.usageDescriptions.keys.sorted() == ["NSCameraUsageDescription", "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription"])
        let urlType = try #require(info.urlTypes?.first)
        #expect(urlType.name == "org.plistkit.field-notes")
        #expect(urlType.schemes == ["fieldnotes"])
        #expect(urlType.role == "Editor")
        #expect(urlType.otherKeys == ["LSHandlerRank": "Owner"])
        let security = try #require(info.appTransportSecurity)
        #expect(security.allowsArbitraryLoads == false)
        #expect(security.exceptionDomains?.keys == ["tiles.example.org", "legacy.example.org"])
        #expect(security.exceptionDomains?["tiles.example.org"]?.minimumTLSVersion == "TLSv1.2")
        #expect(security.exceptionDomains?["legacy.example.org"]?.allowsInsecureHTTPLoads == true)
        #expect(info.otherKeys.keys == ["DTPlatformName", "FNSyncInterval", "FNFirstRelease"])
        #expect(info.otherKeys["FNSyncInterval"] == .real(900.5))
        #expect(info.otherKeys["FNFirstRelease"]?.date == Date(timeIntervalSince1970: 1_680_341_400))
    }

    @Test func macAppFrameworkAndExtensionKeysAreTyped() throws {
        let (mac, _) = try decode("macos-app.plist")
        #expect(mac.minimumSystemVersion == "13.0")
        #expect(mac.environment?.keys == ["LEDGER_LOG", "LANG"])
        #expect(mac.documentTypes?.first?["CFBundleTypeName"] == "Ledger Book")
        #expect(mac.exportedTypeDeclarations?.count == 1)
        #expect(mac.principalClass == "NSApplication")
        #expect(mac.isHighResolutionCapable == true)
        #expect(mac.usageDescriptions == ["NSAppleEventsUsageDescription": "Ledger asks Numbers to open exported books."])
        let (framework, _) = try decode("framework.bplist")
        #expect(framework.bundlePackageType == "FMWK")
        #expect(framework.supportedPlatforms == ["MacOSX"])
        let (widget, _) = try decode("app-extension.plist")
        #expect(widget.appExtension?.pointIdentifier == "com.apple.widgetkit-extension")
        #expect(widget.appExtension?.principalClass == nil)
    }

    @Test(arguments: [
        ("<key>CFBundleVersion</key><integer>412</integer>", ["CFBundleVersion"]),
        ("<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><string>x</string></dict></array>",
         ["CFBundleURLTypes", "Index 0", "CFBundleURLSchemes"]),
        ("<key>UILaunchScreen</key><array/>", ["UILaunchScreen"]),
        ("<key>NSCameraUsageDescription</key><true/>", ["NSCameraUsageDescription"]),
        ("<key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>a.org</key><dict><key>NSIncludesSubdomains</key><string>YES</string></dict></dict></dict>",
         ["NSAppTransportSecurity", "NSExceptionDomains", "a.org", "NSIncludesSubdomains"]),
    ])
    func aKnownKeyOfAnotherTypeFailsWithItsCodingPath(entry: String, codingPath: [String]) {
        let xml = Data("<plist version=\"1.0\"><dict><key>CFBundleName</key><string>A</string>\(entry)</dict></plist>".utf8)
        #expect {
            _ = try PlistDecoder().decode(InfoPlist.self, from: xml)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == codingPath
        }
    }

    @Test func aNonDictionaryIsNoInfoPlist() {
        #expect(throws: DecodingError.self) { try InfoPlist(["CFBundleName"]) }
    }

    @Test func deviceFamilyGivenAsOneNumberStaysOneNumber() throws {
        var info = try InfoPlist(["UIDeviceFamily": 2])
        #expect(info.deviceFamily == [2])
        #expect(try info.plistValue() == ["UIDeviceFamily": 2])
        info.deviceFamily = [1, 2]
        #expect(try info.plistValue() == ["UIDeviceFamily": [1, 2]])
    }

    @Test func requiredCapabilitiesAsADictionaryKeepTheirOrder() throws {
        let value: PlistValue = ["UIRequiredDeviceCapabilities": ["telephony": false, "gps": true, "arm64": true]]
        let info = try InfoPlist(value)
        let capabilities = try #require(info.requiredDeviceCapabilities)
        #expect(capabilities.required == ["gps", "arm64"])
        #expect(capabilities.prohibited == ["telephony"])
        #expect(try info.plistValue()["UIRequiredDeviceCapabilities"]?.dictionary?.keys == ["telephony", "gps", "arm64"])
    }

    @Test func keysSetSinceFollowTheFileKeysInTheDocumentedOrder() throws {
        var info = try InfoPlist(["Zeta": 1, "CFBundleVersion": "1", "Alpha": 2])
        info.usageDescriptions["NSMicrophoneUsageDescription"] = "Records memos."
        info.otherKeys["Custom"] = true
        info.minimumOSVersion = "17.0"
        info.bundleIdentifier = "org.example.app"
        info.usageDescriptions["NSCameraUsageDescription"] = "Scans."
        #expect(try info.plistValue().dictionary?.keys == [
            "Zeta", "CFBundleVersion", "Alpha", "CFBundleIdentifier", "MinimumOSVersion",
            "NSCameraUsageDescription", "NSMicrophoneUsageDescription", "Custom",
        ])
        info.bundleVersion = nil
        info.otherKeys["Zeta"] = nil
        #expect(try info.plistValue().dictionary?.keys.prefix(2) == ["Alpha", "CFBundleIdentifier"])
    }

    @Test func aNewInfoPlistWritesTheDocumentedOrder() throws {
        var info = InfoPlist()
        info.bundleVersion = "1"
        info.urlTypes = [InfoPlist.URLType(name: "org.example", schemes: ["example"])]
        info.bundleIdentifier = "org.example.app"
        info.appExtension = InfoPlist.AppExtension(pointIdentifier: "com.apple.share-services")
        #expect(try info.plistValue() == [
            "CFBundleIdentifier": "org.example.app",
            "CFBundleVersion": "1",
            "CFBundleURLTypes": [["CFBundleURLName": "org.example", "CFBundleURLSchemes": ["example"]]],
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.share-services"],
        ])
        #expect(try info.plistValue().dictionary?.keys == ["CFBundleIdentifier", "CFBundleVersion", "CFBundleURLTypes", "NSExtension"])
    }

    @Test func equalityIgnoresKeyOrder() throws {
        let first = try InfoPlist(["CFBundleName": "A", "Other": 1, "LSEnvironment": ["X": "1", "Y": "2"]])
        let second = try InfoPlist(["LSEnvironment": ["Y": "2", "X": "1"], "Other": 1, "CFBundleName": "A"])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try InfoPlist(["CFBundleName": "B", "Other": 1, "LSEnvironment": ["X": "1", "Y": "2"]])))
    }

    @Test func entriesKeepTheirOrderAndCompareWithoutIt() {
        var entries: InfoPlistEntries<Int> = ["b": 1, "a": 2]
        entries["c"] = 3
        entries["b"] = 4
        entries["a"] = nil
        #expect(entries.keys == ["b", "c"])
        #expect(entries.values == [4, 3])
        #expect(Array(entries).map(\.0) == ["b", "c"])
        let reordered: InfoPlistEntries<Int> = ["c": 3, "b": 4]
        #expect(entries == reordered)
        #expect(entries.hashValue == reordered.hashValue)
        #expect(entries != ["c": 3, "b": 5])
    }
}
