import Foundation
import Testing
@testable import PlistKit

/// The encoder's own encoding of `[String: Value]` (``PlistStringKeyedDictionaryEncodable``)
/// against the standard library's `Dictionary.encode(to:)`: the same bytes in binary and XML,
/// and the same errors with the same coding paths (each key's string and integer value), for
/// random dictionaries of scalars, optionals, nested dictionaries, arrays and models, under
/// every key strategy.
@Suite struct PlistEncoderStringKeyedDictionaryTests {
    struct Model: Encodable {
        var count: Int?
        var table: [String: Bool]
        var failing: Failing?
    }

    /// Fails with the coding path it was encoded at.
    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "refused"))
        }
    }

    struct Wrapper: Encodable {
        var inner: [String: [String: Int]]
        var name: String
    }

    static let keys = ["a", "b", "12", "-7", "007", "$null", "", "é", "e\u{301}", "snake_case", "snakeCase", "aB", "a_b", "Track ID"]

    static func randomKey(_ random: inout SeededRandom) -> String { keys.randomElement(using: &random)! }

    static func randomModels(_ random: inout SeededRandom) -> [String: Model] {
        var models: [String: Model] = [:]
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            var table: [String: Bool] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) { table[randomKey(&random)] = Bool.random(using: &random) }
            models[randomKey(&random)] = Model(
                count: Bool.random(using: &random) ? Int.random(in: -3...3, using: &random) : nil, table: table,
                failing: Int.random(in: 0..<10, using: &random) == 0 ? Failing() : nil)
        }
        return models
    }

    /// A random value of shape `shape`.
    static func randomValue(_ shape: Int, _ random: inout SeededRandom) -> any Encodable {
        switch shape {
        case 0:
            var value: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &random) { value[randomKey(&random)] = Int.random(in: -9...9, using: &random) }
            return value
        case 1:
            var value: [String: String?] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &random) { value[randomKey(&random)] = Bool.random(using: &random) ? randomKey(&random) : nil }
            return value
        case 2:
            return randomModels(&random)
        case 3:
            var inner: [String: [String: Int]] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) { inner[randomKey(&random)] = [randomKey(&random): 1] }
            return Wrapper(inner: inner, name: "w")
        default:
            var value: [String: [Int]] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) { value[randomKey(&random)] = [1, 2] }
            return ["outer": value]
        }
    }

    /// Encodes `value` (the very same dictionaries both ways: two dictionaries with the same
    /// entries may iterate in different orders); the outcome as text (bytes in hex, or the
    /// error with its full path).
    static func outcome(_ value: any Encodable, direct: Bool, strategy: Int, format: PlistFormat) -> String {
        var encoder = PlistEncoder(outputFormat: format)
        encoder.fastPaths.codersHandleStringKeyedDictionaries = direct
        switch strategy {
        case 1: encoder.keyEncodingStrategy = .convertToSnakeCase
        case 2: encoder.keyEncodingStrategy = .custom { path in PlistCodingKey(stringValue: path.last!.stringValue + "!") }
        default: break
        }
        do {
            let data = try encoder.encode(value)
            return data.map { String(format: "%02x", $0) }.joined()
        } catch let EncodingError.invalidValue(_, context) {
            return "error at " + context.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/")
                + ": \(context.debugDescription)"
        } catch {
            return "error: \(error)"
        }
    }

    @Test func directDictionariesEncodeAsTheStandardLibrarys() {
        var errors = 0
        for round in 0..<1_500 {
            let shape = round % 5
            let strategy = (round / 5) % 3
            let format: PlistFormat = round % 2 == 0 ? .binary : .xml
            var random = SeededRandom(seed: 0xE2C0_0000 + UInt64(round))
            let value = Self.randomValue(shape, &random)
            let direct = Self.outcome(value, direct: true, strategy: strategy, format: format)
            let general = Self.outcome(value, direct: false, strategy: strategy, format: format)
            #expect(direct == general, "round \(round), shape \(shape), strategy \(strategy), \(format)")
            if direct != general { return }
            if direct.hasPrefix("error") { errors += 1 }
        }
        // Errors, with their paths, were compared too.
        #expect(errors > 30)
    }

    /// An integer key reaches a nested error's coding path with its integer value.
    @Test func integerKeysCarryTheirValueInErrorPaths() {
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(["12": Failing()]) }
        do {
            _ = try PlistEncoder().encode(["12": Failing()])
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.intValue) == [12])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
