import Foundation
import PlistKit
import Testing

/// The examples of Docs/KeyedArchives.md, run as written there.
@Suite struct DocumentationExampleTests {
    struct User: KeyedArchivable, Equatable {
        static let archiveClassNames = ["User"]
        var userName: String
        var age: Int
        var friends: [User]

        init(userName: String, age: Int, friends: [User]) {
            self.userName = userName
            self.age = age
            self.friends = friends
        }

        init(from unarchiver: KeyedUnarchiver) throws {
            userName = try unarchiver.decodeString(forKey: "userName")
            age = try unarchiver.decodeInteger(forKey: "age")
            friends = try unarchiver.decodeArrayOfObjects(ofClass: User.self, forKey: "friends") ?? []
        }

        func encode(to archiver: KeyedArchiver) throws {
            try archiver.encode(userName, forKey: "userName")
            archiver.encode(age, forKey: "age")
            try archiver.encodeArrayOfObjects(friends, forKey: "friends")
        }
    }

    @Test func typedRoundTrip() throws {
        let user = User(userName: "ann", age: 37, friends: [User(userName: "bob", age: 40, friends: [])])
        let data = try KeyedArchiver.archivedData(withRootObject: user)
        let back = try KeyedUnarchiver.unarchivedObject(ofClass: User.self, from: data, additionalTypes: [[User].self])
        #expect(back == user)
        let tree = try KeyedArchive.genericTree(decoding: data)
        #expect(tree["root"]?["userName"] == "ann")
        #expect(tree["root"]?["friends"]?[0]?["$class"] == "User")
    }

    // The documentation's Note is the test support's NoteRecord, archived as class Note.
    @Test func allowListScope() throws {
        let note = NoteRecord(date: Date(timeIntervalSinceReferenceDate: 1_000), content: "hi")
        let noteData = try KeyedArchiver.archivedData(withRootObject: note)
        #expect(try KeyedUnarchiver.unarchivedObject(ofClass: NoteRecord.self, from: noteData) == note)
        let refused = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: User.self, from: noteData)
        }
        #expect(refused.description == "Class 'Note' at $objects[1] is not allowed (allowed: User), reached by key path 'root'.")
    }

    @Test func aFieldOfAnotherClassMessage() throws {
        let hostile: PlistValue = ["$class": "Note", "date": ["$class": "Payload"], "content": "c"]
        let data = try KeyedArchiver.archivedData(withRootObject: hostile)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: NoteRecord.self, from: data)
        }
        #expect(error.description
            == "Class 'Payload' at $objects[2] is unknown: Date reads NSDate and no type is registered for it, reached by key path 'root.date'.")
    }
}
