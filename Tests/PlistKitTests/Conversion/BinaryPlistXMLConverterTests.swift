import Foundation
import Testing
@testable import PlistKit

/// The streaming binary-to-XML conversion: losses reported with key paths while walking,
/// refusals before anything is written, shared references that must not be walked one by
/// one, mapped files. Low thresholds make even small documents walk their containers. That it
/// gives what the tree path gives (reading the whole document, then writing its value) on
/// random inputs is ``ShortcutEquivalenceTests/streamingBinaryToXMLConversion(batch:)``.
@Suite struct BinaryPlistXMLConverterTests {
    /// What a conversion gave: the output, the losses, or the error.
    struct Outcome: Equatable, CustomStringConvertible {
        var output = Data()
        var readWarnings: [PlistWarning] = []
        var writeWarnings: [PlistWarning] = []
        var error: String?

        var description: String {
            "\(output.count) bytes, read \(readWarnings), written \(writeWarnings), error \(error ?? "none")"
        }
    }

    /// The tree path, as `convert` takes it for other inputs.
    static func viaTree(_ bytes: Data, reading: PlistReadingOptions, writing: PlistWritingOptions) -> Outcome {
        var outcome = Outcome()
        do {
            let document = try PlistDocument(decoding: bytes, format: .binary, options: reading)
            outcome.readWarnings = document.warnings
            try document.value.write(
                as: .xml, options: writing, acceptingLosses: { outcome.writeWarnings = $0 }, to: { outcome.output.append($0) })
        } catch {
            // A read error leaves no warnings to compare.
            outcome.readWarnings = []
            outcome.writeWarnings = []
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// The streaming conversion, walking containers of more than `threshold` values in an
    /// input of more than `wholeBytes` bytes (by default every input, however small).
    static func streamed(
        _ bytes: Data, reading: PlistReadingOptions, writing: PlistWritingOptions, threshold: Int, wholeBytes: Int = 0
    ) -> Outcome {
        var outcome = Outcome()
        do {
            try BinaryPlistXMLConverter.convert(
                .bytes(bytes), readingOptions: reading, writingOptions: writing, threshold: threshold, readingWholeUpTo: wholeBytes,
                acceptingLosses: { outcome.readWarnings = $0; outcome.writeWarnings = $1 }, to: { outcome.output.append($0) })
        } catch {
            #expect(outcome.output.isEmpty, "output before the error \(error)")
            outcome.readWarnings = []
            outcome.writeWarnings = []
            outcome.error = "\(error)"
        }
        return outcome
    }

    @Test func refusesTheReferenceBombAsTheTreePathDoes() async throws {
        let bytes = try Fixtures.data("Binary/reference-bomb.bplist")
        let expected = Self.viaTree(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions())
        #expect(expected.error?.contains("once its shared references are expanded") == true, "\(expected)")
        #expect(expected.output.isEmpty)
        await Self.expectStreamedAsTheTreePath(bytes)
    }

    /// 200,000 references to one array of 1,000 integers: a 200 KB file whose tree, expanded,
    /// passes the writer's value limit. The walk decodes a small container again at each
    /// reference, so it gives up at the limit and the file is read whole (each object decoded
    /// once): refused with the tree path's error, in a fraction of a second of processor time
    /// (walking every reference took hundreds of times as long).
    @Test func refusesASmallContainerSharedPastTheLimit() async throws {
        var builder = BinaryPlistBuilder([
            [0x10, 7],
            [0xAF, 0x11, 0x03, 0xE8] + [UInt8](repeating: 0, count: 1000),
            [0xAF, 0x12, 0x00, 0x03, 0x0D, 0x40] + [UInt8](repeating: 1, count: 200_000),
        ])
        builder.offsetSize = 4
        builder.top = 2
        let bytes = Data(builder.build())
        let expected = Self.viaTree(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions())
        #expect(expected.error?.contains("once its shared references are expanded") == true, "\(expected)")
        await Self.expectStreamedAsTheTreePath(bytes)
    }

    /// Converts `bytes` streamed (walking containers past 1,024 values) in a child capped in
    /// processor time, and expects the tree path's outcome: a walk that expands what the file
    /// shares runs out of time there.
    static func expectStreamedAsTheTreePath(_ bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) async {
        await #expect(
            processExitsWith: .exitCode(0), "1: another outcome, signal \(IsolatedRun.cpuLimitSignal): the walk expanded the references",
            sourceLocation: sourceLocation
        ) { [bytes = bytes as Data] in
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                let streamed = Self.streamed(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions(), threshold: 1024)
                return streamed == Self.viaTree(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions()) ? 0 : 1
            }
        }
    }

