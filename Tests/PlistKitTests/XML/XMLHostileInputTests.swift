import Foundation
import Testing
@testable import PlistKit

/// Malformed and hostile XML: every input ends in a value or a typed ``PlistError`` with a
/// location, quickly, without loading anything from outside the input.
///
/// External entities: the reader refuses the *declaration* of any entity (Apple's reader refuses
/// every internal DTD subset), so an external entity fails with a typed error at its
/// `<!ENTITY` before anything could be fetched; an external DTD named in `<!DOCTYPE … SYSTEM>`
/// is never loaded (no `XML_PARSE_DTDLOAD`, and `XML_PARSE_NONET`), so the document reads as if
/// it had none.
@Suite struct XMLHostileInputTests {
    static func read(_ text: String, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistValue {
        try PlistValue(decoding: Data(text.utf8), format: .xml, options: options)
    }

    static func expectLineError(_ body: () throws -> PlistValue) -> PlistError? {
        do {
            _ = try body()
            Issue.record("expected an error")
            return nil
        } catch let error as PlistError {
            if case .line = error.location {} else { Issue.record("no line:column in \(error)") }
            return error
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    @Test(arguments: [
        "file:///etc/passwd",
        "http://127.0.0.1:9/evil.xml",
        "https://example.invalid/evil.xml",
    ])
    func externalEntitiesAreRefusedAtTheirDeclaration(url: String) throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
              <!ENTITY xxe SYSTEM "\(url)">
            ]>
            <plist><string>&xxe;</string></plist>
            """
        let start = Date()
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.code == .corruptData)
        #expect(error.reason == "The document declares the entity 'xxe'; property lists may not declare entities, so none is expanded or loaded")
        #expect(error.location == .line(3, column: 25 + url.count))
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func externalParameterEntityIsRefused() throws {
        let xml = "<!DOCTYPE plist [<!ENTITY % pe SYSTEM \"file:///etc/passwd\"> %pe;]><plist><true/></plist>"
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.reason.hasPrefix("The document declares the entity 'pe'"))
    }

    @Test(arguments: ["file:///etc/passwd", "http://127.0.0.1:9/PropertyList-1.0.dtd"])
    func externalDTDIsNeverLoaded(url: String) throws {
        let start = Date()
        let value = try Self.read("<!DOCTYPE plist SYSTEM \"\(url)\"><plist><string>safe</string></plist>")
        #expect(value == "safe")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func undeclaredEntityIsATypedError() throws {
        let xml = """
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist><string>&passwd;</string></plist>
            """
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.code == .corruptData)
        #expect(error.location == .line(2, column: 24))
    }

    @Test func billionLaughsFailsFastAtTheFirstDeclaration() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            xml += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        xml += "]>\n<plist><string>&lol9;</string></plist>"
        let start = Date()
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.reason.hasPrefix("The document declares the entity 'lol'"))
        #expect(error.location == .line(3, column: 19))
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func quadraticBlowupIsRefused() throws {
        let xml = "<!DOCTYPE plist [<!ENTITY a \"" + String(repeating: "x", count: 100_000) + "\">]><plist><string>"
            + String(repeating: "&a;", count: 10_000) + "</string></plist>"
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.reason.hasPrefix("The document declares the entity 'a'"))
    }

    /// Every proper prefix of a document that stops before the end of its root element is an
    /// error with a location; none crashes.
    @Test func truncationAtEveryByteIsATypedError() throws {
        let tree: PlistValue = [
            "name": "a & b", "numbers": [1, .real(2.5), -3], "flag": true,
            "when": .date(Date(timeIntervalSinceReferenceDate: 0)), "blob": .data(Data([1, 2, 3, 4, 5])),
            "nested": ["empty": [], "uid": .uid(3)],
        ]
        let sample = try tree.encoded(as: .xml)
        let bytes = [UInt8](sample)
        // The document is complete once "</plist>" is; only the final newline follows.
        let rootEndOffset = bytes.count - 1
        #expect(bytes.last == 0x0A)
        for length in 0..<bytes.count {
            let prefix = Data(bytes[0..<length])
            if length >= rootEndOffset {
                #expect(throws: Never.self) { try PlistValue(decoding: prefix, format: .xml) }
                continue
            }
            do {
                _ = try PlistValue(decoding: prefix, format: .xml)
                Issue.record("prefix of \(length) bytes was accepted")
            } catch let error as PlistError {
                #expect(error.code == .corruptData, "prefix of \(length) bytes: \(error)")
                if case .line = error.location {} else { Issue.record("prefix of \(length) bytes: \(error)") }
            }
        }
    }

    @Test func hundredThousandLevelsOfNestingIsALimitError() throws {
        let depth = 100_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let start = Date()
        let error = try #require(Self.expectLineError { try Self.read(xml) })
        #expect(error.code == .limitExceeded)
        #expect(error.reason == "Arrays and dictionaries nest deeper than 512 levels, the limit")
        let untrusted = try #require(Self.expectLineError { try Self.read(xml, options: .untrusted) })
        #expect(untrusted.reason == "Arrays and dictionaries nest deeper than 128 levels, the limit")
        let dictionaries = "<plist>" + String(repeating: "<dict><key>k</key>", count: depth) + "<true/>"
            + String(repeating: "</dict>", count: depth) + "</plist>"
        #expect(Self.expectLineError { try Self.read(dictionaries) }?.code == .limitExceeded)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// With the limit raised, libxml2 itself (XML_PARSE_HUGE, iterative) parses 100,000 levels;
    /// the bottom of this document is malformed so that no 100,000-deep value is built (Swift
    /// releases a nested enum recursively, a limit of the value model, not of the reader).
    @Test func libxml2SurvivesHundredThousandLevelsWhenAllowed() throws {
        let depth = 100_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + "<bogus/>" + String(repeating: "</array>", count: depth) + "</plist>"
        let error = try #require(Self.expectLineError { try Self.read(xml, options: PlistReadingOptions(maximumDepth: 1_000_000)) })
        #expect(error.reason == "Unknown element <bogus>, which is not part of a property list")
        #expect(error.location == .line(1, column: 7 + 7 * depth + 7))
    }

    @Test(arguments: [
        [UInt8]([0xFF]), [0xC0, 0xAF], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ])
    func invalidUTF8IsATypedError(bad: [UInt8]) throws {
        let data = Data("<plist>\n<string>ok".utf8) + Data(bad) + Data("</string></plist>".utf8)
        let error = try #require(Self.expectLineError { try PlistValue(decoding: data, format: .xml) })
        #expect(error.code == .corruptData)
        #expect(error.location == .line(2, column: 11))
        // libxml2 names a surrogate or a scalar above U+10FFFF "out of allowed range".
        #expect(error.reason.contains("not proper UTF-8") || error.reason.contains("out of allowed range"), "\(error)")
    }

    @Test func invalidUTF8InAnElementNameIsATypedError() throws {
        let data = Data("<plist><str".utf8) + Data([0xFF]) + Data("ing>x</string></plist>".utf8)
        #expect(Self.expectLineError { try PlistValue(decoding: data, format: .xml) }?.code == .corruptData)
    }

    @Test func invalidUTF16IsATypedError() throws {
        // A lone high surrogate in UTF-16LE text.
        var data = Data([0xFF, 0xFE])
        data += "<plist><string>".data(using: .utf16LittleEndian)!
        data += Data([0x00, 0xD8, 0x41, 0x00])
        data += "</string></plist>".data(using: .utf16LittleEndian)!
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: data, format: .xml) }
        #expect(error.code == .corruptData)
        #expect(error.location == .byteOffset(32))
        #expect(error.reason == "The XML text holds an unpaired UTF-16 surrogate 0xD800")
    }

    /// Seeded random corruption of a valid document: each result is a value or a typed error.
    @Test func randomCorruptionNeverCrashes() throws {
        let tree: PlistValue = [
            "a": [1, 2, "three", .data(Data(repeating: 7, count: 40))], "b": ["c": .real(1.5), "d": .uid(4)],
        ]
        let sample = [UInt8](try tree.encoded(as: .xml))
        var random = SeededRandom(seed: 0xBAD_C0DE)
        let alphabet = Array("<>/&;#x!-[]?=\"' \n\tplistdicarykeyngtuefalsdte0123456789".utf8) + [0x00, 0xFF, 0xC3]
        var errors = 0
        for _ in 0..<2_000 {
            var bytes = sample
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                }
            }
            do {
                _ = try PlistValue(decoding: Data(bytes), format: .xml)
            } catch is PlistError {
                errors += 1
            }
        }
        #expect(errors > 1_000)
    }
}
