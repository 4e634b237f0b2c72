import Foundation
import Testing
import PlistKit

/// The examples of Docs/Codable.md, run.
@Suite struct CodableDocsExampleTests {
    struct AppInfo: Decodable {
        var identifier: String
        var version: String
        var build: String
        var backgroundModes: [String]
        var minimumFrameRate: Double
        var releaseDate: Date
        var iconHash: Data

        enum CodingKeys: String, CodingKey {
            case identifier = "CFBundleIdentifier"
            case version = "CFBundleShortVersionString"
            case build = "CFBundleVersion"
            case backgroundModes = "UIBackgroundModes"
            case minimumFrameRate = "NSMinimumFrameRate"
            case releaseDate = "ReleaseDate"
            case iconHash = "IconHash"
        }
    }

    @Test func readsAnInfoPlistIntoAStruct() throws {
        let data = try Fixtures.data("Examples/Info.plist")
        let info = try PlistDecoder().decode(AppInfo.self, from: data)
        #expect(info.identifier == "org.plistkit.demo-notes")
        #expect(info.version == "2.4.1")
        #expect(info.build == "241")
        #expect(info.backgroundModes == ["fetch", "remote-notification"])
        #expect(info.minimumFrameRate == 29.97)
        #expect(info.releaseDate == ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z"))
        #expect(info.iconHash == Data(base64Encoded: "q83vEjRWeJA="))
        // The same through binary, and the wrong type names its key.
        let binary = try PlistValue(decoding: data).encoded(as: .binary)
        #expect(try PlistDecoder().decode(AppInfo.self, from: binary).build == "241")
        struct Wrong: Decodable {
            var build: Int
            enum CodingKeys: String, CodingKey { case build = "CFBundleVersion" }
        }
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Wrong.self, from: data) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "CFBundleVersion")
        #expect(context.debugDescription == "Expected to decode Int but found a string instead.")
    }

    enum Theme: String, Codable { case light, dark, system }

    struct Preferences: Codable, Equatable {
        var theme = Theme.system
        var fontSize = 13.0
        var recentFiles: [String] = []
        var lastSync: Date?
    }

    @Test func savesAndLoadsPreferences() throws {
        let preferences = Preferences(theme: .dark, fontSize: 15, recentFiles: ["/a.txt"], lastSync: nil)
        var encoder = PlistEncoder()
        encoder.outputFormat = .xml
        encoder.keyOrder = .preserved
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("PlistKit-prefs-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try encoder.encode(preferences).write(to: url, options: .atomic)
        let loaded = try PlistDecoder().decode(Preferences.self, from: Data(contentsOf: url))
        #expect(loaded == preferences)
        let text = try String(contentsOf: url, encoding: .utf8)
        // Declaration order, and no key for the nil date.
        let theme = try #require(text.range(of: "<key>theme</key>"))
        let fontSize = try #require(text.range(of: "<key>fontSize</key>"))
        #expect(theme.lowerBound < fontSize.lowerBound)
        #expect(!text.contains("lastSync"))
        // Foundation reads the file too.
        #expect(try PropertyListDecoder().decode(Preferences.self, from: Data(contentsOf: url)) == preferences)
    }

    struct Note: Codable, Equatable, ArchiveClassNaming {
        static let archiveClassName = "Note"
        var title: String
        var created: Date
        var tags: [String]
        var priority: Int
    }

    /// The Apple-side class of the example (named by the unarchiver's mapping on Linux).
    final class FoundationNote: NSObject, NSSecureCoding {
        static var supportsSecureCoding: Bool { true }
        let title: String, created: Date, tags: [String], priority: Int

        init?(coder: NSCoder) {
            guard let title = coder.decodeObject(of: NSString.self, forKey: "title"),
                  let created = coder.decodeObject(of: NSDate.self, forKey: "created"),
                  let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String]
            else { return nil }
            self.title = title as String
            self.created = created as Date
            self.tags = tags
            self.priority = coder.decodeInteger(forKey: "priority")
        }

        func encode(with coder: NSCoder) {
            coder.encode(title as NSString, forKey: "title")
            coder.encode(created as NSDate, forKey: "created")
            coder.encode(tags as NSArray, forKey: "tags")
            coder.encode(priority, forKey: "priority")
        }
    }

    @Test func archivesAModelThatNSKeyedUnarchiverReads() throws {
        let note = Note(title: "Plan", created: Date(timeIntervalSinceReferenceDate: 12.5), tags: ["a", "b"], priority: 2)
        let data = try ArchiveEncoder().encode(note)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.setClass(FoundationNote.self, forClassName: "Note")
        let read = try #require(unarchiver.decodeObject(of: FoundationNote.self, forKey: NSKeyedArchiveRootObjectKey))
        #expect(read.title == note.title)
        #expect(read.created == note.created)
        #expect(read.tags == note.tags)
        #expect(read.priority == note.priority)
        #expect(try ArchiveDecoder(allowing: [Note.self]).decode(Note.self, from: data) == note)
    }
}
