import Foundation
import Testing
@testable import PlistKit

/// The XML reader's fast path (libxml2's pull parser over the whole document, keeping only its
/// successes) against the reader without it (the push parser alone, the reference), on the same
/// bytes: each must give the same value, with keys in the same order, or the same error, with
/// the same code, message and line and column.
///
/// Inputs: random trees as PlistKit writes them, the same documents damaged at random (cut
/// short, a byte replaced or dropped), hand-made edge cases for the builder's text handling
/// (text that libxml2 delivers in several pieces, entities, CDATA, whitespace, non-ASCII, CR),
/// and every XML file under TestData and in the shared corpus.
@Suite struct XMLPullParserDifferentialTests {
    /// Reads `bytes` with the fast path (`usesPullParser`) or without it.
    static func read(_ bytes: Data, usesPullParser: Bool, options: PlistReadingOptions = PlistReadingOptions()) -> Result<PlistValue, PlistError> {
        var losses = LossReporter()
        do {
            return .success(try XMLPlistReader.read(bytes, options: options, losses: &losses, usesPullParser: usesPullParser))
        } catch let error as PlistError {
            return .failure(error)
        } catch {
            return .failure(PlistError(.corruptData, "unexpected error \(error)", at: .byteOffset(0)))
        }
    }

    /// Whether both values have their dictionary keys in the same order everywhere
    /// (`PlistValue`'s `==` ignores key order).
    static func sameKeyOrder(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameKeyOrder($0, $1) }
        case let (.dictionary(x), .dictionary(y)):
            return x.keys.elementsEqual(y.keys) { ExactKey.exactlyEqual($0, $1) }
                && zip(x.values, y.values).allSatisfy { sameKeyOrder($0, $1) }
        default:
            return true
        }
    }

    /// Expects the fast path to agree with the reference on `bytes`; returns whether it did.
    @discardableResult
    static func expectAgreement(
        _ bytes: Data, options: PlistReadingOptions = PlistReadingOptions(), _ label: @autoclosure () -> String
    ) -> Bool {
        let fast = read(bytes, usesPullParser: true, options: options)
        let reference = read(bytes, usesPullParser: false, options: options)
        var agrees = fast == reference
        if agrees, case .success(let x) = fast, case .success(let y) = reference { agrees = sameKeyOrder(x, y) }
        #expect(agrees, "\(label()): fast \(fast), reference \(reference)\n\(String(decoding: bytes.prefix(2_000), as: UTF8.self))")
        return agrees
    }

    static func makeGenerator(seed: UInt64) -> RandomPlistGenerator {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.allowsFractionalDates = false
        configuration.allowsControlCharacters = false
        return RandomPlistGenerator(seed: seed, configuration: configuration)
    }

    @Test(arguments: 0..<4)
    func randomTreesReadTheSame(batch: Int) throws {
        var generator = Self.makeGenerator(seed: 0x5055_4C4C + UInt64(batch))
        var successes = 0
        for index in 0..<500 {
            let tree = generator.makeTree()
            let xml = try tree.encoded(as: .xml)
            guard Self.expectAgreement(xml, "batch \(batch) tree \(index)") else { return }
            if case .success(let value) = Self.read(xml, usesPullParser: true), value == tree { successes += 1 }
        }
        // Every written tree reads back (the comparison above is not between two failures).
        #expect(successes == 500)
    }

    @Test(arguments: 0..<4)
    func damagedDocumentsFailOrReadTheSame(batch: Int) throws {
        var generator = Self.makeGenerator(seed: 0x4441_4D41 + UInt64(batch))
        var random = SeededRandom(seed: 0xBAD0 + UInt64(batch))
        let replacements: [UInt8] = Array("<>/&;\r\n \u{0}x]!?=\"'".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        var failures = 0
        for index in 0..<400 {
            var bytes = [UInt8](try generator.makeTree().encoded(as: .xml))
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch index % 3 {
            case 0: bytes.removeSubrange(position...)
            case 1: bytes[position] = replacements.randomElement(using: &random)!
            default: bytes.remove(at: position)
            }
            guard Self.expectAgreement(Data(bytes), "batch \(batch) document \(index)") else { return }
            if case .failure = Self.read(Data(bytes), usesPullParser: true) { failures += 1 }
        }
        // Most damage is caught, so errors (messages, positions) were compared too.
        #expect(failures > 200)
    }

    /// Documents whose text libxml2 hands over in several pieces, or rewrites, and other
    /// corners of the builder.
    static let edgeCases: [String] = {
        let long = String(repeating: "ab", count: 40_000)
        let longNonASCII = String(repeating: "é日😀x", count: 5_000)
        return [
            "<plist><string>   </string></plist>",
            "<plist><string>\n\t \n</string></plist>",
            "<plist><string></string></plist>",
            "<plist><string/></plist>",
            "<plist><dict><key></key><string/></dict></plist>",
            "<plist><string>a&amp;b&lt;c&gt;d&quot;e&apos;f</string></plist>",
            "<plist><string>&#233;&#x1F600;&#13;&#10;&#9;</string></plist>",
            "<plist><string><![CDATA[<not> &amp; markup]]></string></plist>",
            "<plist><string>a<![CDATA[b]]>c<![CDATA[]]>d</string></plist>",
            "<plist><string>x<!-- comment -->y<?pi data?>z</string></plist>",
            "<plist><dict><key>k&amp;<![CDATA[ey]]></key><integer> 12</integer></dict></plist>",
            "<plist><string>line\r\nnext\rlast</string></plist>",
            "<plist><string><![CDATA[a\r\nb]]></string></plist>",
            "<plist><string>\(long)</string></plist>",
            "<plist><string>\(longNonASCII)</string></plist>",
            "<plist><string>\(long)é\(long)&amp;\(longNonASCII)</string></plist>",
            "<plist><dict><key>\(longNonASCII)</key><data>\(String(repeating: "QUJD\n", count: 10_000))</data></dict></plist>",
            "<plist><array>\(String(repeating: "<real>1.5e3</real><date>2001-01-01T00:00:00Z</date><true/><false/>", count: 2_000))</array></plist>",
            "<plist><dict><key>CF$UID</key><integer>7</integer></dict></plist>",
            "<plist><dict><key>CF$UID</key><integer>-1</integer></dict></plist>",
            "<plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><true/></plist>\n",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf\u{E9}</string></plist>",
            "\u{FEFF}<plist><string>bom</string></plist>",
            "<plist><dict><key>a</key></dict></plist>",
            "<plist><dict><string>a</string></dict></plist>",
            "<plist><array><key>a</key></array></plist>",
            "<plist><integer>1</integer><integer>2</integer></plist>",
            "<plist><integer>x</integer></plist>",
            "<plist><real>1e</real></plist>",
            "<plist><date>2001-13-01T00:00:00Z</date></plist>",
            "<plist><data>QUJ</data></plist>",
            "<plist><array>text</array></plist>",
            "<plist><string>&bogus;</string></plist>",
            "<plist><array>",
            "<plist><dict><key>a",
            "<plist><unknown/></plist>",
            "<plist><ns:string xmlns:ns=\"urn:x\">a</ns:string></plist>",
            "<plist></plist>",
            "<plist><true/></plist>trailing",
            "<plist><true/></plist>\u{0}",
            "<plist><true/></plist>\n\u{0}<junk",
            "<plist><string>a\u{0}b</string></plist>",
            "<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>",
        ]
    }()

    @Test func edgeCasesReadTheSame() {
        for (index, text) in Self.edgeCases.enumerated() {
            Self.expectAgreement(Data(text.utf8), "edge case \(index)")
        }
    }

    @Test func limitsAreReportedTheSame() {
        let deep = "<plist>" + String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40) + "</plist>"
        Self.expectAgreement(Data(deep.utf8), options: PlistReadingOptions(maximumDepth: 10), "depth limit")
        let many = "<plist><array>" + String(repeating: "<true/>", count: 100) + "</array></plist>"
        Self.expectAgreement(Data(many.utf8), options: PlistReadingOptions(maximumObjectCount: 50), "object limit")
    }

    @Test func textSpanningPushParserChunksReadsTheSame() {
        // The push parser takes the input in chunkSize pieces; the pull parser in one.
        let pad = String(repeating: "é", count: XMLSAXParser.chunkSize / 2 - 20)
        let text = "<plist><array><string>\(pad)&amp;\(pad)<![CDATA[x\r\ny]]>\(pad)</string><key>k</key></array></plist>"
        Self.expectAgreement(Data(text.utf8), "text across chunks (refused: <key> in <array>)")
        let valid = "<plist><dict><key>\(pad)</key><string>\(pad)&#x1F600;\(pad)</string></dict></plist>"
        Self.expectAgreement(Data(valid.utf8), "text across chunks")
    }

    @Test func testDataFilesReadTheSame() throws {
        var files: [URL] = []
        for folder in ["XML", "Regressions/xml", "Regressions/detect"] {
            let url = Fixtures.testData.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { $0 != "README.md" }.map { url.appendingPathComponent($0) }
        }
        #expect(files.count >= 8)
        for file in files {
            Self.expectAgreement(try Data(contentsOf: file), file.lastPathComponent)
        }
        for entry in CorpusEntry.entries(ofKinds: ["xml", "keyed-archive-xml", "invalid", "other"]) {
            Self.expectAgreement(try entry.data(), entry.path)
        }
    }

    /// The base64 decoder's four-characters-at-once path against its byte-by-byte path, on
    /// random data encoded with whitespace in random places, and then damaged.
    @Test func base64GroupsDecodeAsByteByByte() {
        var random = SeededRandom(seed: 0xB64)
        let noise: [UInt8] = Array(" \t\n\r=*-_.".utf8) + [0x00, 0xC3, 0x7F]
        var decoded = 0
        for index in 0..<3_000 {
            let data = Data((0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            var text: [UInt8] = []
            for byte in data.base64EncodedData() {
                if Int.random(in: 0..<6, using: &random) == 0 { text.append([0x20, 0x09, 0x0A, 0x0D].randomElement(using: &random)!) }
                text.append(byte)
            }
            if index % 2 == 1, !text.isEmpty {
                let position = Int.random(in: 0..<text.count, using: &random)
                if Bool.random(using: &random) { text[position] = noise.randomElement(using: &random)! } else { text.remove(at: position) }
            }
            let (fast, general) = text.withUnsafeBufferPointer {
                (XMLScalarParser.data($0), XMLScalarParser.data($0, decodingGroups: false))
            }
            switch (fast, general) {
            case let (.success(x), .success(y)):
                #expect(x == y, "\(text)")
                if index % 2 == 0 { #expect(x == data) }
                decoded += 1
            case let (.failure(x), .failure(y)):
                #expect(x.text == y.text, "\(text)")
            default:
                Issue.record("fast \(fast) general \(general) for \(text)")
            }
        }
        #expect(decoded > 1_500)
    }
}
