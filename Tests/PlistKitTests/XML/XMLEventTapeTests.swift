import Foundation
import Testing
import CPlistKitSupport
@testable import PlistKit

/// The XML reader's event tape: libxml2's events recorded by the reader's C half and read back
/// by ``XMLEventTape``.
///
/// Where the tape is cut changes nothing: the reader with its usual 64 KB hand-overs and with
/// the tape handed over after every element give the same value, key order included, or the
/// same error, with the same code, message, line and column, on random trees, the same
/// documents damaged at random, edge cases, and every XML file under TestData and in the shared
/// corpus. What the C half decides alone has tests of its own with known answers: whitespace
/// between elements is dropped and any other text there refused, text of every length comes
/// out exactly as written, and the element numbers are ``XMLPlistElement``'s.
@Suite struct XMLEventTapeTests {
    /// Expects the reader to give the same result with the tape cut at every element as with
    /// its usual hand-overs; returns that result.
    @discardableResult
    static func expectSameResult(
        _ bytes: Data, options: PlistReadingOptions = PlistReadingOptions(), _ label: @autoclosure () -> String
    ) -> Result<PlistValue, PlistError> {
        let usual = XMLTestSupport.read(bytes, options: options)
        let cut = XMLTestSupport.read(bytes, options: options, tapeFlushSize: 1)
        var agrees = usual == cut
        if agrees, case .success(let x) = usual, case .success(let y) = cut { agrees = XMLTestSupport.sameKeyOrder(x, y) }
        #expect(agrees, "\(label()): usual \(usual), cut \(cut)\n\(String(decoding: bytes.prefix(2_000), as: UTF8.self))")
        return usual
    }

    static func expectSameResult(_ text: String, options: PlistReadingOptions = PlistReadingOptions()) -> Result<PlistValue, PlistError> {
        expectSameResult(Data(text.utf8), options: options, text)
    }

    static func makeGenerator(seed: UInt64) -> RandomPlistGenerator {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.allowsFractionalDates = false
        configuration.allowsControlCharacters = false
        return RandomPlistGenerator(seed: seed, configuration: configuration)
    }

    /// The C half records an element's start by its number: each of ``XMLPlistElement``'s raw
    /// values is the C half's number for the element of that name, and there are no others.
    @Test func elementNumbersAreTheCHalfs() throws {
        #expect(XMLPlistElement.allCases.count == Int(PLISTKIT_XML_ELEMENT_COUNT))
        for element in XMLPlistElement.allCases {
            let name = try #require(plistkit_xml_element_name(element.rawValue))
            #expect(String(cString: name) == element.name)
        }
        #expect(plistkit_xml_element_name(UInt8(PLISTKIT_XML_ELEMENT_COUNT)) == nil)
    }

    @Test(arguments: 0..<4)
    func randomTreesReadBackWhereverTheTapeIsCut(batch: Int) throws {
        var generator = Self.makeGenerator(seed: 0x5055_4C4C + UInt64(batch))
        for index in 0..<400 {
            let tree = generator.makeTree()
            let read = Self.expectSameResult(try tree.encoded(as: .xml), "batch \(batch) tree \(index)")
            #expect(read == .success(tree), "batch \(batch) tree \(index)")
        }
    }

