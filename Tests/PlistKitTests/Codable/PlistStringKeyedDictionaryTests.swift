import Foundation
import Testing
@testable import PlistKit

/// The coders' own code for `[String: Value]` (``PlistStringKeyedDictionary``,
/// ``PlistStringKeyedDictionaryEncodable``): integer keys in coding paths as the standard
/// library's dictionary keys give them, and large dictionaries whole. That it gives what the
/// standard library's conformance gives is
/// ``ShortcutEquivalenceTests/codersHandlingStringKeyedDictionaries(batch:)``.
@Suite struct PlistStringKeyedDictionaryTests {
    /// An integer key reaches a nested error's coding path with its integer value.
    @Test func integerKeysCarryTheirValueInEncodingErrorPaths() {
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(["12": StringKeyedEncoding.Failing()]) }
        do {
            _ = try PlistEncoder().encode(["12": StringKeyedEncoding.Failing()])
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.intValue) == [12])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Keys that are integers step into the coding path with their integer value, as the
    /// standard library's dictionary keys do; a key that is not one has none.
    @Test func integerKeysCarryTheirValueInDecodingErrorPaths() throws {
        let bytes = try PlistValue.dictionary(["12": ["x": "not a number"]]).encoded(as: .binary)
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([String: [String: Int]].self, from: bytes) }
        do {
            _ = try PlistDecoder().decode([String: [String: Int]].self, from: bytes)
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(StringKeyedDecoding.fullPath(context.codingPath) == "12#12/x#-")
        }
    }

    /// A large dictionary, decoded directly, keeps every entry.
    @Test func largeDictionaryKeepsEveryEntry() throws {
        var tree = PlistDictionary()
        for index in 0..<5_000 { tree["key \(index)"] = .integer(PlistInteger(Int64(index))) }
        for format in [PlistFormat.binary, .xml] {
            let decoded = try PlistDecoder().decode([String: Int].self, from: try PlistValue.dictionary(tree).encoded(as: format))
            #expect(decoded.count == 5_000)
            // (The key is bound first: `decoded["key \(index)"] == index` in one expression
            // type-checks to a comparison that is never true.)
            let mismatched = (0..<5_000).filter { index in
                let key = "key \(index)"
                return decoded[key] != index
            }
            #expect(mismatched.isEmpty)
        }
    }
}