    @Test func reportsReadLossesWithKeyPathsWhileWalking() throws {
        // A dictionary walked as a skeleton, holding a set and a 32-bit real.
        let builder = BinaryPlistBuilder([
            [0xD2, 1, 2, 3, 4],  // {a: set, b: float32}
            [0x51, 0x61], [0x51, 0x62],
            [0xC2, 5, 5],  // a set of two references to one integer
            [0x22, 0x3F, 0xC0, 0x00, 0x00],  // 1.5 as a 32-bit real
            [0x10, 7],
        ])
        let outcome = Self.streamed(
            Data(builder.build()), reading: PlistReadingOptions(), writing: PlistWritingOptions(), threshold: 1)
        #expect(outcome.error == nil)
        #expect(outcome.readWarnings.map(\.kind) == [.setReadAsArray, .float32Widened])
        #expect(outcome.readWarnings.map(\.keyPath) == [PlistKeyPath(components: ["a"]), PlistKeyPath(components: ["b"])])
    }

    @Test func refusesWhatXMLCannotHoldDeepInAWalkedContainerBeforeWriting() throws {
        let items: [PlistValue] = (0..<50).map { .integer(PlistInteger(Int64($0))) } + [.array([.string("bell \u{7}")])]
        let value: PlistValue = .dictionary(["items": .array(items)])
        let bytes = try value.encoded(as: .binary)
        let outcome = Self.streamed(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions(), threshold: 4)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error?.contains("items.50.0") == true, "\(outcome)")
        #expect(outcome == Self.viaTree(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions()))
    }

    /// Keys stored out of sorted order, in a file small enough to be read whole: the losses
    /// the caller ignores are neither reported nor refused under strict writing, on that path
    /// as on the walk.
    @Test func ignoresTheIgnoredLossesInAFileReadWhole() throws {
        let builder = BinaryPlistBuilder([
            [0xD2, 1, 2, 3, 4],  // {b: 1, a: 2}, stored unsorted
            [0x51, 0x62], [0x51, 0x61],
            [0x10, 1], [0x10, 2],
        ])
        let bytes = Data(builder.build())
        let strict = PlistWritingOptions(isStrict: true)
        var output = Data()
        var written: [PlistWarning] = [PlistWarning(.typeChanged, at: .root, "not called")]
        try BinaryPlistXMLConverter.convert(
            bytes, writingOptions: strict, ignoring: [.keyOrderChanged], acceptingLosses: { written = $1 }, to: { output.append($0) })
        #expect(written.isEmpty)
        #expect(output == (try PlistValue(decoding: bytes).encoded(as: .xml)))
        // Not ignored, the reordering is refused under strict writing.
        #expect(throws: PlistError.self) { try BinaryPlistXMLConverter.convert(bytes, writingOptions: strict, to: { _ in }) }
    }

    /// A value XML cannot hold, deep in a file read whole and in the same file walked: the
    /// same error, at the same key path, after the losses are accepted and before any output.
    @Test func refusesWhatXMLCannotHoldReadWholeAsWalked() throws {
        let records: [PlistValue] = (0..<40).map { .dictionary(["n": .integer(PlistInteger(Int64($0))), "s": .string("r\($0)")]) }
        let value: PlistValue = .dictionary(["records": .array(records + [.dictionary(["s": .string("bell \u{7}")])])])
        let bytes = try value.encoded(as: .binary)
        let whole = Self.streamed(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions(), threshold: 4, wholeBytes: bytes.count)
        let walked = Self.streamed(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions(), threshold: 4)
        #expect(whole.output.isEmpty)
        #expect(whole.error?.contains("records.40.s") == true, "\(whole)")
        #expect(whole == walked)
        #expect(whole == Self.viaTree(bytes, reading: PlistReadingOptions(), writing: PlistWritingOptions()))
    }

    @Test func readsAMappedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("converter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let records: [PlistValue] = (0..<3000).map { .dictionary(["n": .integer(PlistInteger(Int64($0)))]) }
        let value: PlistValue = .array(records)
        let file = directory.appendingPathComponent("records.bplist")
        try value.encoded(as: .binary).write(to: file)
        var output = Data()
        try BinaryPlistXMLConverter.convert(contentsOf: file, to: { output.append($0) })
        #expect(output == (try value.encoded(as: .xml)))
        var byPath = Data()
        try BinaryPlistXMLConverter.convert(contentsOfFile: file.path, to: { byPath.append($0) })
        #expect(byPath == output)
        #expect(throws: PlistError.self) {
            try BinaryPlistXMLConverter.convert(contentsOfFile: directory.appendingPathComponent("missing").path, to: { _ in })
        }
    }

    // MARK: Graphs with shared references

    /// A random binary plist whose objects are referenced from many places: each object
    /// refers only to objects made before it (so there is no cycle), containers included, with
    /// sets, 32-bit reals, fractional dates, repeated keys, and now and then a character XML
    /// cannot hold.
    static func sharedGraph(seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var objects: [[UInt8]] = []
        var keys: [Int] = []
        var any: [Int] = []
        func add(_ object: [UInt8], isKey: Bool = false) {
            if isKey { keys.append(objects.count) }
            any.append(objects.count)
            objects.append(object)
        }
        for name in ["a", "b", "c", "id", "é", "z"] {
            let bytes = Array(name.utf8)
            if bytes.allSatisfy({ $0 < 0x80 }) {
                add([0x50 | UInt8(bytes.count)] + bytes, isKey: true)
            } else {
                add([0x61, 0x00, 0xE9], isKey: true)
            }
        }
        if seed % 7 == 3 { add([0x51, 0x07]) }  // a bell, which XML cannot hold
        add([0x09])
        add([0x22, 0x40, 0x20, 0x00, 0x00])  // 2.5 as a 32-bit real
        add([0x33] + withUnsafeBytes(of: (1_000.25).bitPattern.bigEndian, Array.init))  // a fractional date
        add([0x43, 1, 2, 3])
        let objectCount = 40 + Int(seed % 40)
        while objects.count < objectCount {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: add([0x10, UInt8.random(in: 0...255, using: &random)])
            case 1: add([0x23] + withUnsafeBytes(of: Double(Int.random(in: -9...9, using: &random)).bitPattern.bigEndian, Array.init))
            default:
                let count = Int.random(in: 0...5, using: &random)
                let refs = (0..<count).map { _ in any.randomElement(using: &random)! }
                if Bool.random(using: &random) {
                    let marker: UInt8 = Int.random(in: 0..<4, using: &random) == 0 ? 0xC0 : 0xA0
                    add([marker | UInt8(count)] + refs.flatMap { BinaryPlistBuilder.bigEndian(UInt64($0), size: 2) })
                } else {
                    let keyRefs = (0..<count).map { _ in keys.randomElement(using: &random)! }
                    add([0xD0 | UInt8(count)] + (keyRefs + refs).flatMap { BinaryPlistBuilder.bigEndian(UInt64($0), size: 2) })
                }
            }
        }
        // The root holds the last few objects, so that most of the graph is reached.
        let rootRefs = Array(any.suffix(6))
        add([0xA0 | UInt8(rootRefs.count)] + rootRefs.flatMap { BinaryPlistBuilder.bigEndian(UInt64($0), size: 2) })
        var builder = BinaryPlistBuilder(objects)
        builder.refSize = 2
        builder.offsetSize = 4
        builder.top = UInt64(objects.count - 1)
        return builder.build()
    }
}
