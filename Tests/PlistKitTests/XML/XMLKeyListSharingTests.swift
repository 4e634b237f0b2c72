import Foundation
import Testing
@testable import PlistKit

/// The XML tree builder shares one key array among dictionaries whose keys are the same
/// strings in the same order as a recent dictionary's. Each document here is written by hand
/// (the XML writer sorts keys, so it could not make the orders tested) and its value is
/// compared, key order included, with one built by `PlistDictionary(readingKeys:values:)`,
/// which shares nothing.
@Suite struct XMLKeyListSharingTests {
    /// A dictionary written as `keys` in order, each key's value its position in the list.
    private static func dictionaryXML(_ keys: [String]) -> String {
        "<dict>" + keys.enumerated().map { "<key>\($1)</key><integer>\($0)</integer>" }.joined() + "</dict>"
    }

    /// The value a reader must make of ``dictionaryXML(_:)``: a repeated key keeps its first
    /// position and its last value.
    private static func expectedDictionary(_ keys: [String]) -> PlistValue {
        .dictionary(PlistDictionary(readingKeys: keys, values: keys.indices.map { .integer(PlistInteger(Int64($0))) }))
    }

    private static func read(_ lists: [[String]]) throws -> PlistValue {
        let xml = "<plist version=\"1.0\"><array>" + lists.map(dictionaryXML).joined() + "</array></plist>"
        var losses = LossReporter()
        return try XMLPlistReader.read(Data(xml.utf8), options: PlistReadingOptions(), losses: &losses)
    }

    @Test func dictionariesWithRelatedKeyListsReadAsWritten() throws {
        let model = ["Track ID", "Name", "Artist", "Album", "Play Count"]
        let long = "A key long enough to be stored outside the string itself"
        var lists: [[String]] = [
            model, model, model,
            // The same keys in another order, then the first order again.
            ["Name", "Track ID", "Artist", "Album", "Play Count"], model,
            // One key different: first, middle, last.
            ["Track", "Name", "Artist", "Album", "Play Count"],
            ["Track ID", "Name", "Artists", "Album", "Play Count"],
            ["Track ID", "Name", "Artist", "Album", "Play Counts"],
            // One key fewer, one more.
            Array(model.dropLast()), model + ["Loved"],
            // A key repeated: not distinct, never shared; then the lists around it again.
            ["Track ID", "Name", "Track ID"], ["Track ID", "Name", "Track ID"], model,
            // Long keys (heap strings), and non-ASCII ones.
            [long, "b"], [long, "b"], ["é", "ü"], ["é", "ü"], ["e\u{301}", "ü"],
            // Empty dictionaries, and one too large to go without an index.
            [], [], (0..<30).map { "key \($0)" }, (0..<30).map { "key \($0)" },
        ]
        // More distinct lists than the builder remembers, then the first ones again.
        lists += (0..<12).map { ["k\($0)", "shared"] } + [model, ["k0", "shared"]]
        let expected = PlistValue.array(lists.map(Self.expectedDictionary))
        let value = try Self.read(lists)
        #expect(value == expected)
        #expect(XMLTestSupport.sameKeyOrder(value, expected), "key order")
    }

    /// Records with the same keys share one key array: the point of the sharing.
    @Test func recordsWithTheSameKeysShareOneArray() throws {
        let model = ["Track ID", "Name", "Artist"]
        guard case .array(let records) = try Self.read(Array(repeating: model, count: 50)) else {
            Issue.record("not an array")
            return
        }
        let firstStorage = records.first.flatMap { record -> UnsafeRawPointer? in
            guard case .dictionary(let dictionary) = record else { return nil }
            return dictionary.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        for record in records {
            guard case .dictionary(let dictionary) = record else {
                Issue.record("not a dictionary")
                continue
            }
            #expect(dictionary.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } == firstStorage)
        }
    }
}
