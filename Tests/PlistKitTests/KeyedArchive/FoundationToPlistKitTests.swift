import Foundation
import PlistKit
import Testing

/// Archives Foundation's NSKeyedArchiver writes on this machine decode with PlistKit to the
/// same values, typed and generically.
@Suite struct FoundationToPlistKitTests {
    /// Decodes the root of a Foundation archive as `T`, allowing every class (these archives
    /// are trusted; the allow-list has its own suite).
    func decode<T: KeyedArchivable>(_ type: T.Type, _ object: Any) throws -> T? {
        let data = try foundationArchive(object)
        let unarchiver = KeyedUnarchiver(archive: try ArchiveBytes.archive(data), allowedClassNames: nil)
        return try unarchiver.decodeObject(of: type, forKey: "root")
    }

    func tree(_ object: Any) throws -> PlistValue? {
        try ArchiveBytes.archive(try foundationArchive(object)).genericTree(forKey: "root")
    }

    @Test func arraysOfStringsAndNumbers() throws {
        #expect(try decode([String].self, NSArray(array: ["a", "b", "a"])) == ["a", "b", "a"])
        #expect(try decode([Int].self, NSMutableArray(array: [1, 2, 3])) == [1, 2, 3])
        // Foundation uniques equal NSNumbers, and NSNumber(true) equals NSNumber(1), so the
        // boolean is archived as the integer written before it: what PlistKit reads is right.
        #expect(try tree(NSArray(array: ["a", 1, 2.5, true])) == ["a", 1, 2.5, 1])
        #expect(try tree(NSArray(array: ["a", 2.5, true])) == ["a", 2.5, true])
        // Typed, each reads as NSNumber would: the uniqued 1 is `true` as a Bool, and a
        // uniqued `true` is 1 as an Int.
        #expect(try decode([Bool].self, NSArray(array: [1, true, false])) == [true, true, false])
        #expect(try decode([Int].self, NSArray(array: [true, 1, 0])) == [1, 1, 0])
        #expect(try decode([Double].self, NSArray(array: [true, 1.5])) == [1, 1.5])
    }

    @Test func dictionaries() throws {
        let plain = NSDictionary(dictionary: ["one": 1, "two": 2])
        #expect(try decode([String: Int].self, plain) == ["one": 1, "two": 2])
        let mutable = NSMutableDictionary(dictionary: ["k": "v"])
        #expect(try decode([String: String].self, mutable) == ["k": "v"])
        #expect(try tree(plain) == ["one": 1, "two": 2])
        // Integer keys: not a plain dictionary, so the generic tree keeps entries.
        let numeric = try #require(try tree(NSDictionary(dictionary: [1: "x"])))
        #expect(numeric["$class"] == "NSDictionary")
        #expect(numeric["$entries"] == [["key": 1, "value": "x"]])
        #expect(try decode([Int: String].self, NSDictionary(dictionary: [1: "x"])) == [1: "x"])
    }

    @Test func sets() throws {
        #expect(try decode(Set<Int>.self, NSSet(array: [1, 2, 3])) == [1, 2, 3])
        #expect(try decode(Set<String>.self, NSMutableSet(array: ["x"])) == ["x"])
    }

    @Test func orderedSets() throws {
        let ordered = try decode(ArchiveOrderedSet<Int>.self, NSOrderedSet(array: [3, 1, 2]))
        #expect(ordered?.elements == [3, 1, 2])
        let mutable = try decode(ArchiveOrderedSet<String>.self, NSMutableOrderedSet(array: ["b", "a"]))
        #expect(mutable?.elements == ["b", "a"])
        #expect(try tree(NSOrderedSet(array: [3, 1, 2])) == [3, 1, 2])
    }

