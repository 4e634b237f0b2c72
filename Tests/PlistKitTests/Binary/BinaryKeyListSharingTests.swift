import Foundation
import Testing
@testable import PlistKit

/// The binary reader shares one key array among dictionaries whose key ids, in order, are a
/// recent dictionary's. Arrays of dictionaries with related key lists are written (binary
/// keeps each dictionary's key order) and read back: the value, key order included, must be
/// the one written.
@Suite struct BinaryKeyListSharingTests {
    private static func dictionary(_ keys: [String]) -> PlistValue {
        .dictionary(PlistDictionary(readingKeys: keys, values: keys.indices.map { .integer(PlistInteger(Int64($0))) }))
    }

    private static func roundTrip(_ lists: [[String]]) throws -> (written: PlistValue, read: PlistValue) {
        let written = PlistValue.array(lists.map(dictionary))
        let read = try PlistValue(decoding: try written.encoded(as: .binary), format: .binary)
        return (written, read)
    }

    @Test func dictionariesWithRelatedKeyListsReadAsWritten() throws {
        let model = ["Track ID", "Name", "Artist", "Album", "Play Count"]
        let long = "A key long enough to be stored outside the string itself"
        var lists: [[String]] = [
            model, model,
            ["Name", "Track ID", "Artist", "Album", "Play Count"], model,
            ["Track", "Name", "Artist", "Album", "Play Count"],
            ["Track ID", "Name", "Artists", "Album", "Play Count"],
            ["Track ID", "Name", "Artist", "Album", "Play Counts"],
            Array(model.dropLast()), model + ["Loved"],
            [long, "b"], [long, "b"], ["é", "ü"], ["e\u{301}", "ü"], ["é", "ü"],
            [], [], (0..<30).map { "key \($0)" }, (0..<30).map { "key \($0)" },
        ]
        lists += (0..<12).map { ["k\($0)", "shared"] } + [model, ["k0", "shared"]]
        let (written, read) = try Self.roundTrip(lists)
        #expect(read == written)
        #expect(XMLTestSupport.sameKeyOrder(read, written))
    }

    /// A dictionary with a key repeated (which PlistKit's writer never makes, so the file is
    /// built by hand) is never shared, and the lists around it still are.
    @Test func aRepeatedKeyIsResolvedAndNotShared() throws {
        // Objects: 0 the root array of four dictionaries, 1 and 7 {a: 1, b: 2}, 2 and 8
        // {a: 1, b: 2, a: 2} (distinct objects, so each is decoded, not taken from the memo),
        // 3 "a", 4 "b", 5 the integer 1, 6 the integer 2.
        let plain: [UInt8] = [0xD2, 3, 4, 5, 6], repeated: [UInt8] = [0xD3, 3, 4, 3, 5, 6, 6]
        var builder = BinaryPlistBuilder([[0xA4, 1, 2, 7, 8], plain, repeated, [0x51, 0x61], [0x51, 0x62], [0x10, 1], [0x10, 2], plain, repeated])
        builder.top = 0
        let value = try PlistValue(decoding: Data(builder.build()), format: .binary)
        let expectedPlain = PlistValue.dictionary(PlistDictionary(readingKeys: ["a", "b"], values: [.integer(1), .integer(2)]))
        let expectedRepeated = PlistValue.dictionary(PlistDictionary(readingKeys: ["a", "b"], values: [.integer(2), .integer(2)]))
        #expect(value == .array([expectedPlain, expectedRepeated, expectedPlain, expectedRepeated]))
        #expect(XMLTestSupport.sameKeyOrder(value, .array([expectedPlain, expectedRepeated, expectedPlain, expectedRepeated])))
    }

    @Test func recordsWithTheSameKeysShareOneArray() throws {
        let (_, read) = try Self.roundTrip(Array(repeating: ["Track ID", "Name", "Artist"], count: 50))
        guard case .array(let records) = read else {
            Issue.record("not an array")
            return
        }
        let storages = records.compactMap { record -> UnsafeRawPointer? in
            guard case .dictionary(let dictionary) = record else { return nil }
            return dictionary.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storages.count == 50 && Set(storages).count == 1)
    }
}
