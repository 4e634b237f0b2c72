import Foundation
import PlistKit
import Testing

/// The NSValue kinds (point, size, rectangle, range): the fields each writes, what each reads
/// back, its readable tree, and the errors for an NSValue of another kind or a malformed one.
@Suite struct ArchiveNSValueTests {
    /// The fields of the root object of an archive of `value`, `$class` excluded, with
    /// references to inline scalars resolved.
    func fields<T: KeyedArchivable>(_ value: T) throws -> PlistDictionary {
        let archive = try KeyedArchive(decoding: try KeyedArchiver.archivedData(withRootObject: value))
        guard case .instance(let root)? = archive.rootObject else {
            Issue.record("the root is not an object")
            return [:]
        }
        #expect(root.className == "NSValue")
        var result = PlistDictionary()
        for (key, raw) in root.fields {
            if case .uid(let uid) = raw, case .scalar(let scalar) = archive.objects[Int(uid)] {
                result[key] = ["ref": scalar]
            } else {
                result[key] = raw
            }
        }
        return result
    }

    func decode<T: KeyedArchivable, U: KeyedArchivable>(_ type: T.Type, from value: U) throws -> T {
        try KeyedUnarchiver.unarchivedObject(ofClass: type, from: try KeyedArchiver.archivedData(withRootObject: value))
    }

    @Test func eachKindWritesTheFieldsFoundationWrites() throws {
        #expect(try fields(ArchivePoint(x: 1.5, y: -2)) == ["NS.special": 1, "NS.pointval": ["ref": "{1.5, -2.0}"]])
        #expect(try fields(ArchiveSize(width: 3, height: 4)) == ["NS.special": 2, "NS.sizeval": ["ref": "{3.0, 4.0}"]])
        #expect(try fields(ArchiveRect(x: 1, y: 2, width: 3, height: 4))
            == ["NS.special": 3, "NS.rectval": ["ref": "{{1.0, 2.0}, {3.0, 4.0}}"]])
        #expect(try fields(ArchiveRange(location: 3, length: 4))
            == ["NS.special": 4, "NS.rangeval.location": ["ref": 3], "NS.rangeval.length": ["ref": 4]])
        // In Foundation's order (dictionary equality ignores it).
        #expect(try fields(ArchivePoint(x: 1, y: 2)).keys == ["NS.special", "NS.pointval"])
        #expect(try fields(ArchiveRange(location: 3, length: 4)).keys == ["NS.special", "NS.rangeval.location", "NS.rangeval.length"])
    }

    @Test func eachKindReadsBack() throws {
        #expect(try decode(ArchivePoint.self, from: ArchivePoint(x: 1.5, y: -2)) == ArchivePoint(x: 1.5, y: -2))
        #expect(try decode(ArchiveSize.self, from: ArchiveSize(width: 3, height: 4e2)) == ArchiveSize(width: 3, height: 4e2))
        #expect(try decode(ArchiveRect.self, from: ArchiveRect(x: -1, y: 0.5, width: 3, height: 4))
            == ArchiveRect(x: -1, y: 0.5, width: 3, height: 4))
        #expect(try decode(ArchiveRange.self, from: ArchiveRange(location: 3, length: 4)) == ArchiveRange(location: 3, length: 4))
    }

    @Test func eachKindHasItsReadableTree() throws {
        func tree<T: KeyedArchivable>(_ value: T) throws -> PlistValue? {
            try KeyedArchive.genericTree(decoding: try KeyedArchiver.archivedData(withRootObject: value))["root"]
        }
        #expect(try tree(ArchivePoint(x: 1.5, y: -2)) == ["x": 1.5, "y": -2.0])
        #expect(try tree(ArchiveSize(width: 3, height: 4)) == ["width": 3.0, "height": 4.0])
        #expect(try tree(ArchiveRect(x: 1, y: 2, width: 3, height: 4)) == ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0])
        #expect(try tree(ArchiveRange(location: 3, length: 4)) == ["location": 3, "length": 4])
    }

    @Test func anotherKindIsATypeMismatchNamingBoth() throws {
        let cases: [(String, () throws -> Any)] = [
            ("Expected an NSValue holding a size (NS.special 2), found NS.special 1",
             { try decode(ArchiveSize.self, from: ArchivePoint(x: 1, y: 2)) }),
            ("Expected an NSValue holding a point (NS.special 1), found NS.special 4",
             { try decode(ArchivePoint.self, from: ArchiveRange(location: 1, length: 2)) }),
            ("Expected an NSValue holding a rectangle (NS.special 3), found NS.special 2",
             { try decode(ArchiveRect.self, from: ArchiveSize(width: 1, height: 2)) }),
            ("Expected an NSValue holding a range (NS.special 4), found NS.special 3",
             { try decode(ArchiveRange.self, from: ArchiveRect(x: 1, y: 2, width: 3, height: 4)) }),
        ]
        for (message, decode) in cases {
            let error = try #require(throws: KeyedArchiveError.self) { _ = try decode() }
            #expect(error.code == .typeMismatch)
            #expect(error.reason == message)
            #expect(error.objectIndex == 1)
            #expect(error.className == "NSValue")
        }
    }

    @Test(arguments: ["{1, x}", "{1, 2, 3}", "{1}", "", "{\(String(repeating: "9", count: 70)), 1}"])
    func aMalformedGeometryStringIsATypeMismatch(text: String) throws {
        let archiver = KeyedArchiver()
        try archiver.encode(ArchiveGenericObject(className: "NSValue", fields: ["NS.special": 1, "NS.pointval": .string(text)]),
                            forKey: "root")
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofClass: ArchivePoint.self, from: try archiver.encodedData())
        }
        #expect(error.code == .typeMismatch)
        #expect(error.reason == "The 'NS.pointval' of an NSValue, \"\(text.prefix(60))\", is not a point")
    }
}
