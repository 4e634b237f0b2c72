import Foundation
import PlistKit
import Testing

/// The archives in `TestData/KeyedArchive`, written by Foundation's NSKeyedArchiver with
/// `make-fixtures.swift` (see the folder's README), decode to the values the script put in.
@Suite struct KeyedArchiveFixtureTests {
    /// The script's `Note`, with its author, as PlistKit reads it.
    struct NoteWithAuthor: KeyedArchivable {
        static let archiveClassNames = ["main.Note"]
        var date: Date
        var content: String
        var author: AuthorRecord
        init(from unarchiver: KeyedUnarchiver) throws {
            date = try #require(try unarchiver.decodeObject(of: Date.self, forKey: "date"))
            content = try unarchiver.decodeString(forKey: "content")
            author = try #require(try unarchiver.decodeObject(of: AuthorRecord.self, forKey: "author"))
        }
        func encode(to archiver: KeyedArchiver) throws {}
    }

    /// The script's `User`, a class so that sharing is visible.
    final class AuthorRecord: KeyedArchivable {
        static let archiveClassNames = ["main.User"]
        let userName: String
        let age: Int
        init(from unarchiver: KeyedUnarchiver) throws {
            userName = try unarchiver.decodeString(forKey: "userName")
            age = try unarchiver.decodeInteger(forKey: "age")
        }
        func encode(to archiver: KeyedArchiver) throws {}
    }

    static let builtinClasses: Set<String> = [
        "NSDictionary", "NSMutableDictionary", "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet",
        "NSMutableString", "NSMutableData", "NSDate", "NSUUID", "NSURL", "NSNull", "NSValue", "NSMutableAttributedString",
    ]

    nonisolated(unsafe) static let types: [any KeyedArchivable.Type] = [
        // One type per class: a class name alone cannot choose between [Int] and [String].
        [PlistValue].self, [String: PlistValue].self, Set<PlistValue>.self, ArchiveOrderedSet<PlistValue>.self, String.self, Data.self, Date.self, Int.self, Double.self, Bool.self, UUID.self, URL.self,
        ArchiveNull.self, ArchiveAttributedString.self,
        // Classes no other listed type reads (NSValue) decode as generic trees.
        PlistValue.self,
    ]

