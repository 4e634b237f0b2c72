import Foundation
import Testing
@testable import PlistKit

/// The XML writer's escaping, which tests eight bytes at a time before looking at single
/// bytes, against a plain byte-by-byte reference: every special byte at every offset within
/// and across the eight-byte words, in strings and keys of every length up to 40.
@Suite struct XMLEscapingTests {
    /// What the writer should make of `text`: `&`, `<`, `>` and CR escaped, or `nil` when XML
    /// cannot hold it.
    private static func reference(_ text: String) -> String? {
        guard XMLPlistWriter.firstNonXMLScalar(in: text) == nil else { return nil }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func escapesEveryByteWhereverItFalls() throws {
        let specials: [String] = ["&", "<", ">", "\r", "\t", "\n", "\u{1}", "\u{1F}", "\u{0}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{F000}", "=", "?", ";", "\u{7F}", "é", "😀", " "]
        var random = SeededRandom(seed: 0xE5C)
        var refused = 0
        for length in 0...40 {
            for _ in 0..<40 {
                var scalars = (0..<length).map { _ in Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.next() % 26)) }.map(String.init)
                // One to three special characters at random offsets.
                for _ in 0..<(1 + Int(random.next() % 3)) where !scalars.isEmpty {
                    scalars[Int(random.next() % UInt64(scalars.count))] = specials[Int(random.next() % UInt64(specials.count))]
                }
                let text = scalars.joined()
                let expected = Self.reference(text)
                for value in [PlistValue.string(text), ["k": .string(text)], [text: "v"]] {
                    do {
                        let xml = String(decoding: try value.encoded(as: .xml), as: UTF8.self)
                        let escaped = try #require(expected, "wrote \(Array(text.utf8)), which XML cannot hold")
                        #expect(xml.contains(">\(escaped)</"), "\(Array(text.utf8))")
                    } catch let error as PlistError {
                        #expect(expected == nil, "refused \(Array(text.utf8)): \(error)")
                        #expect(error.code == .unrepresentableValue)
                        refused += 1
                    }
                }
            }
        }
        #expect(refused > 100)
    }
}
