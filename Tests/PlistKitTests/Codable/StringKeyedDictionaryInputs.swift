import Foundation
import Testing
@testable import PlistKit

/// Random `[String: Value]` values to encode (scalars, optionals, nested dictionaries, arrays
/// and models, some failing with the coding path they were encoded at), and each outcome as
/// text: bytes in hex, or the error with its full path. ``ShortcutEquivalenceTests`` encodes
/// them with and without the coders' own dictionary code.
enum StringKeyedEncoding {
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
}

/// Random documents to decode as `[String: Value]` (nested dictionaries, arrays, models, values
/// of the wrong type, the null marker), and each outcome as text: the value, or the error with
/// its full path (each key's string and integer value).
enum StringKeyedDecoding {
    /// A model with optional fields, one of them a dictionary, so that dictionaries sit inside
    /// models inside dictionaries.
    struct Model: Decodable, CustomStringConvertible {
        var count: Int?
        var table: [String: Bool]?
        var description: String { "Model(count: \(count.map(String.init) ?? "nil"), table: \(StringKeyedDecoding.text(table)))" }
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
}
