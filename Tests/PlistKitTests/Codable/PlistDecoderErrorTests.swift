import Foundation
import Testing
@testable import PlistKit

/// Decoding errors: the same kind, coding path and (where Foundation's wording is clear) the
/// same sentence as Foundation's PropertyListDecoder gives for the same tree.
@Suite struct PlistDecoderErrorTests {
    struct Inner: Codable, Equatable { var count: Int; var tags: [String] }
    struct Outer: Codable, Equatable { var name: String; var items: [Inner]; var table: [String: Inner] }

    /// The kind of a DecodingError, its coding path as text and its sentence.
    struct Summary: Equatable, CustomStringConvertible {
        var kind: String
        var path: String
        var message: String
        var description: String { "\(kind) at '\(path)': \(message)" }

        init(_ error: any Error) {
            guard let error = error as? DecodingError else {
                (kind, path, message) = ("not a DecodingError", "", "\(error)")
                return
            }
            switch error {
            case let .typeMismatch(_, context): (kind, path, message) = ("typeMismatch", pathText(context.codingPath), context.debugDescription)
            case let .valueNotFound(_, context): (kind, path, message) = ("valueNotFound", pathText(context.codingPath), context.debugDescription)
            case let .keyNotFound(key, context):
                (kind, path, message) = ("keyNotFound", pathText(context.codingPath + [key]), context.debugDescription)
            case let .dataCorrupted(context): (kind, path, message) = ("dataCorrupted", pathText(context.codingPath), context.debugDescription)
            @unknown default: (kind, path, message) = ("unknown", "", "\(error)")
            }
        }
    }

    static let valid: PlistValue = [
        "name": "n",
        "items": [["count": 1, "tags": ["a"]], ["count": 2, "tags": []]],
        "table": ["k": ["count": 3, "tags": ["x", "y"]]],
    ]

    /// Broken variants of the valid tree, each with the path and sentence expected.
    static let cases: [(name: String, value: PlistValue, kind: String, path: String, message: String)] = [
        ("stringForInt", replacing(["items", "1", "count"], with: "2"), "typeMismatch", "items.1.count",
         "Expected to decode Int but found a string instead."),
        ("intForString", replacing(["table", "k", "tags", "1"], with: 5), "typeMismatch", "table.k.tags.1",
         "Expected to decode String but found an integer instead."),
        ("boolForInt", replacing(["items", "0", "count"], with: true), "typeMismatch", "items.0.count",
         "Expected to decode Int but found a boolean instead."),
        ("dateForInt", replacing(["items", "0", "count"], with: .date(Date(timeIntervalSinceReferenceDate: 0))), "typeMismatch",
         "items.0.count", "Expected to decode Int but found a date instead."),
        ("dataForInt", replacing(["items", "0", "count"], with: .data(Data([1]))), "typeMismatch", "items.0.count",
         "Expected to decode Int but found a data value instead."),
        ("inexactReal", replacing(["items", "0", "count"], with: 1.5), "dataCorrupted", "items.0.count",
         "Property list number <1.5> does not fit in Int."),
        ("arrayForDictionary", replacing(["table", "k"], with: []), "typeMismatch", "table.k",
         "Expected to decode Dictionary<String, Any> but found an array instead."),
        ("dictionaryForArray", replacing(["items"], with: [:]), "typeMismatch", "items",
         "Expected to decode Array<Any> but found a dictionary instead."),
        ("scalarForArray", replacing(["items", "1", "tags"], with: "t"), "typeMismatch", "items.1.tags",
         "Expected to decode Array<Any> but found a string instead."),
        ("missingKey", removing(["table", "k", "count"]), "keyNotFound", "table.k.count",
         "No value associated with key CodingKeys(stringValue: \"count\", intValue: nil) (\"count\")."),
        ("rootNotDictionary", ["a"], "typeMismatch", "",
         "Expected to decode Dictionary<String, Any> but found an array instead."),
    ]

    @Test(arguments: cases.map(\.name))
    func reportsErrorLikeFoundation(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let ours = Summary(try #require(throws: DecodingError.self) { try PlistDecoder().decode(Outer.self, from: entry.value) })
        #expect(ours == Summary(kind: entry.kind, path: entry.path, message: entry.message))
        let theirs = Summary(try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(Outer.self, from: FoundationBridge.bytes(entry.value))
        })
        #expect(ours.kind == theirs.kind)
        #expect(ours.path == theirs.path)
        #expect(ours.message == theirs.message)
    }