    @Test func stringsDataDatesAndNumbers() throws {
        #expect(try decode(String.self, NSString(string: "héllo")) == "héllo")
        #expect(try decode(String.self, NSMutableString(string: "mutable")) == "mutable")
        #expect(try decode(Data.self, NSData(data: Data([1, 2, 3]))) == Data([1, 2, 3]))
        #expect(try decode(Data.self, NSMutableData(data: Data([9, 8]))) == Data([9, 8]))
        let date = Date(timeIntervalSinceReferenceDate: 12345.678)
        #expect(try decode(Date.self, NSDate(timeIntervalSinceReferenceDate: 12345.678)) == date)
        #expect(try decode(Int.self, NSNumber(value: 42)) == 42)
        #expect(try decode(Int64.self, NSNumber(value: Int64.min)) == Int64.min)
        #expect(try decode(Double.self, NSNumber(value: 4.5)) == 4.5)
        #expect(try decode(Bool.self, NSNumber(value: true)) == true)
        #expect(try decode(PlistValue.self, NSNumber(value: UInt64.max)) == .integer(PlistInteger(UInt64.max)))
        #expect(try tree(NSMutableData(data: Data([9, 8]))) == .data(Data([9, 8])))
        #expect(try tree(NSDate(timeIntervalSinceReferenceDate: 12345.678)) == .date(date))
    }

