import Foundation
import Testing
@testable import PlistKit

/// The XML reader's string cache: strings exactly as `String(decoding:as:)` makes them,
/// whatever the cache's size and however texts collide in it; and dictionaries, whose key lists
/// the builder shares, built as `PlistDictionary(readingKeys:values:)` builds them.
@Suite struct XMLStringCacheTests {
    /// Random texts from a small alphabet (so that they repeat and collide in the cache),
    /// with non-ASCII and invalid UTF-8 bytes now and then, 0 to 50 bytes long.
    static func randomTexts(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededRandom(seed: seed)
        let alphabet: [UInt8] = Array("ab Kz09".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0x80]
        return (0..<count).map { _ in
            let length = [0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 24, 39, 40, 41, 50].randomElement(using: &random)!
            let asciiOnly = Int.random(in: 0..<4, using: &random) != 0
            return (0..<length).map { _ in
                asciiOnly ? alphabet[Int.random(in: 0..<7, using: &random)] : alphabet.randomElement(using: &random)!
            }
        }
    }

    @Test(arguments: [0, 1_000, 1 << 20])
    func stringsFollowTheBytes(documentSize: Int) {
        var cache = XMLStringCache(documentSize: documentSize)
        let texts = Self.randomTexts(count: 20_000, seed: 0x57C)
        for text in texts {
            let string = cache.string(text.span)
            let expected = String(decoding: text, as: UTF8.self)
            #expect(Array(string.utf8) == Array(expected.utf8), "\(text)")
        }
    }

    /// Dictionaries with keys drawn from few texts (so that keys repeat within one), some
    /// long or non-ASCII, through the reader: each must equal, in key order too, what
    /// `PlistDictionary(readingKeys:values:)` makes of its keys and values in document order.
    @Test func dictionariesWithRepeatedKeysReadAsTheGeneralPath() throws {
        var random = SeededRandom(seed: 0xD1C7)
        let pool = ["a", "b", "Track ID", "Name", "é", "caf\u{E9}", "cafe\u{301}", String(repeating: "k", count: 41), "", "A"]
        var repeated = 0
        for index in 0..<600 {
            let count = Int.random(in: 0...(index % 3 == 0 ? 30 : 8), using: &random)
            let keys = (0..<count).map { _ in pool.randomElement(using: &random)! }
            let values = (0..<count).map { PlistValue.integer(PlistInteger(Int64($0))) }
            if Set(keys.map { Array($0.utf8) }).count < keys.count { repeated += 1 }
            var xml = "<plist><dict>"
            for (key, value) in zip(keys, values) {
                guard case .integer(let integer) = value else { continue }
                xml += "<key>\(key)</key><integer>\(integer)</integer>"
            }
            xml += "</dict></plist>"
            var losses = LossReporter()
            let read = try XMLPlistReader.read(Data(xml.utf8), options: PlistReadingOptions(), losses: &losses)
            let expected = PlistValue.dictionary(PlistDictionary(readingKeys: keys, values: values))
            #expect(read == expected && XMLTestSupport.sameKeyOrder(read, expected), "\(keys)")
            guard case .dictionary(let dictionary) = read else { continue }
            // Lookups work on every key (the dictionary's index, or its absence, is right).
            for key in keys { #expect(dictionary[key] != nil, "\(key) in \(keys)") }
        }
        #expect(repeated > 100)
    }
}
