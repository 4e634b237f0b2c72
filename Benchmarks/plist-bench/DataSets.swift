import Foundation
import PlistKit

/// The generated data the operations run on. Everything is made from fixed seeds, so two runs
/// (and PlistKit and Foundation within a run) see byte-identical inputs.
enum DataSets {
    // Words for names, albums and artists; about a third of the text is non-ASCII, as a real
    // library's is (accents, CJK, Cyrillic, Greek and emoji: UTF-16 in binary plists).
    private static let words = [
        "Love", "Night", "Blue", "River", "Song", "Dream", "Light", "Heart", "Road", "Fire",
        "Summer", "Rain", "Moon", "Dance", "Time", "Home", "Sky", "Gold", "Shadow", "Echo",
        "Café", "Señorita", "Über", "Déjà", "Noël", "Ålesund", "Smørrebrød", "Çà", "Garçon",
        "東京", "夜", "桜", "音楽", "사랑", "노래", "Любовь", "Ночь", "Ωμέγα", "Φως", "🎵", "🌙",
    ]
    private static let genres = [
        "Rock", "Pop", "Jazz", "Classical", "Electronic", "Hip-Hop", "Folk", "Soundtrack",
        "Alternative", "Blues", "Country", "Reggae", "World", "Musique française", "J-Pop",
    ]
    private static let kinds = [
        "MPEG audio file", "AAC audio file", "Apple Lossless audio file", "Purchased AAC audio file",
    ]

    private static func phrase(_ random: inout SplitMix64, words count: ClosedRange<Int>) -> String {
        let n = count.lowerBound + random.below(count.upperBound - count.lowerBound + 1)
        return (0..<n).map { _ in random.pick(words) }.joined(separator: " ")
    }

