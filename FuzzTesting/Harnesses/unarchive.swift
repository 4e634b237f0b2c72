import FoundationEssentials
import PlistKit

/// A custom archived class with every kind of field and references to its own kind (a child
/// and an array), so the fuzzer reaches object references, cycles and nested collections.
final class FuzzRecord: KeyedArchivable, Equatable {
    static let archiveClassNames = ["FuzzRecord"]
    var name: String
    var age: Int
    var score: Double
    var flag: Bool
    var created: Date?
    var blob: Data?
    var tags: [String]?
    var child: FuzzRecord?
    var items: [FuzzRecord]?

    init(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decodeString(forKey: "name")
        age = try unarchiver.decodeInteger(forKey: "age")
        score = unarchiver.containsValue(forKey: "score") ? try unarchiver.decodeDouble(forKey: "score") : 0
        flag = unarchiver.containsValue(forKey: "flag") ? try unarchiver.decodeBool(forKey: "flag") : false
        created = try unarchiver.decodeObject(of: Date.self, forKey: "created")
        blob = unarchiver.containsValue(forKey: "blob") ? try unarchiver.decodeData(forKey: "blob") : nil
        tags = try unarchiver.decodeObject(of: [String].self, forKey: "tags")
        child = try unarchiver.decodeObject(of: FuzzRecord.self, forKey: "child")
        items = try unarchiver.decodeArrayOfObjects(ofClass: FuzzRecord.self, forKey: "items")
    }

    func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(name, forKey: "name")
        archiver.encode(age, forKey: "age")
        archiver.encode(score, forKey: "score")
        archiver.encode(flag, forKey: "flag")
        try archiver.encode(created, forKey: "created")
        if let blob { archiver.encodeBytes(blob, forKey: "blob") }
        try archiver.encode(tags, forKey: "tags")
        try archiver.encode(child, forKey: "child")
        if let items { try archiver.encodeArrayOfObjects(items, forKey: "items") }
    }

    /// Structural equality; reals by bit pattern. Records decoded from an archive form a tree
    /// or a DAG (a cycle cannot be decoded into `let`-free classes without a placeholder, and
    /// the unarchiver refuses it), so the recursion ends.
    static func == (a: FuzzRecord, b: FuzzRecord) -> Bool {
        a.name == b.name && a.age == b.age && a.score.bitPattern == b.score.bitPattern && a.flag == b.flag
            && a.created?.timeIntervalSinceReferenceDate.bitPattern == b.created?.timeIntervalSinceReferenceDate.bitPattern
            && a.blob == b.blob && a.tags == b.tags && a.child == b.child && a.items == b.items
    }
}

/// Every class the typed unarchive allows.
let allowedTypes: [any KeyedArchivable.Type] = [FuzzRecord.self, String.self, Date.self, Data.self, [String].self, [FuzzRecord].self]

/// libFuzzer entry point: typed unarchiving with an allow-list.
///
/// Must give a record or a `KeyedArchiveError` (a class outside the allow-list included);
/// a record re-archives with KeyedArchiver and unarchives back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let record: FuzzRecord
    do {
        record = try KeyedUnarchiver.unarchivedObject(ofClass: FuzzRecord.self, from: data, additionalTypes: allowedTypes)
    } catch let error as KeyedArchiveError {
        guard !error.description.isEmpty else { fatalError("Fuzz check failed: an empty KeyedArchiveError description") }
        return 0
    } catch {
        fatalError("Fuzz check failed: unarchiving threw \(type(of: error)), not KeyedArchiveError: \(error)")
    }
    // Records that share children expand on comparison; keep the check to small graphs.
    guard size(of: record, budget: 10_000) else { return 0 }
    let archived: Data
    do {
        archived = try KeyedArchiver.archivedData(withRootObject: record, format: .binary)
    } catch {
        fatalError("Fuzz check failed: KeyedArchiver cannot archive a record KeyedUnarchiver read: \(error)")
    }
    do {
        let again = try KeyedUnarchiver.unarchivedObject(ofClass: FuzzRecord.self, from: archived, additionalTypes: allowedTypes)
        guard again == record else { fatalError("Fuzz check failed: the record changed through KeyedArchiver") }
    } catch {
        fatalError("Fuzz check failed: KeyedUnarchiver cannot read KeyedArchiver's output: \(error)")
    }
    return 0
}

/// Whether the record tree, expanded, has at most `budget` records.
func size(of record: FuzzRecord, budget: Int) -> Bool {
    var remaining = budget
    func visit(_ record: FuzzRecord) -> Bool {
        remaining -= 1
        if remaining < 0 { return false }
        if let child = record.child, !visit(child) { return false }
        for item in record.items ?? [] where !visit(item) { return false }
        return true
    }
    return visit(record)
}
