// Writes the keyed-archive fixtures of TestData/CLI/archives with Foundation's NSKeyedArchiver
// (swift-corelibs-foundation on Linux):
// `swiftc -module-name Demo make.swift -o /tmp/make-archives && /tmp/make-archives DIR`.
// Foundation on Linux names the custom class by its module: `Demo.Person`.
import Foundation

final class Person: NSObject, NSCoding {
    let name: String
    var friends: [Person] = []
    init(name: String) { self.name = name }
    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
    }
    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(friends as NSArray, forKey: "friends")
    }
}

let directory = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")

// Plain Foundation objects only.
let plain: NSDictionary = [
    "title": "Notes", "count": NSNumber(value: 3),
    "tags": NSArray(array: ["a", "b"]),
    "created": NSDate(timeIntervalSinceReferenceDate: 0),
]
let plainArchiver = NSKeyedArchiver(requiringSecureCoding: false)
plainArchiver.outputFormat = .binary
plainArchiver.encode(plain, forKey: NSKeyedArchiveRootObjectKey)
plainArchiver.finishEncoding()
try plainArchiver.encodedData.write(to: directory.appendingPathComponent("plain.archive"))

// A custom class with a shared reference and a cycle: ann's friend bob lists ann.
let ann = Person(name: "Ann"), bob = Person(name: "Bob")
ann.friends = [bob]
bob.friends = [ann]
let archiver = NSKeyedArchiver(requiringSecureCoding: false)
archiver.setClassName("Person", for: Person.self)
archiver.outputFormat = .binary
archiver.encode(ann, forKey: NSKeyedArchiveRootObjectKey)
archiver.finishEncoding()
try archiver.encodedData.write(to: directory.appendingPathComponent("people.archive"))
