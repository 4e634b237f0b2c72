import Foundation
import PlistKit
import Synchronization
import Testing

/// A container whose initializer is counted too: the allow-list must stop decoding before
/// even the allowed objects around a disallowed one are built.
private struct Holder: KeyedArchivable {
    static let archiveClassNames = ["Holder"]
    static let initCount = Mutex(0)
    var payload: Payload?
    var note: String

    init(payload: Payload?, note: String) {
        self.payload = payload
        self.note = note
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        Self.initCount.withLock { $0 += 1 }
        note = try unarchiver.decodeString(forKey: "note")
        // A Holder that ignores its payload: the allow-list still covers it (see below).
        payload = unarchiver.containsValue(forKey: "payloadIsRead") ? try unarchiver.decodeObject(of: Payload.self, forKey: "payload") : nil
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(payload, forKey: "payload")
        try archiver.encode(note, forKey: "note")
        archiver.encode(true, forKey: "payloadIsRead")
    }
}

/// Secure decoding, scoped as Apple scopes it: the caller's list covers the root and untyped
/// decodes; inside the root each typed decode (field, array element, dictionary key) allows
/// the type it asks for. A refusal names the class, its `$objects` index and key path, and
/// comes before any object is built. Serialized because the initializer counters are shared.
@Suite(.serialized) struct AllowListTests {
    init() {
        Payload.initCount.withLock { $0 = 0 }
        Holder.initCount.withLock { $0 = 0 }
    }

    func archive<T: KeyedArchivable>(_ root: T) throws -> KeyedArchive {
        let archiver = KeyedArchiver()
        try archiver.encode(root, forKey: "root")
        return try KeyedArchive(archiver.archiveValue)
    }

    func builtCount() -> Int {
        Payload.initCount.withLock { $0 } + Holder.initCount.withLock { $0 }
    }

    @Test func disallowedClassAtRoot() throws {
        let unarchiver = KeyedUnarchiver(archive: try archive(Payload(secret: "s")), allowedClassNames: ["NSArray", "NSString", "User"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeObject(of: Payload.self, forKey: "root")
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "Payload")
        #expect(error.objectIndex == 1)
        #expect(error.keyPath == ["root"])
        #expect(error.description
            == "Class 'Payload' at $objects[1] is not allowed (allowed: NSArray, NSString, User), reached by key path 'root'.")
        #expect(builtCount() == 0)
    }

    @Test func aFieldDecodedAsItsTypeNeedsNoListEntry() throws {
        // Holder's initializer asks for a Payload: that call allows Payload for that field.
        let unarchiver = KeyedUnarchiver(
            archive: try archive(Holder(payload: Payload(secret: "s"), note: "n")), allowedClassNames: ["Holder"])
        let holder = try #require(try unarchiver.decodeObject(of: Holder.self, forKey: "root"))
        #expect(holder.payload == Payload(secret: "s"))
        #expect(builtCount() == 2)
    }

