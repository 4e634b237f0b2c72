import Foundation
import Testing
@testable import PlistKit

/// `PlistValue` as a field of a Codable type: exact through PlistKit's coders, the nearest
/// types through other coders.
@Suite struct PlistValueCodableTests {
    struct Envelope: Codable, Equatable {
        var name: String
        var extra: PlistValue
    }

    /// Every kind of value, with the distinctions a lossy mapping would erase: `-1` and
    /// `UInt64.max`, the real `1.0`, a UID, data, a date, and keys out of sorted order.
    static let everything: PlistValue = .dictionary(PlistDictionary([
        ("zeta", .integer(PlistInteger(Int64(-1)))),
        ("alpha", .integer(PlistInteger(UInt64.max))),
        ("one", .real(1.0)),
        ("flag", .boolean(true)),
        ("when", .date(Date(timeIntervalSinceReferenceDate: 123))),
        ("bytes", .data(Data([0, 1, 254]))),
        ("ref", .uid(7)),
        ("list", .array([.string("é"), .array([]), .dictionary(PlistDictionary())])),
    ]))

    @Test(arguments: [PlistFormat.binary, .xml])
    func fieldRoundTripsExactlyThroughPlistCoders(format: PlistFormat) throws {
        let envelope = Envelope(name: "n", extra: Self.everything)
        let bytes = try PlistEncoder(outputFormat: format).encode(envelope)
        let decoded = try PlistDecoder().decode(Envelope.self, from: bytes)
        #expect(decoded == envelope)
        // Binary keeps the key order (equality ignores it); XML sorts keys, as the encoder's
        // writing options ask by default.
        let keys = Self.everything.dictionary?.keys ?? []
        #expect(decoded.extra.dictionary?.keys == (format == .binary ? keys : keys.sorted()))
        // The file holds the value itself, not a re-encoding of it.
        let tree = try PlistValue(decoding: bytes)
        #expect(tree["extra"] == Self.everything)
    }

    /// Decoded from binary or from a tree, the same value.
    @Test func binaryAndTreeDecodesAgree() throws {
        let tree = PlistValue.array([Self.everything, Self.everything])
        let bytes = try tree.encoded(as: .binary)
        #expect(try PlistDecoder().decode(PlistValue.self, from: bytes) == tree)
        #expect(try PlistDecoder().decode(PlistValue.self, from: tree) == tree)
    }

    @Test func rootValueEncodesAsTheGeneralWriterDoes() throws {
        let bytes = try PlistEncoder(outputFormat: .xml).encode(Self.everything)
        #expect(bytes == (try Self.everything.encoded(as: .xml, options: PlistEncoder().writingOptions)))
    }

    /// Through JSON a UID is a `{"CF$UID": n}` dictionary and comes back as a UID; numbers,
    /// strings, booleans and containers keep their kinds.
    @Test func fieldRoundTripsThroughJSONCoders() throws {
        let value: PlistValue = .dictionary(PlistDictionary([
            ("n", .integer(PlistInteger(Int64(-5)))),
            ("big", .integer(PlistInteger(UInt64.max))),
            ("r", .real(1.5)),
            ("b", .boolean(false)),
            ("s", .string("text")),
            ("u", .uid(3)),
            ("a", .array([.integer(1), .string("x")])),
        ]))
        let json = try JSONEncoder().encode(Envelope(name: "j", extra: value))
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"CF$UID\":3"))
        let decoded = try JSONDecoder().decode(Envelope.self, from: json)
        #expect(decoded.extra == value)
    }

    /// A binary whose shared references expand to 2^40 values decodes into a `PlistValue`
    /// without expanding them: each shared object is read once.
    @Test func sharedReferencesStayShared() throws {
        let bytes = HandMadeBinaryPlist.referenceBomb(levels: 40).bytes
        var decoder = PlistDecoder()
        decoder.readingOptions.maximumObjectCount = 10_000
        var level = try decoder.decode(PlistValue.self, from: bytes)
        for _ in 0..<40 {
            guard case .array(let pair) = level, pair.count == 2 else { Issue.record("not a pair: \(level)"); return }
            level = pair[1]
        }
        #expect(level == "x")
    }
}
