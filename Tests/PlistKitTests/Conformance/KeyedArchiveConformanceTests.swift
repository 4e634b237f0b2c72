import Foundation
import PlistKit
import Testing

/// Every keyed archive of the shared real-world corpus (`../shared/corpus`, kinds
/// `keyed-archive-binary` and `keyed-archive-xml`, compiled nibs included) decodes generically;
/// files the corpus marks invalid fail with the error their defect calls for; and where
/// Foundation's recorded result (CHECKS.tsv) differs from ours, a reason is given per file or
/// per kind of difference. Runs only when the corpus is present; Foundation is not run here
/// (several of these files crash it), its recorded results are compared.
@Suite struct KeyedArchiveConformanceTests {
    /// What an invalid file must do.
    enum Expectation {
        /// The bytes are not a readable property list.
        case unreadable
        /// The archive's structure is corrupt, with this key path.
        case corrupt([String])
        /// The structure reads and the generic tree is fine, but typed decoding of `root` as a
        /// plain object (fields decoded recursively, like the source repository's test does)
        /// fails with this code.
        case typedRootFails(KeyedArchiveError.Code)
    }

    static let bpylist = "parabolala__bpylist2/tests/fixture_data/"
    static let biplistFuzz = "wooster__biplist/tests/fuzz_data/"

    /// Files marked invalid (or named so), with what they must do and why.
    static let invalidFiles: [String: (Expectation, String)] = [
        bpylist + "circular_archive.plist": (.typedRootFails(.cyclicReference),
            "Object 1 refers to itself under 'recursive'. The generic tree marks it {\"$ref\": 1}; typed decoding refuses to hand out the half-built object."),
        bpylist + "invalid_type_archive.plist": (.corrupt(["$archiver"]), "'$archiver' is NSArchiver."),
        bpylist + "invalid_uid_archive.plist": (.corrupt(["$top", "root"]), "The root UID 10 is past the 3 objects."),
        bpylist + "invalid_version_archive.plist": (.corrupt(["$version"]), "'$version' is 10000."),
        bpylist + "missing_uid_archive.plist": (.corrupt(["$objects"]),
            "Object 1 is a dictionary with '$classy' instead of '$class'. Foundation on Linux decodes it as a plain NSDictionary; NSKeyedArchiver never writes dictionaries into $objects, so PlistKit reports the defect, as the file's source expects."),
        bpylist + "no_class_meta_archive.plist": (.corrupt(["$class"]),
            "'$class' refers to a string. Foundation on Linux crashes (signal 4) on this file."),
        bpylist + "no_class_name_archive.plist": (.corrupt(["$classname"]), "The class dictionary has '$class_name', not '$classname'."),
        bpylist + "no_objects_archive.plist": (.corrupt(["$objects"]), "'$objects' is spelled '$objectives'."),
        bpylist + "no_root_archive.plist": (.typedRootFails(.valueNotFound),
            "'$top' has 'rooty' but no 'root': the archive reads (its tree has 'rooty'), decoding 'root' finds nothing."),
        bpylist + "no_top_archive.plist": (.corrupt(["$top"]), "'$top' is spelled '$toppo'."),
        biplistFuzz + "array_invalid_count.plist": (.unreadable, "Fuzzed bplist: an array count past the end."),
        biplistFuzz + "ascii_string_negative_length.plist": (.unreadable, "Fuzzed bplist: a string length that wraps."),
        biplistFuzz + "ascii_string_too_long.plist": (.unreadable, "Fuzzed bplist: a string past the end."),
        biplistFuzz + "integer_zero_byte_length.plist": (.unreadable, "Fuzzed bplist: an integer of a length bplist00 does not have."),
        biplistFuzz + "invalid_offset_ending.plist": (.unreadable, "Fuzzed bplist: an offset table past the end."),
        biplistFuzz + "real_invalid_length.plist": (.unreadable, "Fuzzed bplist: a real of a length bplist00 does not have."),
        biplistFuzz + "recursive_object_offset.plist": (.unreadable, "Fuzzed bplist: an object that contains itself."),
    ]

    /// Valid files Foundation failed to decode for another reason than a class it lacks,
    /// which PlistKit decodes, and why.
    static let foundationFailures: [String: String] = [
        bpylist + "nsmutabledata_archive.plist":
            "NSMutableData whose 'NS.data' is a UID referring to a data object rather than the bytes inline (as bpylist2 writes it), with '$classes' listing only NSMutableData; Foundation on Linux fails on it ('Class NSMutableData failed to decode'), PlistKit follows the reference and reads the bytes.",
    ]

