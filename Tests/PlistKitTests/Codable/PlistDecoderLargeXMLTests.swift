import Foundation
import Testing
@testable import PlistKit

/// Decoding a library-sized XML document: the same value as the same tree decoded from
/// binary, and a type's `init(from:)` run once per value, only on a document that was
/// accepted.
@Suite struct PlistDecoderLargeXMLTests {
    /// Counts the tracks decoded, across one test.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    static let counterKey = CodingUserInfoKey(rawValue: "plistKitLargeXMLCounter")!

    struct Track: Decodable, Equatable {
        var name: String
        var size: Int
        var loved: Bool

        enum CodingKeys: String, CodingKey {
            case name = "Name", size = "Size", loved = "Loved"
        }

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[PlistDecoderLargeXMLTests.counterKey] as? Counter)?.increment()
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            size = try container.decode(Int.self, forKey: .size)
            loved = try container.decode(Bool.self, forKey: .loved)
        }
    }

    struct Library: Decodable, Equatable {
        var version: Int
        var tracks: [String: Track]

        enum CodingKeys: String, CodingKey {
            case version = "Major Version", tracks = "Tracks"
        }
    }

    static let trackCount = 20_000

    /// A library of ``trackCount`` tracks, as XML; the track under `repeatedKey`, if any, is
    /// written twice (the first position keeps the last value).
    static func library(repeating repeatedKey: String? = nil) throws -> Data {
        var body = ""
        for index in 0..<trackCount {
            body += "<key>\(index)</key><dict><key>Name</key><string>track é \(index)</string>"
                + "<key>Size</key><integer>\(index)</integer><key>Loved</key><\(index % 2 == 0)/></dict>"
        }
        if let repeatedKey {
            body += "<key>\(repeatedKey)</key><dict><key>Name</key><string>again</string>"
                + "<key>Size</key><integer>-1</integer><key>Loved</key><true/></dict>"
        }
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>Major Version</key><integer>1</integer>"
            + "<key>Tracks</key><dict>\(body)</dict><key>Playlists</key><array><dict><key>Name</key><string>all</string></dict></array></dict></plist>\n"
        let bytes = Data(document.utf8)
        return bytes
    }

    static func decoder(_ counter: Counter) -> PlistDecoder {
        var decoder = PlistDecoder()
        decoder.userInfo = [counterKey: counter]
        return decoder
    }

    /// The value is the one the binary reader gives for the same tree, and every track is
    /// decoded once.
    @Test func largeDocumentDecodesAsTheSameTreeInBinary() throws {
        let bytes = try Self.library()
        let counter = Counter()
        let library = try Self.decoder(counter).decode(Library.self, from: bytes)
        #expect(counter.count == Self.trackCount)
        let binary = try PlistValue(decoding: bytes).encoded(as: .binary)
        #expect(library == (try Self.decoder(Counter()).decode(Library.self, from: binary)))
        let last = try #require(library.tracks["19999"])
        #expect(last.name == "track é 19999" && last.size == 19_999 && !last.loved)
    }

    /// A dictionary whose last entry repeats a key read long before: each value decoded once,
    /// the repeated key holding its last value.
    @Test func repeatedKeyInALargeDictionaryDecodesEachValueOnce() throws {
        let counter = Counter()
        let library = try Self.decoder(counter).decode(Library.self, from: try Self.library(repeating: "7"))
        #expect(counter.count == Self.trackCount)
        #expect(library.tracks["7"]?.name == "again")
    }

    /// A malformed large document reports the XML reader's error, and no type's `init(from:)`
    /// runs on it.
    @Test func malformedLargeDocumentFailsBeforeAnyValueIsDecoded() throws {
        var truncated = try Self.library()
        truncated.removeLast(40)
        let counter = Counter()
        func failure(_ decoder: PlistDecoder) -> String {
            do {
                _ = try decoder.decode(Library.self, from: truncated)
                return "decoded"
            } catch {
                return "\(PlistDecoderErrorTests.Summary(error))"
            }
        }
        let error = failure(Self.decoder(counter))
        #expect(error.contains("not a valid property list"))
        #expect(counter.count == 0)
    }
}