    @Test func aFieldOfAnotherClassThanItsTypeIsRefusedBeforeAnythingIsBuilt() throws {
        // Hostile: the field Holder reads as a Payload holds an object of another class, which
        // the caller's list even names: the type asked for decides, and the object is never built.
        let archiver = KeyedArchiver()
        let holder: PlistValue = ["$class": "Holder", "note": "n", "payloadIsRead": true, "payload": ["$class": "Intruder", "x": 1]]
        try archiver.encode(holder, forKey: "root")
        let archive = try KeyedArchive(archiver.archiveValue)
        let intruder = try #require(archive.objects.firstIndex { if case .instance(let i) = $0 { i.className == "Intruder" } else { false } })
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["Holder", "Intruder"])
        let error = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Holder.self, forKey: "root") }
        #expect(error.code == .classUnknown)
        #expect(error.className == "Intruder")
        #expect(error.objectIndex == intruder)
        #expect(error.keyPath == ["root", "payload"])
        #expect(Payload.initCount.withLock { $0 } == 0)
    }

    @Test func aFieldTheDecoderNeverReadsIsNeverChecked() throws {
        // As with NSKeyedUnarchiver, only what the initializers ask for is decoded or checked.
        let archiver = KeyedArchiver()
        try archiver.encode(Holder(payload: Payload(secret: "s"), note: "n"), forKey: "root")
        var value = archiver.archiveValue
        var objects = try #require(value["$objects"]?.array)
        var holder = try #require(objects[1].dictionary)
        holder["payloadIsRead"] = nil
        objects[1] = .dictionary(holder)
        value = handmadeArchive(top: try #require(value["$top"]?.dictionary), objects: objects)
        let unarchiver = KeyedUnarchiver(archive: try KeyedArchive(value), allowedClassNames: ["Holder"])
        #expect(try unarchiver.decodeObject(of: Holder.self, forKey: "root")?.payload == nil)
        #expect(builtCount() == 1)
    }

    @Test func elementsDecodedAsTheirTypeNeedNoListEntry() throws {
        // The root's class answers to the list; the elements, keys and nested collections to
        // the types the call asks for.
        let array = KeyedUnarchiver(archive: try archive([Payload(secret: "a"), Payload(secret: "b")]), allowedClassNames: ["NSArray"])
        #expect(try array.decodeArrayOfObjects(ofClass: Payload.self, forKey: "root")?.count == 2)
        let keyed = KeyedUnarchiver(archive: try archive([Payload(secret: "k"): "value"]), allowedClassNames: ["NSDictionary"])
        #expect(try keyed.decodeDictionary(withKeysOfClass: Payload.self, objectsOfClass: String.self, forKey: "root")?.count == 1)
        let nested = KeyedUnarchiver(archive: try archive(["outer": [[Payload(secret: "deep")]]]), allowedClassNames: ["NSDictionary"])
        #expect(try nested.decodeObject(of: [String: [[Payload]]].self, forKey: "root")?["outer"] == [[Payload(secret: "deep")]])
    }

    @Test func disallowedClassInAnUntypedTreeDeepInACollection() throws {
        // A tree names no classes: at the root, the caller's list covers everything in it.
        let root = ["outer": [[Payload(secret: "deep")]]]
        let unarchiver = KeyedUnarchiver(archive: try archive(root), allowedClassNames: ["NSDictionary", "NSArray"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeObject(of: PlistValue.self, forKey: "root")
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.keyPath == ["root", "NS.objects[0]", "NS.objects[0]", "NS.objects[0]"])
        #expect(builtCount() == 0)
    }

    @Test func genericDecodingObeysTheAllowListToo() throws {
        let unarchiver = KeyedUnarchiver(archive: try archive([Payload(secret: "a")]), allowedClassNames: ["NSArray"])
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: PlistValue.self, forKey: "root") }
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: ArchiveGenericObject.self, forKey: "root") }
    }

    @Test func elementOfAnotherClassFailsBeforeAnyElementIsBuilt() throws {
        // Both classes are allowed, but the call asks for Payload elements only.
        let archiver = KeyedArchiver()
        let mixed: [PlistValue] = [["$class": "Payload", "secret": "a"], ["$class": "Intruder", "x": 1]]
        try archiver.encode(PlistValue.array(mixed), forKey: "root")
        let unarchiver = KeyedUnarchiver(archive: try KeyedArchive(archiver.archiveValue), allowedClassNames: ["NSArray", "Payload", "Intruder"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeArrayOfObjects(ofClass: Payload.self, forKey: "root")
        }
        #expect(error.code == .classUnknown)
        #expect(error.className == "Intruder")
        #expect(builtCount() == 0)
    }

    @Test func allowedClassesDecode() throws {
        let shared = Payload(secret: "same")
        let root = Holder(payload: shared, note: "n")
        let unarchiver = KeyedUnarchiver(archive: try archive(root), allowedClassNames: ["Holder", "Payload"])
        let decoded = try #require(try unarchiver.decodeObject(of: Holder.self, forKey: "root"))
        #expect(decoded.payload == shared)
        #expect(decoded.note == "n")
        #expect(builtCount() == 2)
    }

    @Test func staticEntryPointAllowsTheNamedTypesAtTheRoot() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: [UserRecord(userName: "a", age: 1)])
        let users = try KeyedUnarchiver.unarchivedObject(ofClass: [UserRecord].self, from: data, additionalTypes: [UserRecord.self])
        #expect(users == [UserRecord(userName: "a", age: 1)])
        // `[UserRecord]` asks for User elements, which allows them.
        #expect(try KeyedUnarchiver.unarchivedObject(ofClass: [UserRecord].self, from: data) == users)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: UserRecord.self, from: data)
        }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "NSArray")
        #expect(error.objectIndex == 1)
        let any = try KeyedUnarchiver.unarchivedObject(ofClasses: [[UserRecord].self, UserRecord.self], from: data)
        #expect(any as? [UserRecord] == [UserRecord(userName: "a", age: 1)])
    }

    @Test func aTightenedListAppliesToTheNextDecode() throws {
        let unarchiver = KeyedUnarchiver(archive: try archive(Holder(payload: Payload(secret: "s"), note: "n")), allowedClassNames: nil)
        #expect(try unarchiver.decodeObject(of: Holder.self, forKey: "root")?.payload == Payload(secret: "s"))
        unarchiver.allowedClassNames = ["Payload"]
        let error = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Holder.self, forKey: "root") }
        #expect(error.code == .classNotAllowed)
        #expect(error.className == "Holder")
    }

    @Test func classMappingDecodesARenamedClass() throws {
        let archiver = KeyedArchiver()
        archiver.setClassName("LegacyPayload", forClassName: "Payload")
        try archiver.encode(Payload(secret: "old"), forKey: "root")
        let archive = try KeyedArchive(archiver.archiveValue)
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["LegacyPayload"])
        let unknown = try #require(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(of: Payload.self, forKey: "root") }
        #expect(unknown.code == .classUnknown)
        unarchiver.setClass(Payload.self, forClassName: "LegacyPayload")
        #expect(try unarchiver.decodeObject(of: Payload.self, forKey: "root") == Payload(secret: "old"))
        // A mapping to another type is a type mismatch, found before anything is built.
        let remapped = KeyedUnarchiver(archive: archive, allowedClassNames: nil)
        remapped.setClass(UserRecord.self, forClassName: "LegacyPayload")
        let typeError = try #require(throws: KeyedArchiveError.self) { try remapped.decodeObject(of: Payload.self, forKey: "root") }
        #expect(typeError.code == .typeMismatch)
        #expect(builtCount() == 1)
    }

    /// The archive's classes with what `KeyedUnarchiver` and `ArchiveDecoder` each make of the
    /// allow-list `allowed`: the allow-list's error, or `nil` when the archive passes it.
    func verdicts(_ data: Data, allowed: Set<String>) throws -> (unarchiver: KeyedArchiveError?, decoder: KeyedArchiveError?) {
        let archive = try KeyedArchive(decoding: data)
        var unarchiverError: KeyedArchiveError?
        do {
            _ = try KeyedUnarchiver(archive: archive, allowedClassNames: allowed).decodeObject(of: PlistValue.self, forKey: "root")
        } catch let error as KeyedArchiveError {
            unarchiverError = error
        }
        var decoderError: KeyedArchiveError?
        do {
            _ = try ArchiveDecoder(allowedClassNames: allowed).decode([ArchivedNote].self, from: archive)
        } catch DecodingError.dataCorrupted(let context) {
            decoderError = try #require(context.underlyingError as? KeyedArchiveError)
        }
        return (unarchiverError, decoderError)
    }

    /// One allow-list for both decoders: for every subset of the classes an archive holds,
    /// the unarchiver's untyped decode (a tree at the root, which the caller's list covers
    /// whole) and the Codable decoder (whose types name no classes) refuse the same object with
    /// the same error, or both let the archive through (only the full set does).
    @Test func theUnarchiverAndTheCodableDecoderGiveTheSameVerdicts() throws {
        var second = ArchivedNote.sample
        second.subtitle = "second"
        second.author = ArchivedPerson(name: "Grace", age: 45)
        let data = try ArchiveEncoder().encode([ArchivedNote.sample, second])
        let classes = try KeyedArchive(decoding: data).classSummaries.map(\.name)
        #expect(classes.count >= 6)
        var refused = 0
        for mask in 0..<(1 << classes.count) {
            let allowed = Set(classes.indices.filter { mask & (1 << $0) != 0 }.map { classes[$0] })
            let (unarchiver, decoder) = try verdicts(data, allowed: allowed)
            #expect(unarchiver == decoder, "allowed: \(allowed.sorted())")
            if let unarchiver {
                #expect(unarchiver.code == .classNotAllowed)
                #expect(!allowed.contains(unarchiver.className ?? ""))
                refused += 1
            } else {
                #expect(allowed.count == classes.count)
            }
        }
        #expect(refused == (1 << classes.count) - 1)
    }

    /// The verdict does not depend on which top-level keys hold what: a class outside the list
    /// under another key does not matter; under `root`, an untyped decode meets it.
    @Test func onlyWhatIsReachableFromTheDecodedKeyCounts() throws {
        let archiver = KeyedArchiver()
        try archiver.encode([Holder(payload: Payload(secret: "s"), note: "n")], forKey: "root")
        try archiver.encode(Set(["other"]), forKey: "extra")
        let archive = try KeyedArchive(decoding: try archiver.encodedData())
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["NSArray", "Holder", "Payload"])
        #expect(try unarchiver.decodeArrayOfObjects(ofClass: Holder.self, forKey: "root")?.first?.note == "n")
        let strict = KeyedUnarchiver(archive: archive, allowedClassNames: ["NSArray", "Holder", "NSSet"])
        let error = try #require(throws: KeyedArchiveError.self) {
            try strict.decodeObject(of: PlistValue.self, forKey: "root")
        }
        #expect(error.className == "Payload")
        #expect(error.keyPath == ["root", "NS.objects[0]", "payload"])
        #expect(try strict.decodeObject(of: Set<String>.self, forKey: "extra") == ["other"])
    }
}