    /// Foundation's concrete class-cluster names for the class an archive names.
    static let clusterNames: [String: Set<String>] = [
        "NSConcreteValue": ["NSValue"],
        "NSSpecialValue": ["NSValue"],
        "NSSimpleRegularExpressionCheckingResult": ["NSTextCheckingResult", "NSSimpleRegularExpressionCheckingResult"],
        "NSExtendedRegularExpressionCheckingResult": ["NSTextCheckingResult", "NSExtendedRegularExpressionCheckingResult"],
        "NSComplexRegularExpressionCheckingResult": ["NSTextCheckingResult", "NSComplexRegularExpressionCheckingResult"],
    ]

    static var entries: [CorpusEntry] { CorpusEntry.entries(ofKinds: ["keyed-archive-binary", "keyed-archive-xml"]) }

    /// A type that decodes any object's fields recursively, as a typed decoder of an unknown
    /// schema would: used to show what typed decoding does with the invalid files.
    struct AnyObject: KeyedArchivable {
        static let archiveClassNames: [String] = []
        var fields: [String: AnyObject] = [:]
        init(from unarchiver: KeyedUnarchiver) throws {
            for key in unarchiver.allKeys {
                guard let raw = try unarchiver.decodeGenericValue(forKey: key), raw["$class"] != nil || raw["$ref"] != nil else { continue }
                fields[key] = try unarchiver.decodeObject(of: AnyObject.self, forKey: key)
            }
        }
        func encode(to archiver: KeyedArchiver) throws {}
    }

