import Foundation
import Testing
@testable import PlistKit

/// The options PlistEncoder and PlistDecoder offer beyond Foundation's, and the encoder's own
/// errors.
@Suite struct PlistCoderOptionsTests {
    struct Stamped: Codable, Equatable {
        var when: Date
        var blob: Data
    }

    static let stamped = Stamped(when: Date(timeIntervalSince1970: 1_700_000_000), blob: Data([1, 2, 3]))

    /// `format` and `init(format:)` are the earlier names of `outputFormat` and
    /// `init(outputFormat:)`, kept for one release.
    @available(*, deprecated)
    @Test func formatIsTheDeprecatedNameOfOutputFormat() throws {
        var encoder = PlistEncoder(format: .xml)
        #expect(encoder.outputFormat == .xml)
        encoder.format = .json
        #expect(encoder.outputFormat == .json && encoder.format == .json)
        encoder.outputFormat = .openStep
        #expect(encoder.format == .openStep)
        #expect(PlistFormat(detecting: try PlistEncoder(format: .xml).encode([1])) == .xml)
    }

    /// `ArchiveEncoder.format` is the earlier name of its `outputFormat`, as on `PlistEncoder`.
    @available(*, deprecated)
    @Test func archiveEncoderFormatIsTheDeprecatedNameOfOutputFormat() throws {
        var encoder = ArchiveEncoder()
        encoder.format = .xml
        #expect(encoder.outputFormat == .xml)
        #expect(PlistFormat(detecting: try encoder.encode(["a": 1])) == .xml)
        encoder.outputFormat = .binary
        #expect(encoder.format == .binary)
    }

    /// `readsLargeXMLConcurrently` is deprecated and has no effect: setting it changes
    /// neither the options nor what they read.
    @available(*, deprecated)
    @Test func readsLargeXMLConcurrentlyHasNoEffect() throws {
        var options = PlistReadingOptions()
        options.readsLargeXMLConcurrently = true
        #expect(options == PlistReadingOptions())
        #expect(!options.readsLargeXMLConcurrently)
        #expect(PlistReadingOptions(maximumDepth: 9, readsLargeXMLConcurrently: true) == PlistReadingOptions(maximumDepth: 9))
    }

    @Test func dateStrategiesWriteAndReadTheirRepresentation() throws {
        let cases: [(PlistEncoder.DateEncodingStrategy, PlistDecoder.DateDecodingStrategy, PlistValue)] = [
            (.plistDate, .plistDate, .date(Self.stamped.when)),
            (.secondsSince1970, .secondsSince1970, .real(1_700_000_000)),
            (.millisecondsSince1970, .millisecondsSince1970, .real(1_700_000_000_000)),
            (.secondsSinceReferenceDate, .secondsSinceReferenceDate, .real(1_700_000_000 - 978_307_200)),
            (.iso8601, .iso8601, "2023-11-14T22:13:20Z"),
        ]
        for (encoding, decoding, expected) in cases {
            var encoder = PlistEncoder()
            encoder.dateEncodingStrategy = encoding
            var decoder = PlistDecoder()
            decoder.dateDecodingStrategy = decoding
            let tree = try encoder.encodeValue(Self.stamped)
            #expect(tree["when"] == expected)
            #expect(try decoder.decode(Stamped.self, from: tree) == Self.stamped)
        }
    }

    @Test func secondsSince1970AcceptsIntegers() throws {
        var decoder = PlistDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let value: PlistValue = ["when": 1_700_000_000, "blob": .data(Data([1, 2, 3]))]
        #expect(try decoder.decode(Stamped.self, from: value) == Self.stamped)
    }

