import Foundation
import Testing
@testable import PlistKit

/// PlistEncoder and PlistDecoder against Foundation's PropertyListEncoder and
/// PropertyListDecoder on the same models: the same trees, and each side reads the other.
@Suite struct PlistCoderFoundationTests {
    /// One model of every kind, by name, so each shows up as its own test case.
    static let models: [(String, any Codable & Equatable & Sendable)] = [
        ("scalars", ScalarModel()),
        ("foundationTypes", FoundationTypesModel()),
        ("optionals", OptionalModel()),
        ("explicitNilAbsent", ExplicitNilModel(name: nil)),
        ("explicitNilPresent", ExplicitNilModel(name: "n")),
        ("collections", CollectionModel()),
        ("enums", EnumModel()),
        ("dog", Dog(name: "Rex", legs: 4)),
        ("nestedContainers", NestedContainersModel(title: "t", coordinates: [1, -2.5], inner: "i", dog: Dog(name: "Spot", legs: 3))),
        ("userInfo", [UserInfoModel(meters: 2)]),
        ("everything", EverythingModel()),
        ("topLevelArray", [Shape.empty, .circle(radius: 1)]),
        ("topLevelOptionalArray", [nil, "x"] as [String?]),
    ]

    static let userInfo: [CodingUserInfoKey: any Sendable] = [.plistKitTestUnit: "cm"]

