import Foundation
import Testing
import PlistKit

/// `encode(_:configuration:)` and `decode(_:from:configuration:)` for
/// `EncodableWithConfiguration` / `DecodableWithConfiguration` types, and the
/// `CodableConfiguration` property wrapper, against Foundation's PropertyListEncoder/Decoder.
@Suite struct CodingConfigurationTests {
    /// The unit lengths are written in.
    struct Units: Sendable, Equatable {
        var millimetresPerUnit: Int
    }

    /// A length stored in millimetres and written in the configuration's unit.
    struct Length: EncodableWithConfiguration, DecodableWithConfiguration, Equatable, ArchiveClassNaming {
        static let archiveClassName = "Length"
        var label: String
        var millimetres: Int

        init(label: String, millimetres: Int) {
            self.label = label
            self.millimetres = millimetres
        }

        enum CodingKeys: String, CodingKey { case label, amount }

        func encode(to encoder: any Encoder, configuration: Units) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(millimetres / configuration.millimetresPerUnit, forKey: .amount)
        }

        init(from decoder: any Decoder, configuration: Units) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            millimetres = try container.decode(Int.self, forKey: .amount) * configuration.millimetresPerUnit
        }
    }

    /// Centimetres, as a provider for `CodableConfiguration` and the provider overloads.
    enum Centimetres: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static let encodingConfiguration = Units(millimetresPerUnit: 10)
        static let decodingConfiguration = Units(millimetresPerUnit: 10)
    }

    /// A Codable model with a configured field.
    struct Drawing: Codable, Equatable {
        var title: String
        @CodableConfiguration(from: Centimetres.self) var width = Length(label: "width", millimetres: 0)
    }

    static let length = Length(label: "height", millimetres: 1_230)
    static let metres = Units(millimetresPerUnit: 1_000)

    static func foundationEncoder(_ format: PropertyListSerialization.PropertyListFormat) -> PropertyListEncoder {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        return encoder
    }

    @Test(arguments: [PlistFormat.xml, .binary])
    func encodingWithAConfigurationWritesFoundationsBytes(_ format: PlistFormat) throws {
        let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .xml ? .xml : .binary
        let ours = try PlistEncoder(outputFormat: format).encode(Self.length, configuration: Self.metres)
        let foundation = try Self.foundationEncoder(foundationFormat).encode(Self.length, configuration: Self.metres)
        #expect(ours == foundation)
        #expect(try PlistValue(decoding: ours) == ["amount": 1, "label": "height"])
    }

    @Test func encodingWithAProviderWritesFoundationsBytes() throws {
        let ours = try PlistEncoder(outputFormat: .xml).encode(Self.length, configuration: Centimetres.self)
        let foundation = try Self.foundationEncoder(.xml).encode(Self.length, configuration: Centimetres.self)
        #expect(ours == foundation)
        #expect(try PlistValue(decoding: ours) == ["amount": 123, "label": "height"])
    }

    @Test func decodingWithAConfigurationReadsWhatFoundationReads() throws {
        let data = try Self.foundationEncoder(.binary).encode(Self.length, configuration: Self.metres)
        let ours = try PlistDecoder().decode(Length.self, from: data, configuration: Self.metres)
        let foundation = try PropertyListDecoder().decode(Length.self, from: data, configuration: Self.metres)
        #expect(ours == foundation)
        #expect(ours == Length(label: "height", millimetres: 1_000))

        var format = PlistFormat.binary
        let xml = try Self.foundationEncoder(.xml).encode(Self.length, configuration: Centimetres.self)
        #expect(try PlistDecoder().decode(Length.self, from: xml, format: &format, configuration: Centimetres.self) == Self.length)
        #expect(format == .xml)
        #expect(try PlistDecoder().decode(Length.self, from: xml, configuration: Centimetres.self)
                == PropertyListDecoder().decode(Length.self, from: xml, configuration: Centimetres.self))
    }

    @Test func decodingWithAConfigurationReportsTheCodingPath() throws {
        let data = try PlistEncoder().encode(["label": "x"])
        let error = try #require(throws: DecodingError.self) {
            try PlistDecoder().decode(Length.self, from: data, configuration: Self.metres)
        }
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("Expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "amount")
    }

    @Test(arguments: [PlistFormat.xml, .binary])
    func theCodableConfigurationWrapperMatchesFoundation(_ format: PlistFormat) throws {
        let drawing = Drawing(title: "plan", width: Length(label: "width", millimetres: 420))
        let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .xml ? .xml : .binary
        let ours = try PlistEncoder(outputFormat: format).encode(drawing)
        #expect(ours == (try Self.foundationEncoder(foundationFormat).encode(drawing)))
        #expect(try PlistValue(decoding: ours) == ["title": "plan", "width": ["amount": 42, "label": "width"]])
        #expect(try PlistDecoder().decode(Drawing.self, from: ours) == PropertyListDecoder().decode(Drawing.self, from: ours))
        #expect(try PlistDecoder().decode(Drawing.self, from: ours) == drawing)
    }

    @Test func encodingNothingNamesTheConfiguredType() throws {
        struct Silent: EncodableWithConfiguration {
            func encode(to encoder: any Encoder, configuration: Units) throws {}
        }
        let error = try #require(throws: EncodingError.self) {
            try PlistEncoder().encode(Silent(), configuration: Self.metres)
        }
        #expect("\(error)".contains("Top-level Silent did not encode any values."))
    }

    @Test func archivesWithAConfigurationUnderTheTypesClass() throws {
        let data = try ArchiveEncoder().encode(Self.length, configuration: Self.metres)
        let archive = try KeyedArchive(decoding: data)
        #expect(archive.classSummaries.map(\.name).contains("Length"))
        let decoder = ArchiveDecoder(allowing: [Length.self])
        #expect(try decoder.decode(Length.self, from: data, configuration: Self.metres) == Length(label: "height", millimetres: 1_000))
        let viaProvider = try ArchiveEncoder().encode(Self.length, configuration: Centimetres.self)
        #expect(try decoder.decode(Length.self, from: viaProvider, configuration: Centimetres.self) == Self.length)
    }

    @Test func archiveDecodingWithAConfigurationChecksTheAllowList() throws {
        let data = try ArchiveEncoder().encode(Self.length, configuration: Self.metres)
        let error = try #require(throws: DecodingError.self) {
            try ArchiveDecoder(allowedClassNames: ["NSString"]).decode(Length.self, from: data, configuration: Self.metres)
        }
        #expect("\(error)".contains("Length"))
    }

    @Test func archivesTheCodableConfigurationWrapper() throws {
        let drawing = Drawing(title: "plan", width: Length(label: "width", millimetres: 420))
        let data = try ArchiveEncoder().encode(drawing)
        #expect(try ArchiveDecoder(allowing: [Length.self]).decode(Drawing.self, from: data) == drawing)
    }
}
