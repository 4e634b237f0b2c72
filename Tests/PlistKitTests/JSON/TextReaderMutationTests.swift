import Foundation
import Testing
@testable import PlistKit

/// Random byte mutations of valid documents: the readers either read them or throw a
/// `PlistError` with a location; they never crash, hang or throw anything else.
@Suite struct TextReaderMutationTests {
    static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        let interesting: [UInt8] = Array("{}[]()<>\"'\\/*,:;=-+.0123456789eEtfnuU$ \n".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[at] = interesting.randomElement(using: &random)!
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(interesting.randomElement(using: &random)!, at: at)
            default: bytes = Array(bytes[..<at])
            }
        }
        return bytes
    }

    @Test(arguments: [PlistFormat.json, .openStep])
    func survivesMutatedDocuments(format: PlistFormat) throws {
        var generator = RandomPlistGenerator(seed: format == .json ? 0x4D55_5441 : 0x4D55_5442)
        var random = SeededRandom(seed: 99)
        let writing = format == .json
            ? PlistWritingOptions(jsonStyle: .tagged)
            : PlistWritingOptions(writesGNUstepTypedValues: true)
        var configuration = RandomPlistGenerator.Configuration()
        configuration.includesUIDs = format == .json
        generator.configuration = configuration
        var rejected = 0
        for i in 0..<5_000 {
            let tree = generator.makeTree()
            let original = Array(try tree.encoded(as: format, options: writing))
            let mutated = Self.mutate(original, &random)
            for tagged in [false, true] {
                do {
                    _ = try PlistValue(decoding: Data(mutated), format: format, options: PlistReadingOptions(readsTaggedJSON: tagged))
                } catch let error as PlistError {
                    rejected += 1
                    #expect(error.location != nil, "mutation \(i): \(error)")
                } catch {
                    Issue.record("mutation \(i): untyped error \(error)")
                }
            }
        }
        #expect(rejected > 1_000, "most mutations should be malformed")
    }
}
