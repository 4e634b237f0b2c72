import Foundation
import Testing
import PlistKit

/// Files Foundation wrote (TestData/Codable, see its README) read by PlistDecoder and
/// ArchiveDecoder.
@Suite struct CodableFixtureTests {
    static var expected: ArchivedNote {
        var note = ArchivedNote.sample
        note.created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        note.subtitle = "Saturday"
        return note
    }

    @Test(arguments: ["foundation-note.xml", "foundation-note.bplist"])
    func decoderReadsFoundationsEncoderOutput(file: String) throws {
        let data = try Fixtures.data("Codable/\(file)")
        var format = PlistFormat.json
        #expect(try PlistDecoder().decode(ArchivedNote.self, from: data, format: &format) == Self.expected)
        #expect(format == (file.hasSuffix(".xml") ? .xml : .binary))
    }

    @Test func encoderReproducesFoundationsXMLFile() throws {
        // The note holds only reals whose text both writers spell alike (0.25).
        let ours = try PlistEncoder(outputFormat: .xml).encode(Self.expected)
        #expect(ours == (try Fixtures.data("Codable/foundation-note.xml")))
    }

    @Test func archiveDecoderReadsFoundationsArchive() throws {
        let data = try Fixtures.data("Codable/foundation-note.archive")
        let decoder = ArchiveDecoder(allowing: [ArchivedNote.self, ArchivedPerson.self])
        #expect(try decoder.decode(ArchivedNote.self, from: data) == Self.expected)
    }

    @Test func archiveDecoderRefusesFoundationsArchiveWithoutTheNestedClass() throws {
        let data = try Fixtures.data("Codable/foundation-note.archive")
        let decoder = ArchiveDecoder(allowing: [ArchivedNote.self])
        let error = try #require(throws: DecodingError.self) { try decoder.decode(ArchivedNote.self, from: data) }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        let underlying = try #require(context.underlyingError as? KeyedArchiveError)
        #expect(underlying.code == .classNotAllowed)
        #expect(underlying.className == "PlistKitTests.FoundationPerson")
    }
}
