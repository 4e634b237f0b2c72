import Foundation
import Testing
@testable import PlistKit

/// Reading and writing by file URL: `PlistValue`, `PlistDocument` and `KeyedArchive`; and
/// `PlistDocument` by path.
@Suite struct PlistFileTests {
    private func scratchURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-file-\(UUID().uuidString)-\(name)")
    }

    private let sample: PlistValue = ["name": "Ann", "age": 42, "tags": ["a", "b"], "blob": .data(Data([1, 2, 3]))]

    @Test(arguments: PlistFormat.allCases.filter { $0 != .json && $0 != .openStep })
    func aValueWrittenToAFileReadsBackInItsFormat(format: PlistFormat) throws {
        let url = scratchURL("value.plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try sample.write(to: url, format: format)
        #expect(try Data(contentsOf: url) == sample.encoded(as: format))
        let document = try PlistDocument(contentsOf: url)
        #expect(document.format == format)
        #expect(document.value == sample)
        #expect(try PlistValue(contentsOf: url) == sample)
        let byPath = try PlistDocument(contentsOfFile: url.path)
        #expect(byPath.format == format)
        #expect(byPath.value == sample)
    }

    @Test func aDocumentIsWrittenBackInTheFormatItWasReadIn() throws {
        let url = scratchURL("doc.plist")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try FileManager.default.createFile(atPath: url.path, contents: sample.encoded(as: .xml)))
        var document = try PlistDocument(contentsOf: url)
        try document.value.setValue(43, at: "age")
        try document.write(to: url)
        let reread = try PlistDocument(contentsOf: url)
        #expect(reread.format == .xml)
        #expect(reread.value["age"] == 43)
    }

    /// The system's reason, in PlistKit's own error (never a Foundation one).
    @Test func aMissingFileIsTheFileSystemsError() {
        let url = scratchURL("missing.plist")
        let expected = FileOperationError(step: .read, path: url.path, errorNumber: ENOENT, systemMessage: "No such file or directory")
        #expect(throws: expected) { try PlistValue(contentsOf: url) }
        #expect(throws: expected) { try KeyedArchive(contentsOf: url) }
        #expect(throws: expected) { try PlistDocument(contentsOfFile: url.path) }
    }

    /// What cannot be mapped is read: a file of /proc claims no bytes, yet holds some.
    @Test func aFileThatClaimsNoBytesIsReadByPath() throws {
        let path = "/proc/self/environ"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(!bytes.isEmpty)
        let expected = try #require(throws: PlistError.self) { try PlistDocument(decoding: bytes, format: .xml) }
        let empty = try #require(throws: PlistError.self) { try PlistDocument(decoding: Data(), format: .xml) }
        let error = try #require(throws: PlistError.self) { try PlistDocument(contentsOfFile: path, format: .xml) }
        #expect(error.description == expected.description)
        #expect(error.description != empty.description)
    }

    /// An XML file many times the reader's page-dropping step (1 MB): the mapped read, which
    /// drops pages behind the parser and loads them again on the fallback parse, gives what
    /// reading the bytes gives, for a valid file, one with carriage returns in its text (read
    /// from a rewritten copy) and one with an error near its end (parsed twice).
    @Test func aLargeXMLFileReadsThroughItsMappingAsFromItsBytes() throws {
        let records = PlistValue.array((0..<60_000).map { (index: Int) -> PlistValue in
            let record: PlistValue = ["id": .integer(PlistInteger(Int64(index))), "name": .string("record \(index) with some text"), "score": .real(Double(index) / 8)]
            return record
        })
        let xml = try records.encoded(as: .xml)
        #expect(xml.count > 8 << 20)
        let withReturn = Data(String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "record 7 ", with: "record\r\n7 ").utf8)
        var broken = xml
        broken.removeLast(20)
        for (name, bytes) in [("valid", xml), ("return", withReturn), ("broken", broken)] {
            let url = scratchURL("large-\(name).plist")
            defer { try? FileManager.default.removeItem(at: url) }
            try bytes.write(to: url)
            switch Result(catching: { try PlistDocument(decoding: bytes) }) {
            case .success(let expected):
                let mapped = try PlistDocument(contentsOf: url)
                #expect(mapped.value == expected.value, "\(name)")
            case .failure(let expected):
                #expect(name == "broken")
                let error = try #require(throws: PlistError.self) { try PlistDocument(contentsOf: url) }
                #expect(error.description == "\(expected)")
            }
        }
        let url = scratchURL("large-return-check.plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try withReturn.write(to: url)
        #expect(try PlistDocument(contentsOf: url).value.value(at: "7.name") == "record\r\n7 with some text")
    }

    @Test func aFailedWriteLeavesNoFile() throws {
        let url = scratchURL("no-such-directory").appendingPathComponent("value.plist")
        #expect(throws: FileOperationError.self) { try sample.write(to: url, format: .binary) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func anArchiveRoundTripsThroughAFile() throws {
        let url = scratchURL("archive")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try KeyedArchiver.archivedData(withRootObject: ["x", "y"])
        let archive = try KeyedArchive(decoding: data)
        try archive.write(to: url)
        #expect(try Data(contentsOf: url) == archive.encoded())
        let reread = try KeyedArchive(contentsOf: url)
        #expect(reread.plistValue == archive.plistValue)
    }
}
