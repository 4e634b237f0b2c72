import Foundation
import Testing
@testable import PlistKit

/// Every speed shortcut against the general path it stands for, one property test each:
/// random inputs, both paths, equal results (the same bytes and warnings, or the same error
/// described alike). The shortcuts are turned off through ``PlistCoderFastPaths`` and
/// ``KeyedArchiverFastPaths``, the streaming converter through its walking threshold. Each
/// property runs in batches, which the runner
/// spreads over its threads; a failure names the seed that replays it.
///
/// Cases that test what a shortcut does (which writer is taken, what a kept container writes)
/// stay in the suites of their areas.
@Suite struct ShortcutEquivalenceTests {
    static let batches = 0..<8

    // MARK: PlistEncoder writing binary and XML from its tree

    /// How the two paths of one encoder (`fastPaths.encoderWritesFromItsTree`) disagree on
    /// `value`, or `nil` when they give the same bytes or the same error; a binary result must
    /// also read back as the value the general path finishes the tree into (XML sorts keys and
    /// drops fractions of seconds, so equal bytes are its whole check). Returned rather than
    /// recorded, so that work on a large stack's thread reports on the test's own.
    static func encoderPathsDisagreement(_ value: some Encodable, _ encoder: PlistEncoder) -> String? {
        var general = encoder
        general.fastPaths.encoderWritesFromItsTree = false
        let direct = Result { try encoder.encode(value) }
        let expected = Result { try general.encode(value) }
        switch (direct, expected) {
        case (.success(let bytes), .success(let expectedBytes)):
            guard bytes == expectedBytes else { return "the direct writer's bytes differ" }
            let deep = PlistReadingOptions(maximumDepth: 10_001)
            guard encoder.outputFormat != .binary || (try? PlistValue(decoding: bytes, options: deep)) == (try? general.encodeValue(value)) else {
                return "the bytes do not read back as the finished value"
            }
            return nil
        case (.failure(let error), .failure(let expectedError)):
            return String(describing: error) == String(describing: expectedError) ? nil : "direct \(error) but general \(expectedError)"
        default:
            return "direct \(direct) but general \(expected)"
        }
    }

    /// Whether the direct writer writes `value`'s tree itself with `encoder`'s options, rather
    /// than handing it to the general path.
    static func writesDirectly(_ value: some Encodable, _ encoder: PlistEncoder) throws -> Bool {
        guard let node = try PlistEncodingState(options: encoder).encodeTopLevel(value) else { return false }
        switch encoder.outputFormat {
        case .binary: return PlistEncodingBinaryWriter.write(node, options: encoder.writingOptions) != nil
        default: return PlistEncodingXMLWriter.write(node, options: encoder.writingOptions) != nil
        }
    }

