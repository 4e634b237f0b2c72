import Foundation
import Testing
@testable import PlistKit

/// Random corruptions of valid files (byte overwrites, bit flips, cuts, trailer edits): every
/// one either reads or fails with a PlistError, in the eager reader and in the lazy view alike.
/// A trap or a hang here would fail the whole run.
@Suite struct BinaryPlistMutationTests {
    @Test func survivesTwentyThousandCorruptions() throws {
        var random = SeededRandom(seed: 0xB1_0004)
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 3
        configuration.maximumChildren = 5
        var generator = RandomPlistGenerator(seed: 0xB1_0005, configuration: configuration)
        var rejected = 0
        for _ in 0..<400 {
            let original = Array(try generator.makeTree().encoded(as: .binary))
            for _ in 0..<50 {
                var bytes = original
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    }
                case 1:
                    let i = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[i] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 2:
                    bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
                default:
                    // A trailer field: sizes, count, top object or table offset.
                    let field = [6, 7, 15, 23, 31].randomElement(using: &random)!
                    bytes[bytes.count - 32 + field] = [0, 1, 2, 3, 8, 9, 0xFF].randomElement(using: &random)!
                }
                let data = Data(bytes)
                do {
                    _ = try PlistValue(decoding: data, format: .binary)
                } catch is PlistError {
                    rejected += 1
                }
                if let view = try? BinaryPlistView(bytes: data) {
                    do {
                        _ = try view.value(at: "0")
                        _ = try view.children(at: .root)
                    } catch is PlistError {}
                }
            }
        }
        // Most corruptions must be caught; some (a changed character) still read.
        #expect(rejected > 5_000)
    }
}