    @Test(arguments: ["foundation-builtins.bplist", "foundation-builtins.xml"])
    func builtinsDecodeGenerically(_ name: String) throws {
        let archive = try KeyedArchive(decoding: try Fixtures.data("KeyedArchive/\(name)"))
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: Self.builtinClasses)
        let all = try #require(try unarchiver.decodeObject(of: [String: PlistValue].self, forKey: "root"))
        #expect(all.count == 24)
        #expect(all["array"] == ["a", "b"])
        #expect(all["mutableArray"] == [10, 20])
        #expect(all["dictionary"] == ["k": "v"])
        #expect(all["mutableDictionary"] == ["n": 5])
        #expect(all["set"] == [3])
        #expect(all["mutableSet"] == ["s"])
        #expect(all["orderedSet"] == [30, 10, 20])
        #expect(all["string"] == "plain")
        #expect(all["mutableString"] == "mutable")
        #expect(all["data"] == .data(Data([0, 1, 2])))
        #expect(all["mutableData"] == .data(Data([3, 4])))
        #expect(all["date"] == .date(Date(timeIntervalSinceReferenceDate: 700_000_000.5)))
        #expect(all["integer"] == -42)
        #expect(all["real"] == 2.5)
        #expect(all["boolean"] == true)
        #expect(all["uuid"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(all["url"] == "https://example.com/a?b=c")
        #expect(all["relativeURL"] == "https://example.com/a/b/c")
        #expect(all["null"] == ["$class": "NSNull"])
        #expect(all["range"] == ["location": 3, "length": 4])
        #expect(all["point"] == ["x": 1.5, "y": -2.0])
        #expect(all["size"] == ["width": 3.0, "height": 4.0])
        #expect(all["rect"] == ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0])
        #expect(all["attributedString"]?["string"] == "héllo wörld")
        #expect(all["attributedString"]?["runs"]?.count == 2)
    }

    @Test(arguments: ["foundation-builtins.bplist", "foundation-builtins.xml"])
    func builtinsDecodeTyped(_ name: String) throws {
        let archive = try KeyedArchive(decoding: try Fixtures.data("KeyedArchive/\(name)"))
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: Self.builtinClasses)
        // Each value as the first listed type that reads its class (NSValue: points first, so
        // the other NSValues are read by index below).
        guard case .instance(let root)? = archive.rootObject,
              case .array(let keys)? = root[field: "NS.keys"], case .array(let values)? = root[field: "NS.objects"] else {
            Issue.record("The root is not a dictionary object")
            return
        }
        var byKey: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard case .uid(let k) = key, case .scalar(.string(let name)) = archive.objects[Int(k)], case .uid(let v) = value else { continue }
            byKey[name] = Int(v)
        }
        func field<T: KeyedArchivable>(_ key: String, _ type: T.Type) throws -> T? {
            try unarchiver.decodeObject(of: type, atIndex: try #require(byKey[key]))
        }
        #expect(try field("array", [String].self) == ["a", "b"])
        #expect(try field("mutableArray", [Int].self) == [10, 20])
        #expect(try field("dictionary", [String: String].self) == ["k": "v"])
        #expect(try field("mutableDictionary", [String: Int].self) == ["n": 5])
        #expect(try field("set", Set<Int>.self) == [3])
        #expect(try field("mutableSet", Set<String>.self) == ["s"])
        #expect(try field("orderedSet", ArchiveOrderedSet<Int>.self)?.elements == [30, 10, 20])
        #expect(try field("string", String.self) == "plain")
        #expect(try field("mutableString", String.self) == "mutable")
        #expect(try field("data", Data.self) == Data([0, 1, 2]))
        #expect(try field("mutableData", Data.self) == Data([3, 4]))
        #expect(try field("date", Date.self) == Date(timeIntervalSinceReferenceDate: 700_000_000.5))
        #expect(try field("integer", Int.self) == -42)
        #expect(try field("real", Double.self) == 2.5)
        #expect(try field("boolean", Bool.self) == true)
        #expect(try field("uuid", UUID.self) == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try field("url", URL.self)?.absoluteString == "https://example.com/a?b=c")
        // Foundation wrote this one absolute, without NS.base (see the fixtures' README).
        #expect(try field("relativeURL", URL.self)?.absoluteString == "https://example.com/a/b/c")
        #expect(try field("null", ArchiveNull.self) == ArchiveNull())
        #expect(try field("range", ArchiveRange.self) == ArchiveRange(location: 3, length: 4))
        #expect(try field("point", ArchivePoint.self) == ArchivePoint(x: 1.5, y: -2))
        #expect(try field("size", ArchiveSize.self) == ArchiveSize(width: 3, height: 4))
        #expect(try field("rect", ArchiveRect.self) == ArchiveRect(x: 1, y: 2, width: 3, height: 4))
        #expect(try field("attributedString", ArchiveAttributedString.self)?.runs.first?.attributes == ["bold": 7])

        // The same dictionary, heterogeneous: each value as whichever listed type reads it.
        let mixed = try #require(try unarchiver.decodeDictionary(withKeysOfClass: String.self, objectsOfClasses: Self.types, forKey: "root"))
        #expect(mixed["array"] as? [PlistValue] == ["a", "b"])
        #expect(mixed["mutableSet"] as? Set<PlistValue> == ["s"])
        #expect(mixed["integer"] as? Int == -42)
        #expect(mixed["real"] as? Double == 2.5)
        #expect(mixed["boolean"] as? Bool == true)
        #expect(mixed["point"] as? PlistValue == ["x": 1.5, "y": -2.0])
        #expect(mixed["uuid"] as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(mixed.count == 24)
        // A range is not a point: NSValue's kind is checked.
        let rangeAsPoint = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeObject(of: ArchivePoint.self, atIndex: try #require(byKey["range"]))
        }
        #expect(rangeAsPoint.code == .typeMismatch)
    }

    @Test func notesShareTheirAuthor() throws {
        let data = try Fixtures.data("KeyedArchive/foundation-notes.bplist")
        let notes = try KeyedUnarchiver.unarchivedObject(
            ofClass: [NoteWithAuthor].self, from: data, additionalTypes: [NoteWithAuthor.self, AuthorRecord.self, Date.self])
        #expect(notes.map(\.content) == ["first", "second"])
        #expect(notes.map(\.date) == [Date(timeIntervalSinceReferenceDate: 1000), Date(timeIntervalSinceReferenceDate: 2000)])
        #expect(notes[0].author.userName == "ann")
        #expect(notes[0].author.age == 37)
        // Foundation archived the one User once; PlistKit decodes it once.
        #expect(notes[0].author === notes[1].author)
        let tree = try KeyedArchive(decoding: data).genericTree(forKey: "root")
        #expect(tree?[1]?["author"]?["$ref"] != nil)
        let summaries = try KeyedArchive(decoding: data).classSummaries
        #expect(summaries.first { $0.name == "main.User" }?.instanceCount == 1)
        #expect(summaries.first { $0.name == "main.Note" }?.instanceCount == 2)
    }
}
