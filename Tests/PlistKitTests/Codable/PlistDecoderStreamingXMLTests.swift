import Foundation
import Testing
@testable import PlistKit

/// Decoding XML while libxml2 still reads it (``XMLStreamingDecodingSource``) against decoding
/// the finished tree: the same values and the same errors, on random documents streamed in
/// tapes of every size, decoded as types that read every way a container can be read while it
/// is still open (entry by entry, element by element, by key in any order, all keys at once),
/// on damaged documents (the XML error must win over any decoding error), and on documents
/// whose containers change when they end (repeated keys, `CF$UID` dictionaries), where the
/// streaming result must be dropped for the general path's.
@Suite struct PlistDecoderStreamingXMLTests {
    static let keysKey = CodingUserInfoKey(rawValue: "plistKitStreamingKeys")!

    /// Reads everything: dictionaries as `[String: Walk]` (entry by entry), arrays as
    /// `[Walk]` (element by element), scalars through a single-value container. (Through the
    /// container, not `[String: Walk](from:)`, which would be the standard library's own
    /// initializer: the decoder fills `[String: T]` itself only when asked for one.)
    indirect enum Walk: Decodable, CustomStringConvertible {
        case dictionary([String: Walk])
        case array([Walk])
        case scalar(String)

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let dictionary = try? single.decode([String: Walk].self) {
                self = .dictionary(dictionary)
            } else if let array = try? single.decode([Walk].self) {
                self = .array(array)
            } else {
                if let value = try? single.decode(Bool.self) {
                    self = .scalar("bool \(value)")
                } else if let value = try? single.decode(Int64.self) {
                    self = .scalar("int \(value)")
                } else if let value = try? single.decode(UInt64.self) {
                    self = .scalar("uint \(value)")
                } else if let value = try? single.decode(Double.self) {
                    self = .scalar("real \(value.bitPattern)")
                } else if let value = try? single.decode(Date.self) {
                    self = .scalar("date \(value.timeIntervalSinceReferenceDate)")
                } else if let value = try? single.decode(Data.self) {
                    self = .scalar("data \(value.base64EncodedString())")
                } else {
                    self = .scalar("string \(try single.decode(String.self))")
                }
            }
        }

