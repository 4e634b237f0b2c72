import Foundation
import Testing
@testable import PlistKit

/// Fixture trees converted from every format to every other (through bytes: write in the
/// first, read, write in the second, read), with the warnings of each write predicted from the
/// rules of Docs/Formats.md's loss table.
@Suite struct FormatPairRoundTripTests {
    /// A prediction: the value read back and the warnings written, or `nil` when the target
    /// must refuse the value.
    struct Prediction {
        var value: PlistValue
        var warnings: [String]
    }

    /// Applies the table's rules to a whole tree.
    static func predict(_ value: PlistValue, _ target: ConversionTarget) -> Prediction? {
        var warnings: [String] = []
        guard let result = predict(value, target, path: [], warnings: &warnings) else { return nil }
        return Prediction(value: result, warnings: warnings.sorted())
    }

    private static func predict(_ value: PlistValue, _ target: ConversionTarget, path: [String], warnings: inout [String]) -> PlistValue? {
        let name = target.name
        let strings = name == "strings"
        func warn(_ kind: PlistWarning.Kind) { warnings.append("\(kind.rawValue)@\(PlistKeyPath(components: path))") }
        switch value {
        case .string(let string):
            if strings && path.isEmpty { return nil }
            if name == "xml" && string.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) { return nil }
            return value
        case .integer, .boolean:
            switch name {
            case "openstep", "strings": return nil
            case "openstep gnustep": warn(.typeChanged)
            default: break
            }
            return value
        case .real(let real):
            switch name {
            case "openstep", "strings": return nil
            case "openstep gnustep": warn(.typeChanged)
            case "json":
                guard real.isFinite else { return nil }
                if real.description.hasSuffix(".0") {
                    warn(.typeChanged)
                    return ConversionModel.afterLoss(value, kind: .typeChanged, target: target)
                }
            case "json tagged": if !real.isFinite { warn(.typeChanged) }
            default: break
            }
            return value
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            switch name {
            case "xml":
                if seconds.rounded(.down) != seconds {
                    warn(.fractionalSecondsDropped)
                    return ConversionModel.afterLoss(value, kind: .fractionalSecondsDropped, target: target)
                }
            case "json", "openstep", "strings": return nil
            case "json tagged", "openstep gnustep": warn(.typeChanged)
            default: break
            }
            return value
        case .data:
            switch name {
            case "json", "strings": return nil
            case "json tagged": warn(.typeChanged)
            default: break
            }
            return value
        case .uid:
            switch name {
            case "json", "openstep", "openstep gnustep", "strings": return nil
            case "json tagged": warn(.typeChanged)
            default: break
            }
            return value
        case .array(let elements):
            if strings { return nil }
            var result: [PlistValue] = []
            for (i, element) in elements.enumerated() {
                guard let item = predict(element, target, path: path + [String(i)], warnings: &warnings) else { return nil }
                result.append(item)
            }
            return .array(result)
        case .dictionary(let dictionary):
            if strings && !path.isEmpty { return nil }
            let sorts = target.writing.sortsKeys(for: target.format)
            // Every writer sorts by UTF-16 code units (CoreFoundation's order).
            if sorts && dictionary.keys != dictionary.keys.sorted(by: PlistDictionary.keyPrecedes) {
                warn(.keyOrderChanged)
            }
            var result = PlistDictionary()
            for (key, element) in dictionary {
                guard let item = predict(element, target, path: path + [key], warnings: &warnings) else { return nil }
                result[key] = item
            }
            guard sorts else { return .dictionary(result) }
            return .dictionary(result.sortedByKey())
        }
    }

    static let everything: PlistValue = [
        "name": "Zoë", "count": 42, "big": .integer(PlistInteger(UInt64.max)), "ratio": 0.25, "whole": 3.0,
        "flag": false, "when": .date(Date(timeIntervalSinceReferenceDate: 1_000_000)),
        "precise": .date(Date(timeIntervalSinceReferenceDate: -12.5)), "bytes": .data(Data([1, 2, 3])),
        "ref": .uid(9), "nested": ["z": ["deep", 1.5], "a": .dictionary([:])], "list": [.array([]), "x"],
    ]
    static let openStepOnly: PlistValue = [
        "title": "Hello", "items": ["a", .data(Data([0xFF])), ["k": "v"]], "empty": .array([]),
    ]
    static let strings: PlistValue = ["greeting": "Hello, %@!", "bye": "Ciao\n\"quoted\""]

    static func fixtures() throws -> [(String, PlistValue)] {
        [("everything", everything), ("openStepOnly", openStepOnly), ("strings", strings),
         ("Info.plist", try PlistValue(decoding: Fixtures.data("Examples/Info.plist")))]
    }

    static var pairs: [(ConversionTarget, ConversionTarget)] {
        ConversionTarget.all.flatMap { a in ConversionTarget.all.map { b in (a, b) } }
    }

    @Test(arguments: pairs)
    func convertsBetweenFormats(from source: ConversionTarget, to target: ConversionTarget) throws {
        try Self.check(try Self.fixtures(), from: source, to: target)
    }

    /// The same on seeded random trees for each of the 49 pairs: 100 of every type, 100 that
    /// strict JSON holds and 100 that plain OpenStep holds, so that every source format
    /// carries some of them.
    @Test(arguments: pairs)
    func convertsRandomTreesBetweenFormats(from source: ConversionTarget, to target: ConversionTarget) throws {
        var trees: [(String, PlistValue)] = []
        let kinds: [[PlistValue.Kind]?] = [nil, [.string, .integer, .real, .boolean], [.string, .data]]
        for (k, scalarKinds) in kinds.enumerated() {
            var configuration = RandomPlistGenerator.Configuration()
            configuration.scalarKinds = scalarKinds
            configuration.allowsNonFiniteReals = scalarKinds == nil
            var generator = RandomPlistGenerator(seed: 0x5041_4952 &+ UInt64(k), configuration: configuration)
            trees += (0..<100).map { i in ("random tree \(k).\(i)", generator.makeTree()) }
        }
        try Self.check(trees, from: source, to: target)
    }

    static func check(_ trees: [(String, PlistValue)], from source: ConversionTarget, to target: ConversionTarget) throws {
        for (name, tree) in trees {
            guard let inSource = Self.predict(tree, source) else {
                // The source cannot hold this tree: check that it says so, and move on.
                #expect(throws: PlistError.self, "\(name) in \(source)") { try source.roundTrip(tree) }
                continue
            }
            let (read, _) = try source.roundTrip(tree)
            #expect(read == inSource.value, "\(name) in \(source)")
            guard let expected = Self.predict(read, target) else {
                let error = try #require(throws: PlistError.self, "\(name): \(source) → \(target)") { try target.roundTrip(read) }
                #expect(error.code == .unrepresentableValue)
                continue
            }
            let (converted, warnings) = try target.roundTrip(read)
            #expect(converted == expected.value, "\(name): \(source) → \(target)")
            let reported = warnings.map { "\($0.kind.rawValue)@\($0.keyPath)" }.sorted()
            #expect(reported == expected.warnings, "\(name): \(source) → \(target)")
        }
    }
}
