import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// The files of `TestData/XML` (see its README for how each was made).
@Suite struct XMLFixtureTests {
    /// The tree `foundation-all-types.plist` was written from.
    static let allTypes: PlistValue = [
        "string": "Hello, <World> & \"friends\" 'é😀'",
        "empty string": "",
        "integer": 42, "negative": -7, "big": .integer(PlistInteger(UInt64.max)), "min": .integer(PlistInteger(Int64.min)),
        "real": .real(3.25), "pi": .real(.pi), "zero": .real(0), "nan": .real(.nan), "inf": .real(.infinity), "neg inf": .real(-.infinity),
        "true": true, "false": false,
        "date": .date(Date(timeIntervalSinceReferenceDate: 123_456_789)),
        "old date": .date(Date(timeIntervalSinceReferenceDate: -12_000_000_000)),
        "data": .data(Data((0..<100).map { UInt8($0) })), "empty data": .data(Data()),
        "array": [1, "two", [.real(3.5), [.data(Data([4, 5, 6]))]]], "empty array": [],
        "dict": ["nested": ["deeper": ["deepest": .data(Data((0..<64).map { UInt8(255 - $0) }))]]],
        "empty dict": .dictionary([:]),
        "ünïcödé": "ключ", "😀": "astral key",
    ]

    static let handWritten: PlistValue = [
        "hex": 31, "signed": 17, "nan": .real(.nan), "infinity": .real(-.infinity), "short real": .real(0.5),
        "cdata": "<&>", "entities": "<A😀&", "spaced data": .data(Data([1, 2, 3, 4])), "empty": "",
        "uid": .uid(7), "dup": "last",
    ]

    @Test func writerReproducesFoundationsFileByteForByte() throws {
        let file = try Fixtures.data("XML/foundation-all-types.plist")
        #expect(try Self.allTypes.encoded(as: .xml) == file)
    }

    @Test func readerReadsFoundationsFileAsFoundationDoes() throws {
        let file = try Fixtures.data("XML/foundation-all-types.plist")
        let ours = try PlistValue(decoding: file, format: .xml)
        #expect(ours == Self.allTypes)
        let foundation = try PlistValue(propertyList: try PropertyListSerialization.propertyList(from: file, options: [], format: nil))
        #expect(ours == foundation)
    }

    @Test(arguments: ["XML/hand-written.plist", "XML/hand-written-utf16.plist", "XML/hand-written-utf32be-no-bom.plist"])
    func readsHandWrittenFormsInEveryEncoding(path: String) throws {
        #expect(try PlistValue(decoding: try Fixtures.data(path), format: .xml) == Self.handWritten)
    }

    @Test func handWrittenFormsMatchFoundation() throws {
        let file = try Fixtures.data("XML/hand-written.plist")
        let foundation = try PlistValue(propertyList: try PropertyListSerialization.propertyList(from: file, options: [], format: nil))
        #expect(try PlistValue(decoding: file, format: .xml) == foundation)
    }

    /// Apple's reader keeps CR LF in text (where XML 1.0 §2.11 would make it LF); so does
    /// PlistKit (see XMLCarriageReturnPreserver).
    @Test func carriageReturnLineFeedInTextIsKeptAsApplesReaderKeepsIt() throws {
        let file = try Fixtures.data("XML/crlf-line-ends.plist")
        #expect(try PlistValue(decoding: file, format: .xml) == ["lines": "one\r\ntwo"])
        let foundation = try PropertyListSerialization.propertyList(from: file, options: [], format: nil) as? [String: String]
        #expect(foundation == ["lines": "one\r\ntwo"])
    }

    @Test(arguments: [
        ("XML/billion-laughs.plist", "lol", 3, 21),
        ("XML/external-entity-file.plist", "secret", 3, 46),
        ("XML/external-entity-http.plist", "remote", 3, 59),
    ])
    func hostileFixturesAreRefusedAtTheFirstDeclaration(path: String, entity: String, line: Int, column: Int) throws {
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: try Fixtures.data(path), format: .xml) }
        #expect(error.code == .corruptData)
        #expect(error.reason == "The document declares the entity '\(entity)'; property lists may not declare entities, so none is expanded or loaded")
        #expect(error.location == .line(line, column: column))
    }
}