    /// Random trees encoded through every way Codable builds one (``CodableReplay``: nested
    /// and super encoders, repeated keys, containers asked for twice), as binary or XML, in
    /// every key order and real style, strict or not, under value-count and depth limits
    /// around the tree's own size and depth; some with characters XML cannot hold, dates it
    /// cannot write, hundreds of records with repeating key lists, or a thousand levels of
    /// nesting (on a large stack, as a caller raising the depth limit must run).
    @Test(arguments: batches)
    func encoderWritingFromItsTree(batch: Int) throws {
        let (written, disagreements) = try LargeStack.result { () throws -> (Int, [String]) in
            var direct = 0
            var disagreements: [String] = []
            for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
                var random = SeededRandom(seed: seed ^ 0xE4C0)
                let format: PlistFormat = Bool.random(using: &random) ? .binary : .xml
                var configuration = RandomPlistGenerator.Configuration()
                configuration.maximumDepth = 5
                configuration.includesUIDs = format == .xml
                configuration.allowsControlCharacters = format == .xml && seed % 3 == 0
                var generator = RandomPlistGenerator(seed: seed, configuration: configuration)
                var tree = generator.makeTree()
                switch seed % 10 {
                case 3: tree = ["tree": tree, "edge": .date(Self.edgeDates.randomElement(using: &random)!)]
                case 6: tree = Self.library(&random)
                case 9: tree = Self.nested(Int.random(in: 400...1_200, using: &random))
                default: break
                }
                let value = CodableReplay(value: tree, style: Int(seed % 11))
                var encoder = PlistEncoder(outputFormat: format)
                encoder.maximumDepth = 10_000
                encoder.keyOrder = [.formatDefault, .preserved, .sorted].randomElement(using: &random)!
                if Bool.random(using: &random) { encoder.writingOptions.xmlRealStyle = .seventeenDigits }
                if Int.random(in: 0..<4, using: &random) == 0 { encoder.writingOptions.isStrict = true }
                if let size = Self.expandedSize(value) {
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        encoder.writingOptions.maximumValueCount = Int.random(in: max(0, size.count - 2)...(size.count + 1), using: &random)
                    }
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        encoder.writingOptions.maximumDepth = Int.random(in: (size.depth - 1)...(size.depth + 1), using: &random)
                    }
                }
                if let disagreement = Self.encoderPathsDisagreement(value, encoder) {
                    disagreements.append("seed \(seed), \(format): \(disagreement)")
                }
                if (try? Self.writesDirectly(value, encoder)) == true { direct += 1 }
            }
            return (direct, disagreements)
        }.get()
        #expect(disagreements.isEmpty, "\(disagreements)")
        // Many trees are written directly (not all: repeated keys, control characters, limits
        // passed, nesting past the depth limit), so the comparison is about the direct
        // writers' bytes.
        #expect(written > 25)
    }

    /// The size of the value the general path finishes `value` into, once expanded.
    static func expandedSize(_ value: some Encodable) -> ExpandedSizeCounter.Size? {
        var encoder = PlistEncoder()
        encoder.maximumDepth = 10_000
        guard let tree = try? encoder.encodeValue(value) else { return nil }
        return try? ExpandedSizeCounter.size(of: tree, valueLimit: .max).get()
    }

    /// Dates at the edges of what XML writes, past them, and before year 1.
    static let edgeDates = [
        Double.infinity, -.infinity, .nan, 9_007_199_254_740_994, -9_007_199_254_740_994, 1e300,
        9_007_199_254_740_992, -9_007_199_254_740_992, -63_114_076_800.5, 0.999,
    ].map { Date(timeIntervalSinceReferenceDate: $0) }

    /// The library-like shape the benchmark writes: hundreds of records whose key lists (with
    /// and without optional keys) repeat, in an array or in a dictionary past the size a
    /// finished dictionary indexes.
    static func library(_ random: inout SeededRandom) -> PlistValue {
        let genres: [PlistValue] = ["Rock", "Jazz", "Électro", "Kraut 🎸", "R&B <live>"]
        let records = (0..<Int.random(in: 300...2_000, using: &random)).map { i -> PlistValue in
            var record: PlistDictionary = [
                "id": .integer(PlistInteger(Int64(i))), "name": .string("Track \(i % 250)"), "genre": genres[i % 5],
                "added": .date(Date(timeIntervalSinceReferenceDate: Double(i * 86_399 % 99_991) - 40_000.5)),
                "gain": .real(Double(i % 7) / 3 - 1),
            ]
            if i % 3 != 0 { record["loved"] = .boolean(i % 2 == 0) }
            if i % 4 != 0 { record["digest"] = .data(Data([UInt8(i % 7), 1, 2])) }
            if i % 5 != 0 { record["rating"] = .integer(PlistInteger(Int64(i % 100))) }
            if i % 7 != 0 { record["album"] = .string("Album \(i % 13)") }
            return .dictionary(record)
        }
        guard Bool.random(using: &random) else { return .array(records) }
        var library = PlistDictionary()
        for (i, record) in records.enumerated() { library["\(i)"] = record }
        return .dictionary(library)
    }

    /// Arrays nested `depth` deep around a one-key dictionary.
    static func nested(_ depth: Int) -> PlistValue {
        var value: PlistValue = ["depth": .integer(PlistInteger(Int64(depth)))]
        for level in 1..<depth { value = [.integer(PlistInteger(Int64(level))), value] }
        return value
    }

    // MARK: The coders' own [String: Value]

    /// `fastPaths.codersHandleStringKeyedDictionaries` against the standard library's
    /// `Dictionary` conformance: random dictionaries encoded (the very same instances both
    /// ways: two dictionaries with the same entries may iterate in different orders) to the
    /// same bytes or errors, and random documents decoded to the same dictionaries or errors
    /// (kind, coding path with each key's string and integer values, message), under every
    /// key strategy, from binary and XML, and under object limits low enough to stop part way.
    @Test(arguments: batches)
    func codersHandlingStringKeyedDictionaries(batch: Int) throws {
        var encodingErrors = 0
        for round in (batch * 190)..<(batch * 190 + 190) {
            let shape = round % 5
            let strategy = (round / 5) % 3
            let format: PlistFormat = round % 2 == 0 ? .binary : .xml
            var random = SeededRandom(seed: 0xE2C0_0000 + UInt64(round))
            let value = StringKeyedEncoding.randomValue(shape, &random)
            let direct = StringKeyedEncoding.outcome(value, direct: true, strategy: strategy, format: format)
            let general = StringKeyedEncoding.outcome(value, direct: false, strategy: strategy, format: format)
            #expect(direct == general, "encoding round \(round), shape \(shape), strategy \(strategy), \(format)")
            if direct.hasPrefix("error") { encodingErrors += 1 }
        }
        var values = 0, decodingErrors = 0, limited = 0
        var random = SeededRandom(seed: 0x5D1C7 &+ UInt64(batch))
        for round in 0..<300 {
            let shape = StringKeyedDecoding.Shape.allCases.randomElement(using: &random)!
            let document = StringKeyedDecoding.randomDocument(shape, &random)
            let strategy = Int.random(in: 0..<3, using: &random)
            let objectLimit: Int? = Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 1...30, using: &random) : nil
            for (bytes, label) in [(try document.encoded(as: .binary), "binary"), (try document.encoded(as: .xml), "XML")] {
                let direct = StringKeyedDecoding.outcome(
                    shape, StringKeyedDecoding.decoder(direct: true, strategy: strategy, objectLimit: objectLimit), bytes)
                let general = StringKeyedDecoding.outcome(
                    shape, StringKeyedDecoding.decoder(direct: false, strategy: strategy, objectLimit: objectLimit), bytes)
                #expect(direct == general, "decoding batch \(batch) round \(round), \(shape), strategy \(strategy), \(label)")
                if !direct.hasPrefix("error") {
                    values += 1
                } else {
                    decodingErrors += 1
                    if direct.contains("limit") { limited += 1 }
                }
            }
        }
        // Both outcomes were compared often, errors with their paths included, and decodes
        // stopped by the object limit.
        #expect(encodingErrors > 3)
        #expect(values > 75)
        #expect(decodingErrors > 75)
        #expect(limited > 5)
    }

    // MARK: KeyedArchiver's shortcuts

    /// `fastPaths.keyedArchiverShortcuts` (scalars uniqued in typed tables, binary bytes written
    /// straight from the objects) against a `Dictionary` of scalars and a `PlistValue` tree
    /// through the plist writer: random object graphs (``ArchiveGraphs``), now and then with
    /// scalars of every kind beside the objects, thousands of records (two-byte UIDs, references
    /// and offsets) or objects of many fields with repeated keys, as binary or XML, under depth
    /// limits low enough to stop some: the same bytes, errors, mid-way snapshots and archive
    /// tree.
    @Test(arguments: batches)
    func keyedArchiverShortcuts(batch: Int) throws {
        var depthErrors = 0
        for seed in UInt64(batch * 45)..<UInt64(batch * 45 + 45) {
            var random = SeededRandom(seed: seed ^ 0xA4C1)
            var graph = ArchiveGraphs.Graph(seed: seed)
            switch seed % 15 {
            case 4: graph.roots = ArchiveGraphs.manyRecords()
            case 9: graph.roots = [ArchiveGraphs.manyFields(repeats: Bool.random(using: &random))]
            default: break
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                graph.scalars = ArchiveGraphs.edgeScalars.filter { _ in Bool.random(using: &random) }
            }
            let format: PlistFormat = Int.random(in: 0..<6, using: &random) == 0 ? .xml : .binary
            let maximumDepth = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...5, using: &random) : 512
            let fast = ArchiveGraphs.archive(graph, fastPaths: true, format: format, maximumDepth: maximumDepth)
            let general = ArchiveGraphs.archive(graph, fastPaths: false, format: format, maximumDepth: maximumDepth)
            switch (fast.result, general.result) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "seed \(seed): the shortcuts' \(format) bytes differ from the general path's")
                if format == .binary {
                    // The direct writer against the plist writer on the very same archiver
                    // state, and the bytes read back to the tree the archiver describes.
                    #expect(a == (try fast.archiveValue.encoded(as: .binary)), "seed \(seed)")
                    #expect(try PlistValue(decoding: a) == fast.archiveValue, "seed \(seed)")
                }
            default:
                #expect(ArchiveGraphs.describe(fast.result) == ArchiveGraphs.describe(general.result), "seed \(seed)")
                if maximumDepth < 512 { depthErrors += 1 }
            }
            #expect(fast.snapshots == general.snapshots, "seed \(seed): archives taken mid-way differ")
            #expect(fast.archiveValue == general.archiveValue, "seed \(seed)")
        }
        #expect(depthErrors > 0, "no graph reached a depth limit")
    }

    // MARK: Streaming binary-to-XML conversion

    /// `BinaryPlistXMLConverter`'s walk of large containers against the tree path (reading the
    /// whole document, then writing its value), with thresholds low enough to walk small
    /// documents: random trees, some with characters XML cannot hold; random graphs of shared
    /// references; random trees with a byte of their objects or offset table replaced (the
    /// eager reader's error, found in the same order, before anything is written); the binary
    /// fixtures and corpus files. Under random writing options: the same output, warnings and
    /// errors.
    @Test(arguments: batches)
    func streamingBinaryToXMLConversion(batch: Int) throws {
        let fixtures = try ["cycle-mutual", "deep-10000", "foundation-linux", "reference-bomb", "set-and-float32", "three-byte-refs"]
            .map { (name: $0, bytes: try Fixtures.data("Binary/\($0).bplist")) }
        let corpus = CorpusEntry.entries(ofKinds: ["binary", "keyed-archive-binary"])
        for seed in UInt64(batch * 40)..<UInt64(batch * 40 + 40) {
            var random = SeededRandom(seed: seed ^ 0xC0DE)
            var reading = PlistReadingOptions()
            let bytes: Data, name: String
            switch seed % 5 {
            case 0, 1:
                var configuration = RandomPlistGenerator.Configuration()
                configuration.maximumDepth = 6
                configuration.allowsControlCharacters = seed % 10 == 0
                var generator = RandomPlistGenerator(seed: seed, configuration: configuration)
                (bytes, name) = (try generator.makeTree().encoded(as: .binary), "tree \(seed)")
            case 2:
                (bytes, name) = (Data(BinaryPlistXMLConverterTests.sharedGraph(seed: seed)), "graph \(seed)")
            case 3:
                var generator = RandomPlistGenerator(seed: seed)
                var corrupt = try generator.makeTree().encoded(as: .binary)
                // A byte of the objects or the offset table, before the trailer.
                let position = Int.random(in: 8..<max(9, corrupt.count - 32), using: &random)
                corrupt[position] = [0x00, 0x0F, 0xAF, 0xDF, 0xFF].randomElement(using: &random)!
                (bytes, name) = (corrupt, "tree \(seed), byte \(position)")
            default:
                if !corpus.isEmpty, Bool.random(using: &random) {
                    let entry = corpus[Int(seed / 5) % corpus.count]
                    (bytes, name) = (try entry.data(), entry.path)
                } else {
                    let fixture = fixtures[Int(seed / 5) % fixtures.count]
                    (bytes, name) = (fixture.bytes, fixture.name)
                    if Bool.random(using: &random) { reading.maximumDepth = 20_000 }
                }
            }
            for _ in 0..<2 {
                let writing = Self.writingVariants.randomElement(using: &random)!
                let threshold = [1, 3, 40, BinaryPlistXMLConverter.defaultThreshold].randomElement(using: &random)!
                let expected = BinaryPlistXMLConverterTests.viaTree(bytes, reading: reading, writing: writing)
                let found = BinaryPlistXMLConverterTests.streamed(bytes, reading: reading, writing: writing, threshold: threshold)
                #expect(found == expected, "\(name), threshold \(threshold), \(writing)")
            }
        }
    }

    /// The writing options of the conversions: key order, real style, strict writing.
    static let writingVariants: [PlistWritingOptions] = [
        PlistWritingOptions(),
        PlistWritingOptions(keyOrder: .preserved),
        PlistWritingOptions(xmlRealStyle: .shortest),
        PlistWritingOptions(isStrict: true),
    ]
}
