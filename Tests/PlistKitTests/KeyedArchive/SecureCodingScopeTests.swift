import Foundation
import PlistKit
import PlistKitFoundation
import Testing

/// A record whose initializer reads one field as a property-list tree, the way
/// `decodePropertyList(forKey:)` does on Apple's side.
private struct TreeRecord: KeyedArchivable {
    static let archiveClassNames = ["TreeRecord"]
    var values: PlistValue?

    init(values: PlistValue?) { self.values = values }

    init(from unarchiver: KeyedUnarchiver) throws {
        values = try unarchiver.decodeObject(of: PlistValue.self, forKey: "values")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(values, forKey: "values")
    }
}

/// Secure coding as Apple scopes it (issue 22 item 6): the list the caller gives covers the
/// root; a type's initializer names what it decodes inside, and that call allows it.
/// Foundation's NSKeyedUnarchiver is the reference where it gets the answer right; it is not
/// run on archives it must refuse, since on Linux it may trap on a disallowed class.
@Suite struct SecureCodingScopeTests {
    init() { _ = registerFoundationTestClasses }

    @Test func aNoteDecodesWithOnlyItsOwnClassAllowed() throws {
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
        let data = try foundationArchive(Note(date: date, content: "hello"), secure: true)
        // Foundation: `Note`'s init(coder:) asks for NSDate, so the caller lists only Note.
        let theirs = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: Note.self, from: data))
        let ours = try KeyedUnarchiver.unarchivedObject(ofClass: NoteRecord.self, from: data)
        #expect(ours.date == theirs.date)
        #expect(ours.content == theirs.content)
        #expect(ours == NoteRecord(date: date, content: "hello"))
    }

    @Test func aUserDecodesWithOnlyItsOwnClassAllowed() throws {
        let data = try foundationArchive(User(userName: "ann", age: 41), secure: true)
        let theirs = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: User.self, from: data))
        let ours = try KeyedUnarchiver.unarchivedObject(ofClass: UserRecord.self, from: data)
        #expect(ours == UserRecord(userName: theirs.userName, age: theirs.age))
    }

    @Test func theRootStillAnswersToTheCallersList() throws {
        let data = try foundationArchive(Note(date: Date(timeIntervalSinceReferenceDate: 0), content: "x"), secure: true)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: UserRecord.self, from: data)
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "PlistKitTests.Note")
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root"])
    }

    @Test func aFieldHoldingAnotherClassIsRefusedWithItsIndex() throws {
        // Hostile: Note's `date` refers to an object of a class Date does not read. Foundation
        // would refuse it too (on Apple platforms, 4864); it is not run here.
        let note: PlistValue = ["$class": "Note", "date": ["$class": "Payload", "secret": "s"], "content": "c"]
        let archiver = KeyedArchiver()
        try archiver.encode(note, forKey: "root")
        let data = try archiver.encodedData()
        let archive = try KeyedArchive(decoding: data)
        let payload = try #require(archive.objects.firstIndex {
            if case .instance(let instance) = $0 { instance.className == "Payload" } else { false }
        })
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: NoteRecord.self, from: data, additionalTypes: [Payload.self])
        }
        #expect(error.code == .classUnknown)
        #expect(error.className == "Payload")
        #expect(error.objectIndex == payload)
        #expect(error.keyPath == ["root", "date"])
        #expect(error.cocoaError.code == .coderReadCorrupt)
    }

    @Test func aPlistValueAtTheRootReadsPropertyListContainers() throws {
        let root: NSDictionary = [
            "names": ["a", "b"] as NSArray, "count": 3 as NSNumber,
            "when": NSDate(timeIntervalSinceReferenceDate: 86_400), "bytes": Data([1, 2]) as NSData,
            "nested": ["x": [1.5] as NSArray] as NSDictionary,
        ]
        let data = try foundationArchive(root, secure: true)
        let plistClasses: [AnyClass] = [NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self]
        let theirs = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClasses: plistClasses, from: data) as? NSDictionary)
        #expect(theirs == root)
        let ours = try KeyedUnarchiver.unarchivedObject(ofClass: PlistValue.self, from: data)
        #expect(ours["names"] == ["a", "b"])
        #expect(ours["count"] == 3)
        #expect(ours["when"] == .date(Date(timeIntervalSinceReferenceDate: 86_400)))
        #expect(ours["bytes"] == .data(Data([1, 2])))
        #expect(ours["nested"]?["x"] == [1.5])
    }

    @Test func aPlistValueAtTheRootRefusesOtherClasses() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: [UserRecord(userName: "a", age: 1)])
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: PlistValue.self, from: data)
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "User")
        #expect(error.keyPath == ["root", "NS.objects[0]"])
    }

    @Test func aPlistValueAskedForInsideAllowsThePropertyListClasses() throws {
        let plain = try KeyedArchiver.archivedData(
            withRootObject: TreeRecord(values: ["recent": [.date(Date(timeIntervalSinceReferenceDate: 5))], "size": 12]))
        let settings = try KeyedUnarchiver.unarchivedObject(ofClass: TreeRecord.self, from: plain)
        #expect(settings.values?["recent"] == [.date(Date(timeIntervalSinceReferenceDate: 5))])
        // Another class is refused inside the tree, unless the caller lists it.
        let hostile = try KeyedArchiver.archivedData(
            withRootObject: TreeRecord(values: ["who": ["$class": "User", "userName": "a", "age": 1]]))
        let archive = try KeyedArchive(decoding: hostile)
        let user = try #require(archive.objects.firstIndex {
            if case .instance(let instance) = $0 { instance.className == "User" } else { false }
        })
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: TreeRecord.self, from: hostile)
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.objectIndex == user)
        #expect(error.keyPath == ["root", "values", "NS.objects[0]"])
        let listed = try KeyedUnarchiver.unarchivedObject(ofClass: TreeRecord.self, from: hostile, additionalTypes: [UserRecord.self])
        #expect(listed.values?["who"]?["userName"] == "a")
    }

    @Test func untypedDecodesInsideAnswerToTheCallersList() throws {
        // A generic object names no classes, so the caller's list decides, wherever it is.
        let data = try KeyedArchiver.archivedData(withRootObject: [ArchiveGenericObject(className: "Payload", fields: ["secret": "s"])])
        let refused = try KeyedUnarchiver(decoding: data, allowedClassNames: ["NSArray"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try refused.decodeArrayOfObjects(ofClass: ArchiveGenericObject.self, forKey: "root")
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "Payload")
        #expect(error.keyPath == ["root", "NS.objects[0]"])
        let allowed = try KeyedUnarchiver(decoding: data, allowedClassNames: ["NSArray", "Payload"])
        #expect(try allowed.decodeArrayOfObjects(ofClass: ArchiveGenericObject.self, forKey: "root")?.first?.fields["secret"] == "s")
    }
}

