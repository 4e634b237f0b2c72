import Foundation
import Testing
@testable import PlistKit

/// Decoding binary input: the values and errors the binary reader's tree gives, with its checks
/// run on the whole file before any type's `init(from:)`.
@Suite struct PlistDecoderBinaryInputTests {
    static var decoder: PlistDecoder {
        var decoder = PlistDecoder()
        decoder.realToIntegerStrategy = .never
        return decoder
    }

    @Test func randomTreesDecodeAsTheirValues() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.includesUIDs = false
        configuration.maximumDepth = 3
        configuration.maximumChildren = 4
        var generator = RandomPlistGenerator(seed: 0xC0DAB1E, configuration: configuration)
        for round in 0..<10_000 {
            let tree = generator.makeTree()
            let bytes = try tree.encoded(as: .binary)
            let decoded = try Self.decoder.decode(AnyPlist.self, from: bytes)
            let expected = try #require(AnyPlist(expecting: tree))
            #expect(decoded == expected, "round \(round)")
            if decoded != expected { return }
        }
    }

    @Test func modelsDecodeFromOursAndFoundationsBytes() throws {
        var encoder = PlistEncoder(outputFormat: .binary)
        encoder.userInfo = [.plistKitTestUnit: "cm"]
        let bytes = try encoder.encode(EverythingModel())
        var decoder = PlistDecoder()
        decoder.userInfo = [.plistKitTestUnit: "cm"]
        #expect(try decoder.decode(EverythingModel.self, from: bytes) == EverythingModel())
        // Foundation's bytes too (its writer lays objects out differently).
        let foundation = PropertyListEncoder()
        foundation.outputFormat = .binary
        foundation.userInfo = [.plistKitTestUnit: "cm"]
        let theirs = try foundation.encode(EverythingModel())
        #expect(try decoder.decode(EverythingModel.self, from: theirs) == EverythingModel())
    }

    @Test(arguments: PlistDecoderErrorTests.cases.map(\.name))
    func errorsNameTheirPath(name: String) throws {
        let entry = try #require(PlistDecoderErrorTests.cases.first { $0.name == name })
        let bytes = try entry.value.encoded(as: .binary)
        let error = PlistDecoderErrorTests.Summary(try #require(throws: DecodingError.self) {
            try PlistDecoder().decode(PlistDecoderErrorTests.Outer.self, from: bytes)
        })
        #expect(error.path == entry.path)
    }

    /// A binary plist from its objects (each object's bytes, references one byte wide,
    /// offsets two), with object 0 at the top.
    static func binaryPlist(_ objects: [[UInt8]]) -> Data {
        var bytes = [UInt8]("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)]
            bytes += object
        }
        let tableOffset = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        bytes += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(tableOffset).bigEndian, Array.init)
        return Data(bytes)
    }

    /// Repeated keys, one text in several key objects, and dictionaries past the scanned size:
    /// the last value of a repeated key wins, at its first position.
    @Test func repeatedSharedAndManyKeys() throws {
        struct Keys: Decodable, Equatable {
            var keys: [String]
            var values: [String: Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: PlistCodingKey.self)
                keys = container.allKeys.map(\.stringValue)
                values = try Dictionary(uniqueKeysWithValues: keys.map {
                    ($0, try container.decode(Int.self, forKey: PlistCodingKey(stringValue: $0)))
                })
            }
        }
        func text(_ string: String) -> [UInt8] { [0x50 | UInt8(string.utf8.count)] + Array(string.utf8) }
        // Small: object 0 {a: 1, b: 2, a: 3, "a" again as its own object: 4}; the last "a" wins,
        // at the first "a"'s position.
        let small = Self.binaryPlist([
            [0xD4, 1, 2, 1, 3, 4, 5, 6, 7],
            text("a"), text("b"), text("a"),
            [0x10, 1], [0x10, 2], [0x10, 3], [0x10, 4],
        ])
        // Large: past the indexed size, keys k0, k1... with values 0, 1..., then k7 repeated with 100.
        let count = PlistDictionary.indexThreshold + 16
        var large: [[UInt8]] = [[0xDF, 0x10, UInt8(count + 1)]]
        var keyReferences: [UInt8] = []
        var valueReferences: [UInt8] = []
        for i in 0..<count {
            keyReferences.append(UInt8(large.count)); large.append(text("k\(i)"))
            valueReferences.append(UInt8(large.count)); large.append([0x10, UInt8(i)])
        }
        keyReferences.append(UInt8(large.count)); large.append(text("k7"))
        valueReferences.append(UInt8(large.count)); large.append([0x10, 100])
        large[0] += keyReferences + valueReferences
        let smallKeys = try Self.decoder.decode(Keys.self, from: small)
        #expect(smallKeys.keys == ["a", "b"])
        #expect(smallKeys.values == ["a": 4, "b": 2])
        #expect(try Self.decoder.decode([String: Int].self, from: small) == ["a": 4, "b": 2])
        let largeKeys = try Self.decoder.decode(Keys.self, from: Self.binaryPlist(large))
        #expect(largeKeys.keys == (0..<count).map { "k\($0)" })
        #expect(largeKeys.values["k7"] == 100)
        #expect(largeKeys.values["k39"] == 39)
    }

    /// Keys that are canonically equivalent but not identical ("é" precomposed, and "e" +
    /// U+0301) are two keys, as in CoreFoundation: interning must not
    /// merge them, in small dictionaries nor in indexed large ones.
    @Test func canonicallyEquivalentKeysStayApart() throws {
        /// Every key (as scalars) and its integer, looked up by the key's exact text.
        struct Entries: Decodable, Equatable {
            var entries: [[UInt32]: Int] = [:]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: PlistCodingKey.self)
                for key in container.allKeys {
                    entries[key.stringValue.unicodeScalars.map(\.value)] = try container.decode(Int.self, forKey: key)
                }
            }
        }
        for fillers in [0, PlistDictionary.indexThreshold + 6] {
            var value = PlistDictionary()
            value["\u{E9}"] = 1
            value["e\u{301}"] = 2
            for i in 0..<fillers { value["k\(i)"] = .integer(PlistInteger(Int64(i))) }
            let bytes = try PlistValue.dictionary(value).encoded(as: .binary)
            let decoded = try Self.decoder.decode(Entries.self, from: bytes)
            #expect(decoded.entries.count == 2 + fillers)
            #expect(decoded.entries[[0xE9]] == 1)
            #expect(decoded.entries[[0x65, 0x301]] == 2)
        }
    }

    @Test func aCorruptValueFailsTheDecodeEvenWhereTheTypeDoesNotLook() throws {
        // A file whose 'ignored' value is corrupt (an invalid marker): the whole file is read
        // before the type's init(from:) runs, so the type never sees a rejected document.
        struct Wanted: Decodable, Equatable { var kept: Int }
        // Objects: 0 dict {kept: 2, ignored: 4}, 1 "kept", 2 int 7, 3 "ignored", 4 bad marker.
        let data = Self.binaryPlist([
            [0xD2, 1, 3, 2, 4],
            [0x54] + Array("kept".utf8),
            [0x10, 7],
            [0x57] + Array("ignored".utf8),
            [0x70],
        ])
        let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode(Wanted.self, from: data) }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.codingPath.isEmpty)
        #expect(context.underlyingError is PlistError)
    }

    @Test func cyclicBinaryFileIsRefusedByTheReader() throws {
        // Object 0 is an array holding itself: the reader refuses it before any type is built.
        var bytes = [UInt8]("bplist00".utf8)
        bytes += [0xA1, 0]
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += withUnsafeBytes(of: UInt64(1).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(10).bigEndian, Array.init)
        struct Chain: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Chain.self)
            }
        }
        var decoder = PlistDecoder()
        decoder.readingOptions.maximumDepth = 50
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Chain.self, from: Data(bytes)) }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.codingPath.isEmpty)
        #expect(context.underlyingError is PlistError)
    }
}

