import Foundation
import Testing
@testable import PlistKit

/// PlistValue → binary → PlistValue keeps every value and every dictionary's key order.
@Suite struct BinaryPlistRoundTripTests {
    /// Equality that also requires dictionaries to list their keys in the same order.
    static func sameIncludingOrder(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameIncludingOrder($0, $1) }
        case let (.dictionary(x), .dictionary(y)):
            return x.keys == y.keys && zip(x.values, y.values).allSatisfy { sameIncludingOrder($0, $1) }
        default:
            return a == b
        }
    }

    @Test func roundTripsRandomTreesExactlyWithKeyOrder() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 5
        configuration.maximumChildren = 8
        var generator = RandomPlistGenerator(seed: 0xB1_0002, configuration: configuration)
        for _ in 0..<2_000 {
            let tree = generator.makeTree()
            let document = try PlistDocument(decoding: try tree.encoded(as: .binary), format: .binary)
            #expect(Self.sameIncludingOrder(document.value, tree))
            #expect(document.warnings.isEmpty)
        }
    }

    @Test func keepsCanonicallyEquivalentStringsApart() throws {
        // Swift's == equates these; the file must still hold each as written.
        let value: PlistValue = .array([.string("\u{E9}"), .string("e\u{301}"), .string("\u{E9}")])
        let bytes = try value.encoded(as: .binary)
        let back = try #require(try PlistValue(decoding: bytes, format: .binary).array)
        #expect(back.map { Array($0.string?.unicodeScalars ?? "".unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"], ["\u{E9}"]])
        // array + two distinct strings
        #expect(bytes.suffix(24).prefix(8) == Data([0, 0, 0, 0, 0, 0, 0, 3]))
    }

    @Test func sortsKeysOnlyWhenAsked() throws {
        let value: PlistValue = .dictionary(PlistDictionary([("b", .integer(1)), ("a", .integer(2)), ("c", .dictionary(PlistDictionary([("z", .string("z")), ("y", .string("y"))])))]))
        let kept = try PlistValue(decoding: try value.encoded(as: .binary), format: .binary)
        #expect(kept.dictionary?.keys == ["b", "a", "c"])
        let sorted = try PlistValue(decoding: try value.encoded(as: .binary, options: PlistWritingOptions(keyOrder: .sorted)), format: .binary)
        #expect(sorted.dictionary?.keys == ["a", "b", "c"])
        #expect(sorted["c"]?.dictionary?.keys == ["y", "z"])
        #expect(sorted == value)
    }

    @Test func sharesEqualStringsAndUsesTwoByteReferencesPast255Objects() throws {
        let value: PlistValue = .array((0..<300).map { .string("s\($0 % 2)") } + (0..<300).map { .integer(PlistInteger(Int64($0))) })
        let bytes = try value.encoded(as: .binary)
        let trailer = Array(bytes.suffix(32))
        // 1 array + 2 strings + 300 integers; 303 objects need 2-byte references.
        #expect(trailer[7] == 2)
        #expect(trailer[8..<16].elementsEqual([0, 0, 0, 0, 0, 0, 0x01, 0x2F]))
        #expect(try PlistValue(decoding: bytes, format: .binary) == value)
    }

    /// Scalars are shared exactly when `PlistValue` calls them equal: reals by bit pattern
    /// (0.0 and -0.0 apart, every NaN alike), dates also with 0 and -0 alike, integers and
    /// reals of the same number apart, and each boolean, data and UID value once.
    @Test func sharesEqualScalarsOfEachTypeOnly() throws {
        let scalars: [PlistValue] = [
            .real(0.0), .real(-0.0), .real(0.0), .real(.nan), .real(-.nan), .real(1),
            .integer(1), .integer(1), .integer(PlistInteger(UInt64.max)), .integer(-1), .integer(-1),
            .boolean(true), .boolean(false), .boolean(true),
            .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: -0.0)),
            .date(Date(timeIntervalSinceReferenceDate: 1.5)),
            .data(Data([1, 2])), .data(Data([1, 2])), .data(Data()),
            .uid(1), .uid(1), .uid(2),
        ]
        let bytes = try PlistValue.array(scalars).encoded(as: .binary)
        let trailer = Array(bytes.suffix(32))
        let objectCount = trailer[8..<16].reduce(0) { $0 << 8 | Int($1) }
        // 1 array; reals 0.0, -0.0, NaN, 1.0; integers 1, UInt64.max, -1; true, false; two dates;
        // two data; two UIDs.
        #expect(objectCount == 1 + 4 + 3 + 2 + 2 + 2 + 2)
        #expect(try PlistValue(decoding: bytes, format: .binary) == .array(scalars))
    }

    /// Non-ASCII strings are written as big-endian UTF-16 transcoded from the string's UTF-8:
    /// one unit per scalar up to U+FFFF, a surrogate pair above, ASCII kept as bytes.
    @Test func writesNonASCIIStringsAsUTF16() throws {
        let text = "a\u{E9}\u{20AC}\u{FFFF}\u{E000}\u{1F600}\u{10FFFF}z"
        let bytes = Array(try PlistValue.string(text).encoded(as: .binary))
        // bplist00, then the object: marker 0x6 with 9 units (two pairs), then the units.
        let units: [UInt16] = [0x61, 0xE9, 0x20AC, 0xFFFF, 0xE000, 0xD83D, 0xDE00, 0xDBFF, 0xDFFF, 0x7A]
        #expect(bytes[8] == 0x60 | UInt8(units.count))
        #expect(Array(bytes[9..<(9 + 2 * units.count)]) == units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        for sample in [text, "plain ASCII", "", "\u{E9}", String(repeating: "\u{1F600}x", count: 5_000)] {
            let written = try PlistValue.string(sample).encoded(as: .binary)
            let read = try PlistValue(decoding: written, format: .binary)
            #expect(read.string.map { Array($0.unicodeScalars) } == Array(sample.unicodeScalars))
            let foundation = try PropertyListSerialization.propertyList(from: written, format: nil) as? String
            #expect(foundation.map { Array($0.unicodeScalars) } == Array(sample.unicodeScalars))
        }
    }

    @Test func writesDeepValuesWithoutRecursion() throws {
        var value: PlistValue = .array([])
        for _ in 0..<5_000 { value = .array([value]) }
        // Written only past the default depth, which the readers share.
        #expect(throws: PlistError.self) { try value.encoded(as: .binary) }
        let bytes = try value.encoded(as: .binary, options: PlistWritingOptions(maximumDepth: 5_001))
        #expect(bytes.count > 5_000)
        // Reading it back is refused by the default depth limit, as a limit error.
        #expect(throws: PlistError.self) { try PlistValue(decoding: bytes, format: .binary) }
    }
}
