import Foundation
import PlistKit
import Testing

/// The generic decode: any archive becomes a readable tree without instantiating anything.
@Suite struct GenericTreeTests {
    @Test func everyTopLevelKeyInArchiveOrder() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(UserRecord(userName: "ann", age: 3), forKey: "root")
        archiver.encode(2, forKey: "count")
        try archiver.encode(Optional<String>.none, forKey: "nothing")
        try archiver.encode(ArchiveNull(), forKey: "null")
        let tree = try KeyedArchive(archiver.archiveValue).genericTree()
        #expect(tree == [
            "root": ["$class": "User", "userName": "ann", "age": 3],
            "count": 2,
            "nothing": ["$null": true],
            "null": ["$class": "NSNull"],
        ])
        #expect(tree.dictionary?.keys == ["root", "count", "nothing", "null"])
    }

    @Test func classChainsOnRequest() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(ArchiveGenericObject(className: "Sub", classChain: ["Sub", "Base", "NSObject"], fields: ["x": 1]), forKey: "root")
        let archive = try KeyedArchive(archiver.archiveValue)
        let tree = try archive.genericTree(forKey: "root", options: GenericTreeOptions(includesClassChains: true))
        #expect(tree == ["$class": "Sub", "$classes": ["Sub", "Base", "NSObject"], "x": 1])
    }

    @Test func classSummariesCountInstances() throws {
        let archiver = KeyedArchiver()
        try archiver.encode([UserRecord(userName: "a", age: 1), UserRecord(userName: "b", age: 2)], forKey: "root")
        try archiver.encode([NoteRecord(date: Date(timeIntervalSinceReferenceDate: 0), content: "n")], forKey: "notes")
        let summaries = try KeyedArchive(archiver.archiveValue).classSummaries
        #expect(summaries.map(\.name) == ["User", "NSArray", "NSDate", "Note"])
        #expect(summaries.map(\.instanceCount) == [2, 2, 1, 1])
        #expect(summaries.first { $0.name == "NSDate" }?.chain == ["NSDate", "NSObject"])
    }

    @Test func classHintsAreKept() throws {
        let value = handmadeArchive(top: ["root": .uid(1)], objects: [
            "$null", ["$class": .uid(2)],
            ["$classname": "MyView", "$classes": ["MyView", "NSView", "NSObject"], "$classhints": ["NSView"]],
        ])
        let archive = try KeyedArchive(value)
        guard case .instance(let root)? = archive.rootObject else {
            Issue.record("The root is not an instance")
            return
        }
        #expect(root.archivedClass.hints == ["NSView"])
        #expect(archive.classSummaries == [ArchiveClassSummary(name: "MyView", chain: ["MyView", "NSView", "NSObject"], hints: ["NSView"], instanceCount: 1)])
        // The graph writes back what it read.
        #expect(archive.plistValue == value)
    }

    @Test func treesOfObjectsArchiveBackToTheSameArchive() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(ArchiveGenericObject(className: "Box", fields: ["items": [1, "two"], "none": ["$null": true]]), forKey: "root")
        let original = try KeyedArchive(archiver.archiveValue)
        let tree = try #require(try original.genericTree(forKey: "root"))
        #expect(tree == ["$class": "Box", "items": [1, "two"], "none": ["$null": true]])
        #expect(original.plistValue["$objects"]?[1]?["none"] == .uid(0))
        let again = KeyedArchiver()
        try again.encode(tree, forKey: "root")
        #expect(try KeyedArchive(again.archiveValue).genericTree(forKey: "root") == tree)
        #expect(again.archiveValue == archiver.archiveValue)
        // A back-reference cannot be archived again.
        let back = KeyedArchiver()
        #expect(throws: KeyedArchiveError.self) { try back.encode(PlistValue.array([["$ref": 1]]), forKey: "root") }
    }

    @Test func dictionariesWithoutPlainKeysKeepTheirEntries() throws {
        let value = handmadeArchive(top: ["root": .uid(1)], objects: [
            "$null",
            ["$class": .uid(2), "NS.keys": [.uid(3), .uid(3)], "NS.objects": [.uid(4), .uid(5)]],
            classDictionary(["NSDictionary", "NSObject"]), "k", 1, 2,
        ])
        let tree = try KeyedArchive(value).genericTree(forKey: "root")
        #expect(tree == ["$class": "NSDictionary", "$entries": [["key": "k", "value": 1], ["key": "k", "value": 2]]])
        // Archived again, the entries are keys and values again.
        let archiver = KeyedArchiver()
        try archiver.encode(tree, forKey: "root")
        #expect(archiver.archiveValue["$objects"]?[1]?["NS.keys"] == [.uid(2), .uid(2)])
    }

    @Test func sharedDiamondsStayLinear() throws {
        // Object i refers to object i+1 twice: 2^60 paths, 60 objects. Expanded naively the
        // tree would never end; with back-references it has one entry per object.
        var objects: [PlistValue] = ["$null", classDictionary(["Pair", "NSObject"])]
        let depth = 60
        for i in 0..<depth {
            let next: PlistValue = i == depth - 1 ? .uid(0) : .uid(UInt32(objects.count + 1))
            objects.append(["$class": .uid(1), "left": next, "right": next])
        }
        let archive = try KeyedArchive(handmadeArchive(top: ["root": .uid(2)], objects: objects))
        let tree = try #require(try archive.genericTree(forKey: "root"))
        var node = tree
        var levels = 0
        while case .dictionary(let entries) = node, entries["$class"] != nil {
            #expect(entries["right"]?["$ref"] != nil || entries["right"] == ["$null": true])
            node = entries["left"] ?? ["$null": true]
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func sharedBuiltinDiamondsStayWithinTheBudget() throws {
        // NSArray i holds NSArray i+1 twice: 2^60 leaves if every repeat were shown.
        var objects: [PlistValue] = ["$null", classDictionary(["NSArray", "NSObject"]), "leaf"]
        let depth = 60
        for i in 0..<depth {
            let next: PlistValue = i == depth - 1 ? .uid(2) : .uid(UInt32(objects.count + 1))
            objects.append(["$class": .uid(1), "NS.objects": [next, next]])
        }
        let archive = try KeyedArchive(handmadeArchive(top: ["root": .uid(3)], objects: objects))
        let budget = 10_000
        let tree = try #require(try archive.genericTree(forKey: "root", options: GenericTreeOptions(maximumExpandedValues: budget)))
        func count(_ value: PlistValue) -> Int {
            switch value {
            case .array(let elements): return 1 + elements.reduce(0) { $0 + count($1) }
            case .dictionary(let entries): return 1 + entries.values.reduce(0) { $0 + count($1) }
            default: return 1
            }
        }
        #expect(count(tree) <= budget * 3)
        // Small shared values are still shown in full: the innermost arrays are plain.
        var node = tree
        var levels = 0
        while case .array(let elements) = node, let first = elements.first { node = first; levels += 1 }
        #expect(levels == depth)
        #expect(node == "leaf")
    }

    @Test func nestedArchivesAreDecodedWhenAsked() throws {
        let inner = try KeyedArchiver.archivedData(withRootObject: UserRecord(userName: "inner", age: 9))
        let archiver = KeyedArchiver()
        try archiver.encode(inner, forKey: "root")
        let archive = try KeyedArchive(archiver.archiveValue)
        #expect(try archive.genericTree(forKey: "root") == .data(inner))
        let tree = try archive.genericTree(forKey: "root", options: GenericTreeOptions(decodesNestedArchives: true))
        #expect(tree == ["$archive": ["root": ["$class": "User", "userName": "inner", "age": 9]]])
        // Data that is not an archive stays data.
        let plain = try KeyedArchiver.archivedData(withRootObject: Data("bplist00 but not really".utf8))
        let plainTree = try KeyedArchive(decoding: plain).genericTree(forKey: "root", options: GenericTreeOptions(decodesNestedArchives: true))
        #expect(plainTree == .data(Data("bplist00 but not really".utf8)))
    }

    @Test func archivesNestedInPlainPlistsAreFound() throws {
        let inner = try KeyedArchiver.archivedData(withRootObject: ["a", "b"])
        let plist: PlistValue = ["settings": ["blob": .data(inner), "other": .data(Data([1, 2, 3]))], "name": "x"]
        let expanded = try KeyedArchive.expandingNestedArchives(in: plist)
        #expect(expanded == ["settings": ["blob": ["$archive": ["root": ["a", "b"]]], "other": .data(Data([1, 2, 3]))], "name": "x"])
        // Archives in archives in plists, down to the nesting limit.
        let twice = try KeyedArchiver.archivedData(withRootObject: inner)
        let deep = try KeyedArchive.expandingNestedArchives(in: ["blob": .data(twice)])
        #expect(deep == ["blob": ["$archive": ["root": ["$archive": ["root": ["a", "b"]]]]]])
        let limited = try KeyedArchive.expandingNestedArchives(
            in: ["blob": .data(twice)], options: GenericTreeOptions(maximumNestedArchiveDepth: 1))
        #expect(limited == ["blob": ["$archive": ["root": .data(inner)]]])
    }

    @Test func staticEntryPointReadsBytes() throws {
        let data = try foundationArchive(NSArray(array: [NSDate(timeIntervalSinceReferenceDate: 1), NSNull(), "s"]))
        #expect(try KeyedArchive.genericTree(decoding: data) == ["root": [.date(Date(timeIntervalSinceReferenceDate: 1)), ["$class": "NSNull"], "s"]])
    }

    @Test func unarchiverGivesGenericFields() throws {
        let archiver = KeyedArchiver()
        try archiver.encode(ArchiveGenericObject(className: "Opaque", fields: ["inner": ["$class": "Secret", "v": 1]]), forKey: "root")
        let archive = try KeyedArchive(archiver.archiveValue)
        let open = KeyedUnarchiver(archive: archive, allowedClassNames: ["Opaque", "Secret"])
        let object = try #require(try open.decodeObject(of: ArchiveGenericObject.self, forKey: "root"))
        #expect(object.fields["inner"] == ["$class": "Secret", "v": 1])
        let closed = KeyedUnarchiver(archive: archive, allowedClassNames: ["Opaque"])
        let error = try #require(throws: KeyedArchiveError.self) { try closed.decodeObject(of: ArchiveGenericObject.self, forKey: "root") }
        #expect(error.className == "Secret")
        #expect(error.keyPath == ["root", "inner"])
    }
}
