import Foundation
import Testing
@testable import PlistKit

/// `PlistValue.write(as:options:acceptingLosses:to:)`: the bytes handed over in pieces are
/// exactly those `encodedReportingLosses(as:options:)` returns, and nothing is handed over
/// before every check has passed.
@Suite struct PlistStreamingWriteTests {
    /// A tree whose XML is several megabytes: many small records in one array, under a key.
    static let large: PlistValue = .dictionary([
        "records": .array((0..<40_000).map { i in ["id": .integer(PlistInteger(Int64(i))), "name": .string("record \(i)"), "on": true] }),
        "tail": "end",
    ])

    static func pieces(of value: PlistValue, as format: PlistFormat, options: PlistWritingOptions = PlistWritingOptions()) throws -> [Data] {
        var pieces: [Data] = []
        try value.write(as: format, options: options) { pieces.append($0) }
        return pieces
    }

    @Test(arguments: [PlistFormat.xml, .binary, .json])
    func thePiecesMakeTheEncodedBytes(format: PlistFormat) throws {
        let pieces = try Self.pieces(of: Self.large, as: format)
        let (expected, _) = try Self.large.encodedReportingLosses(as: format)
        #expect(pieces.reduce(Data(), +) == expected)
        if format == .xml {
            // Several pieces of about a megabyte, never the whole document at once.
            #expect(pieces.count >= 3, "\(pieces.count) pieces of \(expected.count) bytes")
            #expect(pieces.allSatisfy { $0.count <= XMLPlistWriter.drainSize + 4096 })
        } else {
            #expect(pieces.count == 1)
        }
    }

    /// The binary writer that frees the tree as it numbers it writes the same bytes, whether
    /// the tree is handed over whole, still held elsewhere (its containers are then copied
    /// as they are released, and the caller's tree is left as it was) or shares subtrees.
    @Test(arguments: [false, true])
    func releasingTheTreeWritesTheSameBytes(sortsKeys: Bool) throws {
        var options = PlistWritingOptions()
        options.keyOrder = sortsKeys ? .sorted : .preserved
        var generator = RandomPlistGenerator(seed: 20)
        let shared: PlistValue = ["k": [1, "two", .real(3)], "list": .array((0..<50).map { .integer(PlistInteger(Int64($0))) })]
        let trees: [PlistValue] = [Self.large, generator.makeTree(), .array([shared, shared, ["inner": shared]])]
        for tree in trees {
            let expected = try tree.encoded(as: .binary, options: options)
            var held = Data()
            try tree.write(as: .binary, options: options, releasingTree: true) { held.append($0) }
            #expect(held == expected)
            #expect(try tree.encoded(as: .binary, options: options) == expected)
            let owned = try PlistValue(decoding: expected)
            var handedOver = Data()
            try (consume owned).write(as: .binary, options: options, releasingTree: true) { handedOver.append($0) }
            #expect(handedOver == expected)
        }
    }

    @Test func aSmallDocumentIsOnePiece() throws {
        let pieces = try Self.pieces(of: ["a": [1, 2]], as: .xml)
        #expect(pieces.count == 1)
        #expect(pieces.first == (try PlistValue.dictionary(["a": [1, 2]]).encoded(as: .xml)))
    }

    @Test func whatXMLCannotHoldIsRefusedBeforeAnyPiece() throws {
        // The bad string comes after megabytes of output: it must still be found first.
        let value: PlistValue = .dictionary(["big": Self.large, "zz": .string("bell \u{7}")])
        var handed = 0
        let error = #expect(throws: PlistError.self) {
            try value.write(as: .xml) { handed += $0.count }
        }
        #expect(handed == 0)
        #expect(error?.code == .unrepresentableValue)
        // The same error as the whole-document writer gives.
        let whole = #expect(throws: PlistError.self) { try value.encoded(as: .xml) }
        #expect(error?.description == whole?.description)
    }

    @Test func refusedLossesStopTheWriteBeforeAnyPiece() throws {
        struct Refused: Error {}
        // XML dates hold whole seconds: the fraction is a loss.
        let value: PlistValue = .dictionary(["big": Self.large, "when": .date(Date(timeIntervalSinceReferenceDate: 0.5))])
        var seen: [PlistWarning] = []
        var handed = 0
        #expect(throws: Refused.self) {
            try value.write(as: .xml, acceptingLosses: { seen = $0; throw Refused() }) { handed += $0.count }
        }
        #expect(handed == 0)
        #expect(seen.contains { $0.kind == .fractionalSecondsDropped && $0.keyPath == "when" })
        #expect(seen == (try value.encodedReportingLosses(as: .xml).warnings))
    }

    @Test func theLimitsAreCheckedBeforeAnyPiece() throws {
        var options = PlistWritingOptions()
        options.maximumValueCount = 1_000
        var handed = 0
        let error = #expect(throws: PlistError.self) {
            try Self.large.write(as: .xml, options: options) { handed += $0.count }
        }
        #expect(handed == 0)
        #expect(error?.code == .limitExceeded)
    }
}
