import Foundation
import Testing
@testable import PlistKit

/// `KeyedUnarchiver` on random archives of nested objects (every field kind: inline and shared
/// strings, arrays of strings, numbers, dates, optionals), on random corruptions of them and
/// on Foundation's: the archived values back, or a typed error.
@Suite struct UnarchiverRandomArchiveTests {
    /// A note with every field kind: strings (inline, shared, in arrays),
    /// numbers, a date, an optional string and nested notes.
    struct Memo: KeyedArchivable, Hashable {
        static let archiveClassNames = ["Memo"]
        var title: String
        var count: Int
        var score: Double
        var created: Date?
        var tags: [String]
        var link: String?
        var children: [Memo]
        /// Under a key too long to be stored inline in a `String`, and one that is not ASCII.
        var remark: String? = nil
        var rank = 0

        init(title: String, count: Int, score: Double, created: Date?, tags: [String], link: String?, children: [Memo]) {
            self.title = title
            self.count = count
            self.score = score
            self.created = created
            self.tags = tags
            self.link = link
            self.children = children
        }

        init(from unarchiver: KeyedUnarchiver) throws {
            title = try unarchiver.decodeString(forKey: "title")
            count = try unarchiver.decodeInteger(forKey: "count")
            score = try unarchiver.decodeDouble(forKey: "score")
            created = try unarchiver.decodeObject(of: Date.self, forKey: "created")
            tags = try unarchiver.decodeObject(of: [String].self, forKey: "tags") ?? []
            link = try unarchiver.decodeObject(of: String.self, forKey: "link")
            children = try unarchiver.decodeArrayOfObjects(ofClass: Memo.self, forKey: "children") ?? []
            remark = try unarchiver.decodeObject(of: String.self, forKey: "a remark under a long key")
            rank = unarchiver.containsValue(forKey: "clé") ? try unarchiver.decodeInteger(forKey: "clé") : 0
        }

        func encode(to archiver: KeyedArchiver) throws {
            try archiver.encode(title, forKey: "title")
            archiver.encode(count, forKey: "count")
            archiver.encode(score, forKey: "score")
            try archiver.encode(created, forKey: "created")
            try archiver.encode(tags, forKey: "tags")
            try archiver.encode(link, forKey: "link")
            try archiver.encode(children, forKey: "children")
            try archiver.encode(remark, forKey: "a remark under a long key")
            if rank != 0 { archiver.encode(rank, forKey: "clé") }
        }
    }

    /// Strings that repeat (so archives share them), edge cases included: empty, non-ASCII,
    /// astral, and text that looks like archive syntax.
    static let words = ["", "a", "tag", "Ünïcödé", "日本語", "🎼 music", "$null", "$class", "NS.string", String(repeating: "long ", count: 20)]

