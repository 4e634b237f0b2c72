import Foundation
import PlistKit
import Testing

/// A user stored in preferences the way apps store an `NSSecureCoding` object: a class
/// conforming to `KeyedArchivable`, archived as `UserRecord` is (under `User`, and reading
/// Foundation on Linux's module-qualified name for the same class).
final class ArchivedUser: KeyedArchivable {
    static let archiveClassNames = UserRecord.archiveClassNames
    let record: UserRecord
    var userName: String { record.userName }
    var age: Int { record.age }

    init(userName: String, age: Int) {
        record = UserRecord(userName: userName, age: age)
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        record = try UserRecord(from: unarchiver)
    }

    func encode(to archiver: KeyedArchiver) throws {
        try record.encode(to: archiver)
    }
}

/// Objects in preferences (keyed archives and Codable values), and domains shared with
/// Foundation's `PropertyListSerialization` and `NSKeyedArchiver`.
@Suite struct PreferencesObjectsTests {
    struct Settings: Codable, Equatable {
        var theme: String
        var fontSize: Double
        var recent: [String]
        var lastOpened: Date
    }

    func domain() throws -> PreferencesDomain {
        try PreferencesStore(directory: try PreferencesScratch.directory().path).domain(named: "com.example.app")
    }

    @Test func archivedUserStoredAndReadBack() throws {
        let domain = try domain()
        try domain.set(archiving: ArchivedUser(userName: "ann", age: 41), forKey: "currentUser")
        let user = try #require(try domain.unarchive(ArchivedUser.self, forKey: "currentUser"))
        #expect(user.userName == "ann")
        #expect(user.age == 41)
        // Stored as keyed-archive data, as NSUserDefaults holds an archived object.
        let archive = try KeyedArchive(decoding: try #require(try domain.data(forKey: "currentUser")))
        #expect(try archive.genericTree(forKey: "root")?["$class"] == "User")
        #expect(try domain.unarchive(ArchivedUser.self, forKey: "missing") == nil)
    }

    @Test func unarchivingChecksTheAllowList() throws {
        let domain = try domain()
        try domain.set(archiving: ["not", "a", "user"], forKey: "list")
        let error = try #require(throws: KeyedArchiveError.self) { try domain.unarchive(ArchivedUser.self, forKey: "list") }
        #expect(error.code == .classNotAllowed)
        try domain.set("text", forKey: "text")
        #expect(throws: KeyedArchiveError.self) { try domain.unarchive(ArchivedUser.self, forKey: "text") }
    }

    @Test func userArchivedByFoundationReadsBackTyped() throws {
        let domain = try domain()
        let data = try NSKeyedArchiver.archivedData(withRootObject: User(userName: "bo", age: 7), requiringSecureCoding: true)
        try domain.set(data, forKey: "user")
        let user = try #require(try domain.unarchive(ArchivedUser.self, forKey: "user"))
        #expect(user.userName == "bo")
        #expect(user.age == 7)
    }

    @Test func codableValueStoredAsAPlistValueAndReadBack() throws {
        let domain = try domain()
        let settings = Settings(theme: "dark", fontSize: 13.5, recent: ["a.txt", "b.txt"], lastOpened: Date(timeIntervalSinceReferenceDate: 86_400))
        try domain.set(encoding: settings, forKey: "settings")
        #expect(try domain.decode(Settings.self, forKey: "settings") == settings)
        #expect(try domain.dictionary(forKey: "settings")?["theme"] == "dark")
        // Apps also store PropertyListEncoder's bytes as data: those decode too.
        try domain.set(try PropertyListEncoder().encode(settings), forKey: "encoded")
        #expect(try domain.decode(Settings.self, forKey: "encoded") == settings)
        #expect(try domain.decode(Settings.self, forKey: "missing") == nil)
        #expect(throws: DecodingError.self) { try domain.decode(Int.self, forKey: "settings") }
    }

    @Test func binaryDomainWrittenByFoundationIsRead() throws {
        let domain = try domain()
        let object: [String: Any] = [
            "name": "Démo", "count": 3, "ratio": 0.25, "enabled": true,
            "when": Date(timeIntervalSinceReferenceDate: 3600), "blob": Data([0, 1, 2]),
            "list": ["x", 1], "nested": ["k": "v"],
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        try bytes.write(to: URL(fileURLWithPath: domain.path))
        #expect(try domain.string(forKey: "name") == "Démo")
        #expect(try domain.integer(forKey: "count") == 3)
        #expect(try domain.double(forKey: "ratio") == 0.25)
        #expect(try domain.bool(forKey: "enabled"))
        #expect(try domain.date(forKey: "when") == Date(timeIntervalSinceReferenceDate: 3600))
        #expect(try domain.data(forKey: "blob") == Data([0, 1, 2]))
        #expect(try domain.array(forKey: "list") == ["x", 1])
        #expect(try domain.dictionary(forKey: "nested") == ["k": "v"])
        #expect(try domain.storedValues().count == 8)
    }

    @Test func domainWrittenByPlistKitIsReadByFoundation() throws {
        let domain = try domain()
        try domain.update { changes in
            changes.set("Démo", forKey: "name")
            changes.set(3, forKey: "count")
            changes.set(0.25, forKey: "ratio")
            changes.set(false, forKey: "enabled")
            changes.set(Date(timeIntervalSinceReferenceDate: 3600), forKey: "when")
            changes.set(Data([9]), forKey: "blob")
            changes.set(["x", ["y": 2]] as PlistValue, forKey: "list")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: domain.path))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object = try #require(try PropertyListSerialization.propertyList(from: bytes, options: [], format: &format) as? [String: Any])
        #expect(format == .binary)
        #expect(object["name"] as? String == "Démo")
        #expect((object["count"] as? NSNumber)?.intValue == 3)
        #expect((object["ratio"] as? NSNumber)?.doubleValue == 0.25)
        #expect(object["enabled"] as? Bool == false)
        #expect(object["when"] as? Date == Date(timeIntervalSinceReferenceDate: 3600))
        #expect(object["blob"] as? Data == Data([9]))
        #expect(((object["list"] as? [Any])?[1] as? [String: Any])?["y"] as? Int == 2)
    }

    @Test func oneKeyOfALargeBinaryDomain() throws {
        let domain = try domain()
        var values = PlistDictionary()
        for i in 0..<10_000 { values["key\(i)"] = .string("value \(i)") }
        try domain.replaceStoredValues(with: values)
        let reader = try PreferencesStore(directory: URL(fileURLWithPath: domain.path).deletingLastPathComponent().path)
            .domain(named: "com.example.app")
        #expect(try reader.string(forKey: "key1234") == "value 1234")
        #expect(try reader.string(forKey: "key10000") == nil)
        #expect(try reader.storedValues().count == 10_000)
    }
}
