import Foundation
import Testing
import CPlistKitSupport
@testable import PlistKit

/// The event tape (the C SAX callbacks of the pull-parser parse, which record elements and text
/// for the tree builder and drop whitespace between elements) against the Swift callbacks of
/// the push parser, one event at a time, on the same bytes.
///
/// ``XMLPlistReader`` parses again with the push parser whatever the pull parser refuses, so
/// comparing reader results could not see the tape refusing a good document. Here the two
/// parses meet the builder directly: the tape must accept exactly what the push parser accepts,
/// with the same value and key order (its errors are never shown, so only the verdict counts).
/// The one exception is deliberate: the pull parse runs libxml2 in SAX1 mode, which does not
/// check namespaces, so it refuses every document with a namespace attribute (an `xmlns`
/// declaration, a prefixed name) and leaves it to the push parser.
@Suite struct XMLEventTapeTests {
    /// The value a builder made of `bytes` with `feed`, or `nil` when the parse failed.
    ///
    /// Carriage returns are rewritten first, as the reader does: libxml2's two parsers differ
    /// on a CR inside CDATA, which the reader never shows them.
    static func parse(_ bytes: [UInt8], feed: XMLSAXParser.Feed, options: PlistReadingOptions) -> PlistValue? {
        let builder = XMLPlistTreeBuilder(options: options)
        let input = bytes.withUnsafeBytes { XMLCarriageReturnPreserver.rewrite($0) } ?? bytes
        input.withUnsafeBytes { XMLSAXParser.parse($0, ignoringDeclaredEncoding: false, feed: feed, into: builder) }
        return builder.failure == nil ? builder.root : nil
    }

    /// Expects both parses to agree on `bytes`; returns whether the push parser accepted them.
    @discardableResult
    static func expectAgreement(
        _ bytes: [UInt8], options: PlistReadingOptions = PlistReadingOptions(), _ label: @autoclosure () -> String
    ) -> Bool {
        let tape = parse(bytes, feed: .memory, options: options)
        let reference = parse(bytes, feed: .push, options: options)
        var agrees = tape == reference || (tape == nil && usesNamespaceAttributes(bytes))
        if agrees, let tape, let reference {
            agrees = XMLPullParserDifferentialTests.sameKeyOrder(tape, reference)
        }
        #expect(agrees, "\(label()): tape \(String(describing: tape)), reference \(String(describing: reference))\n\(String(decoding: bytes.prefix(1_000), as: UTF8.self))")
        return reference != nil
    }

