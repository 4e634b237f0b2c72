import Foundation
import PlistKit

// A Codable model archived as classes, and NSSecureCoding classes with the same keys, for
// interoperability tests with Foundation's NSKeyedArchiver and NSKeyedUnarchiver.

struct ArchivedPerson: Codable, Equatable, Sendable, ArchiveClassNaming {
    // The names Foundation on Linux archives the NSSecureCoding counterparts under: it ignores
    // NSKeyedArchiver.setClassName(_:for:) (class-wide and per archiver), so the Codable types
    // take the module-qualified names instead.
    static let archiveClassName = "PlistKitTests.FoundationPerson"
    var name: String
    var age: Int
}

struct ArchivedNote: Codable, Equatable, Sendable, ArchiveClassNaming {
    static let archiveClassName = "PlistKitTests.FoundationNote"
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
    var author: ArchivedPerson
    var subtitle: String?

    static let sample = ArchivedNote(
        title: "Groceries", count: 3, ratio: 0.25, pinned: true,
        created: Date(timeIntervalSinceReferenceDate: 700_000_000.5),
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        link: URL(string: "https://example.com/notes/1")!,
        payload: Data([0, 1, 2, 250]),
        tags: ["home", "weekly"], scores: ["a": 1, "b": -2],
        author: ArchivedPerson(name: "Ada", age: 36), subtitle: nil)
}

/// The NSSecureCoding counterpart of ``ArchivedPerson``.
final class FoundationPerson: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let name: String
    let age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name") else { return nil }
        self.name = name as String
        age = coder.decodeInteger(forKey: "age")
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(age, forKey: "age")
    }
}

/// The NSSecureCoding counterpart of ``ArchivedNote``.
final class FoundationNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let title: String
    let count: Int
    let ratio: Double
    let pinned: Bool
    let created: Date
    let id: UUID
    let link: URL
    let payload: Data
    let tags: [String]
    let scores: [String: Int]
    let author: FoundationPerson
    let subtitle: String?

    init(_ note: ArchivedNote) {
        title = note.title
        count = note.count
        ratio = note.ratio
        pinned = note.pinned
        created = note.created
        id = note.id
        link = note.link
        payload = note.payload
        tags = note.tags
        scores = note.scores
        author = FoundationPerson(name: note.author.name, age: note.author.age)
        subtitle = note.subtitle
    }

    init?(coder: NSCoder) {
        guard let title = coder.decodeObject(of: NSString.self, forKey: "title"),
              let created = coder.decodeObject(of: NSDate.self, forKey: "created"),
              let id = coder.decodeObject(of: NSUUID.self, forKey: "id"),
              let link = coder.decodeObject(of: NSURL.self, forKey: "link"),
              let payload = coder.decodeObject(of: NSData.self, forKey: "payload"),
              let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String],
              let scores = coder.decodeObject(of: [NSDictionary.self, NSString.self, NSNumber.self], forKey: "scores") as? [String: Int],
              let author = coder.decodeObject(of: FoundationPerson.self, forKey: "author")
        else { return nil }
        self.title = title as String
        count = coder.decodeInteger(forKey: "count")
        ratio = coder.decodeDouble(forKey: "ratio")
        pinned = coder.decodeBool(forKey: "pinned")
        self.created = created as Date
        self.id = id as UUID
        self.link = link as URL
        self.payload = payload as Data
        self.tags = tags
        self.scores = scores
        self.author = author
        subtitle = coder.decodeObject(of: NSString.self, forKey: "subtitle") as String?
    }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "title")
        coder.encode(count, forKey: "count")
        coder.encode(ratio, forKey: "ratio")
        coder.encode(pinned, forKey: "pinned")
        coder.encode(created as NSDate, forKey: "created")
        coder.encode(id as NSUUID, forKey: "id")
        coder.encode(link as NSURL, forKey: "link")
        coder.encode(payload as NSData, forKey: "payload")
        coder.encode(tags as NSArray, forKey: "tags")
        coder.encode(scores as NSDictionary, forKey: "scores")
        coder.encode(author, forKey: "author")
        coder.encode(subtitle.map { $0 as NSString }, forKey: "subtitle")
    }

    var model: ArchivedNote {
        ArchivedNote(
            title: title, count: count, ratio: ratio, pinned: pinned, created: created, id: id, link: link,
            payload: payload, tags: tags, scores: scores, author: ArchivedPerson(name: author.name, age: author.age),
            subtitle: subtitle)
    }
}
