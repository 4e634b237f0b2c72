import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// PlistKit's binary reader and writer against Foundation's on this machine, on seeded random
/// trees (every type, integer edges, -0.0, NaN, infinities, astral text, empty containers,
/// UIDs). Foundation is right on all of these trees, so it is the oracle.
@Suite struct BinaryPlistDifferentialTests {
    static let treeCount = 10_000

    static var smallTrees: RandomPlistGenerator.Configuration {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 3
        configuration.maximumChildren = 4
        return configuration
    }

    static func foundationWrite(_ value: PlistValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value.propertyListObject, format: .binary, options: 0)
    }

    static func foundationRead(_ data: Data) throws -> PlistValue {
        try PlistValue(propertyList: PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }

    @Test func foundationReadsWhatWeWriteAndWeReadWhatFoundationWrites() throws {
        var generator = RandomPlistGenerator(seed: 0xB1_0000, configuration: Self.smallTrees)
        var failures = 0
        for seed in 0..<Self.treeCount {
            let tree = generator.makeTree()
            let ours = try tree.encoded(as: .binary)
            let theirs = try Self.foundationWrite(tree)
            let readByFoundation = try Self.foundationRead(ours)
            let readByUs = try PlistValue(decoding: theirs, format: .binary)
            // Uniquing more than Foundation does (strings, dates, data, booleans) only shrinks.
            let sizesOK = ours.count <= theirs.count
            if readByFoundation != tree || readByUs != tree || !sizesOK {
                failures += 1
                if failures <= 3 {
                    Issue.record("Tree \(seed) differs: \(tree); ours \(ours.count) bytes, Foundation's \(theirs.count)")
                }
            }
            #expect(readByFoundation == tree)
            #expect(readByUs == tree)
            #expect(sizesOK)
        }
        #expect(failures == 0)
    }

    /// On trees with no repeated value and at most one key per dictionary, Foundation on Linux
    /// lays out objects exactly as Apple's writer does, and so must we.
    @Test func writesFoundationsBytesWhenNothingRepeats() throws {
        var configuration = Self.smallTrees
        configuration.uniqueScalarsAndSingleKeyDictionaries = true
        var generator = RandomPlistGenerator(seed: 0xB1_0001, configuration: configuration)
        var mismatches = 0
        for seed in 0..<Self.treeCount {
            let tree = generator.makeTree()
            let ours = try tree.encoded(as: .binary)
            let theirs = try Self.foundationWrite(tree)
            if ours != theirs {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("Tree \(seed): \(tree)\nours:  \(Array(ours))\ntheirs: \(Array(theirs))")
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [
        PlistValue.integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max)), .integer(-1),
        .integer(PlistInteger(UInt64(Int64.max) + 1)), .integer(255), .integer(256), .integer(65535), .integer(65536),
        .integer(PlistInteger(UInt64(UInt32.max))), .integer(PlistInteger(UInt64(UInt32.max) + 1)),
        .real(-0.0), .real(.nan), .real(.infinity), .real(-.infinity), .real(.leastNonzeroMagnitude),
        .string(""), .string("😀𝄞 astral"), .string(String(repeating: "x", count: 15)), .string(String(repeating: "é", count: 14)),
        .uid(0), .uid(255), .uid(256), .uid(65536), .uid(UInt32.max),
        .array([]), .dictionary(PlistDictionary()), .data(Data()), .data(Data(count: 15)),
        .date(Date(timeIntervalSinceReferenceDate: -3_000_000_000.5)), .date(Date(timeIntervalSinceReferenceDate: 4e9)),
        .boolean(true), .boolean(false),
    ])
    func edgeValuesMatchFoundationBytes(_ value: PlistValue) throws {
        let ours = try value.encoded(as: .binary)
        #expect(ours == (try Self.foundationWrite(value)))
        #expect(try Self.foundationRead(ours) == value)
        #expect(try PlistValue(decoding: ours, format: .binary) == value)
    }

    @Test(arguments: [300, 70_000])
    func matchesFoundationWithWiderReferencesAndOffsets(_ count: Int) throws {
        // 301 objects need 2-byte references; 70,001 need 4, and their offsets 4 bytes too.
        let value: PlistValue = .array((0..<count).map { .integer(PlistInteger(Int64($0) * 1_000)) })
        let ours = try value.encoded(as: .binary)
        #expect(ours == (try Self.foundationWrite(value)))
        let trailer = Array(ours.suffix(32))
        #expect(trailer[7] == (count < 65_535 ? 2 : 4))
        #expect(try PlistValue(decoding: ours, format: .binary) == value)
    }

    @Test func keepsOneOnePointZeroAndTrueDistinct() throws {
        let value: PlistValue = .array([.integer(1), .real(1.0), .boolean(true), .integer(1), .real(1.0), .boolean(true), .real(-0.0), .real(0.0)])
        let bytes = try value.encoded(as: .binary)
        #expect(try PlistValue(decoding: bytes, format: .binary) == value)
        #expect(try Self.foundationRead(bytes) == value)
        // array + 1 + 1.0 + true + -0.0 + 0.0: six objects, the repeats shared.
        #expect(bytes.suffix(24).prefix(8) == Data([0, 0, 0, 0, 0, 0, 0, 6]))
    }
}
