import Foundation
import PlistKit

/// The class of the size ladder's small keyed archive, on PlistKit's side: one `User`
/// (a name, an e-mail address, numbers, a date, tags and a small avatar digest), about 1 KB
/// as a binary archive, as an application keeps a signed-in user.
struct ArchiveUser: KeyedArchivable {
    static let archiveClassNames = ["User"]
    var userName: String
    var email: String
    var age: Int
    var rating: Double
    var isVerified: Bool
    var joined: Date
    var tags: [String]
    var avatarDigest: Data

    init(from unarchiver: KeyedUnarchiver) throws {
        userName = try unarchiver.decodeString(forKey: "userName")
        email = try unarchiver.decodeString(forKey: "email")
        age = try unarchiver.decodeInteger(forKey: "age")
        rating = try unarchiver.decodeDouble(forKey: "rating")
        isVerified = try unarchiver.decodeBool(forKey: "isVerified")
        joined = try unarchiver.decodeObject(of: Date.self, forKey: "joined") ?? Date(timeIntervalSinceReferenceDate: 0)
        tags = try unarchiver.decodeObject(of: [String].self, forKey: "tags") ?? []
        avatarDigest = try unarchiver.decodeObject(of: Data.self, forKey: "avatarDigest") ?? Data()
    }

    init(userName: String, email: String, age: Int, rating: Double, isVerified: Bool, joined: Date, tags: [String], avatarDigest: Data) {
        self.userName = userName
        self.email = email
        self.age = age
        self.rating = rating
        self.isVerified = isVerified
        self.joined = joined
        self.tags = tags
        self.avatarDigest = avatarDigest
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(userName, forKey: "userName")
        try archiver.encode(email, forKey: "email")
        archiver.encode(age, forKey: "age")
        archiver.encode(rating, forKey: "rating")
        archiver.encode(isVerified, forKey: "isVerified")
        try archiver.encode(joined, forKey: "joined")
        try archiver.encode(tags, forKey: "tags")
        try archiver.encode(avatarDigest, forKey: "avatarDigest")
    }

    /// The one user every run archives.
    static let sample = ArchiveUser(
        userName: "Zoë Martín-Okafor", email: "zoe.martin-okafor@example.org", age: 34, rating: 4.75,
        isVerified: true, joined: Date(timeIntervalSinceReferenceDate: 700_000_000),
        tags: ["early adopter", "beta", "café lover", "東京", "photography", "notes", "sync", "family sharing"],
        avatarDigest: Data((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))

    /// A checksum both unarchivers must agree on.
    var checksum: UInt64 {
        UInt64(userName.utf8.count + email.utf8.count + age + tags.count + avatarDigest.count) &+ (isVerified ? 1 : 0)
    }
}

/// The same class on Foundation's side. Foundation on Linux archives it under its
/// module-qualified name; reading PlistKit's `User` needs `NSKeyedUnarchiver.setClass`.
final class FoundationUser: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let user: ArchiveUser

    init(_ user: ArchiveUser) { self.user = user }

    init?(coder: NSCoder) {
        guard let userName = coder.decodeObject(of: NSString.self, forKey: "userName"),
              let email = coder.decodeObject(of: NSString.self, forKey: "email"),
              let joined = coder.decodeObject(of: NSDate.self, forKey: "joined"),
              let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String],
              let avatarDigest = coder.decodeObject(of: NSData.self, forKey: "avatarDigest")
        else { return nil }
        user = ArchiveUser(
            userName: userName as String, email: email as String, age: coder.decodeInteger(forKey: "age"),
            rating: coder.decodeDouble(forKey: "rating"), isVerified: coder.decodeBool(forKey: "isVerified"),
            joined: joined as Date, tags: tags, avatarDigest: avatarDigest as Data)
    }

    func encode(with coder: NSCoder) {
        coder.encode(user.userName as NSString, forKey: "userName")
        coder.encode(user.email as NSString, forKey: "email")
        coder.encode(user.age, forKey: "age")
        coder.encode(user.rating, forKey: "rating")
        coder.encode(user.isVerified, forKey: "isVerified")
        coder.encode(user.joined as NSDate, forKey: "joined")
        coder.encode(user.tags as NSArray, forKey: "tags")
        coder.encode(user.avatarDigest as NSData, forKey: "avatarDigest")
    }
}