/// The real-world corpus: every binary file (and every binary keyed archive) decodes to the
/// value the binary reader gives, or fails with a DecodingError; none crashes. Files over
/// 64 KiB are left out to keep the suite fast in debug builds (the few large ones are long
/// arrays of the same shapes the small ones have).
@Suite struct PlistDecoderCorpusTests {
    static let binaryEntries = CorpusEntry.all.filter { entry in
        guard ["binary", "keyed-archive-binary", "invalid"].contains(entry.kind), let corpus = Fixtures.corpus else { return false }
        let size = (try? FileManager.default.attributesOfItem(atPath: corpus.appendingPathComponent(entry.path).path)[.size] as? Int) ?? 0
        return size <= 65_536
    }

    @Test(.enabled(if: !binaryEntries.isEmpty, "the shared corpus is not present"))
    func corpusBinaryFilesDecodeAsTheirValues() throws {
        var decoder = PlistDecoder()
        decoder.realToIntegerStrategy = .never
        var compared = 0
        for entry in Self.binaryEntries {
            let data = try entry.data()
            let result = Result { try decoder.decode(AnyPlist.self, from: data) }
            if case .failure(let error) = result {
                #expect(error is DecodingError, "\(entry.path): \(error)")
            }
            // Values with UIDs cannot be read through Codable alone (no expectation exists).
            if let value = try? PlistValue(decoding: data), let expected = AnyPlist(expecting: value) {
                #expect(try result.get() == expected, "\(entry.path)")
                compared += 1
            }
        }
        #expect(compared > 50)
    }
}

/// Hostile binary files the binary branch made (TestData/Binary): decoding stays bounded.
@Suite struct PlistDecoderHostileBinaryTests {
    @Test func referenceBombStopsAtTheValueLimit() throws {
        // 64 arrays each holding the next twice: a recursive type would visit 2^64 values.
        let data = try Fixtures.data("Binary/reference-bomb.bplist")
        var decoder = PlistDecoder()
        decoder.readingOptions.maximumObjectCount = 10_000
        let error = try #require(throws: DecodingError.self) { try decoder.decode(AnyPlist.self, from: data) }
        guard case .dataCorrupted(let context) = error else { Issue.record("got \(error)"); return }
        #expect(context.debugDescription == "Decoding reads more than the limit of 10000 values (shared references expand when decoded).")
    }

    @Test(arguments: ["cycle-mutual.bplist", "deep-10000.bplist"])
    func cyclicAndDeepFilesFailCleanly(file: String) throws {
        let data = try Fixtures.data("Binary/\(file)")
        let decoder = PlistDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(AnyPlist.self, from: data) }
    }
}
