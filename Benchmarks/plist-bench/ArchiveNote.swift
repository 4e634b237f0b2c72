import Foundation
import PlistKit

/// The custom class of the keyed-archive operations, on PlistKit's side: archived as `Note`
/// with a string, an integer, a real, a date and an array of strings.
struct ArchiveNote: KeyedArchivable {
    static let archiveClassNames = ["Note"]
    var title: String
    var count: Int
    var score: Double
    var created: Date
    var tags: [String]

    init(title: String, count: Int, score: Double, created: Date, tags: [String]) {
        self.title = title
        self.count = count
        self.score = score
        self.created = created
        self.tags = tags
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        title = try unarchiver.decodeString(forKey: "title")
        count = try unarchiver.decodeInteger(forKey: "count")
        score = try unarchiver.decodeDouble(forKey: "score")
        created = try unarchiver.decodeObject(of: Date.self, forKey: "created") ?? Date(timeIntervalSinceReferenceDate: 0)
        tags = try unarchiver.decodeObject(of: [String].self, forKey: "tags") ?? []
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(title, forKey: "title")
        archiver.encode(count, forKey: "count")
        archiver.encode(score, forKey: "score")
        try archiver.encode(created, forKey: "created")
        try archiver.encode(tags, forKey: "tags")
    }

    /// `count` notes from a fixed seed; tags come from a small pool, as real tags do.
    static func make(count: Int) -> [ArchiveNote] {
        var random = SplitMix64(seed: 0x4E07E)
        let pool = ["work", "home", "idea", "todo", "café", "日記", "urgent", "later"]
        return (0..<count).map { index in
            ArchiveNote(
                title: "Note \(index): \(random.pick(pool)) \(random.next() % 10_000)",
                count: Int(random.next() % 1_000),
                score: Double(random.next() % 10_000) / 100,
                created: Date(timeIntervalSinceReferenceDate: Double(random.next() % 700_000_000)),
                tags: [random.pick(pool), random.pick(pool)])
        }
    }
}

/// The same class on Foundation's side, an NSSecureCoding NSObject subclass. Foundation on
/// Linux archives it under its module-qualified name; reading PlistKit's `Note` objects needs
/// `NSKeyedUnarchiver.setClass(_:forClassName:)`.
final class FoundationNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let title: String
    let count: Int
    let score: Double
    let created: Date
    let tags: [String]

    init(_ note: ArchiveNote) {
        title = note.title
        count = note.count
        score = note.score
        created = note.created
        tags = note.tags
    }

    init?(coder: NSCoder) {
        guard let title = coder.decodeObject(of: NSString.self, forKey: "title"),
              let created = coder.decodeObject(of: NSDate.self, forKey: "created"),
              let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String]
        else { return nil }
        self.title = title as String
        self.count = coder.decodeInteger(forKey: "count")
        self.score = coder.decodeDouble(forKey: "score")
        self.created = created as Date
        self.tags = tags
    }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "title")
        coder.encode(count, forKey: "count")
        coder.encode(score, forKey: "score")
        coder.encode(created as NSDate, forKey: "created")
        coder.encode(tags as NSArray, forKey: "tags")
    }
}
