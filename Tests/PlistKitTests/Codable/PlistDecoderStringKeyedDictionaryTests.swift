import Foundation
import Testing
@testable import PlistKit

/// The decoder's own filling of `[String: Value]` (``PlistStringKeyedDictionary``) against the
/// standard library's `Dictionary.init(from:)`: the same dictionaries and the same errors
/// (kind, coding path with each key's string and integer values, message) on random trees of
/// nested dictionaries, arrays and models, with values of the wrong type, under every key
/// strategy, from binary bytes (lazily and eagerly) and from XML, and under object limits low
/// enough to stop the decode part way.
@Suite struct PlistDecoderStringKeyedDictionaryTests {
    /// A model with optional fields, one of them a dictionary, so that dictionaries sit inside
    /// models inside dictionaries.
    struct Model: Decodable, CustomStringConvertible {
        var count: Int?
        var table: [String: Bool]?
        var description: String { "Model(count: \(count.map(String.init) ?? "nil"), table: \(PlistDecoderStringKeyedDictionaryTests.text(table)))" }
    }

    /// The shapes decoded, each a `[String: …]` at the top or one level down.
    enum Shape: CaseIterable {
        case integers, strings, nested, models, arrays, optionals, wrapped, dates
    }

    struct Wrapper: Decodable {
        var inner: [String: [String: Int]]
        var name: String?
    }

