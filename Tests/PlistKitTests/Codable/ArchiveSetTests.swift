import Foundation
import Testing
@testable import PlistKit

/// ArchiveEncoder archives Swift `Set`s as NSSet (arrays stay NSArray); ArchiveDecoder reads
/// them back, reads Foundation's NSSet, and enforces the allow-list on NSSet as on NSArray.
@Suite struct ArchiveSetTests {
    static let decoder = ArchiveDecoder(allowing: [ArchivedTagSet.self])

    /// The instance a field of `parent` refers to.
    private func instance(_ field: String, of parent: ArchivedInstance, in archive: KeyedArchive) throws -> ArchivedInstance {
        let index = try #require(parent.reference(forKey: field), "field \(field) is not a reference")
        guard case .instance(let child) = try archive.object(at: index) else { throw ArchiveSetTestFailure.notAnObject(index) }
        return child
    }

    /// The inline values an NSArray's or NSSet's `NS.objects` refers to.
    private func elements(of collection: ArchivedInstance, in archive: KeyedArchive) throws -> [PlistValue] {
        let references = try #require(collection[field: "NS.objects"]?.array)
        return try references.map { reference in
            let uid = try #require(reference.uid)
            guard case .scalar(let value) = try archive.object(at: Int(uid)) else { throw ArchiveSetTestFailure.notAnObject(Int(uid)) }
            return value
        }
    }

