import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Random trees written in randomly varied JSON (white space, `\u` escapes of any character
/// with surrogate pairs in either case, `\/`, reals in other decimal notations of the same
/// number: shifted points, extra zeros, `E`, signed and zero-padded exponents): our reader
/// reads the exact tree back; Foundation's reads it too, up to its own known errors (see
/// `JSONRoundTripTests.firstDifference`).
@Suite struct JSONSyntaxDifferentialTests {
    struct Writer {
        var random: SeededRandom
        var text = ""

        mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }

        mutating func space() {
            for _ in 0..<Int.random(in: 0...2, using: &random) { text += [" ", "\n", "\t", "\r\n"].randomElement(using: &random)! }
        }

        mutating func write(_ value: PlistValue) {
            space()
            switch value {
            case .string(let string): writeString(string)
            case .integer(let integer): text += integer.description
            case .boolean(let flag): text += flag ? "true" : "false"
            case .real(let real): writeReal(real)
            case .array(let elements):
                text += "["
                for (i, element) in elements.enumerated() {
                    if i > 0 { text += "," }
                    write(element)
                }
                space()
                text += "]"
            case .dictionary(let dictionary):
                text += "{"
                for (i, (key, element)) in dictionary.enumerated() {
                    if i > 0 { text += "," }
                    space()
                    writeString(key)
                    space()
                    text += ":"
                    write(element)
                }
                space()
                text += "}"
            default:
                Issue.record("unexpected \(value.kind)")
            }
            space()
        }

        mutating func hex4(_ unit: UInt32) {
            let digits = String(unit, radix: 16, uppercase: chance(2))
            text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }

        mutating func writeString(_ string: String) {
            text += "\""
            for scalar in string.unicodeScalars {
                let v = scalar.value
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "/" where chance(2): text += "\\/"
                case "\n" where chance(2): text += "\\n"
                case "\t" where chance(2): text += "\\t"
                default:
                    if v < 0x20 || chance(5) {
                        if v >= 0x10000 {
                            hex4(0xD800 + ((v - 0x10000) >> 10))
                            hex4(0xDC00 + ((v - 0x10000) & 0x3FF))
                        } else {
                            hex4(v)
                        }
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            text += "\""
        }

        /// The same number in another decimal notation: the digits of the shortest form with
        /// the point moved, zeros added and the exponent adjusted to match.
        mutating func writeReal(_ real: Double) {
            // value = digits × 10^exponent, from Swift's shortest form ("0.25", "1.5e-07").
            let shortest = real.magnitude.description
            let pieces = shortest.split(separator: "e")
            let explicit = pieces.count > 1 ? Int(pieces[1])! : 0
            let parts = pieces[0].split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            var digits = String((String(parts[0]) + fraction).drop(while: { $0 == "0" }))
            if digits.isEmpty { digits = "0" }
            var exponent = explicit - fraction.count
            let zeros = Int.random(in: 0...3, using: &random)
            if digits == "0" {
                // Zero: any exponent, any number of zeros.
                text += (real.sign == .minus ? "-" : "") + "0." + String(repeating: "0", count: 1 + zeros)
                    + (chance(2) ? "e" : "E") + (chance(2) ? "-" : "+") + String(Int.random(in: 0...400, using: &random))
                return
            }
            digits += String(repeating: "0", count: zeros)
            exponent -= zeros
            let point = Int.random(in: 1...digits.count, using: &random)  // digits before the point
            let shown = exponent + (digits.count - point)
            var out = real.sign == .minus ? "-" : ""
            out += String(digits.prefix(point)) + "." + (point < digits.count ? String(digits.dropFirst(point)) : "0")
            out += (chance(2) ? "e" : "E") + (shown < 0 ? "-" : (chance(2) ? "+" : "")) + (chance(3) ? "00" : "") + String(shown.magnitude)
            text += out
        }
    }

    @Test func readsVariedSyntaxExactly() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.scalarKinds = [.string, .integer, .real, .boolean]
        configuration.allowsNonFiniteReals = false
        configuration.allowsControlCharacters = true
        var generator = RandomPlistGenerator(seed: 0x4A53_594E, configuration: configuration)
        var writer = Writer(random: SeededRandom(seed: 78))
        for i in 0..<3_000 {
            let tree = generator.makeTree()
            writer.text = ""
            writer.write(tree)
            let data = Data(writer.text.utf8)
            let ours = try PlistValue(decoding: data, format: .json)
            #expect(ours == tree, "tree \(i): \(writer.text.debugDescription)")
            let foundation = try PlistValue(propertyList: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            if let difference = JSONRoundTripTests.firstDifference(
                JSONRoundTripTests.asFoundationReadsItAll(foundation), JSONRoundTripTests.asFoundationReadsItAll(tree)) {
                Issue.record("tree \(i): \(difference)")
            }
        }
    }
}