    @Test func nullWhereAValueIsRequiredIsValueNotFound() throws {
        let value = Self.replacing(["name"], with: "$null")
        let ours = Summary(try #require(throws: DecodingError.self) { try PlistDecoder().decode(Outer.self, from: value) })
        #expect(ours == Summary(kind: "valueNotFound", path: "name", message: "Cannot get value of type String -- found null value instead."))
        let theirs = Summary(try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(Outer.self, from: FoundationBridge.bytes(value))
        })
        #expect(theirs.kind == ours.kind && theirs.path == ours.path)
    }

    @Test func integerTooLargeForWidthIsDataCorrupted() throws {
        struct Small: Codable { var byte: UInt8 }
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Small.self, from: ["byte": 300]) }
        #expect(Summary(error) == Summary(kind: "dataCorrupted", path: "byte", message: "Property list number <300> does not fit in UInt8."))
        let negative = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Small.self, from: ["byte": -1]) }
        #expect(Summary(negative).path == "byte")
    }

    @Test func realOutOfFloatRangeIsDataCorrupted() throws {
        // Foundation returns infinity here; PlistKit refuses to change the value silently.
        struct Single: Codable { var value: Float }
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Single.self, from: ["value": 1e300]) }
        #expect(Summary(error) == Summary(kind: "dataCorrupted", path: "value", message: "Property list number <1e+300> does not fit in Float."))
    }

    @Test func unkeyedContainerAtEndNamesTheIndex() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        struct Holder: Decodable { var pair: Pair }
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Holder.self, from: ["pair": [1]]) }
        #expect(Summary(error) == Summary(kind: "valueNotFound", path: "pair.1", message: "Unkeyed container is at end."))
        let theirs = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(Holder.self, from: FoundationBridge.bytes(["pair": [1]]))
        }
        #expect(Summary(theirs) == Summary(error))
    }

    @Test func corruptedBytesAreDataCorruptedAtTheRoot() throws {
        let bytes = Data("bplist00\u{1}\u{2}".utf8)
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Outer.self, from: bytes) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription.hasPrefix("The given data was not a valid property list: "))
        #expect(context.underlyingError is PlistError)
    }

    @Test func unknownFormatIsDataCorrupted() throws {
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Outer.self, from: Data([0, 1, 2, 3])) }
        #expect(Summary(error).kind == "dataCorrupted")
        #expect(Summary(error).path == "")
    }

    @Test func deepRecursionStopsAtTheDepthLimit() throws {
        final class Chain: Decodable { var next: Chain? }
        var value: PlistValue = [:]
        for _ in 0..<40 { value = ["next": value] }
        var decoder = PlistDecoder()
        decoder.readingOptions.maximumDepth = 10
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Chain.self, from: value) }
        #expect(Summary(error).kind == "dataCorrupted")
        #expect(Summary(error).path == Array(repeating: "next", count: 11).joined(separator: "."))
        #expect(try PlistDecoder().decode(Chain.self, from: value).next?.next != nil)
    }

    // MARK: Building broken trees

    static func replacing(_ path: [String], with newValue: PlistValue) -> PlistValue {
        edit(valid, path[...]) { _ in newValue }
    }

    static func removing(_ path: [String]) -> PlistValue {
        edit(valid, path[...]) { _ in nil }
    }

    private static func edit(_ value: PlistValue, _ path: ArraySlice<String>, _ change: (PlistValue) -> PlistValue?) -> PlistValue {
        guard let first = path.first else { return change(value) ?? value }
        switch value {
        case .dictionary(var dictionary):
            let child = dictionary[first] ?? [:]
            if path.count == 1 {
                dictionary[first] = change(child)
            } else {
                dictionary[first] = edit(child, path.dropFirst(), change)
            }
            return .dictionary(dictionary)
        case .array(var array):
            guard let index = Int(first), array.indices.contains(index) else { return value }
            array[index] = edit(array[index], path.dropFirst(), change)
            return .array(array)
        default:
            return value
        }
    }
}

extension PlistDecoderErrorTests.Summary {
    init(kind: String, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }
}