    /// A dictionary's entries in key order, each value described the same way, so that two
    /// results compare as text.
    static func text<Value>(_ dictionary: [String: Value]?) -> String {
        guard let dictionary else { return "nil" }
        return "[" + dictionary.keys.sorted().map { key in "\(key): \(dictionary[key].map { describe($0) } ?? "?")" }.joined(separator: ", ") + "]"
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Int]: return text(dictionary)
        case let dictionary as [String: String]: return text(dictionary)
        case let dictionary as [String: Bool]: return text(dictionary)
        case let dictionary as [String: [String: Int]]: return text(dictionary)
        case let date as Date: return "\(date.timeIntervalSinceReferenceDate)"
        case let optional as Int?: return optional.map(String.init) ?? "nil"
        default: return "\(value)"
        }
    }

    /// The coding path with every key's string and integer value: the standard library's
    /// dictionary keys carry the integer value of a key that is one ("12"), and so must ours.
    static func fullPath(_ path: [any CodingKey]) -> String {
        path.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/")
    }

    /// The result of one decode, as text: the value, or the error with its full path.
    static func outcome(_ shape: Shape, _ decoder: PlistDecoder, _ bytes: Data) -> String {
        do {
            switch shape {
            case .integers: return text(try decoder.decode([String: Int].self, from: bytes))
            case .strings: return text(try decoder.decode([String: String].self, from: bytes))
            case .nested: return text(try decoder.decode([String: [String: Int]].self, from: bytes))
            case .models: return text(try decoder.decode([String: Model].self, from: bytes))
            case .arrays: return text(try decoder.decode([String: [Int]].self, from: bytes))
            case .optionals: return text(try decoder.decode([String: Int?].self, from: bytes))
            case .dates: return text(try decoder.decode([String: Date].self, from: bytes))
            case .wrapped:
                let wrapper = try decoder.decode(Wrapper.self, from: bytes)
                return text(wrapper.inner) + " name: \(wrapper.name ?? "nil")"
            }
        } catch {
            var path = ""
            if let error = error as? DecodingError {
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                    path = fullPath(context.codingPath)
                case .keyNotFound(let key, let context):
                    path = fullPath(context.codingPath + [key])
                @unknown default: break
                }
            }
            return "error at \(path): \(PlistDecoderErrorTests.Summary(error))"
        }
    }

    static let keys = ["a", "b", "12", "-7", "0", "007", "$null", "", "é", "snake_case", "snakeCase", "a_b", "aB", "__x", "Track ID", "inner", "name"]

    /// A value mostly of the shape's element type, sometimes of another type (the null marker,
    /// a string for a number, a scalar for a container).
    static func randomElement(_ shape: Shape, _ random: inout SeededRandom, depth: Int = 0) -> PlistValue {
        let odd: [PlistValue] = ["$null", "x", 1, 2.5, true, ["a"], ["k": 1], .data(Data([1])), .date(Date(timeIntervalSinceReferenceDate: 9))]
        if Int.random(in: 0..<12, using: &random) == 0 { return odd.randomElement(using: &random)! }
        switch shape {
        case .integers, .optionals: return .integer(PlistInteger(Int64.random(in: -5...5, using: &random)))
        case .strings: return .string(keys.randomElement(using: &random)!)
        case .dates: return .date(Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...9, using: &random))))
        case .nested, .wrapped:
            return depth > 0 ? .integer(PlistInteger(Int64(depth))) : randomDictionary(.integers, &random)
        case .arrays: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomElement(.integers, &random) })
        case .models:
            var model = PlistDictionary()
            if Bool.random(using: &random) { model["count"] = randomElement(.integers, &random) }
            if Bool.random(using: &random) {
                var table = PlistDictionary()
                for key in keys.prefix(4) where Bool.random(using: &random) { table[key] = Bool.random(using: &random) ? true : "no" }
                model["table"] = .dictionary(table)
            }
            return .dictionary(model)
        }
    }

    static func randomDictionary(_ shape: Shape, _ random: inout SeededRandom) -> PlistValue {
        var dictionary = PlistDictionary()
        for key in keys where Int.random(in: 0..<3, using: &random) > 0 {
            dictionary[key] = randomElement(shape, &random)
        }
        // Sometimes many entries, past the sizes the key lookups scan rather than index.
        if Int.random(in: 0..<8, using: &random) == 0 {
            for index in 0..<40 { dictionary["k\(index)"] = randomElement(shape, &random) }
        }
        return .dictionary(dictionary)
    }

    static func randomDocument(_ shape: Shape, _ random: inout SeededRandom) -> PlistValue {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return "$null"
        case 1: return [1, 2]
        default: break
        }
        guard shape == .wrapped else { return randomDictionary(shape, &random) }
        var wrapper = PlistDictionary()
        if Int.random(in: 0..<10, using: &random) > 0 { wrapper["inner"] = randomDictionary(.nested, &random) }
        if Bool.random(using: &random) { wrapper["name"] = "w" }
        return .dictionary(wrapper)
    }

    static func decoder(direct: Bool, strategy: Int, objectLimit: Int?) -> PlistDecoder {
        var decoder = PlistDecoder()
        decoder.fastPaths.codersHandleStringKeyedDictionaries = direct
        switch strategy {
        case 1: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case 2: decoder.keyDecodingStrategy = .custom { path in PlistCodingKey(stringValue: path.last!.stringValue.uppercased()) }
        default: break
        }
        if let objectLimit { decoder.readingOptions.maximumObjectCount = objectLimit }
        return decoder
    }

    @Test func directDictionariesMatchTheStandardLibrarys() throws {
        var random = SeededRandom(seed: 0x5D1C7)
        var values = 0, errors = 0, limited = 0
        for round in 0..<2_400 {
            let shape = Shape.allCases.randomElement(using: &random)!
            let document = Self.randomDocument(shape, &random)
            let strategy = Int.random(in: 0..<3, using: &random)
            let objectLimit: Int? = Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 1...30, using: &random) : nil
            let binary = try document.encoded(as: .binary)
            let xml = try document.encoded(as: .xml)
            for (bytes, label) in [(binary, "binary"), (xml, "XML")] {
                let direct = Self.outcome(shape, Self.decoder(direct: true, strategy: strategy, objectLimit: objectLimit), bytes)
                let general = Self.outcome(shape, Self.decoder(direct: false, strategy: strategy, objectLimit: objectLimit), bytes)
                #expect(direct == general, "round \(round), \(shape), strategy \(strategy), \(label), limit \(objectLimit.map(String.init) ?? "none")")
                if direct != general { return }
                if direct.hasPrefix("error") {
                    errors += 1
                    if direct.contains("limit") { limited += 1 }
                } else {
                    values += 1
                }
            }
        }
        // Both outcomes were compared often, including decodes stopped by the object limit.
        #expect(values > 600)
        #expect(errors > 600)
        #expect(limited > 60)
    }

    /// Keys that are integers step into the coding path with their integer value, as the
    /// standard library's dictionary keys do; a key that is not one has none.
    @Test func integerKeysCarryTheirValueInErrorPaths() throws {
        let bytes = try PlistValue.dictionary(["12": ["x": "not a number"]]).encoded(as: .binary)
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([String: [String: Int]].self, from: bytes) }
        do {
            _ = try PlistDecoder().decode([String: [String: Int]].self, from: bytes)
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(Self.fullPath(context.codingPath) == "12#12/x#-")
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