    private func rootInstance(_ archive: KeyedArchive) throws -> ArchivedInstance {
        guard case .instance(let root)? = archive.rootObject else { throw ArchiveSetTestFailure.noRoot }
        return root
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func setPropertiesArchiveAsNSSetAndRoundTrip(format: PlistFormat) throws {
        let model = ArchivedTagSet.sample
        var encoder = ArchiveEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(model)
        let archive = try KeyedArchive(decoding: data)
        let root = try rootInstance(archive)
        #expect(root.className == ArchivedTagSet.archiveClassName)

        let labels = try instance("labels", of: root, in: archive)
        #expect(labels.className == "NSSet")
        #expect(labels.archivedClass.chain == ["NSSet", "NSObject"])
        #expect(labels.fieldNames == ["NS.objects"])
        let labelValues = try elements(of: labels, in: archive)
        #expect(labelValues.count == model.labels.count)
        #expect(Set(labelValues.compactMap(\.string)) == model.labels)

        let ids = try instance("ids", of: root, in: archive)
        #expect(ids.className == "NSSet")
        #expect(ids.archivedClass.chain == ["NSSet", "NSObject"])
        let idValues = try elements(of: ids, in: archive)
        #expect(idValues.count == model.ids.count)
        #expect(Set(idValues) == Set(model.ids.map { PlistValue.integer(PlistInteger(Int64($0))) }))

        // Arrays keep their class and their order.
        let order = try instance("order", of: root, in: archive)
        #expect(order.className == "NSArray")
        #expect(order.archivedClass.chain == ["NSArray", "NSObject"])
        #expect(try elements(of: order, in: archive) == ["b", "a", "b"])

        #expect(try Self.decoder.decode(ArchivedTagSet.self, from: data) == model)
    }

    @Test func setsInsideCollectionsAndAtTheTopArchiveAsNSSet() throws {
        struct Nested: Codable, Equatable {
            var groups: [Set<Int>]
            var byName: [String: Set<String>]
            var maybe: Set<Int>?
            var empty: Set<String>
        }
        let nested = Nested(groups: [[1, 2], []], byName: ["k": ["v", "w"]], maybe: [3], empty: [])
        let archive = try KeyedArchive(try ArchiveEncoder().encodeValue(nested))
        let root = try rootInstance(archive)
        #expect(root.className == "NSDictionary")
        let classNames = archive.objects.compactMap { object -> String? in
            guard case .instance(let instance) = object else { return nil }
            return instance.className
        }
        // root, byName: NSDictionary; groups: NSArray; groups[0], groups[1], byName.k, maybe,
        // empty: NSSet.
        #expect(classNames.filter { $0 == "NSSet" }.count == 5)
        #expect(classNames.filter { $0 == "NSArray" }.count == 1)
        #expect(classNames.filter { $0 == "NSDictionary" }.count == 2)
        let data = try ArchiveEncoder().encode(nested)
        #expect(try ArchiveDecoder(allowedClassNames: ["NSSet", "NSArray", "NSDictionary"]).decode(Nested.self, from: data) == nested)

        // A top-level Set is an NSSet root, which the keyed unarchiver's Set conformance reads too.
        let top: Set<String> = ["x", "y", "z"]
        let topData = try ArchiveEncoder().encode(top)
        let topRoot = try rootInstance(try KeyedArchive(decoding: topData))
        #expect(topRoot.archivedClass.chain == ["NSSet", "NSObject"])
        #expect(try ArchiveDecoder(allowedClassNames: ["NSSet"]).decode(Set<String>.self, from: topData) == top)
        #expect(try KeyedUnarchiver.unarchivedObject(ofClass: Set<String>.self, from: topData) == top)
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func foundationUnarchivesEncodedSets(format: PlistFormat) throws {
        var encoder = ArchiveEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(ArchivedTagSet.sample)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.setClass(FoundationTagSet.self, forClassName: ArchivedTagSet.archiveClassName)
        let object = try #require(unarchiver.decodeObject(of: FoundationTagSet.self, forKey: NSKeyedArchiveRootObjectKey))
        #expect(object.model == ArchivedTagSet.sample)

        let strings: Set<String> = ["a", "b", "ç"]
        let stringSet = try #require(NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSSet.self, NSString.self], from: try encoder.encode(strings)) as? NSSet)
        #expect(stringSet == NSSet(set: strings))
        let numbers: Set<Int> = [1, -2, 1 << 40]
        let numberSet = try #require(NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSSet.self, NSNumber.self], from: try encoder.encode(numbers)) as? NSSet)
        #expect(numberSet == NSSet(set: numbers))
    }

    @Test func decoderReadsFoundationsSets() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(FoundationTagSet(.sample), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let data = archiver.encodedData
        // Foundation writes the same shape: NSSet objects under the model's keys.
        let archive = try KeyedArchive(decoding: data)
        let root = try rootInstance(archive)
        #expect(try instance("labels", of: root, in: archive).className == "NSSet")
        #expect(try instance("ids", of: root, in: archive).className == "NSSet")
        #expect(try Self.decoder.decode(ArchivedTagSet.self, from: data) == .sample)

        let strings: Set<String> = ["p", "q"]
        let stringData = try NSKeyedArchiver.archivedData(withRootObject: NSSet(set: strings), requiringSecureCoding: true)
        #expect(try ArchiveDecoder(allowedClassNames: ["NSSet"]).decode(Set<String>.self, from: stringData) == strings)
        let mutable = NSMutableSet(array: [5, 6, 7])
        let mutableData = try NSKeyedArchiver.archivedData(withRootObject: mutable, requiringSecureCoding: true)
        #expect(try ArchiveDecoder(allowedClassNames: ["NSMutableSet"]).decode(Set<Int>.self, from: mutableData) == [5, 6, 7])
    }

    /// Leaving NSSet out of the list refuses the set as leaving NSArray out refuses the array:
    /// the graph walk checks every object's class before decoding, whatever the class.
    @Test(arguments: [("NSSet", "labels"), ("NSArray", "order")])
    func allowListWithoutTheCollectionClassFailsNamingIt(className: String, field: String) throws {
        let data = try ArchiveEncoder().encode(ArchivedTagSet.sample)
        let archive = try KeyedArchive(decoding: data)
        let expectedIndex = try instance(field, of: try rootInstance(archive), in: archive).index
        let allowed = ArchiveDecoder.foundationClassNames.subtracting([className]).union([ArchivedTagSet.archiveClassName])
        let decoder = ArchiveDecoder(allowedClassNames: allowed)
        let error = try #require(throws: DecodingError.self) { try decoder.decode(ArchivedTagSet.self, from: data) }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? KeyedArchiveError else {
            Issue.record("expected dataCorrupted with a KeyedArchiveError, got \(error)")
            return
        }
        #expect(underlying.code == .classNotAllowed)
        #expect(underlying.className == className)
        #expect(underlying.objectIndex == expectedIndex)
        #expect(underlying.keyPath == ["root", field])
        #expect(underlying.description == "Class '\(className)' at $objects[\(expectedIndex)] is not allowed (allowed: \(allowed.sorted().joined(separator: ", "))), reached by key path 'root.\(field)'.")
        #expect(context.debugDescription == underlying.description)

        // Foundation's own NSSet archive is refused the same way.
        if className == "NSSet" {
            let foundationData = try NSKeyedArchiver.archivedData(withRootObject: NSSet(array: ["s"]), requiringSecureCoding: true)
            let refused = try #require(throws: DecodingError.self) { try decoder.decode(Set<String>.self, from: foundationData) }
            guard case .dataCorrupted(let refusedContext) = refused else { Issue.record("got \(refused)"); return }
            #expect((refusedContext.underlyingError as? KeyedArchiveError)?.className == "NSSet")
            #expect((refusedContext.underlyingError as? KeyedArchiveError)?.keyPath == ["root"])
        }
    }
}

private enum ArchiveSetTestFailure: Error {
    case noRoot
    case notAnObject(Int)
}