    @Test(arguments: models.map(\.0))
    func encoderMakesFoundationsTree(name: String) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        var encoder = PlistEncoder()
        encoder.userInfo = Self.userInfo
        let ours = try encoder.encodeValue(model)
        let theirs = try FoundationBridge.foundationTree(model, userInfo: Self.userInfo)
        #expect(ours == theirs)
    }

    @Test(arguments: models.map(\.0))
    func foundationDecodesWhatEncoderWrites(name: String) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        try roundTripThroughFoundation(model)
    }

    @Test(arguments: models.map(\.0))
    func decoderReadsWhatFoundationWrites(name: String) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        try roundTripFromFoundation(model)
    }

    /// The formats both PlistKit and Foundation read and write.
    static let byteFormats: [PlistFormat] = [.binary, .xml]

    @Test(arguments: models.map(\.0), byteFormats)
    func foundationDecodesEncodedBytes(name: String, format: PlistFormat) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        try bytesThroughFoundation(model, format: format)
    }

    @Test(arguments: models.map(\.0), byteFormats)
    func decoderReadsFoundationsBytes(name: String, format: PlistFormat) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        try bytesFromFoundation(model, format: format)
    }

    @Test(arguments: models.map(\.0))
    func xmlEqualsFoundationsXMLByteForByte(name: String) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        try compareXML(model)
    }

    private func compareXML<T: Codable & Equatable & Sendable>(_ model: T) throws {
        var encoder = PlistEncoder(outputFormat: .xml)
        encoder.userInfo = Self.userInfo
        let foundation = PropertyListEncoder()
        foundation.outputFormat = .xml
        foundation.userInfo = Self.userInfo
        let ours = try encoder.encode(model)
        let theirs = try foundation.encode(model)
        // PropertyListEncoder spells reals as Swift's shortest text ("-0", "1.100000023841858"),
        // unlike PropertyListSerialization's %.17g; PlistEncoder defaults to the same spelling.
        #expect(ours == theirs)
        // With CoreFoundation's spelling the reals are still the same numbers.
        encoder.writingOptions.xmlRealStyle = .seventeenDigits
        #expect(Self.normalizingReals(try encoder.encode(model)) == Self.normalizingReals(theirs))
    }

    /// The XML with each `<real>` rewritten as the shortest text of its value.
    static func normalizingReals(_ xml: Data) -> String {
        var text = String(decoding: xml, as: UTF8.self)
        var result = ""
        while let open = text.range(of: "<real>"), let close = text.range(of: "</real>", range: open.upperBound..<text.endIndex) {
            result += text[..<open.upperBound]
            let number = String(text[open.upperBound..<close.lowerBound])
            result += Double(number).map { "\($0)" } ?? number
            result += "</real>"
            text = String(text[close.upperBound...])
        }
        return result + text
    }

    private func bytesThroughFoundation<T: Codable & Equatable & Sendable>(_ model: T, format: PlistFormat) throws {
        var encoder = PlistEncoder(outputFormat: format)
        encoder.userInfo = Self.userInfo
        let bytes = try encoder.encode(model)
        let decoder = PropertyListDecoder()
        decoder.userInfo = Self.userInfo
        var found = PropertyListSerialization.PropertyListFormat.openStep
        #expect(try decoder.decode(T.self, from: bytes, format: &found) == model)
        #expect(found == (format == .xml ? .xml : .binary))
    }

    private func bytesFromFoundation<T: Codable & Equatable & Sendable>(_ model: T, format: PlistFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .xml ? .xml : .binary
        encoder.userInfo = Self.userInfo
        let bytes = try encoder.encode(model)
        var decoder = PlistDecoder()
        decoder.userInfo = Self.userInfo
        var found = PlistFormat.json
        #expect(try decoder.decode(T.self, from: bytes, format: &found) == model)
        #expect(found == format)
    }

    private func roundTripThroughFoundation<T: Codable & Equatable & Sendable>(_ model: T) throws {
        var encoder = PlistEncoder()
        encoder.userInfo = Self.userInfo
        let tree = try encoder.encodeValue(model)
        let decoded = try FoundationBridge.foundationDecode(T.self, from: tree, userInfo: Self.userInfo)
        #expect(decoded == model)
    }

    private func roundTripFromFoundation<T: Codable & Equatable & Sendable>(_ model: T) throws {
        let tree = try FoundationBridge.foundationTree(model, userInfo: Self.userInfo)
        var decoder = PlistDecoder()
        decoder.userInfo = Self.userInfo
        #expect(try decoder.decode(T.self, from: tree) == model)
    }

    @Test func randomTreesEncodeToFoundationsTrees() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.includesUIDs = false
        configuration.maximumDepth = 3
        configuration.maximumChildren = 4
        var generator = RandomPlistGenerator(seed: 0xE4C0_DE00, configuration: configuration)
        for round in 0..<2_000 {
            let tree = generator.makeTree()
            let model = try #require(AnyPlist(expecting: tree))
            let ours = try PlistEncoder().encodeValue(model)
            let theirs = try FoundationBridge.foundationTree(model)
            #expect(ours == theirs, "round \(round)")
            // "$null" strings come back as nil, as in Foundation.
            #expect(ours == tree || String(describing: tree).contains("$null"), "round \(round)")
            if ours != theirs { return }
        }
    }

    @Test func everythingRoundTripsToAnEqualModel() throws {
        let model = EverythingModel()
        var encoder = PlistEncoder()
        encoder.userInfo = Self.userInfo
        var decoder = PlistDecoder()
        decoder.userInfo = Self.userInfo
        let tree = try encoder.encodeValue(model)
        #expect(try decoder.decode(EverythingModel.self, from: tree) == model)
        #expect(try FoundationBridge.foundationDecode(EverythingModel.self, from: tree, userInfo: [.plistKitTestUnit: "cm"]) == model)
    }

    @Test func representationsMatchFoundationsShapes() throws {
        // The shapes Foundation uses on this machine, spelled out so a change is visible.
        let encoder = PlistEncoder()
        #expect(try encoder.encodeValue(FoundationTypesModel())["url"] == ["relative": "https://example.com/a/b?q=1#frag"])
        #expect(try encoder.encodeValue(FoundationTypesModel())["relativeURL"]
            == ["relative": "c/d.txt", "base": ["relative": "https://example.com/base/"]])
        #expect(try encoder.encodeValue(FoundationTypesModel())["uuid"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try encoder.encodeValue(OptionalModel())["optionalArray"] == [1, "$null", 3])
        #expect(try encoder.encodeValue(OptionalModel())["absent"] == nil)
        #expect(try encoder.encodeValue(ExplicitNilModel(name: nil)) == ["name": "$null"])
        #expect(try encoder.encodeValue(CollectionModel())["intKeys"] == ["1": "one", "-2": "minus two"])
        #expect(try encoder.encodeValue(CollectionModel())["doubleKeys"] == [1.5, "x"])
        #expect(try encoder.encodeValue(CollectionModel())["enumKeys"] == ["red": 1])
        #expect(try encoder.encodeValue(Shape.labeled("x", size: 3)) == ["labeled": ["_0": "x", "size": 3]])
        #expect(try encoder.encodeValue(Shape.empty) == ["empty": [:]])
        #expect(try encoder.encodeValue(Dog(name: "a", legs: 2)) == ["name": "a", "super": ["legs": 2]])
        #expect(try encoder.encodeValue(ScalarModel())["float"] == .real(Double(Float(1.1))))
    }
}

