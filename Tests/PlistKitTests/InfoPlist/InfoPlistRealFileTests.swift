import Foundation
import Testing
import PlistKit

/// The real Info.plists of TestData/InfoPlist/real (see its README for each one's origin):
/// processed with the build settings their projects give, as Xcode would build them, each has
/// no error-level finding, and its platforms and kind are the ones MANIFEST.json names.
@Suite struct InfoPlistRealFileTests {
    /// One file of the manifest: where it is, the settings its project gives, and what it is.
    struct Entry: Decodable, CustomTestStringConvertible {
        var file: String
        var settings: [String]
        var define: [String: String]
        var platforms: [String]
        var kind: String
        var testDescription: String { file }
    }

    static let entries: [Entry] = {
        let data = (try? Fixtures.data("InfoPlist/real/MANIFEST.json")) ?? Data()
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }()

    /// The settings of `entry`: its settings files in order, then its definitions.
    static func settings(_ entry: Entry) throws -> BuildSettings {
        var settings = BuildSettings()
        for file in entry.settings {
            let text = String(decoding: try Fixtures.data("InfoPlist/real/\(file)"), as: UTF8.self)
            settings = settings.merging(try BuildSettings(parsing: text))
        }
        return settings.merging(BuildSettings(entry.define))
    }

    @Test func theManifestListsTwentyFilesOfEveryPlatform() {
        #expect(Self.entries.count >= 20)
        let platforms = Set(Self.entries.flatMap(\.platforms))
        #expect(platforms == Set(InfoPlistPlatform.allCases.map(\.rawValue)))
        let kinds = Set(Self.entries.map(\.kind))
        #expect(kinds.isSuperset(of: ["application", "appExtension", "framework"]))
    }

    @Test(arguments: entries)
    func aRealInfoPlistHasNoErrorAndItsPlatformAndKind(entry: Entry) throws {
        var value = try PlistValue(decoding: Fixtures.data("InfoPlist/real/\(entry.file)"))
        let settings = try Self.settings(entry)
        if !entry.settings.isEmpty || !entry.define.isEmpty {
            value = try InfoPlistProcessor(settings: settings).process(value).value
        }
        let findings = try InfoPlistChecker().check(value)
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description))")
        let summary = try InfoPlistSummary(value)
        #expect(summary.platforms.map(\.platform.rawValue) == entry.platforms)
        #expect(summary.kind.rawValue == entry.kind)
    }

    /// The Info.plists of the shared real-world corpus (Sparkle's apps, helpers, frameworks
    /// and test bundles, Foundation's), when it is there: none has an error, taken as they are.
    @Test(arguments: CorpusEntry.all.filter { entry in
        let name = entry.path.split(separator: "/").last ?? ""
        return name == "Info.plist" || name.hasSuffix("-Info.plist")
    }.map(\.path))
    func theCorpussInfoPlistsHaveNoError(path: String) throws {
        let value = try PlistValue(decoding: try Data(contentsOf: try #require(Fixtures.corpus).appendingPathComponent(path)))
        let errors = try InfoPlistChecker().check(value).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description))")
    }

    /// iina and OpenInIINA keep the keys Xcode generates out of their Info.plists: the file
    /// alone lacks its identifier and versions, the file with its settings has them.
    @Test func iinasPartialInfoPlistGetsItsIdentityFromItsSettings() throws {
        let entry = try #require(Self.entries.first { $0.file == "iina/Info.plist" })
        let source = try PlistValue(decoding: Fixtures.data("InfoPlist/real/iina/Info.plist"))
        let alone = try InfoPlistChecker().check(source).filter { $0.severity == .error }.map(\.keyPath.description)
        #expect(alone == ["CFBundleIdentifier", "CFBundleVersion"])
        let built = try InfoPlistProcessor(settings: try Self.settings(entry)).process(source)
        #expect(built.value["CFBundleIdentifier"] == "com.colliderli.iina")
        #expect(built.value["CFBundleVersion"] == "138")
        #expect(built.value["CFBundleShortVersionString"] == "1.3.3")
        #expect(built.value["CFBundleExecutable"] == "IINA")
        #expect(built.value["NSPrincipalClass"] == "NSApplication")
        #expect(built.value["LSMinimumSystemVersion"] == "10.13")
        #expect(built.platform == .macOS)
    }
}