    @Test func everyCorpusArchiveDecodesGenericallyOrFailsAsItShould() throws {
        let entries = Self.entries
        guard !entries.isEmpty else { return }  // No corpus here: nothing to check.
        var checked = 0
        for entry in entries {
            let bytes = try entry.data()
            let archive: KeyedArchive
            do {
                archive = try KeyedArchive(decoding: bytes)
            } catch let error as KeyedArchiveError {
                #expect(error.description.hasSuffix("."), "\(entry.path)")
                switch Self.invalidFiles[entry.path]?.0 {
                case .unreadable?:
                    #expect(error.code == .unreadableData, "\(entry.path): \(error)")
                    #expect(!entry.foundationAccepted, "\(entry.path): Foundation read the plist")
                case .corrupt(let keyPath)?:
                    #expect(error.code == .corruptArchive, "\(entry.path): \(error)")
                    #expect(error.keyPath == keyPath, "\(entry.path): \(error)")
                default:
                    Issue.record("\(entry.path) (\(entry.expected)) failed: \(error)")
                }
                checked += 1
                continue
            }
            let tree = Result { try archive.genericTree(options: GenericTreeOptions(decodesNestedArchives: true)) }
            if case .failure(let error) = tree {
                Issue.record("\(entry.path): the generic tree failed: \(error)")
                continue
            }
            _ = archive.classSummaries
            switch Self.invalidFiles[entry.path]?.0 {
            case .typedRootFails(let code)?:
                let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: nil)
                for summary in archive.classSummaries { unarchiver.setClass(AnyObject.self, forClassName: summary.name) }
                let error = #expect(throws: KeyedArchiveError.self, "\(entry.path)") {
                    guard try unarchiver.decodeObject(of: AnyObject.self, forKey: "root") != nil else {
                        throw KeyedArchiveError(.valueNotFound, "The archive has no root object", keyPath: ["root"])
                    }
                }
                #expect(error?.code == code, "\(entry.path): \(String(describing: error))")
            case .unreadable?, .corrupt?:
                Issue.record("\(entry.path) is listed as invalid but reads")
            case nil:
                #expect(entry.expected != "invalid", "\(entry.path) is marked invalid but reads")
                try compareWithFoundation(entry, archive)
            }
            checked += 1
        }
        #expect(checked == entries.count)
        // Every explanation names a file that is still in the corpus.
        let paths = Set(entries.map(\.path))
        for path in Array(Self.invalidFiles.keys) + Array(Self.foundationFailures.keys) {
            #expect(paths.contains(path), "\(path) is explained but not in the corpus")
        }
    }

    /// Foundation's recorded result: "archive: ok [key=]Class" or "archive: error …".
    func compareWithFoundation(_ entry: CorpusEntry, _ archive: KeyedArchive) throws {
        guard let range = entry.foundationResult.range(of: "archive: ") else { return }
        let result = entry.foundationResult[range.upperBound...]
        if result.hasPrefix("ok ") {
            // The class Foundation built for the first top-level key is the archive's class
            // (or one of Foundation's concrete subclasses of it).
            var described = String(result.dropFirst(3).prefix { $0 != " " && $0 != "|" })
            var key = "root"
            if let equals = described.firstIndex(of: "=") {
                key = String(described[..<equals])
                described = String(described[described.index(after: equals)...])
            }
            guard case .instance(let object)? = archive.topLevelObject(forKey: key) else {
                Issue.record("\(entry.path): Foundation decoded a \(described) under '\(key)', PlistKit finds no object there")
                return
            }
            // Swift's Foundation names its classes without the NS prefix the archives use
            // (ByteCountFormatter for NSByteCountFormatter).
            let accepted = Self.clusterNames[described] ?? [described, "NS" + described]
            #expect(!accepted.isDisjoint(with: object.archivedClass.chain) || accepted.contains(object.className),
                    "\(entry.path): Foundation built \(described), the archive names \(object.className)")
        } else if result.contains("Invalid class") {
            // Foundation lacks the class (a Python or app class): the generic decode needs no
            // class at all, which is its purpose. Nothing more to compare.
            return
        } else {
            #expect(Self.foundationFailures[entry.path] != nil,
                    "\(entry.path): Foundation failed (\(result.prefix(120))) but PlistKit reads it; explain why")
        }
    }

    @Test func nibsListTheirClasses() throws {
        let nibs = Self.entries.filter { $0.path.hasSuffix(".nib") }
        guard !nibs.isEmpty else { return }
        for nib in nibs {
            let archive = try KeyedArchive(decoding: try nib.data())
            let summaries = archive.classSummaries
            #expect(summaries.contains { $0.name == "NSIBObjectData" }, "\(nib.path)")
            #expect(summaries.allSatisfy { $0.instanceCount >= 0 && !$0.chain.isEmpty }, "\(nib.path)")
            let tree = try archive.genericTree()
            #expect(tree["IB.objectdata"]?["$class"] == "NSIBObjectData", "\(nib.path)")
        }
    }

    /// Archives written on macOS by swift-corelibs-foundation's own tests, typed with the values
    /// those tests assert.
    @Test func macOSArchivesDecodeTyped() throws {
        func archive(_ suffix: String) throws -> KeyedArchive? {
            guard let entry = Self.entries.first(where: { $0.path.hasSuffix(suffix) }) else { return nil }
            return try KeyedArchive(decoding: try entry.data())
        }
        guard let range = try archive("NSKeyedUnarchiver-RangeTest.plist"),
              let rect = try archive("NSKeyedUnarchiver-RectTest.plist"),
              let uuid = try archive("NSKeyedUnarchiver-UUIDTest.plist"),
              let url = try archive("NSKeyedUnarchiver-URLTest.plist"),
              let text = try archive("macOS-10.14/NSAttributedString.archive"),
              let ordered = try archive("NSKeyedUnarchiver-OrderedSetTest.plist") else { return }
        func root<T: KeyedArchivable>(_ archive: KeyedArchive, _ type: T.Type, also: Set<String> = []) throws -> T? {
            try KeyedUnarchiver(archive: archive, allowedClassNames: Set(T.archiveClassNames).union(also))
                .decodeObject(of: type, forKey: "root")
        }
        #expect(try root(range, ArchiveRange.self) == ArchiveRange(location: 97345, length: 98345))
        #expect(try root(rect, ArchiveRect.self) == ArchiveRect(x: 400, y: 300, width: 200, height: 300))
        #expect(try root(uuid, UUID.self) == UUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C34"))
        #expect(try root(url, URL.self)?.absoluteString == "https://www.example.com/foo.xml")
        // The allow-list covers the objects an attributed string is made of, too.
        #expect(throws: KeyedArchiveError.self) { try root(text, ArchiveAttributedString.self) }
        let attributed = try #require(try root(
            text, ArchiveAttributedString.self, also: ["NSArray", "NSMutableArray", "NSDictionary", "NSMutableData", "NSString"]))
        #expect(attributed.string == "0123456789")
        #expect(attributed.runs.map(\.length) == [1, 1, 4, 2, 1, 1])
        #expect(attributed.runs[2].attributes == ["Font": "Times", "Size": 456])
        #expect(try ordered.genericTree(forKey: "root")?.count ?? 0 > 0)
    }

    @Test func mutableDataWithAReferencedPayloadReads() throws {
        guard let entry = Self.entries.first(where: { $0.path.hasSuffix("nsmutabledata_archive.plist") }) else { return }
        let archive = try KeyedArchive(decoding: try entry.data())
        #expect(try archive.genericTree(forKey: "root") == .data(Data("hello".utf8)))
        let unarchiver = KeyedUnarchiver(archive: archive, allowedClassNames: ["NSMutableData"])
        #expect(try unarchiver.decodeObject(of: Data.self, forKey: "root") == Data("hello".utf8))
    }

    @Test func circularArchiveIsMarkedNotFollowed() throws {
        guard let entry = Self.entries.first(where: { $0.path.hasSuffix("circular_archive.plist") }) else { return }
        let tree = try KeyedArchive(decoding: try entry.data()).genericTree(forKey: "root")
        #expect(tree?["recursive"] == ["$ref": 1])
        #expect(tree?["$index"] == 1)
    }
}