    static func randomMemo(_ random: inout SeededRandom, depth: Int) -> Memo {
        func word() -> String { words[Int(random.next() % UInt64(words.count))] }
        let tagCount = Int(random.next() % 4)
        let childCount = depth > 0 ? Int(random.next() % 3) : 0
        var memo = Memo(
            title: word() + String(random.next() % 50),
            count: Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64),
            score: Double(random.next() % 10_000) / 7,
            created: random.next() % 3 == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(random.next() % 1_000_000)),
            tags: (0..<tagCount).map { _ in word() },
            link: random.next() % 2 == 0 ? nil : word(),
            children: (0..<childCount).map { _ in randomMemo(&random, depth: depth - 1) })
        memo.remark = random.next() % 2 == 0 ? nil : word()
        memo.rank = Int(random.next() % 3)
        return memo
    }

    /// What an unarchiver makes of `data` as `[Memo]`: the value or the error.
    static func decode(_ data: Data, allowed: Set<String>? = ["Memo", "NSArray", "NSDate", "NSString"]) -> Result<[Memo], KeyedArchiveError> {
        do {
            let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: allowed)
            guard let memos = try unarchiver.decodeObject(of: [Memo].self, forKey: "root") else {
                return .failure(KeyedArchiveError(.valueNotFound, "no root (test marker)"))
            }
            return .success(memos)
        } catch let error as KeyedArchiveError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .failure(KeyedArchiveError(.invalidValue, "unexpected (test marker)"))
        }
    }

    @Test func randomArchivesDecodeToWhatWasArchived() throws {
        var random = SeededRandom(seed: 0xFA57_9A7B)
        for round in 0..<300 {
            let memos = (0..<Int(random.next() % 6)).map { _ in Self.randomMemo(&random, depth: 2) }
            let data = try KeyedArchiver.archivedData(withRootObject: memos)
            let decoded = Self.decode(data)
            #expect(decoded == .success(memos), "round \(round)")
            if decoded != .success(memos) { return }
        }
    }

    /// Random archives with one `$objects` entry or reference replaced by something a reader
    /// of strings must refuse or read through (a $null or class-description reference among
    /// strings, a number where a string belongs, an NSString object, a class outside the
    /// allow-list or of another type): a value or a ``KeyedArchiveError``, never another error.
    @Test func corruptedArchivesFailWithTypedErrors() throws {
        var random = SeededRandom(seed: 0xC0_22_0B7)
        var failures = 0
        for round in 0..<400 {
            let memos = (0..<(1 + Int(random.next() % 4))).map { _ in Self.randomMemo(&random, depth: 1) }
            let data = try KeyedArchiver.archivedData(withRootObject: memos)
            guard case .dictionary(var root) = try PlistValue(decoding: data),
                  case .array(var objects)? = root["$objects"] else {
                Issue.record("not an archive")
                return
            }
            Self.corrupt(&objects, &random)
            root["$objects"] = .array(objects)
            let bytes = try PlistValue.dictionary(root).encoded(as: .binary)
            for allowed in [["Memo", "NSArray", "NSDate", "NSString"], ["Memo", "NSArray", "NSDate"], nil] as [Set<String>?] {
                if case .failure = Self.decode(bytes, allowed: allowed) { failures += 1 }
            }
        }
        // The corruptions must exercise the error paths, not only the happy one.
        #expect(failures > 100)
    }

    static func corrupt(_ objects: inout [PlistValue], _ random: inout SeededRandom) {
        let classIndices = objects.indices.filter {
            if case .dictionary(let entries) = objects[$0] { return entries["$classname"] != nil }
            return false
        }
        let stringIndices = objects.indices.dropFirst().filter { objects[$0].kind == .string }
        let arrays = objects.indices.filter {
            if case .dictionary(let entries) = objects[$0], case .array? = entries["NS.objects"] { return true }
            return false
        }
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(Swift.max(count, 1))) }
        switch random.next() % 7 {
        case 0 where !stringIndices.isEmpty:
            // A number where a string was.
            objects[stringIndices[pick(stringIndices.count)]] = .integer(42)
        case 1 where !stringIndices.isEmpty:
            // The string as an NSString object.
            let classIndex = objects.count
            objects.append(classDictionary(["NSMutableString", "NSString", "NSObject"]))
            let i = stringIndices[pick(stringIndices.count)]
            objects[i] = ["$class": .uid(UInt32(classIndex)), "NS.string": objects[i]]
        case 2 where !arrays.isEmpty && !classIndices.isEmpty:
            // A reference to $null or to a class description among an array's elements.
            let i = arrays[pick(arrays.count)]
            guard case .dictionary(var entries) = objects[i], case .array(var elements)? = entries["NS.objects"], !elements.isEmpty else { return }
            elements[pick(elements.count)] = .uid(random.next() % 2 == 0 ? 0 : UInt32(classIndices[pick(classIndices.count)]))
            entries["NS.objects"] = .array(elements)
            objects[i] = .dictionary(entries)
        case 3 where !classIndices.isEmpty:
            // A class renamed: outside the allow-list, or read by another type.
            let names = ["Evil", "NSDate", "NSMutableArray", "NSString", "Memo"]
            objects[classIndices[pick(classIndices.count)]] = classDictionary([names[pick(names.count)]])
        case 4 where !arrays.isEmpty:
            // An array element replaced by an inline integer (not a reference).
            let i = arrays[pick(arrays.count)]
            guard case .dictionary(var entries) = objects[i], case .array(var elements)? = entries["NS.objects"], !elements.isEmpty else { return }
            elements[pick(elements.count)] = .integer(7)
            entries["NS.objects"] = .array(elements)
            objects[i] = .dictionary(entries)
        case 5 where !stringIndices.isEmpty:
            // A string that is data.
            objects[stringIndices[pick(stringIndices.count)]] = .data(Data([1, 2]))
        default:
            break
        }
    }

    /// The reference counts an archive keeps (which decide what the unarchiver shares) are
    /// those of a plain walk over `$top` and every instance's fields, nested ones included.
    @Test func referenceCountsMatchAWalkOfTheFields() throws {
        var random = SeededRandom(seed: 0x5EF_C0)
        var archives: [Data] = try (0..<50).map { _ in
            try KeyedArchiver.archivedData(withRootObject: (0..<Int(random.next() % 5)).map { _ in Self.randomMemo(&random, depth: 2) })
        }
        // Foundation's dictionaries and nested collections, with shared members.
        let shared = NSMutableString(string: "shared")
        archives.append(try foundationArchive(NSDictionary(dictionary: ["a": shared, "b": [shared, shared, NSNumber(value: 3)], "c": ["x": shared]])))
        var sharing = 0
        for data in archives {
            guard case .dictionary(let root) = try PlistValue(decoding: data),
                  case .dictionary(let top)? = root["$top"], case .array(let objects)? = root["$objects"] else {
                Issue.record("not an archive")
                return
            }
            var expected = [Int](repeating: 0, count: objects.count)
            func count(_ value: PlistValue) {
                switch value {
                case .uid(let uid): expected[Int(uid)] += 1
                case .array(let elements): elements.forEach(count)
                case .dictionary(let entries): entries.values.forEach(count)
                default: break
                }
            }
            top.values.forEach(count)
            for object in objects {
                guard case .dictionary(let entries) = object, entries["$class"] != nil else { continue }
                for (key, value) in entries where key != "$class" { count(value) }
            }
            let archive = try KeyedArchive(decoding: data)
            #expect(archive.incomingReferenceCounts() == expected)
            if expected.contains(where: { $0 > 1 }) { sharing += 1 }
        }
        // Most archives share something (strings from a small pool, class descriptions).
        #expect(sharing > archives.count / 2)
    }

    /// Foundation's archives (NSString and NSMutableString elements, shared strings) read as
    /// the strings they hold.
    @Test func foundationArchivesOfStringsDecode() throws {
        let shared = "shared"
        let strings: [Any] = [shared, NSMutableString(string: "mutable"), shared, "日本語", NSString(string: ""), "$null"]
        let data = try foundationArchive(NSArray(array: strings))
        let unarchiver = try KeyedUnarchiver(decoding: data, allowedClassNames: ["NSArray", "NSMutableString", "NSString"])
        #expect(try unarchiver.decodeObject(of: [String].self, forKey: "root") == ["shared", "mutable", "shared", "日本語", "", "$null"])
    }
}
