import Foundation
import Testing
@testable import PlistKit

/// ArchiveEncoder and ArchiveDecoder: interoperability with Foundation's NSKeyedArchiver and
/// NSKeyedUnarchiver through NSSecureCoding classes with the same keys, the allow-list, and
/// the archive's shape.
@Suite struct ArchiveCoderTests {
    static let decoder = ArchiveDecoder(allowing: [ArchivedNote.self, ArchivedPerson.self])

    private func foundationUnarchiver(_ data: Data) throws -> NSKeyedUnarchiver {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.setClass(FoundationNote.self, forClassName: ArchivedNote.archiveClassName)
        unarchiver.setClass(FoundationPerson.self, forClassName: ArchivedPerson.archiveClassName)
        return unarchiver
    }

    private func foundationArchive(_ note: FoundationNote) -> Data {
        // Foundation on Linux writes the classes' own names (see ArchivedNote.archiveClassName).
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(note, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    @Test(arguments: [nil, "A subtitle"] as [String?], [PlistFormat.binary, .xml])
    func foundationUnarchivesEncodedModel(subtitle: String?, format: PlistFormat) throws {
        var model = ArchivedNote.sample
        model.subtitle = subtitle
        var encoder = ArchiveEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(model)
        #expect(PlistFormat(detecting: data) == format)
        #expect(try Self.decoder.decode(ArchivedNote.self, from: data) == model)
        let unarchiver = try foundationUnarchiver(data)
        let note = try #require(unarchiver.decodeObject(of: FoundationNote.self, forKey: NSKeyedArchiveRootObjectKey))
        #expect(note.model == model)
    }

    @Test(arguments: [nil, "A subtitle"] as [String?])
    func decoderReadsFoundationsArchive(subtitle: String?) throws {
        var model = ArchivedNote.sample
        model.subtitle = subtitle
        let data = foundationArchive(FoundationNote(model))
        #expect(try Self.decoder.decode(ArchivedNote.self, from: data) == model)
    }

    @Test func allowListViolationFailsBeforeDecoding() throws {
        let data = foundationArchive(FoundationNote(.sample))
        // The person's class is missing from the list.
        let decoder = ArchiveDecoder(allowing: [ArchivedNote.self])
        let error = try #require(throws: DecodingError.self) { try decoder.decode(ArchivedNote.self, from: data) }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? KeyedArchiveError else {
            Issue.record("expected dataCorrupted with a KeyedArchiveError, got \(error)")
            return
        }
        #expect(underlying.code == .classNotAllowed)
        #expect(underlying.className == ArchivedPerson.archiveClassName)
        #expect(underlying.keyPath == ["root", "author"])
        // Foundation's lists are per call (the note's init(coder:) names the person's class
        // itself), so it accepts this archive; the comparable refusal is of a root class outside
        // the list. (Foundation on Linux traps with "Value was of unexpected class" instead of
        // failing there, so that refusal is only checked on PlistKit's side.)
        let rootRefused = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowing: [ArchivedPerson.self]).decode(ArchivedNote.self, from: data)
        }
        guard case .dataCorrupted(let rootContext) = rootRefused else { Issue.record("got \(rootRefused)"); return }
        #expect((rootContext.underlyingError as? KeyedArchiveError)?.className == ArchivedNote.archiveClassName)
    }

    @Test func allowListViolationInsideACollectionFails() throws {
        struct Holder: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestHolder"
            var people: [ArchivedPerson]
        }
        let data = try ArchiveEncoder().encode(Holder(people: [ArchivedPerson(name: "a", age: 1)]))
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowing: [Holder.self]).decode(Holder.self, from: data)
        }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? KeyedArchiveError else {
            Issue.record("got \(error)")
            return
        }
        #expect(underlying.code == .classNotAllowed)
        #expect(underlying.className == ArchivedPerson.archiveClassName)
        #expect(try ArchiveDecoder(allowing: [Holder.self, ArchivedPerson.self]).decode(Holder.self, from: data).people.count == 1)
    }

    @Test func archiveHasTheShapeNSKeyedArchiverWrites() throws {
        let archive = try ArchiveEncoder().encodeValue(ArchivedNote.sample)
        #expect(archive["$archiver"] == "NSKeyedArchiver")
        #expect(archive["$version"] == 100000)
        let objects = try #require(archive["$objects"]?.array)
        #expect(objects.first == "$null")
        let rootUID = try #require(archive["$top"]?["root"]?.uid)
        let root = try #require(objects[Int(rootUID)].dictionary)
        // Integers, reals and booleans inline; nil as a reference to $null; objects by UID.
        #expect(root["count"] == 3)
        #expect(root["ratio"] == 0.25)
        #expect(root["pinned"] == true)
        #expect(root["subtitle"] == .uid(0))
        #expect(root["title"]?.uid.map { objects[Int($0)] } == "Groceries")
        let classUID = try #require(root["$class"]?.uid)
        #expect(objects[Int(classUID)] == ["$classname": "PlistKitTests.FoundationNote", "$classes": ["PlistKitTests.FoundationNote", "NSObject"]])
        func className(_ field: String) -> String? {
            guard let uid = root[field]?.uid, let object = objects[Int(uid)].dictionary,
                  let classUID = object["$class"]?.uid else { return nil }
            return objects[Int(classUID)]["$classname"]?.string
        }
        #expect(className("created") == "NSDate")
        #expect(className("id") == "NSUUID")
        #expect(className("link") == "NSURL")
        #expect(className("tags") == "NSArray")
        #expect(className("scores") == "NSDictionary")
        #expect(className("author") == ArchivedPerson.archiveClassName)
        #expect(root["payload"]?.uid.map { objects[Int($0)] } == .data(Data([0, 1, 2, 250])))
    }

    struct Everything: Codable, Equatable, ArchiveClassNaming {
        static let archiveClassName = "PKTestEverything"
        var optionals: [Int?] = [1, nil, 3]
        var set: Set<String> = ["x"]
        var shapes: [Shape] = [.empty, .circle(radius: 1), .labeled("l", size: 2)]
        var nested: [[String: [Double]]] = [["a": [1.5]]]
        var intKeys: [Int: String] = [4: "four"]
        var big = UInt64.max
        var small = Int8.min
        var float: Float = 1.5
        var dog = Dog(name: "Rex", legs: 4)
        var maybeDate: Date? = Date(timeIntervalSinceReferenceDate: 5)
        var absentURL: URL? = nil
        var relativeURL = URL(string: "b/c", relativeTo: URL(string: "https://x.org/a/")!)!
    }

    @Test func everyShapeRoundTrips() throws {
        let data = try ArchiveEncoder().encode(Everything())
        let decoded = try ArchiveDecoder(allowedClassNames: nil).decode(Everything.self, from: data)
        #expect(decoded == Everything())
        #expect(decoded.relativeURL.absoluteString == "https://x.org/a/b/c")
    }

    @Test func superclassFieldsShareTheObject() throws {
        struct Wrapper: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestWrapper"
            var dog: NamedDog
        }
        final class NamedDog: Dog, ArchiveClassNaming, @unchecked Sendable {
            static let archiveClassName = "PKTestDog"
        }
        let archive = try ArchiveEncoder().encodeValue(Wrapper(dog: NamedDog(name: "Rex", legs: 4)))
        let objects = try #require(archive["$objects"]?.array)
        let dog = try #require(objects.first { $0["name"] != nil }?.dictionary)
        #expect(dog["legs"] == 4)
        #expect(dog["super"] == nil)
    }

    /// Archived reals become integers by the plist decoder's rule: exactly, and only within
    /// the property-list integer range, even for 128-bit types.
    @Test func realsBecomeIntegersOnlyWithinThePropertyListRange() throws {
        struct Real: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestMeasure"
            var value: Double
        }
        struct Wide: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestMeasure"
            var value: UInt128
        }
        let decoder = ArchiveDecoder(allowedClassNames: nil)
        #expect(try decoder.decode(Wide.self, from: ArchiveEncoder().encode(Real(value: 0x1p63))).value == 1 << 63)
        // 128-bit integers archive as NSNumbers when they fit a property-list integer.
        #expect(try decoder.decode(Wide.self, from: ArchiveEncoder().encode(Wide(value: UInt128(UInt64.max)))).value == UInt128(UInt64.max))
        #expect(throws: EncodingError.self) { try ArchiveEncoder().encode(Wide(value: UInt128(UInt64.max) + 1)) }
        for real in [0x1p64, 1.7441594270788851e28, 2.5] {
            let data = try ArchiveEncoder().encode(Real(value: real))
            let error = try #require(throws: DecodingError.self) { try decoder.decode(Wide.self, from: data) }
            guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); continue }
            #expect(context.debugDescription == "Archived number <\(real)> does not fit in UInt128.")
            #expect(pathText(context.codingPath) == "value")
        }
    }

    @Test func wrongClassIsATypeMismatchAtItsPath() throws {
        struct Impostor: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestImpostor"
            var name: String
            var age: Int
        }
        struct Holder: Codable, ArchiveClassNaming {
            static let archiveClassName = ArchivedNote.archiveClassName
            var author: Impostor
        }
        let data = try ArchiveEncoder().encode(ArchivedNote.sample)
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: nil).decode(Holder.self, from: data)
        }
        guard case .typeMismatch(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "author")
        #expect(context.debugDescription == "Expected to decode Impostor (an object of class 'PKTestImpostor') but found an object of class 'PlistKitTests.FoundationPerson' instead.")
    }

    @Test func missingFieldIsKeyNotFound() throws {
        struct Wider: Codable, ArchiveClassNaming {
            static let archiveClassName = ArchivedPerson.archiveClassName
            var name: String
            var email: String
        }
        let data = try ArchiveEncoder().encode(ArchivedPerson(name: "a", age: 1))
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: nil).decode(Wider.self, from: data)
        }
        guard case .keyNotFound(let key, let context) = error else { Issue.record("got \(error)"); return }
        #expect(key.stringValue == "email")
        #expect(context.codingPath.isEmpty)
    }

    @Test func cyclicArchiveFailsInsteadOfRecursing() throws {
        final class Link: Codable, ArchiveClassNaming {
            static let archiveClassName = "PKTestLink"
            var next: Link?
        }
        // Object 1 is a Link whose `next` refers to itself.
        let archive: PlistValue = [
            "$archiver": "NSKeyedArchiver", "$version": 100000,
            "$top": ["root": .uid(1)],
            "$objects": ["$null", ["$class": .uid(2), "next": .uid(1)], ["$classname": "PKTestLink", "$classes": ["PKTestLink", "NSObject"]]],
        ]
        let data = try archive.encoded(as: .binary)
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowing: [Link.self]).decode(Link.self, from: data)
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "next")
        #expect(context.debugDescription.contains("refers back to itself"))
    }

    @Test func notAnArchiveIsDataCorrupted() throws {
        let notArchive: PlistValue = ["a": 1]
        let data = try notArchive.encoded(as: .binary)
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: nil).decode(ArchivedPerson.self, from: data)
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.underlyingError is KeyedArchiveError)
    }
}

extension ArchiveCoderTests {
    @Test func sharedReferencesStopAtTheValueLimit() throws {
        // 40 NSArrays each holding the next twice: 2^40 values when expanded.
        indirect enum Tree: Decodable {
            case leaf
            case node([Tree])
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var children: [Tree] = []
                while !container.isAtEnd { children.append(try container.decode(Tree.self)) }
                self = children.isEmpty ? .leaf : .node(children)
            }
        }
        var objects: [PlistValue] = ["$null", ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]]
        for level in 0..<40 {
            let next = UInt32(objects.count + 1)
            objects.append(["$class": .uid(1), "NS.objects": level == 39 ? [] : [.uid(next), .uid(next)]])
        }
        let archive: PlistValue = ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(2)], "$objects": .array(objects)]
        var decoder = ArchiveDecoder(allowedClassNames: ["NSArray"])
        decoder.readingOptions.maximumObjectCount = 5_000
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Tree.self, from: archive.encoded(as: .binary)) }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.debugDescription.hasPrefix("Decoding reads more than the limit of 5000 values"))
    }
}
