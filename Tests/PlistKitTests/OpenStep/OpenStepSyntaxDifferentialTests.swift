import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Random trees written in randomly varied OpenStep syntax (both quote styles, unquoted strings,
/// octal, `\U` and named escapes, surrogate pairs, comments, trailing commas, `key;` entries,
/// data with spaces and either case): our reader and Foundation's (CoreFoundation's old-style
/// parser) both read the original tree. The text is well-formed, so Foundation is safe to run
/// in-process.
@Suite struct OpenStepSyntaxDifferentialTests {
    struct Writer {
        var random: SeededRandom
        var text = ""

        mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }

        mutating func space() {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: text += " /* note */ "
            case 1: text += " // note\n"
            case 2: text += "\n\t"
            case 3: text += ""
            default: text += " "
            }
        }

        mutating func write(_ value: PlistValue) {
            switch value {
            case .string(let string): writeString(string)
            case .data(let data):
                text += "<"
                for (i, byte) in data.enumerated() {
                    if i > 0 && chance(3) { text += chance(2) ? " " : "\n" }
                    let hex = String(byte, radix: 16, uppercase: chance(2))
                    text += (hex.count == 1 ? "0" : "") + hex
                }
                text += ">"
            case .array(let elements):
                text += "("
                for (i, element) in elements.enumerated() {
                    space()
                    write(element)
                    space()
                    if i + 1 < elements.count || chance(3) { text += "," }
                }
                space()
                text += ")"
            case .dictionary(let dictionary):
                text += "{"
                for (key, element) in dictionary {
                    space()
                    writeString(key)
                    space()
                    if element == .string(key) && chance(2) {
                        text += ";"
                        continue
                    }
                    text += "="
                    space()
                    write(element)
                    space()
                    text += ";"
                }
                space()
                text += "}"
            default:
                Issue.record("unexpected \(value.kind)")
            }
        }

        mutating func writeString(_ string: String) {
            if OpenStepOutput.canBeUnquoted(string) && chance(2) {
                text += string
                return
            }
            let quote: Character = chance(2) ? "\"" : "'"
            text.append(quote)
            for scalar in string.unicodeScalars {
                let v = scalar.value
                if scalar == "\\" || Character(scalar) == quote {
                    text += "\\" + String(scalar)
                } else if v < 0x80 && chance(4) {
                    // Three digits always: a shorter escape would swallow a following digit.
                    let octal = String(v, radix: 8)
                    text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else if v < 0x10000 && chance(4) {
                    text += "\\U" + String(repeating: "0", count: 4 - String(v, radix: 16).count) + String(v, radix: 16)
                } else if v >= 0x10000 && chance(2) {
                    let u = v - 0x10000
                    text += "\\U" + String(0xD800 + (u >> 10), radix: 16) + "\\U" + String(0xDC00 + (u & 0x3FF), radix: 16)
                } else if let named = ["\n": "\\n", "\t": "\\t", "\r": "\\r", "\u{7}": "\\a", "\u{8}": "\\b", "\u{B}": "\\v", "\u{C}": "\\f"][String(scalar)], chance(2) {
                    text += named
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            text.append(quote)
        }
    }

    @Test func readsVariedSyntaxAsFoundationDoes() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.scalarKinds = [.string, .data]
        configuration.allowsControlCharacters = true
        var generator = RandomPlistGenerator(seed: 0x5359_4E54, configuration: configuration)
        var writer = Writer(random: SeededRandom(seed: 77))
        for i in 0..<3_000 {
            let tree = generator.makeTree()
            writer.text = ""
            writer.write(tree)
            let data = Data(writer.text.utf8)
            let ours = try PlistValue(decoding: data, format: .openStep)
            #expect(ours == tree, "tree \(i): \(writer.text.debugDescription)")
            let foundation = try PlistValue(propertyList: PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            #expect(foundation == tree, "tree \(i): \(writer.text.debugDescription)")
        }
    }
}
