// Writes the Foundation-made fixtures of TestData/Codable (see README.md).
//
//   swiftc -module-name PlistKitTests make_fixtures.swift -o /tmp/make_codable_fixtures
//   /tmp/make_codable_fixtures TestData/Codable
//
// The module name matters: Foundation on Linux archives a Swift class under its
// module-qualified name, and the tests' ArchivedNote expects "PlistKitTests.FoundationNote".
import Foundation

struct Person: Codable {
    var name: String
    var age: Int
}

struct Note: Codable {
    var title: String
    var count: Int
    var ratio: Double
    var pinned: Bool
    var created: Date
    var id: UUID
    var link: URL
    var payload: Data
    var tags: [String]
    var scores: [String: Int]
    var author: Person
    var subtitle: String?
}

final class FoundationPerson: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let name: String
    let age: Int
    init(name: String, age: Int) { self.name = name; self.age = age }
    init?(coder: NSCoder) { return nil }
    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(age, forKey: "age")
    }
}

final class FoundationNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let note: Note
    init(_ note: Note) { self.note = note }
    init?(coder: NSCoder) { return nil }
    func encode(with coder: NSCoder) {
        coder.encode(note.title as NSString, forKey: "title")
        coder.encode(note.count, forKey: "count")
        coder.encode(note.ratio, forKey: "ratio")
        coder.encode(note.pinned, forKey: "pinned")
        coder.encode(note.created as NSDate, forKey: "created")
        coder.encode(note.id as NSUUID, forKey: "id")
        coder.encode(note.link as NSURL, forKey: "link")
        coder.encode(note.payload as NSData, forKey: "payload")
        coder.encode(note.tags as NSArray, forKey: "tags")
        coder.encode(note.scores as NSDictionary, forKey: "scores")
        coder.encode(FoundationPerson(name: note.author.name, age: note.author.age), forKey: "author")
        coder.encode(note.subtitle.map { $0 as NSString }, forKey: "subtitle")
    }
}

let note = Note(
    title: "Groceries", count: 3, ratio: 0.25, pinned: true,
    created: Date(timeIntervalSinceReferenceDate: 700_000_000),
    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
    link: URL(string: "https://example.com/notes/1")!,
    payload: Data([0, 1, 2, 250]),
    tags: ["home", "weekly"], scores: ["a": 1, "b": -2],
    author: Person(name: "Ada", age: 36), subtitle: "Saturday")

let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")

let archiver = NSKeyedArchiver(requiringSecureCoding: true)
archiver.encode(FoundationNote(note), forKey: NSKeyedArchiveRootObjectKey)
archiver.finishEncoding()
try archiver.encodedData.write(to: folder.appendingPathComponent("foundation-note.archive"))

let encoder = PropertyListEncoder()
encoder.outputFormat = .xml
try encoder.encode(note).write(to: folder.appendingPathComponent("foundation-note.xml"))
encoder.outputFormat = .binary
try encoder.encode(note).write(to: folder.appendingPathComponent("foundation-note.bplist"))