    /// Whether a tag in `bytes` has an attribute named `xmlns…` or with a colon: what the
    /// tape leaves to the push parser.
    static func usesNamespaceAttributes(_ bytes: [UInt8]) -> Bool {
        var inTag = false
        var token: [UInt8] = []
        var previous: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"):
                inTag = true
                token = []
                previous = []
            case UInt8(ascii: ">"):
                inTag = false
            case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard inTag else { continue }
                let name = token.isEmpty ? previous : token
                if byte == UInt8(ascii: "="), name.starts(with: Array("xmlns".utf8)) || name.contains(UInt8(ascii: ":")) {
                    return true
                }
                if !token.isEmpty { previous = token }
                token = []
            default:
                if inTag { token.append(byte) }
            }
        }
        return false
    }

    /// The tape knows the elements only from XMLPlistElement's definitions: each is defined
    /// once, in a slot of its own, and a document of each (and each as an unknown name's
    /// neighbour) reads the same through the tape as through the push parser.
    @Test func everyElementIsDefinedOnceForTheTape() {
        #expect(Set(XMLPlistElement.byFrequency) == Set(XMLPlistElement.allCases))
        #expect(XMLPlistElement.byFrequency.count == XMLPlistElement.allCases.count)
        #expect(XMLPlistElement.allCases.count == Int(PLISTKIT_TAPE_ELEMENT_COUNT))
        #expect(XMLPlistElement.allCases.allSatisfy { Int($0.rawValue) < Int(PLISTKIT_TAPE_UNKNOWN) })
        let bodies = ["<dict><key>k</key><string>s</string></dict>", "<array><integer>1</integer><real>2.5</real></array>",
                      "<date>2020-01-01T00:00:00Z</date>", "<data>AQI=</data>", "<true/>", "<false/>", "<key>k</key>", "<plists/>"]
        for body in bodies {
            let bytes = Array("<?xml version=\"1.0\"?><plist version=\"1.0\">\(body)</plist>".utf8)
            Self.expectAgreement(bytes, body)
        }
        #expect(Self.parse(Array("<plist><date>2020-01-01T00:00:00Z</date></plist>".utf8), feed: .memory, options: PlistReadingOptions()) != nil)
    }

    /// libxml2's SAX1 mode, which the pull parse uses, does not check namespaces: documents
    /// with namespace attributes are refused by the tape and decided by the push parser, so
    /// the reader's verdicts and values stay the push parser's.
    @Test func namespaceAttributesAreLeftToThePushParser() {
        let documents = [
            ("<plist xmlns=\"urn:x\"><true/></plist>", true),
            ("<plist version=\"1.0\" xml:space=\"preserve\"><dict><key>a</key><string>b</string></dict></plist>", true),
            ("<plist><dict xmlns=\"\"/></plist>", true),
            ("<plist xmlns:p=\"urn:x\"><array p:kind=\"1\"><true/></array></plist>", true),
            ("<plist><dict p:a=\"1\"/></plist>", false),
            ("<plist><array xmlns:=\"urn:x\"/></plist>", false),
            ("<plist><array a:b:c=\"1\"/></plist>", false),
            ("<plist xmlns:p=\"\"><true/></plist>", false),
        ]
        for (text, accepted) in documents {
            let bytes = Array(text.utf8)
            #expect(Self.usesNamespaceAttributes(bytes), "\(text)")
            #expect(Self.parse(bytes, feed: .memory, options: PlistReadingOptions()) == nil, "the tape refuses \(text)")
            #expect((Self.parse(bytes, feed: .push, options: PlistReadingOptions()) != nil) == accepted, "the push parser on \(text)")
            let fast = XMLPullParserDifferentialTests.read(Data(bytes), usesPullParser: true)
            let reference = XMLPullParserDifferentialTests.read(Data(bytes), usesPullParser: false)
            #expect(fast == reference, "the reader on \(text)")
        }
        // Without namespace attributes, the tape decides.
        #expect(!Self.usesNamespaceAttributes(Array("<plist version=\"1.0\"><true/></plist>".utf8)))
        #expect(Self.parse(Array("<plist version=\"1.0\"><true/></plist>".utf8), feed: .memory, options: PlistReadingOptions()) == .boolean(true))
    }

    @Test(arguments: 0..<3)
    func randomTreesBuildTheSame(batch: Int) throws {
        var generator = XMLPullParserDifferentialTests.makeGenerator(seed: 0x7A9E + UInt64(batch))
        var accepted = 0
        for index in 0..<300 {
            let tree = generator.makeTree()
            if Self.expectAgreement([UInt8](try tree.encoded(as: .xml)), "batch \(batch) tree \(index)") { accepted += 1 }
        }
        #expect(accepted == 300)
    }

    @Test(arguments: 0..<3)
    func damagedDocumentsBuildTheSame(batch: Int) throws {
        var generator = XMLPullParserDifferentialTests.makeGenerator(seed: 0xDA3A + UInt64(batch))
        var random = SeededRandom(seed: 0x7A9E_BAD0 + UInt64(batch))
        // Damage aimed at what the tape decides itself: whitespace, text between elements,
        // element names and prefixes.
        let replacements: [UInt8] = Array("<>/&; \t\r\nx:ke!".utf8) + [0xC3, 0xA9]
        var refused = 0
        for index in 0..<400 {
            var bytes = [UInt8](try generator.makeTree().encoded(as: .xml))
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch index % 4 {
            case 0: bytes.removeSubrange(position...)
            case 1: bytes[position] = replacements.randomElement(using: &random)!
            case 2: bytes.remove(at: position)
            default: bytes.insert(replacements.randomElement(using: &random)!, at: position)
            }
            if !Self.expectAgreement(bytes, "batch \(batch) document \(index)") { refused += 1 }
        }
        // Most damage is refused, so both verdicts were exercised.
        #expect(refused > 150 && refused < 400)
    }

    /// Attributes inserted into tags, aimed at what SAX1 and SAX2 treat differently:
    /// namespace declarations, prefixed and malformed names, the reserved `xml` prefix.
    @Test(arguments: 0..<3)
    func attributeDamageBuildsTheSame(batch: Int) throws {
        var generator = XMLPullParserDifferentialTests.makeGenerator(seed: 0xA77B + UInt64(batch))
        var random = SeededRandom(seed: 0xA77B_0000 + UInt64(batch))
        let fragments = [
            " xmlns=\"urn:x\"", " xmlns=\"\"", " xmlns:p=\"urn:x\"", " xmlns:p=\"\"", " xmlns:=\"u\"",
            " p:a=\"1\"", " a:b:c=\"1\"", " :a=\"1\"", " a:=\"1\"", " xml:space=\"preserve\"",
            " xmlns:xml=\"urn:x\"", " version=\"1.0\"", " a=\"1\" a=\"2\"", " a=\"<\"", " a='&amp;'", " xmlnsx=\"1\"",
        ]
        var leftToPush = 0, accepted = 0
        for index in 0..<300 {
            var bytes = [UInt8](try generator.makeTree().encoded(as: .xml))
            // Before the end of a random start tag (after its name and attributes).
            let starts = bytes.indices.filter {
                bytes[$0] == UInt8(ascii: "<") && $0 + 1 < bytes.count && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[$0 + 1])
            }
            guard let start = starts.randomElement(using: &random),
                  let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            let insertAt = bytes[end - 1] == UInt8(ascii: "/") ? end - 1 : end
            let fragment = fragments[index % fragments.count]
            bytes.insert(contentsOf: Array(fragment.utf8), at: insertAt)
            let tape = Self.parse(bytes, feed: .memory, options: PlistReadingOptions())
            let reference = Self.parse(bytes, feed: .push, options: PlistReadingOptions())
            if tape == nil, reference != nil { leftToPush += 1 }
            if reference != nil { accepted += 1 }
            Self.expectAgreement(bytes, "batch \(batch) document \(index) with '\(fragment)'")
            let fast = XMLPullParserDifferentialTests.read(Data(bytes), usesPullParser: true)
            let slow = XMLPullParserDifferentialTests.read(Data(bytes), usesPullParser: false)
            #expect(fast == slow, "the reader, batch \(batch) document \(index) with '\(fragment)'")
        }
        // Both kinds of verdict were met, and some documents went to the push parser.
        #expect(accepted > 50 && accepted < 300 && leftToPush > 10, "accepted \(accepted), left to the push parser \(leftToPush)")
    }

    static let edgeCases: [String] = [
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

    @Test func edgeCasesBuildTheSame() {
        for (index, text) in (Self.edgeCases + XMLPullParserDifferentialTests.edgeCases).enumerated() {
            Self.expectAgreement(Array(text.utf8), "edge case \(index)")
        }
    }

    /// Whitespace between elements is checked eight bytes at a time in long runs of tabs or
    /// spaces: a stray character anywhere in runs of every mix must still be refused, and
    /// runs of whitespace alone accepted.
    @Test func longWhitespaceRunsWithStrayTextBuildTheSame() {
        let fills = ["\t", " ", "\n", "\r\n", "\t \n"]
        for fill in fills {
            for length in [15, 16, 17, 24, 40] {
                let run = Array(String(repeating: fill, count: length).utf8.prefix(length))
                let accepted = Array("<plist><array>".utf8) + run + Array("<true/>".utf8) + run + Array("</array></plist>".utf8)
                #expect(Self.expectAgreement(accepted, "\(fill.debugDescription) \(length)"))
                for position in 0...length {
                    var stray = run
                    stray.insert(UInt8(ascii: "x"), at: position)
                    let refused = Array("<plist><array><true/>".utf8) + stray + Array("</array></plist>".utf8)
                    #expect(!Self.expectAgreement(refused, "\(fill.debugDescription) \(length), x at \(position)"))
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
                #expect(Self.expectAgreement(Array(document.utf8), "length \(length), pieces \(before) \(after)"))
                let value = Self.parse(Array(document.utf8), feed: .memory, options: PlistReadingOptions())
                let dictionary = try #require(value?.dictionary)
                #expect(dictionary[expected] == .string(shifted), "length \(length), pieces \(before) \(after)")
                #expect(dictionary["k"] == .string(expected), "length \(length), pieces \(before) \(after)")
            }
        }
    }

    /// Short whitespace runs of a line break and indentation (two to eight tabs or spaces are
    /// checked as two words): runs of every length up to 12 and every mix are accepted, and a
    /// stray character at any position is refused.
    @Test func shortIndentationRunsWithStrayTextBuildTheSame() {
        for fill in ["\t", " ", "\t \t", " \t", "\n"] {
            for length in 0...11 {
                let run = Array("\n".utf8) + Array(String(repeating: fill, count: length).utf8.prefix(length))
                let accepted = Array("<plist><array>".utf8) + run + Array("<true/>".utf8) + run + Array("</array></plist>".utf8)
                #expect(Self.expectAgreement(accepted, "\(fill.debugDescription) \(length)"))
                for position in 0...run.count {
                    for stray in ["x", "\u{0B}", "\u{A0}"] {
                        var damaged = run
                        damaged.insert(contentsOf: Array(stray.utf8), at: position)
                        let refused = Array("<plist><array><true/>".utf8) + damaged + Array("</array></plist>".utf8)
                        #expect(!Self.expectAgreement(refused, "\(fill.debugDescription) \(length), \(stray.debugDescription) at \(position)"))
                    }
                }
            }
        }
    }

    /// Documents of several times the tape's 64 KB, so that the builder takes the tape in many
    /// pieces: text elements fall at every position relative to a hand-over, and errors and
    /// limits are met after one.
    @Test func documentsSpanningManyTapesBuildTheSame() {
        var random = SeededRandom(seed: 0x64_0000)
        for round in 0..<6 {
            var body = ""
            for index in 0..<(4_000 + round * 997) {
                let width = Int.random(in: 0...90, using: &random)
                let text = String(repeating: "k", count: width) + String(index)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: body += "<key>\(text)</key><string>\(text)</string>"
                case 1: body += "\n\t<key>\(text)</key>\n\t<integer>\(index)</integer>"
                case 2: body += "<key>\(text)</key><array><string>\(text)</string><true/></array>"
                case 3: body += "<key>\(text)</key><string/>"
                default: body += "<key>\(text)</key><data>QUJD</data>"
                }
            }
            let document = "<plist><dict>\(body)</dict></plist>"
            #expect(Self.expectAgreement(Array(document.utf8), "round \(round)"))
            let damaged = "<plist><dict>\(body)<key>z</key> stray </dict></plist>"
            #expect(!Self.expectAgreement(Array(damaged.utf8), "round \(round), stray text at the end"))
            Self.expectAgreement(Array(document.utf8), options: PlistReadingOptions(maximumObjectCount: 3_000), "round \(round), object limit")
        }
        let hugeText = "<plist><array><string>" + String(repeating: "é&amp;", count: 60_000) + "</string><true/></array></plist>"
        #expect(Self.expectAgreement(Array(hugeText.utf8), "text longer than a tape"))
        // Each level puts about 50 bytes on the tape, so the limit is met after the first hand-over.
        let level = "<array>\n<string>" + String(repeating: "d", count: 40) + "</string>"
        let deep = "<plist>" + String(repeating: level, count: 2_000) + String(repeating: "</array>", count: 2_000) + "</plist>"
        Self.expectAgreement(Array(deep.utf8), options: PlistReadingOptions(maximumDepth: 1_500), "depth limit after many tapes")
        #expect(Self.expectAgreement(Array(deep.utf8), options: PlistReadingOptions(maximumDepth: 2_001), "deep, within the limit"))
    }
}