        var description: String {
            switch self {
            case .dictionary(let entries):
                return "{" + entries.keys.sorted().map { "\($0)=\(entries[$0]!)" }.joined(separator: ",") + "}"
            case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
            case .scalar(let text): return text
            }
        }
    }

    /// Reads chosen keys, in the order given (often not the file's), each as a ``Walk`` if
    /// present, then checks `contains` for each, then reads `allKeys`; nested dictionaries are
    /// probed the same way.
    struct Probe: Decodable, CustomStringConvertible {
        var found: [String] = []

        init(from decoder: any Decoder) throws {
            let keys = decoder.userInfo[PlistDecoderStreamingXMLTests.keysKey] as? [String] ?? []
            guard let container = try? decoder.container(keyedBy: PlistCodingKey.self) else {
                found = ["not a dictionary: \(try Walk(from: decoder))"]
                return
            }
            for key in keys {
                let codingKey = PlistCodingKey(stringValue: key)
                if let nested = try? container.decodeIfPresent(Probe.self, forKey: codingKey) {
                    found.append("\(key): \(nested)")
                } else {
                    found.append("\(key): \(String(describing: try container.decodeIfPresent(Walk.self, forKey: codingKey)))")
                }
            }
            found.append("contains: " + keys.map { container.contains(PlistCodingKey(stringValue: $0)) ? "y" : "n" }.joined())
            found.append("all: " + container.allKeys.map(\.stringValue).joined(separator: ","))
        }

        var description: String { "(" + found.joined(separator: "; ") + ")" }
    }

    /// Options varied between documents: key strategies, which read a dictionary's keys before
    /// anything else, and limits met part way through a streamed document.
    enum Variant: CaseIterable {
        case plain, snakeCase, objectLimit, depthLimit
    }

    static func decoder(streaming: Bool, flushSize: Int, keys: [String], variant: Variant = .plain) -> PlistDecoder {
        var decoder = PlistDecoder()
        switch variant {
        case .plain: break
        case .snakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .objectLimit: decoder.readingOptions.maximumObjectCount = 12
        case .depthLimit: decoder.readingOptions.maximumDepth = 3
        }
        decoder.userInfo = [keysKey: keys]
        if streaming {
            decoder.smallestStreamedXML = 0
            decoder.streamingTapeFlushSize = flushSize
        } else {
            decoder.readingOptions.readsLargeXMLConcurrently = false
        }
        return decoder
    }

    /// The outcome of decoding `bytes` as `type`, as text.
    static func outcome<T: Decodable & CustomStringConvertible>(_ type: T.Type, _ decoder: PlistDecoder, _ bytes: Data) -> String {
        do {
            return "\(try decoder.decode(type, from: bytes))"
        } catch {
            return "error: \(PlistDecoderErrorTests.Summary(error))"
        }
    }

    /// Expects streaming and the general path to agree on `bytes` for both types; returns
    /// whether the general path decoded a value.
    @discardableResult
    static func expectAgreement(_ bytes: Data, keys: [String], flushSize: Int, variant: Variant = .plain, _ label: String) -> Bool {
        let general = decoder(streaming: false, flushSize: flushSize, keys: keys, variant: variant)
        let streaming = decoder(streaming: true, flushSize: flushSize, keys: keys, variant: variant)
        let walked = outcome(Walk.self, general, bytes)
        #expect(outcome(Walk.self, streaming, bytes) == walked, "\(label), walk, tapes of \(flushSize)")
        let probed = outcome(Probe.self, general, bytes)
        #expect(outcome(Probe.self, streaming, bytes) == probed, "\(label), probe, tapes of \(flushSize)")
        return !walked.hasPrefix("error")
    }

    static let flushSizes = [1, 7, 64, 900]

    static func keys(of tree: PlistValue, _ random: inout SeededRandom) -> [String] {
        var keys = tree.dictionary?.keys ?? []
        keys.shuffle(using: &random)
        return Array(keys.prefix(Int.random(in: 0...4, using: &random))) + ["absent"]
    }

    @Test(arguments: 0..<3)
    func randomDocumentsDecodeTheSame(batch: Int) throws {
        var generator = XMLPullParserDifferentialTests.makeGenerator(seed: 0x57_2EA3 + UInt64(batch))
        var random = SeededRandom(seed: 0x57_0000 + UInt64(batch))
        var decoded = 0
        for index in 0..<150 {
            let tree = generator.makeTree()
            let bytes = try tree.encoded(as: .xml)
            let keys = Self.keys(of: tree, &random)
            // Mostly plain decoding, sometimes under a key strategy or a limit.
            let variant = index % 3 == 0 ? Variant.allCases.randomElement(using: &random)! : .plain
            if Self.expectAgreement(bytes, keys: keys, flushSize: Self.flushSizes[index % 4], variant: variant, "batch \(batch) tree \(index), \(variant)") {
                decoded += 1
            }
        }
        #expect(decoded > 50)
    }

    /// Damage anywhere, most often near the end, after much has been decoded: a malformed
    /// document reports its XML error, never a decoding error or a value.
    @Test(arguments: 0..<3)
    func damagedDocumentsFailTheSame(batch: Int) throws {
        var generator = XMLPullParserDifferentialTests.makeGenerator(seed: 0xDA_57 + UInt64(batch))
        var random = SeededRandom(seed: 0xDA_5700 + UInt64(batch))
        let replacements: [UInt8] = Array("<>/&; x:k".utf8)
        var refused = 0
        for index in 0..<200 {
            let tree = generator.makeTree()
            var bytes = [UInt8](try tree.encoded(as: .xml))
            let position = Bool.random(using: &random)
                ? Int.random(in: bytes.count * 3 / 4..<bytes.count, using: &random) : Int.random(in: 0..<bytes.count, using: &random)
            switch index % 3 {
            case 0: bytes.removeSubrange(position...)
            case 1: bytes[position] = replacements.randomElement(using: &random)!
            default: bytes.insert(replacements.randomElement(using: &random)!, at: position)
            }
            if !Self.expectAgreement(Data(bytes), keys: Self.keys(of: tree, &random), flushSize: Self.flushSizes[index % 4], "batch \(batch) document \(index)") {
                refused += 1
            }
        }
        #expect(refused > 100)
    }

    /// Containers that end as something else than they were read as while open: a dictionary
    /// with a repeated key (first position, last value), a `CF$UID` dictionary (a UID), at the
    /// root, inside the dictionary streamed entry by entry, and as the value being read when
    /// its key was looked up.
    @Test func containersThatChangeWhenTheyEndDecodeTheSame() {
        var body = ""
        for index in 0..<300 { body += "<key>k\(index)</key><dict><key>n</key><integer>\(index)</integer></dict>" }
        let documents = [
            "<plist><dict><key>a</key><integer>1</integer>\(body)<key>a</key><integer>2</integer></dict></plist>",
            "<plist><dict><key>big</key><dict>\(body)<key>k7</key><string>again</string></dict><key>z</key><true/></dict></plist>",
            "<plist><dict><key>CF$UID</key><integer>5</integer></dict></plist>",
            "<plist><dict><key>big</key><dict><key>CF$UID</key><integer>5</integer></dict><key>z</key><true/></dict></plist>",
            "<plist><dict><key>big</key><dict>\(body)<key>u</key><dict><key>CF$UID</key><integer>9</integer></dict></dict></dict></plist>",
            "<plist><array><dict><key>CF$UID</key><integer>1</integer></dict>\(String(repeating: "<true/>", count: 200))</array></plist>",
        ]
        for (number, document) in documents.enumerated() {
            for flushSize in Self.flushSizes {
                for keys in [["a", "big", "z"], ["k7", "big"], ["CF$UID"], ["absent"]] {
                    Self.expectAgreement(Data(document.utf8), keys: keys, flushSize: flushSize, "document \(number), keys \(keys)")
                }
            }
        }
    }

    /// A library-sized document takes the streaming path by default, and gives what the general
    /// path gives.
    @Test func largeDocumentStreamsByDefault() throws {
        var tracks = PlistDictionary()
        for index in 0..<20_000 {
            tracks["\(index)"] = ["Name": .string("track é \(index)"), "Size": .integer(PlistInteger(Int64(index))), "Loved": .boolean(index % 2 == 0)]
        }
        let document: PlistValue = ["Major Version": 1, "Tracks": .dictionary(tracks), "Playlists": [["Name": "all"]]]
        let bytes = try document.encoded(as: .xml)
        #expect(bytes.count >= XMLPlistReader.smallestPipelinedDocument)
        let streamed = Self.outcome(Walk.self, PlistDecoder(), bytes)
        #expect(streamed == Self.outcome(Walk.self, Self.decoder(streaming: false, flushSize: 0, keys: []), bytes))
        #expect(streamed.contains("19999={Loved=bool false,Name=string track é 19999,Size=int 19999}"))
        var truncated = bytes
        truncated.removeLast(40)
        let failure = Self.outcome(Walk.self, PlistDecoder(), truncated)
        #expect(failure == Self.outcome(Walk.self, Self.decoder(streaming: false, flushSize: 0, keys: []), truncated))
        #expect(failure.contains("not a valid property list"))
    }

    /// Documents that fail after the decoder has started reading an open container, at the
    /// container's own end (a key without a value, which ends it without a value) and
    /// elsewhere: the decoder keeps asking about the container after the parse has stopped,
    /// and gets the general path's error.
    @Test func containersLeftOpenByAFailedParse() {
        var body = ""
        for index in 0..<200 { body += "<key>k\(index)</key><integer>\(index)</integer>" }
        let documents = [
            "<plist><dict>\(body)<key>dangling</key></dict></plist>",
            "<plist><dict><key>table</key><dict>\(body)<key>dangling</key></dict><key>name</key><string>n</string></dict></plist>",
            "<plist><dict><key>items</key><array>\(String(repeating: "<integer>1</integer>", count: 300))<key>k</key></array></dict></plist>",
            "<plist><dict>\(body)<integer>2</integer></dict></plist>",
            "<plist><dict>\(body)</dict><dict/></plist>",
        ]
        for (number, document) in documents.enumerated() {
            for flushSize in Self.flushSizes {
                let refused = !Self.expectAgreement(
                    Data(document.utf8), keys: ["k5", "table", "items", "name", "absent", "k150"], flushSize: flushSize,
                    "failed document \(number)")
                #expect(refused, "document \(number) should be refused")
            }
        }
    }
}
