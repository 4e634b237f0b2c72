import Foundation
import PlistKit
import PlistKitFoundation
import Testing

/// The layout KeyedArchiver writes: Apple's header, `$null` first, one class dictionary per
/// class, inline scalars written once, identity-preserving references and cycles.
@Suite struct KeyedArchiverTests {
    func archive(_ build: (KeyedArchiver) throws -> Void) rethrows -> PlistValue {
        let archiver = KeyedArchiver()
        try build(archiver)
        return archiver.archiveValue
    }

    @Test func headerAndNullComeFirst() throws {
        let value = try archive { try $0.encode(UserRecord(userName: "ann", age: 3), forKey: "root") }
        #expect(value["$archiver"] == "NSKeyedArchiver")
        #expect(value["$version"] == 100000)
        #expect(value["$top"] == ["root": .uid(1)])
        #expect(value["$objects"]?[0] == "$null")
        // The same layout as Foundation's archive of the same object, index for index
        // (Foundation names the class after the test module).
        let objects = try #require(value["$objects"]?.array)
        #expect(objects == [
            "$null",
            ["$class": .uid(3), "userName": .uid(2), "age": 3],
            "ann",
            classDictionary(["User", "NSObject"]),
        ])
        let foundation = try ArchiveBytes.value(try foundationArchive(User(userName: "ann", age: 3)))
        #expect(foundation["$objects"]?.count == objects.count)
        #expect(foundation["$objects"]?[1]?["age"] == 3)
    }

    @Test func oneClassDictionaryPerClassWithItsChain() throws {
        let value = try archive { archiver in
            try archiver.encode([UserRecord(userName: "a", age: 1), UserRecord(userName: "b", age: 2)], forKey: "root")
            try archiver.encode(ArchiveAttributedString(string: "x"), forKey: "text")
        }
        let objects = try #require(value["$objects"]?.array)
        let classes = objects.compactMap { $0["$classname"]?.string }
        #expect(classes.count == Set(classes).count)
        // The attribute dictionaries of the attributed string are an NSArray of NSDictionary.
        #expect(Set(classes) == ["User", "NSArray", "NSAttributedString", "NSDictionary", "NSMutableData"])
        let mutableData = objects.first { $0["$classname"] == "NSMutableData" }
        #expect(mutableData?["$classes"] == ["NSMutableData", "NSData", "NSObject"])
    }

    @Test func equalScalarsAreWrittenOnce() throws {
        let value = try archive { try $0.encode(["x", "y", "x", "x"], forKey: "root") }
        let objects = try #require(value["$objects"]?.array)
        #expect(objects.filter { $0 == "x" }.count == 1)
        #expect(value["$objects"]?[1]?["NS.objects"] == [.uid(2), .uid(3), .uid(2), .uid(2)])
        // 1 and 1.0 and true stay distinct values.
        let mixed = try archive { try $0.encode([PlistValue.integer(1), .real(1), .boolean(true)], forKey: "root") }
        #expect(mixed["$objects"]?.count == 6)
    }

    @Test func sharedInstancesAreArchivedOnce() throws {
        let shared = Node(name: "shared")
        let value = try archive { try $0.encode([Node(name: "a", next: shared), Node(name: "b", next: shared)], forKey: "root") }
        let objects = try #require(value["$objects"]?.array)
        let nodes = objects.filter { $0["name"] != nil }
        #expect(nodes.count == 3)
        #expect(nodes[0]["next"] == nodes[2]["next"] || nodes[0]["next"] == nodes[1]["next"])
        // Decoded, the two nodes share one instance again.
        let decoded = try #require(try KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: ["NSArray", "Node"])
            .decodeArrayOfObjects(ofClass: Node.self, forKey: "root"))
        #expect(decoded.count == 2)
        #expect(decoded[0].next === decoded[1].next)
        #expect(decoded[0].next?.name == "shared")
    }

    @Test func cyclesAreWrittenAsReferencesBack() throws {
        let a = Node(name: "a")
        a.next = a
        let value = try archive { try $0.encode(a, forKey: "root") }
        a.next = nil
        #expect(value["$objects"]?[1]?["next"] == .uid(1))
        // Foundation's plist layer reads the same structure.
        let foundation = try PropertyListSerialization.propertyList(from: try ArchiveBytes.binary(value), format: nil)
        #expect(try PlistValue(propertyList: foundation) == value)
    }

    @Test func nilAndTopLevelScalars() throws {
        let value = try archive { archiver in
            try archiver.encode(Optional<String>.none, forKey: "nothing")
            archiver.encode(7, forKey: "count")
            archiver.encode(Int64.max, forKey: "big")
            archiver.encode(0.5, forKey: "ratio")
            archiver.encode(false, forKey: "flag")
            archiver.encodeBytes(Data([1]), forKey: "bytes")
        }
        #expect(value["$top"] == ["nothing": .uid(0), "count": 7, "big": .integer(PlistInteger(Int64.max)), "ratio": 0.5, "flag": false, "bytes": .data(Data([1]))])
        let unarchiver = KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: [])
        #expect(try unarchiver.decodeObject(of: String.self, forKey: "nothing") == nil)
        #expect(try unarchiver.decodeInteger(forKey: "count") == 7)
        #expect(try unarchiver.decodeInt64(forKey: "big") == Int64.max)
        #expect(try unarchiver.decodeDouble(forKey: "ratio") == 0.5)
        #expect(try unarchiver.decodeDouble(forKey: "count") == 7)
        #expect(try unarchiver.decodeBool(forKey: "flag") == false)
        #expect(try unarchiver.decodeData(forKey: "bytes") == Data([1]))
        #expect(unarchiver.containsValue(forKey: "ratio"))
        #expect(!unarchiver.containsValue(forKey: "absent"))
        #expect(Set(unarchiver.allKeys) == ["nothing", "count", "big", "ratio", "flag", "bytes"])
    }

    /// NSKeyedArchiver escapes a coder key starting with `$` by prefixing another `$`
    /// (`$x` is stored as `$$x`), so that it cannot be taken for `$class`; PlistKit does the same.
    @Test func dollarKeysAreEscapedAsFoundationDoes() throws {
        let object = ArchiveGenericObject(className: "W", fields: ["$x": 5, "$class": "not the class"])
        let value = try archive { try $0.encode(object, forKey: "root") }
        #expect(value["$objects"]?[1]?["$$x"] == 5)
        #expect(value["$objects"]?[1]?["$$class"] == .uid(2))
        #expect(value["$objects"]?[1]?["$class"] == .uid(3))
        let archive = try KeyedArchive(value)
        let decoded = try KeyedUnarchiver(archive: archive, allowedClassNames: ["W"]).decodeObject(of: ArchiveGenericObject.self, forKey: "root")
        #expect(decoded == object)
        // In the tree, `$x` reads plainly; `$class` keeps its escape, the plain name being the marker.
        let tree = try #require(try archive.genericTree(forKey: "root"))
        #expect(tree == ["$class": "W", "$x": 5, "$$class": "not the class"])
        // The tree archives back to the same object.
        let again = try self.archive { try $0.encode(tree, forKey: "root") }
        #expect(again == value)
    }

    @Test func genericObjectsRoundTrip() throws {
        let object = ArchiveGenericObject(
            className: "Widget", classChain: ["Widget", "NSView", "NSObject"],
            fields: ["title": "w", "size": 3, "scale": 1.5, "on": true, "tags": ["a", "b"], "when": .date(Date(timeIntervalSinceReferenceDate: 5))])
        let value = try archive { try $0.encode(object, forKey: "root") }
        let archive = try KeyedArchive(value)
        let decoded = try KeyedUnarchiver(archive: archive, allowedClassNames: ["Widget", "NSArray", "NSDate"])
            .decodeObject(of: ArchiveGenericObject.self, forKey: "root")
        #expect(decoded == object)
        #expect(archive.classSummaries.first { $0.name == "Widget" } == ArchiveClassSummary(name: "Widget", chain: ["Widget", "NSView", "NSObject"], hints: nil, instanceCount: 1))
        let tree = try archive.genericTree(forKey: "root")
        #expect(tree?["$class"] == "Widget")
        #expect(tree?["tags"] == ["a", "b"])
    }

    @Test func binaryByDefaultAndXMLWhenAsked() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(UserRecord(userName: "ann", age: 3), forKey: "root")
        let binary = try archiver.encodedData()
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(try KeyedArchive(decoding: binary).plistValue == archiver.archiveValue)
        archiver.outputFormat = .xml
        let xml = try archiver.encodedData()
        #expect(String(decoding: xml.prefix(5), as: UTF8.self) == "<?xml")
        #expect(try KeyedArchive(decoding: xml).plistValue == archiver.archiveValue)
        // Foundation reads both.
        _ = registerFoundationTestClasses
        for data in [binary, xml] {
            let user = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [User.self], from: data) as? User
            #expect(user?.userName == "ann")
        }
    }

    @Test func foundationsXMLArchivesDecode() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.outputFormat = .xml
        archiver.encode(NSArray(array: [User(userName: "x", age: 1)]), forKey: "root")
        archiver.finishEncoding()
        let users = try KeyedUnarchiver.unarchivedObject(ofClass: [UserRecord].self, from: archiver.encodedData, additionalTypes: [UserRecord.self])
        #expect(users == [UserRecord(userName: "x", age: 1)])
    }
}