    @Test(arguments: 0..<4)
    func damagedDocumentsFailOrReadTheSameWhereverTheTapeIsCut(batch: Int) throws {
        var generator = Self.makeGenerator(seed: 0x4441_4D41 + UInt64(batch))
        var random = SeededRandom(seed: 0xBAD0 + UInt64(batch))
        let replacements: [UInt8] = Array("<>/&;\r\n \u{0}x]!?=\"':".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        var failures = 0
        for index in 0..<400 {
            var bytes = [UInt8](try generator.makeTree().encoded(as: .xml))
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch index % 4 {
            case 0: bytes.removeSubrange(position...)
            case 1: bytes[position] = replacements.randomElement(using: &random)!
            case 2: bytes.remove(at: position)
            default: bytes.insert(replacements.randomElement(using: &random)!, at: position)
            }
            if case .failure(let error) = Self.expectSameResult(Data(bytes), "batch \(batch) document \(index)") {
                failures += 1
                if case .line = error.location {} else if case .byteOffset = error.location {} else {
                    Issue.record("no location in \(error)")
                }
            }
        }
        // Most damage is caught, so errors (messages, positions) were compared too.
        #expect(failures > 200)
    }

    /// Documents whose text libxml2 hands over in several pieces, or rewrites, and other
    /// corners of the tape and the builder.
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
            "<plist>\n\t<array>\n\t\t<true/>\r\n\t</array>\n</plist>\n",
            "<plist> x <true/></plist>",
            "<plist><array> <true/> x </array></plist>",
            "<plist><dict> <key>a</key> y <true/></dict></plist>",
            "<plist><true/> &#32; </plist>",
            "<plist><true/>&#65;</plist>",
            "<plist><array><![CDATA[ ]]><![CDATA[x]]></array></plist>",
            "<plist><array><![CDATA[  ]]></array></plist>",
            "<plist><true>x</true></plist>",
            "<plist><true> </true></plist>",
            "<plist><string>a<true/>b</string></plist>",
            "<plist><key>a</key></plist>",
            "<plist><x:true xmlns:x=\"urn:x\"/></plist>",
            "<x:plist xmlns:x=\"urn:x\"><true/></x:plist>",
            "<plist xmlns=\"urn:x\"><true/></plist>",
            "<plist><arrays/></plist>",
            "<plist><dat>a</dat></plist>",
            "<plist><strings>a</strings></plist>",
            "<plist><i/></plist>",
            "<plist version=\"1.0\" extra='x'><dict><key a=\"b\">k</key><string>v</string></dict></plist>",
            "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
            "<plist><array><string></string><string/><key/></array></plist>",
            "\n\n<plist><true/></plist>\n\n",
        ]
    }()

    @Test func edgeCasesReadTheSameWhereverTheTapeIsCut() {
        for (index, text) in Self.edgeCases.enumerated() {
            Self.expectSameResult(Data(text.utf8), "edge case \(index)")
        }
    }

    @Test func limitsAreReportedTheSame() {
        let deep = "<plist>" + String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40) + "</plist>"
        let tooDeep = Self.expectSameResult(Data(deep.utf8), options: PlistReadingOptions(maximumDepth: 10), "depth limit")
        #expect(tooDeep.failure?.code == .limitExceeded)
        let many = "<plist><array>" + String(repeating: "<true/>", count: 100) + "</array></plist>"
        let tooMany = Self.expectSameResult(Data(many.utf8), options: PlistReadingOptions(maximumObjectCount: 50), "object limit")
        #expect(tooMany.failure?.code == .limitExceeded)
    }

    @Test func testDataFilesReadTheSameWhereverTheTapeIsCut() throws {
        var files: [URL] = []
        for folder in ["XML", "Regressions/xml", "Regressions/detect"] {
            let url = Fixtures.testData.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { $0 != "README.md" }.map { url.appendingPathComponent($0) }
        }
        #expect(files.count >= 8)
        for file in files {
            Self.expectSameResult(try Data(contentsOf: file), file.lastPathComponent)
        }
        for entry in CorpusEntry.entries(ofKinds: ["xml", "keyed-archive-xml", "invalid", "other"]) {
            Self.expectSameResult(try entry.data(), entry.path)
        }
    }

    /// Attributes are not read (Apple's reader ignores them too) and, libxml2 running in SAX1
    /// mode, namespaces are not checked: namespace declarations and prefixed attribute names
    /// change nothing, and a prefixed element name is an element no property list has.
    @Test func attributesAreNotReadAndNamespacesNotChecked() {
        let accepted: [(String, PlistValue)] = [
            ("<plist xmlns=\"urn:x\"><true/></plist>", true),
            ("<plist version=\"1.0\" xml:space=\"preserve\"><dict><key>a</key><string>b</string></dict></plist>", ["a": "b"]),
            ("<plist><dict xmlns=\"\"/></plist>", .dictionary([:])),
            ("<plist xmlns:p=\"urn:x\"><array p:kind=\"1\"><true/></array></plist>", [true]),
            ("<plist><dict p:a=\"1\"/></plist>", .dictionary([:])),
            ("<plist><array a:b:c=\"1\"/></plist>", []),
            ("<plist xmlns:p=\"\"><true/></plist>", true),
            ("<plist version=\"1.0\" extra='x'><dict><key a=\"b\">k</key><string>v</string></dict></plist>", ["k": "v"]),
        ]
        for (text, value) in accepted {
            #expect(Self.expectSameResult(text) == .success(value), "\(text)")
        }
        let refused = [
            ("<plist><x:true xmlns:x=\"urn:x\"/></plist>", "Unknown element <x:true>, which is not part of a property list", 31),
            ("<plist><ns:string>a</ns:string></plist>", "Unknown element <ns:string>, which is not part of a property list", 18),
        ]
        for (text, reason, column) in refused {
            let error = Self.expectSameResult(text).failure
            #expect(error?.reason == reason, "\(text)")
            #expect(error?.location == .line(1, column: column), "\(text)")
        }
        let prefixedRoot = Self.expectSameResult("<x:plist xmlns:x=\"urn:x\"><true/></x:plist>").failure
        #expect(prefixedRoot?.reason == "Unknown element <x:plist>, which is not part of a property list")
    }

    /// Whitespace between elements is checked eight bytes at a time in long runs of tabs or
    /// spaces: a stray character anywhere in runs of every mix must still be refused, and
    /// runs of whitespace alone accepted.
    @Test func longWhitespaceRunsAreDroppedAndStrayTextRefused() {
        let fills = ["\t", " ", "\n", "\r\n", "\t \n"]
        for fill in fills {
            for length in [15, 16, 17, 24, 40] {
                let run = Array(String(repeating: fill, count: length).utf8.prefix(length))
                let accepted = Array("<plist><array>".utf8) + run + Array("<true/>".utf8) + run + Array("</array></plist>".utf8)
                #expect(Self.expectSameResult(Data(accepted), "\(fill.debugDescription) \(length)") == .success([true]))
                for position in 0...length {
                    var stray = run
                    stray.insert(UInt8(ascii: "x"), at: position)
                    let refused = Array("<plist><array><true/>".utf8) + stray + Array("</array></plist>".utf8)
                    let error = Self.expectSameResult(Data(refused), "\(fill.debugDescription) \(length), x at \(position)").failure
                    #expect(error?.reason == "Text 'x' in <array>, which holds only elements", "\(fill.debugDescription) \(length), x at \(position)")
                }
            }
        }
    }

    /// Short whitespace runs of a line break and indentation (two to eight tabs or spaces are
    /// checked as two words): runs of every length up to 12 and every mix are accepted, and a
    /// stray character at any position is refused.
    @Test func shortIndentationRunsAreDroppedAndStrayTextRefused() {
        for fill in ["\t", " ", "\t \t", " \t", "\n"] {
            for length in 0...11 {
                let run = Array("\n".utf8) + Array(String(repeating: fill, count: length).utf8.prefix(length))
                let accepted = Array("<plist><array>".utf8) + run + Array("<true/>".utf8) + run + Array("</array></plist>".utf8)
                #expect(Self.expectSameResult(Data(accepted), "\(fill.debugDescription) \(length)") == .success([true]))
                for position in 0...run.count {
                    for stray in ["x", "\u{0B}", "\u{A0}"] {
                        var damaged = run
                        damaged.insert(contentsOf: Array(stray.utf8), at: position)
                        let refused = Array("<plist><array><true/>".utf8) + damaged + Array("</array></plist>".utf8)
                        let result = Self.expectSameResult(Data(refused), "\(fill.debugDescription) \(length), \(stray.debugDescription) at \(position)")
                        #expect(result.failure != nil, "\(fill.debugDescription) \(length), \(stray.debugDescription) at \(position)")
                    }
                }
            }
        }
    }

    /// Text is copied onto the tape in pieces of 8 or 4 bytes (overlapping) up to 16 bytes and
    /// byte by byte below 4: texts of every length up to 40, each byte different, and texts
    /// split by references into pieces of every length, must come out exactly as written.
    @Test func textOfEveryLengthIsCopiedExactly() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for length in 1...40 {
            let text = String(decoding: alphabet.prefix(length), as: UTF8.self)
            let shifted = String(decoding: alphabet.suffix(length), as: UTF8.self)
            for (before, after) in [(0, 0), (1, 0), (0, 3), (5, 9), (17, 2)] {
                // A reference splits the text into the pieces around it.
                let head = String(decoding: alphabet.suffix(before), as: UTF8.self)
                let tail = String(decoding: alphabet.prefix(after), as: UTF8.self)
                let written = before + after == 0 ? text : "\(head)\(text)&amp;\(tail)"
                let expected = before + after == 0 ? text : "\(head)\(text)&\(tail)"
                let document = "<plist><dict><key>\(written)</key><string>\(shifted)</string>"
                    + "<key>k</key><string>\(written)</string></dict></plist>"
                let value = try Self.expectSameResult(Data(document.utf8), "length \(length), pieces \(before) \(after)").get()
                let dictionary = try #require(value.dictionary)
                #expect(dictionary[expected] == .string(shifted), "length \(length), pieces \(before) \(after)")
                #expect(dictionary["k"] == .string(expected), "length \(length), pieces \(before) \(after)")
            }
        }
    }

    /// Documents of several times the tape's 64 KB, so that the builder takes the tape in many
    /// pieces: text elements fall at every position relative to a hand-over, and errors and
    /// limits are met after one.
    @Test func documentsSpanningManyTapesReadTheSame() throws {
        var random = SeededRandom(seed: 0x64_0000)
        for round in 0..<4 {
            var body = ""
            var expected = PlistDictionary()
            for index in 0..<(4_000 + round * 997) {
                let width = Int.random(in: 0...90, using: &random)
                let text = String(repeating: "k", count: width) + String(index)
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    body += "<key>\(text)</key><string>\(text)</string>"
                    expected[text] = .string(text)
                case 1:
                    body += "\n\t<key>\(text)</key>\n\t<integer>\(index)</integer>"
                    expected[text] = .integer(PlistInteger(Int64(index)))
                case 2:
                    body += "<key>\(text)</key><array><string>\(text)</string><true/></array>"
                    expected[text] = [.string(text), true]
                case 3:
                    body += "<key>\(text)</key><string/>"
                    expected[text] = ""
                default:
                    body += "<key>\(text)</key><data>QUJD</data>"
                    expected[text] = .data(Data("ABC".utf8))
                }
            }
            let document = "<plist><dict>\(body)</dict></plist>"
            #expect(Self.expectSameResult(Data(document.utf8), "round \(round)") == .success(.dictionary(expected)))
            let damaged = "<plist><dict>\(body)<key>z</key> stray </dict></plist>"
            #expect(Self.expectSameResult(Data(damaged.utf8), "round \(round), stray text at the end").failure != nil)
            let limited = Self.expectSameResult(Data(document.utf8), options: PlistReadingOptions(maximumObjectCount: 3_000), "round \(round), object limit")
            #expect(limited.failure?.code == .limitExceeded)
        }
        let hugeText = "<plist><array><string>" + String(repeating: "é&amp;", count: 60_000) + "</string><true/></array></plist>"
        #expect(Self.expectSameResult(Data(hugeText.utf8), "text longer than a tape") == .success([.string(String(repeating: "é&", count: 60_000)), true]))
        // Each level puts about 50 bytes on the tape, so the limit is met after the first hand-over.
        let level = "<array>\n<string>" + String(repeating: "d", count: 40) + "</string>"
        let deep = "<plist>" + String(repeating: level, count: 2_000) + String(repeating: "</array>", count: 2_000) + "</plist>"
        let tooDeep = Self.expectSameResult(Data(deep.utf8), options: PlistReadingOptions(maximumDepth: 1_500), "depth limit after many tapes")
        #expect(tooDeep.failure?.code == .limitExceeded)
        #expect((try? Self.expectSameResult(Data(deep.utf8), options: PlistReadingOptions(maximumDepth: 2_001), "deep, within the limit").get()) != nil)
    }
}

extension Result {
    /// The error of a failure, or `nil`.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
