import Foundation
import Testing
@testable import PlistKit

/// The `<data>` decoder's four-characters-at-once path against its byte-by-byte path.
@Suite struct XMLBase64Tests {
    /// The base64 decoder's four-characters-at-once path against its byte-by-byte path, on
    /// random data encoded with whitespace in random places, and then damaged.
    @Test func base64GroupsDecodeAsByteByByte() {
        var random = SeededRandom(seed: 0xB64)
        let noise: [UInt8] = Array(" \t\n\r=*-_.".utf8) + [0x00, 0xC3, 0x7F]
        var decoded = 0
        for index in 0..<3_000 {
            let data = Data((0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            var text: [UInt8] = []
            for byte in data.base64EncodedData() {
                if Int.random(in: 0..<6, using: &random) == 0 { text.append([0x20, 0x09, 0x0A, 0x0D].randomElement(using: &random)!) }
                text.append(byte)
            }
            if index % 2 == 1, !text.isEmpty {
                let position = Int.random(in: 0..<text.count, using: &random)
                if Bool.random(using: &random) { text[position] = noise.randomElement(using: &random)! } else { text.remove(at: position) }
            }
            let fast = XMLScalarParser.data(text.span), general = XMLScalarParser.data(text.span, decodingGroups: false)
            switch (fast, general) {
            case let (.success(x), .success(y)):
                #expect(x == y, "\(text)")
                if index % 2 == 0 { #expect(x == data) }
                decoded += 1
            case let (.failure(x), .failure(y)):
                #expect(x.text == y.text, "\(text)")
            default:
                Issue.record("fast \(fast) general \(general) for \(text)")
            }
        }
        #expect(decoded > 1_500)
    }
}
