import Foundation
import PlistKit

/// The small documents of the size ladder (see ``LadderRung``): what most property lists are.
extension DataSets {
    /// The 1 KB Info.plist of TestData/Examples, read from the repository.
    ///
    /// - Throws: when the file cannot be read (plist-bench runs from a checkout).
    static func exampleInfoPlist() throws -> PlistValue {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestData/Examples/Info.plist")
        return try PlistValue(decoding: Data(contentsOf: url))
    }

    /// An Info.plist of about 30 KB of XML, shaped as a large shipping app's: the keys of the
    /// example Info.plist, then what makes such files large: ad-network identifiers (one
    /// dictionary each), queried URL schemes, document and exported types, fonts, usage
    /// descriptions and App Transport Security exceptions.
    static func largeInfoPlist() throws -> PlistValue {
        guard case .dictionary(var info) = try exampleInfoPlist() else { return .dictionary([:]) }
        var random = SplitMix64(seed: 0x1AF0)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        func token(_ length: Int) -> String { String((0..<length).map { _ in random.pick(letters) }) }

        info["SKAdNetworkItems"] = .array((0..<120).map { _ in
            .dictionary(["SKAdNetworkIdentifier": .string("\(token(10)).skadnetwork")])
        })
        info["LSApplicationQueriesSchemes"] = .array((0..<60).map { _ in .string(token(4 + random.below(8))) })
        info["CFBundleURLTypes"] = .array((0..<4).map { index in
            .dictionary([
                "CFBundleTypeRole": "Editor",
                "CFBundleURLName": .string("org.plistkit.demo-notes.url\(index)"),
                "CFBundleURLSchemes": .array([.string("demonotes\(index)"), .string("fb\(random.next() % 1_000_000_000)")]),
            ])
        })
        info["CFBundleDocumentTypes"] = .array((0..<12).map { index in
            .dictionary([
                "CFBundleTypeName": .string("Démo Document \(index)"),
                "CFBundleTypeRole": index % 3 == 0 ? "Viewer" : "Editor",
                "LSHandlerRank": index % 2 == 0 ? "Owner" : "Alternate",
                "LSItemContentTypes": .array([
                    .string("org.plistkit.demo-notes.document\(index)"), .string("public.item\(index)"),
                ]),
                "CFBundleTypeIconFiles": .array([.string("Document\(index)"), .string("Document\(index)@2x")]),
            ])
        })
        info["UTExportedTypeDeclarations"] = .array((0..<8).map { index in
            .dictionary([
                "UTTypeIdentifier": .string("org.plistkit.demo-notes.document\(index)"),
                "UTTypeDescription": .string("Démo Notes document, kind \(index)"),
                "UTTypeConformsTo": .array(["public.data", "public.content"]),
                "UTTypeTagSpecification": .dictionary([
                    "public.filename-extension": .array([.string("dnote\(index)")]),
                    "public.mime-type": .array([.string("application/x-demo-notes-\(index)")]),
                ]),
            ])
        })
        info["UIAppFonts"] = .array((0..<20).map { index in .string("Fonts/DemoSans-\(index).ttf") })
        for permission in ["Camera", "PhotoLibrary", "Microphone", "Contacts", "LocationWhenInUse", "Calendars"] {
            info["NS\(permission)UsageDescription"] = .string(
                "Démo Notes uses \(permission) access to attach what you choose to a note; nothing leaves the device.")
        }
        var domains = PlistDictionary()
        for index in 0..<10 {
            domains["api\(index).example.org"] = .dictionary([
                "NSIncludesSubdomains": true,
                "NSExceptionAllowsInsecureHTTPLoads": .boolean(index % 2 == 0),
                "NSExceptionMinimumTLSVersion": "TLSv1.2",
            ])
        }
        info["NSAppTransportSecurity"] = .dictionary([
            "NSAllowsArbitraryLoads": false,
            "NSExceptionDomains": .dictionary(domains),
        ])
        info["UIRequiredDeviceCapabilities"] = ["arm64", "metal"]
        info["UIDeviceFamily"] = [1, 2]
        return .dictionary(info)
    }

    /// A preferences domain of about 10 KB of XML, as an application leaves in
    /// ~/Library/Preferences: window frames, recent documents, toolbar configurations, flags,
    /// counters, dates and a bookmark.
    static func preferencesDomain() -> PlistValue {
        var random = SplitMix64(seed: 0xDEFA)
        var domain = PlistDictionary()
        for name in ["Main", "Inspector", "Preferences", "Library", "Export"] {
            domain["NSWindow Frame \(name)"] = .string(
                "\(random.below(400)) \(random.below(300)) \(600 + random.below(600)) \(400 + random.below(400)) 0 0 1920 1055 ")
            domain["NSSplitView Subview Frames \(name)"] = .array((0..<2).map { _ in
                .string("0.000000, 0.000000, \(random.below(800)).000000, 600.000000, NO, NO")
            })
        }
        domain["NSRecentDocuments"] = .array((0..<30).map { index in
            .string("file:///Users/demo/Documents/Notes/Projet%20\(index)%20—%20brouillon.note")
        })
        domain["NSToolbar Configuration Main"] = .dictionary([
            "TB Display Mode": 2,
            "TB Icon Size Mode": 1,
            "TB Is Shown": true,
            "TB Size Mode": 1,
            "TB Item Identifiers": .array((0..<12).map { .string("org.plistkit.toolbar.item\($0)") }),
        ])
        for index in 0..<70 {
            switch index % 4 {
            case 0: domain["ShowsFeature\(index)"] = .boolean(random.below(2) == 0)
            case 1: domain["Counter\(index)"] = .integer(PlistInteger(Int64(random.below(100_000))))
            case 2: domain["Scale\(index)"] = .real(Double(random.below(10_000)) / 1_000)
            default: domain["LastUsed\(index)"] = .date(date(&random))
            }
        }
        domain["SUEnableAutomaticChecks"] = true
        domain["SULastCheckTime"] = .date(date(&random))
        domain["NSNavLastRootDirectory"] = "~/Documents/Notes"
        domain["Bookmark"] = .data(Data((0..<512).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        domain["AppleLanguages"] = ["fr-FR", "en-GB", "ja-JP"]
        return .dictionary(domain)
    }
}
