// Writes the keyed-archive fixtures of this folder with Foundation's NSKeyedArchiver.
//
//   swiftc -O make-fixtures.swift -o /tmp/make-fixtures && /tmp/make-fixtures .
//
// Swift classes archive under their module-qualified name (here `main.User`), because
// Foundation on Linux ignores setClassName(_:for:) when writing.
import Foundation

final class User: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let userName: String
    let age: Int
    init(userName: String, age: Int) { self.userName = userName; self.age = age }
    init?(coder: NSCoder) { return nil }
    func encode(with coder: NSCoder) {
        coder.encode(userName as NSString, forKey: "userName")
        coder.encode(age, forKey: "age")
    }
}

final class Note: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let date: Date
    let content: String
    let author: User
    init(date: Date, content: String, author: User) { self.date = date; self.content = content; self.author = author }
    init?(coder: NSCoder) { return nil }
    func encode(with coder: NSCoder) {
        coder.encode(date as NSDate, forKey: "date")
        coder.encode(content as NSString, forKey: "content")
        coder.encode(author, forKey: "author")
    }
}

func write(_ root: Any, to name: String, format: PropertyListSerialization.PropertyListFormat = .binary) throws {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = format
    archiver.encode(root, forKey: "root")
    archiver.finishEncoding()
    let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
    try archiver.encodedData.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
}

// NSKeyedArchiver writes equal objects once, and NSNumber(true) equals NSNumber(1): no other
// number here is 0 or 1, so that the boolean stays a boolean whatever order the dictionary
// is archived in.
let styled = NSMutableAttributedString(string: "héllo wörld")
styled.addAttribute(NSAttributedString.Key("bold"), value: 7, range: NSRange(location: 0, length: 5))
let builtins: NSDictionary = [
    "array": NSArray(array: ["a", "b"]),
    "mutableArray": NSMutableArray(array: [10, 20]),
    "dictionary": NSDictionary(dictionary: ["k": "v"]),
    "mutableDictionary": NSMutableDictionary(dictionary: ["n": 5]),
    "set": NSSet(array: [3]),
    "mutableSet": NSMutableSet(array: ["s"]),
    "orderedSet": NSOrderedSet(array: [30, 10, 20]),
    "string": NSString(string: "plain"),
    "mutableString": NSMutableString(string: "mutable"),
    "data": NSData(data: Data([0, 1, 2])),
    "mutableData": NSMutableData(data: Data([3, 4])),
    "date": NSDate(timeIntervalSinceReferenceDate: 700_000_000.5),
    "integer": NSNumber(value: -42),
    "real": NSNumber(value: 2.5),
    "boolean": NSNumber(value: true),
    "uuid": NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
    "url": NSURL(string: "https://example.com/a?b=c")!,
    // Inside a dictionary, Foundation on Linux bridges the NSURL through URL and archives it
    // absolute, without its base (archived alone, it keeps NS.base).
    "relativeURL": NSURL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!,
    "null": NSNull(),
    "range": NSValue(range: NSRange(location: 3, length: 4)),
    "point": NSValue(point: NSPoint(x: 1.5, y: -2)),
    "size": NSValue(size: NSSize(width: 3, height: 4)),
    "rect": NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4)),
    "attributedString": styled,
]
try write(builtins, to: "foundation-builtins.bplist")
try write(builtins, to: "foundation-builtins.xml", format: .xml)

let ann = User(userName: "ann", age: 37)
let notes = NSArray(array: [
    Note(date: Date(timeIntervalSinceReferenceDate: 1000), content: "first", author: ann),
    Note(date: Date(timeIntervalSinceReferenceDate: 2000), content: "second", author: ann),
])
try write(notes, to: "foundation-notes.bplist")
