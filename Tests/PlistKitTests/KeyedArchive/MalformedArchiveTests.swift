import Foundation
import PlistKit
import Testing

/// Broken archives fail with typed errors that name the object index and key; cycles and deep
/// graphs end in errors, never in a crash, a hang or unbounded recursion.
@Suite struct MalformedArchiveTests {
    static let user = classDictionary(["User", "NSObject"])

    /// One corrupt structure per case, with the key path the error must name.
    static let corruptCases: [(String, PlistValue, [String], Int?)] = [
        ("root not a dictionary", ["not", "a", "dictionary"], [], nil),
        ("no $archiver", ["$version": 100000, "$top": [:], "$objects": ["$null"]], ["$archiver"], nil),
        ("wrong $archiver", ["$archiver": "NSArchiver", "$version": 100000, "$top": [:], "$objects": ["$null"]], ["$archiver"], nil),
        ("no $version", ["$archiver": "NSKeyedArchiver", "$top": [:], "$objects": ["$null"]], ["$version"], nil),
        ("wrong $version", ["$archiver": "NSKeyedArchiver", "$version": 10000, "$top": [:], "$objects": ["$null"]], ["$version"], nil),
        ("$version a string", ["$archiver": "NSKeyedArchiver", "$version": "100000", "$top": [:], "$objects": ["$null"]], ["$version"], nil),
        ("no $top", ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": ["$null"]], ["$top"], nil),
        ("$top an array", ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": [], "$objects": ["$null"]], ["$top"], nil),
        ("no $objects", ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": [:]], ["$objects"], nil),
        ("$objects a dictionary", ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": [:], "$objects": [:]], ["$objects"], nil),
        ("$objects empty", handmadeArchive(top: [:], objects: []), ["$objects"], 0),
        ("$objects[0] not $null", handmadeArchive(top: [:], objects: ["null"]), ["$objects"], 0),
        ("UID in $top out of range", handmadeArchive(top: ["root": .uid(10)], objects: ["$null"]), ["$top", "root"], nil),
        ("UID in a field out of range",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2), "name": .uid(7)], user]), ["name"], 1),
        ("UID in an array field out of range",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2), "NS.objects": [.uid(0), .uid(99)]], user]),
         ["NS.objects", "1"], 1),
        ("$class not a UID",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": "User"], user]), ["$class"], 1),
        ("$class out of range",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(5)]]), ["$class"], 1),
        ("$class refers to a string",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2)], "User"]), ["$class"], 1),
        ("$class refers to an instance",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(1)]]), ["$class"], 1),
        ("class dictionary without $classname",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2)], ["$classes": ["User"]]]), ["$classname"], 2),
        ("$classes not strings",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2)], ["$classname": "User", "$classes": [1]]]),
         ["$classes", "0"], 2),
        ("dictionary without $class",
         handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["title": .uid(0)]]), ["$objects"], 1),
        ("bare array in $objects", handmadeArchive(top: [:], objects: ["$null", [.uid(0)]]), ["$objects"], 1),
        ("bare UID in $objects", handmadeArchive(top: [:], objects: ["$null", .uid(0)]), ["$objects"], 1),
    ]

    @Test(arguments: corruptCases.indices)
    func corruptStructureIsACorruptArchiveError(_ index: Int) throws {
        let (name, value, keyPath, objectIndex) = Self.corruptCases[index]
        let error = try #require(throws: KeyedArchiveError.self, "\(name)") { try KeyedArchive(value) }
        #expect(error.code == .corruptArchive, "\(name)")
        #expect(error.keyPath == keyPath, "\(name)")
        #expect(error.objectIndex == objectIndex, "\(name)")
        #expect(error.description.hasSuffix("."), "\(name)")
    }

    @Test func corruptErrorsSayWhatAndWhere() throws {
        let wrongVersion: PlistValue = ["$archiver": "NSKeyedArchiver", "$version": 10000, "$top": [:], "$objects": ["$null"]]
        #expect(throws: KeyedArchiveError(
            .corruptArchive, "The archive's '$version' is the integer 10000, not 100000", keyPath: ["$version"])) {
            try KeyedArchive(wrongVersion)
        }
        let badUID = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2), "name": .uid(7)], Self.user])
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchive(badUID) }
        #expect(error.description == "UID 7 in $objects[1] is out of range ($objects has 3 entries), reached by key path 'name'.")
        let notClass = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2)], "User"])
        let classError = try #require(throws: KeyedArchiveError.self) { try KeyedArchive(notClass) }
        #expect(classError.description
            == "The '$class' of $objects[1] refers to $objects[2], which is the string \"User\", not a class dictionary, reached by key path '$class'.")
    }

    @Test func unreadableBytesAreUnreadableData() throws {
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchive(decoding: Data("bplist00 broken".utf8)) }
        #expect(error.code == .unreadableData)
        #expect(error.underlying != nil)
    }

    // MARK: Decoding errors

    func unarchiver(_ fields: PlistDictionary) throws -> KeyedUnarchiver {
        var object = fields
        object["$class"] = .uid(2)
        let value = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", .dictionary(object), Self.user, "text"])
        return KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: nil)
    }

    @Test func missingFieldIsValueNotFound() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver(["userName": .uid(3)]).decodeObject(of: UserRecord.self, forKey: "root")
        }
        #expect(error.code == .valueNotFound)
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root", "age"])
        #expect(error.description == "No value for key 'age' in $objects[1] (class 'User'), reached by key path 'root.age'.")
    }

    @Test func wrongFieldTypeIsTypeMismatch() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver(["userName": .uid(3), "age": "old"]).decodeObject(of: UserRecord.self, forKey: "root")
        }
        #expect(error.code == .typeMismatch)
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root", "age"])
        #expect(error.description
            == "Expected an integer that fits Int for key 'age' in $objects[1], found the string \"old\", reached by key path 'root.age'.")
    }

    @Test func objectOfAnUnrelatedClassIsClassUnknown() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver(["userName": .uid(3), "age": 1]).decodeObject(of: NoteRecord.self, forKey: "root")
        }
        // The root is a User; NoteRecord reads Note: nothing reads User here.
        #expect(error.code == .classUnknown)
        #expect(error.className == "User")
        // The string at $objects[3] where a Date object is needed: a type mismatch.
        let inline = try #require(throws: KeyedArchiveError.self) {
            try unarchiver(["date": .uid(3), "content": .uid(3)]).decodeObject(of: [Date].self, forKey: "root")
        }
        #expect(inline.code == .classUnknown)
        #expect(inline.className == "User")
    }

    @Test func scalarWhereAnObjectTypeIsAskedIsTypeMismatch() throws {
        let value = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", "just a string"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: nil).decodeObject(of: UserRecord.self, forKey: "root")
        }
        #expect(error.code == .typeMismatch)
        #expect(error.objectIndex == 1)
    }

    @Test func absentRootIsNilOrValueNotFound() throws {
        let value = handmadeArchive(top: ["rooty": .uid(1)], objects: ["$null", "x"])
        let unarchiver = KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: nil)
        #expect(try unarchiver.decodeObject(of: String.self, forKey: "root") == nil)
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decodeString(forKey: "root") }
        #expect(try unarchiver.decodeString(forKey: "rooty") == "x")
    }

    // MARK: Cycles

    func cyclicArchive() throws -> KeyedArchive {
        let a = Node(name: "a")
        let b = Node(name: "b", next: a)
        a.next = b
        let archiver = KeyedArchiver()
        try archiver.encode(a, forKey: "root")
        a.next = nil  // break the cycle in memory so the nodes can be freed
        return try KeyedArchive(archiver.archiveValue)
    }

    @Test func cycleDuringTypedDecodingFailsWithoutAHalfBuiltObject() throws {
        let archive = try cyclicArchive()
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["Node"])
        let error = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Node.self, forKey: "root") }
        #expect(error.code == .cyclicReference)
        #expect(error.className == "Node")
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root", "next", "next"])
    }

    @Test func selfReferenceFails() throws {
        let value = handmadeArchive(
            top: ["root": .uid(1)],
            objects: ["$null", ["$class": .uid(3), "name": .uid(2), "next": .uid(1)], "me", classDictionary(["Node", "NSObject"])])
        let unarchiver = KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: nil)
        let error = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Node.self, forKey: "root") }
        #expect(error.code == .cyclicReference)
        #expect(error.keyPath == ["root", "next"])
    }

    @Test func arrayContainingItselfFailsTypedAndIsMarkedGenerically() throws {
        let value = handmadeArchive(
            top: ["root": .uid(1)],
            objects: ["$null", ["$class": .uid(2), "NS.objects": [.uid(1), .uid(3)]], classDictionary(["NSArray", "NSObject"]), "x"])
        let archive = try KeyedArchive(value)
        #expect(try archive.genericTree(forKey: "root") == [["$ref": 1], "x"])
        // Typed, the array would have to contain itself before it exists: an error.
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: nil)
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeObject(of: [PlistValue].self, forKey: "root")
        }
        #expect(error.code == .cyclicReference)
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root", "NS.objects[0]"])
        // Asked for arrays of strings, the element classes are checked first: the inner
        // array is not a string.
        let typed = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(archive: archive, allowedClassNames: nil).decodeObject(of: [[String]].self, forKey: "root")
        }
        #expect(typed.code == .typeMismatch)
    }

    @Test func cycleIsRepresentedInTheGraphAndTheTree() throws {
        let archive = try cyclicArchive()
        guard case .instance(let a)? = archive.rootObject, let next = a.reference(forKey: "next"),
              case .instance(let b) = archive.objects[next] else {
            Issue.record("The root is not a node with a next node")
            return
        }
        #expect(b.reference(forKey: "next") == a.index)
        let tree = try #require(try archive.genericTree(forKey: "root"))
        #expect(tree == ["$class": "Node", "$index": 1, "name": "a", "next": ["$class": "Node", "name": "b", "next": ["$ref": 1]]])
    }

    // MARK: Depth

    func deepChain(_ depth: Int) -> PlistValue {
        var objects: [PlistValue] = ["$null", classDictionary(["Node", "NSObject"]), "n"]
        for i in 0..<depth {
            let next: PlistValue = i == depth - 1 ? .uid(0) : .uid(UInt32(objects.count + 1))
            objects.append(["$class": .uid(1), "name": .uid(2), "next": next])
        }
        return handmadeArchive(top: ["root": .uid(3)], objects: objects)
    }

    @Test func deepObjectChainsHitTheDepthLimit() throws {
        let archive = try KeyedArchive(deepChain(20_000))
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(archive: archive, allowedClassNames: ["Node"]).decodeObject(of: Node.self, forKey: "root")
        }
        #expect(error.code == .limitExceeded)
        let treeError = try #require(throws: KeyedArchiveError.self) { try archive.genericTree() }
        #expect(treeError.code == .limitExceeded)
        // Within the limit the same shape decodes.
        let shallow = try KeyedArchive(deepChain(100))
        var node = try KeyedUnarchiver(archive: shallow, allowedClassNames: ["Node"]).decodeObject(of: Node.self, forKey: "root")
        var count = 0
        while let current = node { count += 1; node = current.next }
        #expect(count == 100)
    }

    @Test func deeplyNestedFieldValuesHitTheDepthLimit() throws {
        var nested: PlistValue = .uid(0)
        for _ in 0..<2_000 { nested = .array([nested]) }
        let value = handmadeArchive(top: ["root": .uid(1)], objects: ["$null", ["$class": .uid(2), "deep": nested], Self.user])
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchive(value) }
        #expect(error.code == .limitExceeded)
        #expect(error.objectIndex == 1)
    }

    // MARK: Random damage

    /// Damages valid archives at random (UIDs retargeted, values swapped for others of any
    /// type, keys dropped) and decodes each every way: every outcome is a value or a
    /// `KeyedArchiveError`, never a trap.
    @Test func randomlyDamagedArchivesNeverTrap() throws {
        let archiver = KeyedArchiver()
        let a = Node(name: "a", next: Node(name: "b"))
        try archiver.encode(a, forKey: "root")
        try archiver.encode(["k": [UserRecord(userName: "u", age: 3)]], forKey: "users")
        try archiver.encode(ArchiveAttributedString(string: "hey", runs: [
            .init(location: 0, length: 1, attributes: ["a": 1]), .init(location: 1, length: 2, attributes: [:])]), forKey: "text")
        try archiver.encode(ArchiveRange(location: 1, length: 2), forKey: "range")
        try archiver.encode(URL(string: "x/y", relativeTo: URL(string: "http://h/")), forKey: "url")
        guard case .dictionary(let original) = archiver.archiveValue, case .array(let objects)? = original["$objects"] else {
            Issue.record("The archiver wrote no $objects")
            return
        }
        var random = SeededRandom(seed: 0x5EED)
        let replacements: [PlistValue] = [.uid(0), .uid(1), .uid(3), .uid(UInt32.max), "s", 7, -1, 2.5, true, .data(Data([0xFF, 0x80])), [], [:], [.uid(2)]]
        for _ in 0..<400 {
            var damaged = objects
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<damaged.count, using: &random)
                if case .dictionary(var entries) = damaged[index], !entries.isEmpty, Bool.random(using: &random) {
                    let key = entries.keys[Int.random(in: 0..<entries.count, using: &random)]
                    entries[key] = Bool.random(using: &random) ? replacements.randomElement(using: &random) : nil
                    damaged[index] = .dictionary(entries)
                } else {
                    damaged[index] = replacements.randomElement(using: &random)!
                }
            }
            var value = original
            value["$objects"] = .array(damaged)
            do {
                let archive = try KeyedArchive(.dictionary(value))
                _ = try? archive.genericTree(options: GenericTreeOptions(decodesNestedArchives: true, includesClassChains: true))
                _ = archive.classSummaries
                let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: nil)
                _ = try? unarchiver.decodeObject(of: Node.self, forKey: "root")
                _ = try? unarchiver.decodeDictionary(withKeysOfClass: String.self, objectsOfClass: [UserRecord].self, forKey: "users")
                _ = try? unarchiver.decodeObject(of: ArchiveAttributedString.self, forKey: "text")
                _ = try? unarchiver.decodeObject(of: ArchiveRange.self, forKey: "range")
                _ = try? unarchiver.decodeObject(of: URL.self, forKey: "url")
                _ = try? unarchiver.decodeObject(of: PlistValue.self, forKey: "users")
                _ = try? unarchiver.decodeObject(of: ArchiveGenericObject.self, forKey: "root")
            } catch let error as KeyedArchiveError {
                #expect(error.code == .corruptArchive || error.code == .limitExceeded)
            }
        }
    }

    /// Flips bytes of a binary archive at random: reading, the generic tree and typed decoding
    /// end in a value or a typed error, never a trap.
    @Test func randomlyCorruptedBytesNeverTrap() throws {
        let teams = ["red": [UserRecord(userName: "a", age: 1), UserRecord(userName: "b", age: 2)]]
        let original = try KeyedArchiver.archivedData(withRootObject: teams)
        var random = SeededRandom(seed: 0xB17E)
        var outcomes = (read: 0, failed: 0)
        for _ in 0..<2_000 {
            var bytes = [UInt8](original)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            do {
                let archive = try KeyedArchive(decoding: Data(bytes))
                _ = try? archive.genericTree()
                _ = try? KeyedUnarchiver(archive: archive, allowedClassNames: ["NSDictionary", "NSArray", "User"])
                    .decodeDictionary(withKeysOfClass: String.self, objectsOfClass: [UserRecord].self, forKey: "root")
                outcomes.read += 1
            } catch let error as KeyedArchiveError {
                #expect(error.code == .unreadableData || error.code == .corruptArchive || error.code == .limitExceeded, "\(error)")
                outcomes.failed += 1
            }
        }
        #expect(outcomes.read + outcomes.failed == 2_000)
        #expect(outcomes.failed > 0)
    }
}