/// A class mapping picks the type for a class name, but only among the types a decode asks
/// for: inside the root it allows nothing else.
@Suite struct SecureCodingRegistryScopeTests {
    @Test func aMappingDoesNotAllowATypeTheDecodeDidNotAskFor() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: [UserRecord(userName: "u", age: 2)])
        let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: ["NSArray"])
        unarchiver.setClass(UserRecord.self, forClassName: "User")
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeArrayOfObjects(ofClasses: [Date.self, String.self], forKey: "root")
        }
        #expect(error.code == .typeMismatch)
        #expect(error.className == "User")
        #expect(error.objectIndex == 2)
        #expect(try unarchiver.decodeArrayOfObjects(ofClasses: [Date.self, UserRecord.self], forKey: "root")?.first as? UserRecord
            == UserRecord(userName: "u", age: 2))
    }
}

/// A tree shared between a decode inside (which also allows the property-list classes) and a
/// decode at the root (the caller's list alone) is checked at each, not handed out again.
@Suite struct SecureCodingSharedTreeTests {
    @Test func aSharedTreeIsCheckedWhereverItIsAskedFor() throws {
        let shared: PlistValue = ["list": [1, 2]]
        let archiver = KeyedArchiver()
        try archiver.encode(TreeRecord(values: shared), forKey: "holder")
        let written = try KeyedArchive(archiver.archiveValue)
        guard case .uid(let holder)? = written.top["holder"], case .instance(let record) = written.objects[Int(holder)],
              let values = record.reference(forKey: "values") else {
            Issue.record("The record has no reference to its values")
            return
        }
        // `plain` refers to the very dictionary the record holds.
        var top = written.top
        top["plain"] = .uid(UInt32(values))
        let archive = try KeyedArchive(handmadeArchive(top: top, objects: try #require(archiver.archiveValue["$objects"]?.array)))
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["TreeRecord", "NSDictionary"])
        #expect(try unarchiver.decodeObject(of: TreeRecord.self, forKey: "holder")?.values == shared)
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeObject(of: PlistValue.self, forKey: "plain")
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "NSArray")
        #expect(error.keyPath == ["plain", "NS.objects[0]"])
    }
}
