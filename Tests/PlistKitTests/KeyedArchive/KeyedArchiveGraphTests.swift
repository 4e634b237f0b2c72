import Foundation
import PlistKit
import Testing

/// The object graph: `$top`, `$objects` classified, references kept as indices.
@Suite struct KeyedArchiveGraphTests {
    func foundationGraph() throws -> (KeyedArchive, PlistValue) {
        let data = try foundationArchive(NSArray(array: [User(userName: "ann", age: 3), "text", NSNull()]))
        let value = try ArchiveBytes.value(data)
        return (try KeyedArchive(value), value)
    }

    @Test func objectsAreClassified() throws {
        let (archive, value) = try foundationGraph()
        #expect(archive.archiverName == "NSKeyedArchiver")
        #expect(archive.version == 100000)
        #expect(archive.topLevelKeys == ["root"])
        #expect(archive.objects.count == value["$objects"]?.count)
        #expect(archive.objects[0] == .null)
        var classes: [String] = []
        var scalars: [PlistValue] = []
        var instances: [String] = []
        for object in archive.objects {
            switch object {
            case .null: break
            case .scalar(let scalar): scalars.append(scalar)
            case .instance(let instance): instances.append(instance.className)
            case .classDescription(let description): classes.append(description.name)
            }
        }
        #expect(Set(classes) == ["NSArray", "PlistKitTests.User", "NSNull"])
        #expect(Set(instances) == ["NSArray", "PlistKitTests.User", "NSNull"])
        #expect(Set(scalars) == ["ann", "text"])
    }

    @Test func instancesExposeClassChainFieldsAndReferences() throws {
        let (archive, _) = try foundationGraph()
        guard case .instance(let root)? = archive.rootObject, case .array(let elements)? = root[field: "NS.objects"],
              case .uid(let first) = elements[0], case .instance(let user) = try archive.object(at: Int(first)) else {
            Issue.record("The root is not an array of objects")
            return
        }
        #expect(root.archivedClass.chain == ["NSArray", "NSObject"])
        #expect(root.fieldNames == ["NS.objects"])
        #expect(root[field: "$class"] == nil)
        #expect(user.className == "PlistKitTests.User")
        #expect(user.index == Int(first))
        #expect(Set(user.fieldNames) == ["userName", "age"])
        #expect(user.fields["age"] == 3)
        let name = try #require(user.reference(forKey: "userName"))
        #expect(archive.objects[name] == .scalar("ann"))
        #expect(user.reference(forKey: "age") == nil)
        #expect(user.reference(forKey: "absent") == nil)
    }

    @Test func topLevelScalarsAndAbsentKeys() throws {
        let archiver = KeyedArchiver()
        archiver.encode(5, forKey: "count")
        let archive = try KeyedArchive(archiver.archiveValue)
        #expect(archive.topLevelObject(forKey: "count") == .scalar(5))
        #expect(archive.topLevelObject(forKey: "missing") == nil)
        #expect(archive.rootObject == nil)
        #expect(throws: KeyedArchiveError.self) { try archive.object(at: 7) }
        #expect(throws: KeyedArchiveError.self) { try archive.object(at: -1) }
    }

    @Test func theGraphWritesBackWhatItRead() throws {
        let (archive, value) = try foundationGraph()
        #expect(archive.plistValue == value)
        #expect(try KeyedArchive(decoding: try archive.encoded()).plistValue == value)
        #expect(try KeyedArchive(decoding: try archive.encoded(as: .xml)).plistValue == value)
    }

    @Test func archivesAreRecognized() throws {
        let (_, value) = try foundationGraph()
        #expect(KeyedArchive.isArchive(value))
        #expect(!KeyedArchive.isArchive(["$top": [:], "$objects": []]))
        #expect(!KeyedArchive.isArchive("$archiver"))
    }
}
