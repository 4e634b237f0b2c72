import Testing
@testable import PlistKit

/// The builder's fast path for plain decimal `<integer>` text against the general integer
/// parser: wherever the fast path gives a value, the general parser gives the same one, and it
/// gives one for every run of 1 to 18 digits (so the fast path is really taken).
@Suite struct XMLPlainIntegerTests {
    static func check(_ text: [UInt8]) -> Bool {
        do {
            let general = XMLScalarParser.integer(text.span)
            guard let plain = XMLScalarParser.plainDecimal(text.span) else {
                let digitsOnly = !text.isEmpty && text.count <= 18 && text.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                #expect(!digitsOnly, "fast path refused \(String(decoding: text, as: UTF8.self))")
                return false
            }
            guard case .success(let value) = general else {
                Issue.record("fast path took \(String(decoding: text, as: UTF8.self)), which the general parser refuses")
                return true
            }
            #expect(value == PlistInteger(plain), "\(String(decoding: text, as: UTF8.self))")
            return true
        }
    }

    @Test func agreesWithTheGeneralParser() {
        var random = SeededRandom(seed: 0x1D16)
        let digits = Array("0123456789".utf8)
        let others = Array(" \t\n-+xXaF.e/:".utf8) + [0x00, 0xFF]
        var taken = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...22, using: &random)
            let mixed = Int.random(in: 0..<3, using: &random) == 0
            let text = (0..<length).map { _ in
                mixed && Int.random(in: 0..<4, using: &random) == 0
                    ? others.randomElement(using: &random)! : digits.randomElement(using: &random)!
            }
            if Self.check(text) { taken += 1 }
        }
        #expect(taken > 5_000)
    }

    @Test func edgeCases() {
        let cases = ["0", "00", "7", "000000000000000000", "999999999999999999", "1000000000000000000",
                     "9223372036854775807", "18446744073709551615", "18446744073709551616", "", " 1", "1 ",
                     "-1", "+1", "0x1", "1e3", "١"]
        for text in cases { _ = Self.check(Array(text.utf8)) }
        #expect(Self.check(Array("999999999999999999".utf8)))
        #expect(!Self.check(Array("1000000000000000000".utf8)))
        #expect(!Self.check(Array("0x10".utf8)))
    }
}
