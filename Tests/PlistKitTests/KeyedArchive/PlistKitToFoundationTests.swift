import Foundation
import PlistKit
import Testing

/// Archives PlistKit writes decode with Foundation's
/// `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)` on this machine to the same values.
@Suite struct PlistKitToFoundationTests {
    init() { _ = registerFoundationTestClasses }

    func roundTrip<T: KeyedArchivable>(_ value: T, _ classes: [AnyClass]) throws -> Any? {
        let data = try KeyedArchiver.archivedData(withRootObject: value)
        return try NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: data)
    }

    @Test func stringsNumbersAndData() throws {
        #expect(try roundTrip("héllo", [NSString.self]) as? String == "héllo")
        #expect(try roundTrip(42, [NSNumber.self]) as? Int == 42)
        #expect(try roundTrip(Int64.min, [NSNumber.self]) as? Int64 == Int64.min)
        #expect(try roundTrip(2.5, [NSNumber.self]) as? Double == 2.5)
        #expect(try roundTrip(true, [NSNumber.self]) as? Bool == true)
        #expect(try roundTrip(Data([0, 1, 255]), [NSData.self]) as? Data == Data([0, 1, 255]))
    }

    @Test func datesUUIDsAndURLs() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        #expect(try roundTrip(date, [NSDate.self]) as? Date == date)
        let uuid = UUID()
        #expect(try roundTrip(uuid, [NSUUID.self]) as? UUID == uuid)
        let url = URL(string: "https://example.com/path?q=1#frag")!
        #expect((try roundTrip(url, [NSURL.self]) as? URL)?.absoluteString == url.absoluteString)
        let relative = URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!
        // Bridged to URL, Foundation on Linux drops the base of a decoded NSURL; as NSURL it keeps it.
        let back = try #require(try roundTrip(relative, [NSURL.self]) as? NSURL)
        #expect(back.absoluteString == "https://example.com/a/b/c")
        #expect(back.baseURL?.absoluteString == "https://example.com/a/")
        #expect(back.relativeString == "b/c")
    }

    @Test func collections() throws {
        #expect(try roundTrip(["a", "b", "a"], [NSArray.self, NSString.self]) as? [String] == ["a", "b", "a"])
        #expect(try roundTrip(["one": 1, "two": 2], [NSDictionary.self, NSString.self, NSNumber.self]) as? [String: Int]
            == ["one": 1, "two": 2])
        #expect(try roundTrip(Set([1, 2, 3]), [NSSet.self, NSNumber.self]) as? Set<Int> == [1, 2, 3])
        let ordered = try roundTrip(ArchiveOrderedSet([3, 1, 2]), [NSOrderedSet.self, NSNumber.self]) as? NSOrderedSet
        #expect(ordered?.array as? [Int] == [3, 1, 2])
        let nested: [String: [[Int]]] = ["grid": [[1, 2], [3]]]
        #expect(try roundTrip(nested, [NSDictionary.self, NSArray.self, NSString.self, NSNumber.self]) as? [String: [[Int]]] == nested)
    }

    @Test func nullAndValues() throws {
        #expect(try roundTrip(ArchiveNull(), [NSNull.self]) is NSNull)
        let range = try #require(try roundTrip(ArchiveRange(location: 3, length: 4), [NSValue.self]) as? NSValue)
        #expect(range.rangeValue == NSRange(location: 3, length: 4))
        let point = try #require(try roundTrip(ArchivePoint(x: 1.5, y: -2), [NSValue.self]) as? NSValue)
        #expect(point.pointValue == NSPoint(x: 1.5, y: -2))
        let size = try #require(try roundTrip(ArchiveSize(width: 3, height: 4), [NSValue.self]) as? NSValue)
        #expect(size.sizeValue == NSSize(width: 3, height: 4))
        let rect = try #require(try roundTrip(ArchiveRect(x: 1, y: 2, width: 3, height: 4), [NSValue.self]) as? NSValue)
        #expect(rect.rectValue == NSRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func attributedStrings() throws {
        let classes: [AnyClass] = [NSAttributedString.self, NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSData.self]
        let plain = ArchiveAttributedString(string: "hello", runs: [.init(location: 0, length: 5, attributes: ["k": "v"])])
        let single = try #require(try roundTrip(plain, classes) as? NSAttributedString)
        #expect(single.string == "hello")
        #expect(single.attribute(NSAttributedString.Key("k"), at: 2, effectiveRange: nil) as? String == "v")

        let styled = ArchiveAttributedString(string: "héllo wörld", runs: [
            .init(location: 0, length: 5, attributes: ["bold": 1]),
            .init(location: 5, length: 6, attributes: [:]),
        ])
        let multi = try #require(try roundTrip(styled, classes) as? NSAttributedString)
        #expect(multi.string == "héllo wörld")
        var range = NSRange()
        #expect(multi.attribute(NSAttributedString.Key("bold"), at: 0, effectiveRange: &range) as? Int == 1)
        #expect(range == NSRange(location: 0, length: 5))
        #expect(multi.attribute(NSAttributedString.Key("bold"), at: 6, effectiveRange: nil) == nil)
    }

    @Test func customClasses() throws {
        let user = try #require(try roundTrip(UserRecord(userName: "ann", age: 37), [User.self]) as? User)
        #expect(user.userName == "ann")
        #expect(user.age == 37)
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        let note = try #require(try roundTrip(NoteRecord(date: date, content: "buy milk"), [Note.self]) as? Note)
        #expect(note.date == date)
        #expect(note.content == "buy milk")
        let teams = ["red": [UserRecord(userName: "a", age: 1), UserRecord(userName: "b", age: 2)]]
        let decoded = try #require(try roundTrip(teams, [NSDictionary.self, NSArray.self, NSString.self, User.self]) as? [String: [User]])
        #expect(decoded["red"]?.map(\.userName) == ["a", "b"])
        #expect(decoded["red"]?.map(\.age) == [1, 2])
    }

    @Test func archivesWrittenByPlistKitReadBackTheSame() throws {
        let teams = ["red": [UserRecord(userName: "a", age: 1)], "blue": []]
        let data = try KeyedArchiver.archivedData(withRootObject: teams)
        let back = try KeyedUnarchiver.unarchivedObject(
            ofClass: [String: [UserRecord]].self, from: data, additionalTypes: [[UserRecord].self, UserRecord.self])
        #expect(back == teams)
    }
}