    @Test func uuidsAndURLs() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(try decode(UUID.self, uuid as NSUUID) == uuid)
        #expect(try tree(uuid as NSUUID) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        let absolute = URL(string: "https://example.com/a?b=c")!
        #expect(try decode(URL.self, absolute as NSURL)?.absoluteString == absolute.absoluteString)
        let relative = NSURL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!
        let decoded = try #require(try decode(URL.self, relative))
        #expect(decoded.absoluteString == "https://example.com/a/b/c")
        #expect(decoded.relativeString == "b/c")
        #expect(try tree(relative) == "https://example.com/a/b/c")
    }

    @Test func nullAndValues() throws {
        #expect(try decode(ArchiveNull.self, NSNull()) == ArchiveNull())
        #expect(try tree(NSNull()) == ["$class": "NSNull"])
        #expect(try decode(ArchiveRange.self, NSValue(range: NSRange(location: 3, length: 4)))
            == ArchiveRange(location: 3, length: 4))
        #expect(try decode(ArchivePoint.self, NSValue(point: NSPoint(x: 1.5, y: -2))) == ArchivePoint(x: 1.5, y: -2))
        #expect(try decode(ArchiveSize.self, NSValue(size: NSSize(width: 3, height: 4))) == ArchiveSize(width: 3, height: 4))
        #expect(try decode(ArchiveRect.self, NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4)))
            == ArchiveRect(x: 1, y: 2, width: 3, height: 4))
        #expect(try tree(NSValue(range: NSRange(location: 3, length: 4))) == ["location": 3, "length": 4])
        #expect(try tree(NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4)))
            == ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0])
        // A point where a range is asked for is a type mismatch, not a wrong value.
        #expect(throws: KeyedArchiveError.self) {
            try decode(ArchiveRange.self, NSValue(point: NSPoint(x: 1, y: 2)))
        }
    }

    @Test func attributedStrings() throws {
        let single = NSAttributedString(string: "hello", attributes: [NSAttributedString.Key("k"): "v"])
        let decoded = try #require(try decode(ArchiveAttributedString.self, single))
        #expect(decoded.string == "hello")
        #expect(decoded.runs == [.init(location: 0, length: 5, attributes: ["k": "v"])])

        let mutable = NSMutableAttributedString(string: "héllo wörld")
        mutable.addAttribute(NSAttributedString.Key("bold"), value: 1, range: NSRange(location: 0, length: 5))
        let runs = try #require(try decode(ArchiveAttributedString.self, mutable)).runs
        #expect(runs == [
            .init(location: 0, length: 5, attributes: ["bold": 1]),
            .init(location: 5, length: 6, attributes: [:]),
        ])
        let tree = try #require(try tree(mutable))
        #expect(tree["string"] == "héllo wörld")
        #expect(tree["runs"]?[0]?["attributes"] == ["bold": 1])
    }

    /// Foundation on Linux writes a single-run attributed string the way Apple does (one
    /// dictionary, no `NSAttributeInfo`) but its own decoder then asks for `NSAttributeInfo`
    /// and fails; PlistKit reads the archive. (PlistKit writes the general form, which both read.)
    @Test func singleRunAttributedStringThatFoundationCannotReadBack() throws {
        let data = try foundationArchive(NSAttributedString(string: "hi", attributes: [NSAttributedString.Key("k"): "v"]))
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSAttributedString.self, NSDictionary.self, NSString.self], from: data)
        }
        let unarchiver = KeyedUnarchiver(archive: try ArchiveBytes.archive(data), allowedClassNames: ["NSAttributedString", "NSDictionary"])
        let decoded = try unarchiver.decodeObject(of: ArchiveAttributedString.self, forKey: "root")
        #expect(decoded == ArchiveAttributedString(string: "hi", runs: [.init(location: 0, length: 2, attributes: ["k": "v"])]))
    }

    @Test func customSecureCodingClasses() throws {
        let user = User(userName: "ann", age: 37)
        #expect(try decode(UserRecord.self, user) == UserRecord(userName: "ann", age: 37))
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        let note = Note(date: date, content: "buy milk")
        #expect(try decode(NoteRecord.self, note) == NoteRecord(date: date, content: "buy milk"))
        let tree = try #require(try tree(user))
        #expect(tree == ["$class": "PlistKitTests.User", "userName": "ann", "age": 37])
    }

    @Test func nestedCollectionsOfCustomClasses() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        let graph: NSDictionary = [
            "users": [User(userName: "a", age: 1), User(userName: "b", age: 2)],
            "notes": ["today": [Note(date: date, content: "x")]],
            "tags": NSSet(array: ["t"]),
        ]
        let data = try foundationArchive(graph)
        let unarchiver = KeyedUnarchiver(
            archive: try ArchiveBytes.archive(data),
            allowedClassNames: ["NSDictionary", "NSArray", "NSSet", "NSDate", "PlistKitTests.User", "PlistKitTests.Note"])
        let value = try #require(try unarchiver.decodeObject(of: PlistValue.self, forKey: "root"))
        #expect(value["users"]?[1]?["userName"] == "b")
        #expect(value["notes"]?["today"]?[0]?["date"] == .date(date))
        #expect(value["tags"] == ["t"])

        // Homogeneous nesting decodes typed, with the allow-list naming each class involved.
        let byTeam: NSDictionary = ["red": [User(userName: "a", age: 1)], "blue": [User(userName: "b", age: 2)]]
        let typed = KeyedUnarchiver(
            archive: try ArchiveBytes.archive(try foundationArchive(byTeam)),
            allowedClassNames: ["NSDictionary", "NSArray", "PlistKitTests.User"])
        let teams = try typed.decodeDictionary(withKeysOfClass: String.self, objectsOfClass: [UserRecord].self, forKey: "root")
        #expect(teams == ["red": [UserRecord(userName: "a", age: 1)], "blue": [UserRecord(userName: "b", age: 2)]])
    }

    @Test func sharedObjectsDecodeOnce() throws {
        // Foundation archives one NSString once even when two arrays hold it.
        let inner = NSMutableArray(array: ["x"])
        let outer = NSArray(array: [inner, inner])
        let archive = try ArchiveBytes.archive(try foundationArchive(outer))
        guard case .instance(let root)? = archive.rootObject, case .array(let refs)? = root[field: "NS.objects"] else {
            Issue.record("The root is not an array object")
            return
        }
        #expect(refs[0] == refs[1])
        // The generic tree shows the shared array, a value, at both places; past a budget of
        // values it marks repeats instead.
        let tree = try #require(try archive.genericTree(forKey: "root"))
        #expect(tree == [["x"], ["x"]])
        let bounded = try archive.genericTree(forKey: "root", options: GenericTreeOptions(maximumExpandedValues: 3))
        #expect(bounded == [["x"], ["$ref": .integer(PlistInteger(Int64(try #require(refs[1].uid))))]])
        let decoded = try KeyedUnarchiver(archive: archive, allowedClassNames: nil).decodeObject(of: [[String]].self, forKey: "root")
        #expect(decoded == [["x"], ["x"]])
    }
}
