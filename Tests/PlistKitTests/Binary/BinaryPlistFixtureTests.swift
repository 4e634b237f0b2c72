import Foundation
import Testing
@testable import PlistKit

/// The files of TestData/Binary (see its README for how each was made).
@Suite struct BinaryPlistFixtureTests {
    static func read(_ name: String, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistDocument {
        try PlistDocument(decoding: try Fixtures.data("Binary/\(name)"), format: .binary, options: options)
    }

    @Test func readsAndRewritesFoundationsFileByteForByte() throws {
        let bytes = try Fixtures.data("Binary/foundation-linux.bplist")
        let value = try PlistValue(decoding: bytes, format: .binary)
        let expected: PlistValue = .array([
            .string("ascii"), .string("ünïcödé 😀"), .integer(300), .integer(-5), .integer(PlistInteger(UInt64.max)),
            .real(2.5), .boolean(true), .date(Date(timeIntervalSinceReferenceDate: -1_000_000.25)),
            .data(Data([0, 1, 2, 254, 255])),
            .dictionary(PlistDictionary([("only key", .array([.string("nested"), .integer(70_000)]))])),
            .array([]), .dictionary(PlistDictionary()), .string(String(repeating: "long ", count: 10)),
        ])
        #expect(value == expected)
        #expect(try value.encoded(as: .binary) == bytes)
    }

    @Test func readsThreeByteReferencesAndOffsets() throws {
        #expect(try Self.read("three-byte-refs.bplist").value == .array([.string("x"), .integer(256)]))
    }

    @Test func rejectsTheMutualCycle() throws {
        #expect(throws: PlistError(.corruptData, "Object 0 contains itself (a reference cycle)", at: .object(index: 0, byteOffset: 8))) {
            try Self.read("cycle-mutual.bplist")
        }
    }

    @Test func rejectsTenThousandLevelsUnderTheDefaultLimitAndReadsThemUnderAHigherOne() throws {
        // Object i sits at byte 8 + 3i; object 512 is the first below depth 512.
        #expect(throws: PlistError(.limitExceeded, "Containers are nested deeper than the limit of 512 levels", at: .object(index: 512, byteOffset: 8 + 3 * 512))) {
            try Self.read("deep-10000.bplist")
        }
        let document = try Self.read("deep-10000.bplist", options: PlistReadingOptions(maximumDepth: 10_000))
        #expect(document.value.kind == .array)
    }

    @Test func decodesTheReferenceBombOnce() throws {
        let value = try Self.read("reference-bomb.bplist", options: PlistReadingOptions(maximumObjectCount: 65)).value
        var level = value
        var depth = 0
        while case .array(let children) = level, children.count == 2 {
            level = children[0]
            depth += 1
        }
        #expect(depth == 64)
        #expect(level == .string(String(repeating: "b", count: 100)))
    }

    @Test func warnsAboutTheSetAndTheFloatWithKeyPaths() throws {
        let document = try Self.read("set-and-float32.bplist")
        #expect(document.value == .dictionary(PlistDictionary([
            ("set", .array([.integer(1), .integer(2)])), ("float", .real(1.5)),
        ])))
        #expect(document.warnings.map(\.kind) == [.setReadAsArray, .float32Widened])
        #expect(document.warnings.map(\.keyPath) == ["set", "float"])
        #expect(document.warnings[0].description == "At 'set': A set of 2 elements was read as an array (a property list value has no set type).")
    }
}
