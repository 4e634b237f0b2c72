import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// A record with one string field, archived where a type asks for more.
private struct Badge: KeyedArchivable, Codable, Equatable {
    static let archiveClassNames = ["PKBadge"]
    var label: String

    init(label: String) { self.label = label }

    init(from unarchiver: KeyedUnarchiver) throws {
        label = try unarchiver.decodeString(forKey: "label")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(label, forKey: "label")
    }
}

/// The same class name read by a type that also wants a `level`, which the archive lacks.
private struct LeveledBadge: KeyedArchivable {
    static let archiveClassNames = ["PKBadge"]
    var label: String
    var level: String

    init(from unarchiver: KeyedUnarchiver) throws {
        label = try unarchiver.decodeString(forKey: "label")
        level = try unarchiver.decodeString(forKey: "level")
    }

    func encode(to archiver: KeyedArchiver) throws {}
}

/// Archiving errors carry the `CocoaError` codes Foundation's archivers report, so code ported
/// from Apple that checks `coderReadCorrupt` (4864) or `coderValueNotFound` (4865) finds them,
/// whether it catches `KeyedArchiveError`, `NSError` or `CocoaError`, and from the Codable
/// `ArchiveDecoder` too.
@Suite struct KeyedArchiveCocoaErrorTests {
    static let badgeArchive = Result { try KeyedArchiver.archivedData(withRootObject: Badge(label: "gold")) }

    @Test func missingKeyIsValueNotFoundAsInFoundation() throws {
        let data = try Self.badgeArchive.get()
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: LeveledBadge.self, from: data)
        }
        #expect(error.code == .valueNotFound)
        #expect(error.cocoaErrorCode == 4865)
        #expect(error.cocoaError.code == .coderValueNotFound)
        // Foundation's unarchiver, asked for a key its archive lacks, reports the same code.
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: try foundationArchive(NSString(string: "x"), secure: true))
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        #expect(unarchiver.decodeObject(of: NSString.self, forKey: "level") == nil)
        let theirs = try #require(unarchiver.error as? NSError)
        let ours = error as NSError
        #expect(ours.domain == theirs.domain)
        #expect(ours.code == theirs.code)
        #expect((ours.userInfo[NSDebugDescriptionErrorKey] as? String)?.contains("'level'") == true)
    }

    @Test func disallowedClassIsReadCorruptNamingTheClass() throws {
        let data = try Self.badgeArchive.get()
        let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: ["NSString"])
        let error = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Badge.self, forKey: "root") }
        #expect(error.code == .classNotAllowed)
        // (Foundation on Linux traps on a disallowed class; 4864 is what Apple's reports.)
        #expect(error.cocoaError.code == .coderReadCorrupt)
        let bridged = error as NSError
        #expect(bridged.domain == NSCocoaErrorDomain)
        #expect(bridged.code == CocoaError.Code.coderReadCorrupt.rawValue)
        #expect((bridged.userInfo[NSDebugDescriptionErrorKey] as? String)?.contains("'PKBadge'") == true)
        #expect(error.cocoaError.userInfo[NSDebugDescriptionErrorKey] as? String == error.description)
    }

    @Test func corruptAndUnreadableArchivesAreReadCorrupt() throws {
        let wrongVersion = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", "x"])
        var dictionary = try #require(wrongVersion.dictionary)
        dictionary["$version"] = 5
        let corrupt = try #require(throws: KeyedArchiveError.self) { try KeyedArchive(PlistValue.dictionary(dictionary)) }
        #expect(corrupt.code == .corruptArchive)
        #expect((corrupt as NSError).code == 4864)
        let unreadable = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(decoding: Data("not an archive <".utf8), allowedClassNames: [])
        }
        #expect(unreadable.cocoaError.code == .coderReadCorrupt)
    }

    @Test func archiveDecoderErrorsBridgeToTheSameCodes() throws {
        struct LeveledBadgeModel: Decodable, ArchiveClassNaming {
            static let archiveClassName = "PKBadge"
            var label: String
            var level: String
        }
        let data = try Self.badgeArchive.get()
        let missing = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: ["PKBadge"]).decode(LeveledBadgeModel.self, from: data)
        }
        guard case .keyNotFound = missing else { Issue.record("got \(missing)"); return }
        #expect((missing as NSError).code == CocoaError.Code.coderValueNotFound.rawValue)
        let refused = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: []).decode(LeveledBadgeModel.self, from: data)
        }
        guard case .dataCorrupted(let context) = refused else { Issue.record("got \(refused)"); return }
        #expect((refused as NSError).code == CocoaError.Code.coderReadCorrupt.rawValue)
        let underlying = try #require(context.underlyingError as? KeyedArchiveError)
        #expect(underlying.cocoaError.code == .coderReadCorrupt)
        #expect(underlying.description.contains("'PKBadge'"))
    }

    @Test func archivingErrorIsInvalidValue() {
        let error = KeyedArchiveError(.invalidValue, "The key 'a' is encoded twice")
        #expect(error.cocoaError.code == .coderInvalidValue)
    }
}