    @Test func customDateStrategiesUseTheirClosures() throws {
        var encoder = PlistEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
        }
        var decoder = PlistDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let day = Int(text.dropFirst(4)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad day"))
            }
            return Date(timeIntervalSince1970: Double(day * 86_400))
        }
        let tree = try encoder.encodeValue(Self.stamped)
        #expect(tree["when"] == "day 19675")
        #expect(try decoder.decode(Stamped.self, from: tree).when == Date(timeIntervalSince1970: 19675 * 86_400))
    }

    @Test func invalidISO8601DateIsDataCorruptedAtItsPath() throws {
        var decoder = PlistDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Stamped.self, from: ["when": "yesterday", "blob": .data(Data())])
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "when")
        #expect(context.debugDescription == "Expected an ISO 8601 date string, found 'yesterday'.")
    }

    @Test func base64DataStrategyRoundTrips() throws {
        var encoder = PlistEncoder()
        encoder.dataEncodingStrategy = .base64
        var decoder = PlistDecoder()
        decoder.dataDecodingStrategy = .base64
        let tree = try encoder.encodeValue(Self.stamped)
        #expect(tree["blob"] == "AQID")
        #expect(try decoder.decode(Stamped.self, from: tree) == Self.stamped)
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Stamped.self, from: ["when": .date(Date()), "blob": "!!"])
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "blob")
    }

    @Test func customDataStrategyUsesItsClosures() throws {
        var encoder = PlistEncoder()
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.unkeyedContainer()
            for byte in data { try container.encode(byte) }
        }
        var decoder = PlistDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in Data(try [UInt8](from: decoder)) }
        let tree = try encoder.encodeValue(Self.stamped)
        #expect(tree["blob"] == [1, 2, 3])
        #expect(try decoder.decode(Stamped.self, from: tree) == Self.stamped)
    }

    struct SnakeModel: Codable, Equatable {
        var imageURL: String
        var userID: Int
        var plain: Bool
        var nested: Inner
        struct Inner: Codable, Equatable { var firstName: String }
    }

    @Test func snakeCaseKeysRoundTrip() throws {
        var encoder = PlistEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var decoder = PlistDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let model = SnakeModel(imageURL: "u", userID: 1, plain: true, nested: .init(firstName: "f"))
        let tree = try encoder.encodeValue(model)
        #expect(tree == ["image_url": "u", "user_id": 1, "plain": true, "nested": ["first_name": "f"]])
        // Foundation's JSON rules: image_url reads back as imageUrl, so the type needs keys
        // that match; decode into a type spelled the way the conversion produces.
        struct Read: Codable, Equatable { var imageUrl: String; var userId: Int; var plain: Bool }
        #expect(try decoder.decode(Read.self, from: tree) == Read(imageUrl: "u", userId: 1, plain: true))
    }

    @Test func convertedKeysAreListedInFileOrder() throws {
        // Foundation's JSONDecoder converts dictionary keys too; so does PlistDecoder.
        var decoder = PlistDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value: PlistValue = ["first_key": 1, "second_key": 2, "secondKey": 3]
        // Two file keys converting to one type key: the first wins, as in Foundation.
        #expect(try decoder.decode([String: Int].self, from: value) == ["firstKey": 1, "secondKey": 2])
    }

    @Test(arguments: [
        ("imageURL", "image_url"), ("userID", "user_id"), ("plain", "plain"), ("aBC", "a_bc"),
        ("already_snake", "already_snake"), ("URLValue", "url_value"), ("value2Go", "value2_go"), ("", ""),
    ])
    func snakeCaseConversionMatchesFoundationsRules(camel: String, snake: String) {
        #expect(PlistKeyConversion.snakeCase(camel) == snake)
    }

    @Test(arguments: [
        ("image_url", "imageUrl"), ("_leading", "_leading"), ("trailing__", "trailing__"), ("a__b", "aB"),
        ("plain", "plain"), ("ALL_CAPS", "ALLCaps"), ("_", "_"),
    ])
    func camelCaseConversionMatchesFoundationsRules(snake: String, camel: String) {
        #expect(PlistKeyConversion.camelCase(snake) == camel)
    }

    @Test func snakeCaseMatchesFoundationsJSONEncoder() throws {
        // Foundation's PropertyListEncoder has no key strategy; its JSONEncoder's is the
        // reference for the rules.
        let json = JSONEncoder()
        json.keyEncodingStrategy = .convertToSnakeCase
        json.outputFormatting = .sortedKeys
        let model = SnakeModel(imageURL: "u", userID: 1, plain: true, nested: .init(firstName: "f"))
        let theirs = try #require(try JSONSerialization.jsonObject(with: json.encode(model)) as? [String: Any])
        var encoder = PlistEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let ours = try encoder.encodeValue(model)
        // Compare the keys: JSON numbers and booleans bridge differently from plist ones.
        #expect(ours.dictionary?.keys.sorted() == theirs.keys.sorted())
        #expect(ours["nested"]?.dictionary?.keys.sorted() == (theirs["nested"] as? [String: Any])?.keys.sorted())
    }

    @Test func customKeyStrategiesSeeTheFullPath() throws {
        var encoder = PlistEncoder()
        encoder.keyEncodingStrategy = .custom { path in
            PlistCodingKey(stringValue: path.map(\.stringValue).joined(separator: "/"))
        }
        let tree = try encoder.encodeValue(SnakeModel(imageURL: "u", userID: 1, plain: true, nested: .init(firstName: "f")))
        #expect(tree["nested"]?["nested/firstName"] == "f")
        var decoder = PlistDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            PlistCodingKey(stringValue: String(path.last?.stringValue.split(separator: "/").last ?? ""))
        }
        #expect(try decoder.decode(SnakeModel.self, from: tree).nested.firstName == "f")
    }

    struct Counter: Codable, Equatable { var count: Int }

    @Test func realToIntegerStrategies() throws {
        #expect(try PlistDecoder().decode(Counter.self, from: ["count": 3.0]) == Counter(count: 3))
        var strict = PlistDecoder()
        strict.realToIntegerStrategy = .never
        let error = try #require(throws: DecodingError.self) { try strict.decode(Counter.self, from: ["count": 3.0]) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.debugDescription == "Expected to decode Int but found a real number instead.")
        #expect(pathText(context.codingPath) == "count")
        #expect(try strict.decode(Counter.self, from: ["count": 3]) == Counter(count: 3))
    }

    /// Reals become integers only within the property-list integer range, even for 128-bit
    /// types, so every value decoded can be encoded back.
    @Test func realsBecomeIntegersOnlyWithinThePropertyListRange() throws {
        struct Wide: Codable, Equatable { var value: UInt128 }
        struct Signed: Codable, Equatable { var value: Int128 }
        #expect(try PlistDecoder().decode(Wide.self, from: ["value": .real(0x1p63)]) == Wide(value: 1 << 63))
        #expect(try PlistDecoder().decode(Signed.self, from: ["value": .real(-0x1p63)]) == Signed(value: -(1 << 63)))
        for real in [0x1p64, 1.7441594270788851e28] {
            let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Wide.self, from: ["value": .real(real)]) }
            guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); continue }
            #expect(context.debugDescription == "Property list number <\(real)> does not fit in UInt128.")
            #expect(pathText(context.codingPath) == "value")
        }
        #expect(throws: DecodingError.self) { try PlistDecoder().decode(Signed.self, from: ["value": .real(-0x1p64)]) }
    }

    @Test func keyOrderFollowsTheOption() throws {
        struct Ordered: Codable { var zebra = 1; var apple = 2; var mango = 3 }
        var encoder = PlistEncoder(outputFormat: .binary)
        encoder.keyOrder = .preserved
        let preserved = try PlistValue(decoding: encoder.encode(Ordered()))
        #expect(preserved.dictionary?.keys == ["zebra", "apple", "mango"])
        encoder.keyOrder = .sorted
        let sorted = try PlistValue(decoding: encoder.encode(Ordered()))
        #expect(sorted.dictionary?.keys == ["apple", "mango", "zebra"])
        #expect(try encoder.encodeValue(Ordered()).dictionary?.keys == ["zebra", "apple", "mango"])
    }

    @Test func topLevelScalarsAndNilAreWritten() throws {
        // Foundation refuses to encode these but reads them; a plist root may be any value.
        let encoder = PlistEncoder()
        #expect(try encoder.encodeValue(5) == 5)
        #expect(try encoder.encodeValue(Int?.none) == "$null")
        #expect(try PlistDecoder().decode(Int?.self, from: "$null") == nil)
        #expect(try PlistDecoder().decode(Int.self, from: try encoder.encode(5)) == 5)
        #expect(try PropertyListDecoder().decode(Int.self, from: try encoder.encode(5)) == 5)
    }

    @Test func topLevelValueThatEncodesNothingFails() throws {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        let error = try #require(throws: EncodingError.self) { try PlistEncoder().encodeValue(Silent()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.debugDescription == "Top-level Silent did not encode any values.")
        // Nested, it is an empty dictionary, as in Foundation.
        struct Holder: Encodable { var silent = Silent() }
        #expect(try PlistEncoder().encodeValue(Holder()) == ["silent": [:]])
    }

    @Test func encodingTwoValuesAtOnePathFailsInsteadOfTrapping() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        struct Holder: Encodable { var twice = Twice() }
        let error = try #require(throws: EncodingError.self) { try PlistEncoder().encodeValue(Holder()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "twice")
    }

    @Test func cyclicGraphsFailAtTheDepthLimit() throws {
        final class Node: Encodable {
            var next: Node?
        }
        let node = Node()
        node.next = node
        defer { node.next = nil }
        var encoder = PlistEncoder()
        encoder.maximumDepth = 20
        let error = try #require(throws: EncodingError.self) { try encoder.encodeValue(node) }
        guard case .invalidValue(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.codingPath.count == 20)
    }

    @Test func hugeIntegersFailWithTheirPath() throws {
        struct Wide: Encodable { var value: Int128 }
        let error = try #require(throws: EncodingError.self) {
            try PlistEncoder().encodeValue(Wide(value: Int128(UInt64.max) + 1))
        }
        guard case .invalidValue(_, let context) = error else { Issue.record("got \(error)"); return }
        #expect(pathText(context.codingPath) == "value")
        #expect(try PlistEncoder().encodeValue(Wide(value: -5)) == ["value": -5])
        struct WideRead: Decodable { var value: UInt128 }
        #expect(try PlistDecoder().decode(WideRead.self, from: ["value": .integer(PlistInteger(UInt64.max))]).value == UInt128(UInt64.max))
    }

    @Test func jsonAndOpenStepRoundTripWithTheDocumentedOptions() throws {
        struct Record: Codable, Equatable { var name: String; var count: Int; var ok: Bool; var when: Date; var blob: Data }
        let record = Record(name: "r", count: -4, ok: true, when: Date(timeIntervalSince1970: 1_700_000_000), blob: Data([9, 8]))
        var json = PlistEncoder(outputFormat: .json)
        json.dateEncodingStrategy = .iso8601
        json.dataEncodingStrategy = .base64
        var jsonDecoder = PlistDecoder()
        jsonDecoder.dateDecodingStrategy = .iso8601
        jsonDecoder.dataDecodingStrategy = .base64
        var format = PlistFormat.binary
        #expect(try jsonDecoder.decode(Record.self, from: json.encode(record), format: &format) == record)
        #expect(format == .json)
        var openStep = PlistEncoder(outputFormat: .openStep)
        openStep.writingOptions.writesGNUstepTypedValues = true
        #expect(try PlistDecoder().decode(Record.self, from: openStep.encode(record), format: &format) == record)
        #expect(format == .openStep)
    }

    @Test func unrepresentableValueForFormatNamesItsPath() throws {
        // Strict JSON holds no dates: the writer's key path becomes the coding path.
        struct Item: Encodable { var stamps: [Date] }
        let encoder = PlistEncoder(outputFormat: .json)
        do {
            _ = try encoder.encode(Item(stamps: [Date()]))
            Issue.record("encoding a date as strict JSON should fail")
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { Issue.record("got \(error)"); return }
            #expect(context.underlyingError is PlistError)
        }
    }
}
