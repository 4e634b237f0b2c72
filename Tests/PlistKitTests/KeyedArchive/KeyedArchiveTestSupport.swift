import Foundation
import PlistKit
import Synchronization

// MARK: Bytes in and out

/// Bytes to and from `PlistValue` for archive tests.
///
/// Reading uses PlistKit's own readers; writing uses PlistKit's binary writer. Where a test
/// wants to show what Foundation's plist layer makes of the same bytes, it says so.
enum ArchiveBytes {
    /// The property-list value of archive bytes (binary or XML).
    static func value(_ data: Data) throws -> PlistValue {
        try PlistValue(decoding: data)
    }

    /// The archive read from bytes.
    static func archive(_ data: Data) throws -> KeyedArchive {
        try KeyedArchive(value(data))
    }

    /// Binary bytes of a value, for Foundation's unarchiver.
    static func binary(_ value: PlistValue) throws -> Data {
        try value.encoded(as: .binary)
    }
}

// MARK: Foundation's side

/// What Foundation's NSKeyedArchiver writes for `object` under `root`.
func foundationArchive(_ object: Any, secure: Bool = false) throws -> Data {
    try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: secure)
}

/// A user as the issue describes it, an NSSecureCoding class on Foundation's side.
///
/// Foundation on Linux archives a Swift class under its module-qualified name
/// (`PlistKitTests.User`) and ignores `setClassName(_:for:)`, so PlistKit's `UserRecord`
/// reads both that name and the plain `User` that Apple platforms would write with
/// `@objc(User)`; PlistKit writes `User`, which the tests map with `NSKeyedUnarchiver.setClass`.
final class User: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let userName: String
    let age: Int

    init(userName: String, age: Int) {
        self.userName = userName
        self.age = age
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "userName") else { return nil }
        userName = name as String
        age = coder.decodeInteger(forKey: "age")
    }

    func encode(with coder: NSCoder) {
        coder.encode(userName as NSString, forKey: "userName")
        coder.encode(age, forKey: "age")
    }
}

/// A note as the issue describes it, an NSSecureCoding class on Foundation's side.
final class Note: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let date: Date
    let content: String

    init(date: Date, content: String) {
        self.date = date
        self.content = content
    }

    init?(coder: NSCoder) {
        guard let date = coder.decodeObject(of: NSDate.self, forKey: "date"),
              let content = coder.decodeObject(of: NSString.self, forKey: "content") else { return nil }
        self.date = date as Date
        self.content = content as String
    }

    func encode(with coder: NSCoder) {
        coder.encode(date as NSDate, forKey: "date")
        coder.encode(content as NSString, forKey: "content")
    }
}

/// Maps the plain class names PlistKit writes to the test classes, once per process.
let registerFoundationTestClasses: Void = {
    NSKeyedUnarchiver.setClass(User.self, forClassName: "User")
    NSKeyedUnarchiver.setClass(Note.self, forClassName: "Note")
}()

// MARK: PlistKit's side

/// `User` on PlistKit's side.
struct UserRecord: KeyedArchivable, Hashable {
    static let archiveClassNames = ["User", "PlistKitTests.User"]
    var userName: String
    var age: Int

    init(userName: String, age: Int) {
        self.userName = userName
        self.age = age
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        userName = try unarchiver.decodeString(forKey: "userName")
        age = try unarchiver.decodeInteger(forKey: "age")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(userName, forKey: "userName")
        archiver.encode(age, forKey: "age")
    }
}

/// `Note` on PlistKit's side.
struct NoteRecord: KeyedArchivable, Hashable {
    static let archiveClassNames = ["Note", "PlistKitTests.Note"]
    var date: Date
    var content: String

    init(date: Date, content: String) {
        self.date = date
        self.content = content
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        guard let date = try unarchiver.decodeObject(of: Date.self, forKey: "date") else {
            throw KeyedArchiveError(.valueNotFound, "Note has no date")
        }
        self.date = date
        content = try unarchiver.decodeString(forKey: "content")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(date, forKey: "date")
        try archiver.encode(content, forKey: "content")
    }
}

/// A reference type whose instances may be shared or form cycles.
final class Node: KeyedArchivable {
    static let archiveClassNames = ["Node"]
    var name: String
    var next: Node?

    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decodeString(forKey: "name")
        next = try unarchiver.decodeObject(of: Node.self, forKey: "next")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(name, forKey: "name")
        try archiver.encode(next, forKey: "next")
    }
}

/// A type whose initializer counts how often it runs, to prove the allow-list stops decoding
/// before any instance is built.
struct Payload: KeyedArchivable, Hashable {
    static let archiveClassNames = ["Payload"]
    static let initCount = Mutex(0)
    var secret: String

    init(secret: String) { self.secret = secret }

    init(from unarchiver: KeyedUnarchiver) throws {
        Self.initCount.withLock { $0 += 1 }
        secret = try unarchiver.decodeString(forKey: "secret")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(secret, forKey: "secret")
    }
}

/// An archive built by hand from `$objects` and `$top`, for malformed-archive tests.
func handmadeArchive(top: PlistDictionary, objects: [PlistValue]) -> PlistValue {
    [
        "$archiver": "NSKeyedArchiver",
        "$version": 100000,
        "$top": .dictionary(top),
        "$objects": .array(objects),
    ]
}

/// A class dictionary for hand-made archives.
func classDictionary(_ chain: [String]) -> PlistValue {
    ["$classname": .string(chain[0]), "$classes": .array(chain.map(PlistValue.string))]
}