    /// 2001-01-01 plus whole seconds: XML keeps whole seconds only, so the data round-trips
    /// through every format unchanged.
    static func date(_ random: inout SplitMix64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(random.below(700_000_000)))
    }

    /// One track of the music library: 15 to 18 keys of every scalar type.
    static func track(id: Int, random: inout SplitMix64) -> PlistDictionary {
        var track = PlistDictionary(minimumCapacity: 18)
        track["Track ID"] = .integer(PlistInteger(Int64(id)))
        track["Name"] = .string(phrase(&random, words: 1...4))
        track["Artist"] = .string(phrase(&random, words: 1...3))
        track["Album"] = .string(phrase(&random, words: 1...4))
        track["Genre"] = .string(random.pick(genres))
        track["Kind"] = .string(random.pick(kinds))
        track["Size"] = .integer(PlistInteger(Int64(2_000_000 + random.below(18_000_000))))
        track["Total Time"] = .integer(PlistInteger(Int64(90_000 + random.below(400_000))))
        track["Track Number"] = .integer(PlistInteger(Int64(1 + random.below(20))))
        track["Year"] = .integer(PlistInteger(Int64(1950 + random.below(75))))
        track["Date Added"] = .date(date(&random))
        track["Bit Rate"] = .integer(PlistInteger(Int64(random.pick([128, 192, 256, 320, 1411]))))
        track["Play Count"] = .integer(PlistInteger(Int64(random.below(500))))
        track["Replay Gain"] = .real(Double(random.below(2_400)) / 100 - 12)
        track["Persistent ID"] = .string(String(random.next(), radix: 16, uppercase: true))
        if random.below(3) == 0 { track["Loved"] = .boolean(true) }
        if random.below(5) == 0 { track["Compilation"] = .boolean(random.below(2) == 0) }
        if random.below(4) == 0 {
            track["Artwork Digest"] = .data(Data((0..<20).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        }
        return track
    }

    /// A music-library-like dictionary (as iTunes' "Library.xml"): `Tracks` maps each track ID
    /// (as a string) to a track, and `Playlists` lists a few playlists of track references.
    static func library(tracks trackCount: Int) -> PlistValue {
        var random = SplitMix64(seed: 0x4C49_4252)
        var tracks = PlistDictionary(minimumCapacity: trackCount)
        for index in 0..<trackCount {
            let id = 1000 + index * 2
            tracks[String(id)] = .dictionary(track(id: id, random: &random))
        }
        var playlists: [PlistValue] = []
        for number in 0..<8 {
            var items: [PlistValue] = []
            for index in stride(from: number, to: trackCount, by: 37 + number) {
                items.append(.dictionary(["Track ID": .integer(PlistInteger(Int64(1000 + index * 2)))]))
            }
            playlists.append(.dictionary([
                "Name": .string(phrase(&random, words: 1...3)),
                "Playlist ID": .integer(PlistInteger(Int64(90_000 + number))),
                "Playlist Items": .array(items),
            ]))
        }
        var root = libraryRoot(applicationVersion: "12.8.2.3", persistentID: "3A1F9C0D2E4B5A67")
        root["Tracks"] = .dictionary(tracks)
        root["Playlists"] = .array(playlists)
        return .dictionary(root)
    }

    /// The keys at the root of a music library before its tracks, in iTunes' order (binary
    /// plists keep the order keys were added in).
    static func libraryRoot(applicationVersion: String, persistentID: String) -> PlistDictionary {
        [
            "Major Version": 1,
            "Minor Version": 1,
            "Application Version": .string(applicationVersion),
            "Date": .date(Date(timeIntervalSinceReferenceDate: 700_000_000)),
            "Features": 5,
            "Show Content Ratings": true,
            "Library Persistent ID": .string(persistentID),
        ]
    }

    /// The track ID whose name the key-path operation reads: one near the end of the file.
    static func probeTrackID(tracks trackCount: Int) -> String {
        String(1000 + (trackCount * 9 / 10) * 2)
    }

    /// A dictionary the size and shape of an app's Info.plist (about 3 KB of XML).
    static func infoPlist() -> PlistValue {
        var info = PlistDictionary()
        info["CFBundleDevelopmentRegion"] = "en"
        info["CFBundleDisplayName"] = "Plist Bench Café"
        info["CFBundleExecutable"] = "PlistBench"
        info["CFBundleIdentifier"] = "org.example.plistbench"
        info["CFBundleInfoDictionaryVersion"] = "6.0"
        info["CFBundleName"] = "PlistBench"
        info["CFBundlePackageType"] = "APPL"
        info["CFBundleShortVersionString"] = "2.4.1"
        info["CFBundleVersion"] = "2041"
        info["LSRequiresIPhoneOS"] = true
        info["LSMinimumSystemVersion"] = "13.0"
        info["NSHumanReadableCopyright"] = "© 2026 Example. All rights reserved."
        info["NSCameraUsageDescription"] = "Scans codes on property lists."
        info["NSPhotoLibraryUsageDescription"] = "Saves exported property lists as images."
        info["UILaunchStoryboardName"] = "LaunchScreen"
        info["UIRequiredDeviceCapabilities"] = ["armv7", "metal"]
        info["UISupportedInterfaceOrientations"] = [
            "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
            "UIInterfaceOrientationLandscapeRight",
        ]
        info["CFBundleURLTypes"] = [
            .dictionary([
                "CFBundleURLName": "org.example.plistbench",
                "CFBundleURLSchemes": ["plistbench", "pbench"],
            ]),
        ]
        info["CFBundleDocumentTypes"] = .array((0..<4).map { index in
            .dictionary([
                "CFBundleTypeName": .string("Property List \(index)"),
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": .array([.string("com.apple.property-list.\(index)")]),
            ])
        })
        info["UIApplicationSceneManifest"] = .dictionary([
            "UIApplicationSupportsMultipleScenes": false,
            "UISceneConfigurations": .dictionary([
                "UIWindowSceneSessionRoleApplication": .array([
                    .dictionary([
                        "UISceneConfigurationName": "Default Configuration",
                        "UISceneDelegateClassName": "PlistBench.SceneDelegate",
                    ]),
                ]),
            ]),
        ])
        info["BuildMachineOSBuild"] = "23A344"
        info["DTPlatformVersion"] = "17.0"
        info["DTXcodeBuild"] = "15A240d"
        info["MinimumOSVersion"] = "15.0"
        info["UIDeviceFamily"] = [1, 2]
        info["ITSAppUsesNonExemptEncryption"] = false
        return .dictionary(info)
    }

    /// Arrays nested `depth` deep around one string: the worst case for recursive readers.
    static func deepNesting(depth: Int) -> PlistValue {
        var value: PlistValue = "bottom"
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    /// `count` data blobs of `size` bytes each, in an array.
    static func blobs(count: Int, size: Int) -> PlistValue {
        var random = SplitMix64(seed: 0xB10B)
        return .array((0..<count).map { _ in
            var bytes = [UInt8](repeating: 0, count: size)
            bytes.withUnsafeMutableBytes { buffer in
                let words = buffer.bindMemory(to: UInt64.self)
                for index in words.indices { words[index] = random.next() }
            }
            return .data(Data(bytes))
        })
    }

    /// `count` strings of 1 to 12 words, mostly non-ASCII.
    static func nonASCIIStrings(count: Int) -> PlistValue {
        var random = SplitMix64(seed: 0x5742)
        let pool = Array(words.dropFirst(20))
        return .array((0..<count).map { _ in
            let n = 1 + random.below(12)
            return .string((0..<n).map { _ in random.pick(pool) }.joined(separator: " "))
        })
    }
}
