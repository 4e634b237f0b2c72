import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

@Suite struct OpenStepReaderTests {
    static func read(_ text: String, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistValue {
        try PlistValue(decoding: Data(text.utf8), format: .openStep, options: options)
    }

    /// Inputs read the same way by us and by Foundation (compared in `matchesFoundation`).
    static let accepted: [(String, PlistValue)] = [
        ("{a=b;}", ["a": "b"]),
        ("{'a'='b';}", ["a": "b"]),
        ("\"a\" = \"b\";", ["a": "b"]),
        ("a=b;c=d;", ["a": "b", "c": "d"]),
        ("abc", "abc"),
        ("  ", .dictionary([:])),
        ("// only a comment", .dictionary([:])),
        ("\"k\";", ["k": "k"]),
        ("\"k\"; \"j\" = \"v\";", ["k": "k", "j": "v"]),
        ("{k;}", ["k": "k"]),
        ("(a,b,)", ["a", "b"]),
        ("()", .array([])),
        ("{}", .dictionary([:])),
        ("<0a0b 0c>", .data(Data([0x0A, 0x0B, 0x0C]))),
        ("<0A0B>", .data(Data([0x0A, 0x0B]))),
        ("<>", .data(Data())),
        ("\"\\U00e9\\101\\n\\t\\a\\b\\f\\v\\r\\\"\\\\\\q\\x\"", .string("éA\n\t\u{07}\u{08}\u{0C}\u{0B}\r\"\\qx")),
        ("\"\\351\"", "Ø"),
        ("\"\\477\\400x\"", .string("?\u{0}x")),
        ("\"\\0x\"", .string("\u{0}x")),
        ("\"\\12a\"", "\na"),
        ("\"\\8\"", "8"),
        ("\"\\U12\"", .string("\u{12}")),
        ("\"\\Ud83d\\Ude00\"", "😀"),
        ("\"\\U0041BC\"", "ABC"),
        ("\"\\u00e9\"", "u00e9"),
        ("\"a\\\nb\"", "a\nb"),
        ("\"é\"", "é"),
        ("(a$b, a-b, a.b, a/b, a:b, a_b)", ["a$b", "a-b", "a.b", "a/b", "a:b", "a_b"]),
        ("( a /*c*/ , b // d\n)", ["a", "b"]),
        ("{a = <0a>; b = (c, <>); }", ["a": .data(Data([0x0A])), "b": ["c", .data(Data())]]),
        ("x\u{2028}=y;", ["x": "y"]),
        ("\u{0B}x=y;", ["x": "y"]),
        ("a = b; a = c;", ["a": "c"]),
        ("{a=b;}\n// trailing", ["a": "b"]),
        ("\"a\u{0}b\"", .string("a\u{0}b")),
    ]

    @Test(arguments: accepted)
    func readsOpenStep(text: String, expected: PlistValue) throws {
        #expect(try Self.read(text) == expected)
    }

    /// Foundation (CoreFoundation's old-style parser) reads every accepted input to the same
    /// value. These inputs are benign, so feeding them to Foundation in-process is safe.
    @Test(arguments: accepted)
    func matchesFoundation(text: String, expected: PlistValue) throws {
        let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        #expect(try PlistValue(propertyList: object) == expected)
    }

    static let rejected: [(String, String)] = [
        ("(a,b", "Unterminated array; expected ')' at line 1, column 1."),
        ("{a=b}", "Unexpected '}'; expected ';' after the value of key 'a' at line 1, column 5."),
        ("{a=b;", "Unterminated dictionary; expected '}' at line 1, column 1."),
        ("<0a0 b0c>", "Data bytes need two hexadecimal digits; found an odd one at line 1, column 4."),
        ("<0a0>", "Data bytes need two hexadecimal digits; found an odd one at line 1, column 4."),
        ("<0a", "Unterminated data; expected '>' at line 1, column 1."),
        ("<0g>", "Unexpected 'g'; expected a hexadecimal digit in data at line 1, column 3."),
        ("<0a g0>", "Unexpected 'g'; expected a hexadecimal digit or '>' in data at line 1, column 5."),
        ("a+b", "Unexpected '+'; expected '=' or ';' after the key at line 1, column 2."),
        ("{a=b;} junk", "Unexpected 'j' after the top-level value at line 1, column 8."),
        ("\"x\" junk", "Unexpected 'j'; expected '=' or ';' after the key at line 1, column 5."),
        ("(a) (b)", "Unexpected '(' after the top-level value at line 1, column 5."),
        ("\"a\"=\"b\" \"c\"=\"d\";", "Unexpected '\"'; expected ';' after the value of key 'a' at line 1, column 9."),
        ("(a,,b)", "Unexpected ','; expected a value at line 1, column 4."),
        ("(,)", "Unexpected ','; expected a value at line 1, column 2."),
        ("{=b;}", "Unexpected '='; expected a string key or '}' at line 1, column 2."),
        ("{\"a\" = ;}", "Unexpected ';'; expected a value at line 1, column 8."),
        ("{(a)=b;}", "Unexpected '('; expected a string key or '}' at line 1, column 2."),
        ("\"abc", "Unterminated quoted string at line 1, column 1."),
        ("{\n  a = \"b\\", "Unterminated quoted string at line 2, column 7."),
        ("/* x", "Unterminated /* comment at line 1, column 1."),
        ("{a=b;/*", "Unterminated /* comment at line 1, column 6."),
        ("\"\\777\"", "The octal escape \\777 names no character of the NeXTSTEP encoding at line 1, column 2."),
        ("\"\\377\"", "The octal escape \\377 names no character of the NeXTSTEP encoding at line 1, column 2."),
        ("\"\\U\"", "The escape \\U needs one to four hexadecimal digits at line 1, column 2."),
        ("\"\\Ud800\"", "Unpaired UTF-16 surrogate \\UD800 in a quoted string at line 1, column 2."),
        ("\"\\Ud800x\"", "Unpaired UTF-16 surrogate \\UD800 in a quoted string at line 1, column 2."),
        ("\"\\Udc00\"", "Unpaired UTF-16 surrogate \\UDC00 in a quoted string at line 1, column 2."),
        ("(a\u{0})", "Unexpected byte 0x00; expected ',' or ')' at line 1, column 3."),
        ("{ a = <*X1>; }", "Unknown GNUstep typed value <*'X'…>; expected I, R, B or D at line 1, column 7."),
        ("<*I12", "Unterminated GNUstep typed value; expected '>' at line 1, column 1."),
        ("<*I1.5>", "The GNUstep integer <*I1.5> is not an integer from -9223372036854775808 through 18446744073709551615 at line 1, column 1."),
        ("<*Rx>", "The GNUstep real <*Rx> is not a number at line 1, column 1."),
        ("<*BT>", "The GNUstep boolean <*BT> must be <*BY> or <*BN> at line 1, column 1."),
        ("<*D2001-13-01 00:00:00 +0000>", "The GNUstep date <*D2001-13-01 00:00:00 +0000> is not of the form 2001-01-01 00:00:00 +0000 at line 1, column 1."),
        ("{\n\tk = é;\n}", "Unexpected byte 0xC3; expected a value at line 2, column 6."),
    ]

    @Test(arguments: rejected)
    func rejectsWithPosition(text: String, message: String) throws {
        let error = try #require(throws: PlistError.self) { try Self.read(text) }
        #expect(error.description == message)
        #expect(error.code == .corruptData)
    }

    @Test func readsGNUstepTypedValues() throws {
        let value = try PlistValue(decoding: try Fixtures.data("OpenStep/gnustep.plist"), format: .openStep)
        #expect(value["integer"] == .integer(-42))
        #expect(value["big"] == .integer(PlistInteger(UInt64.max)))
        #expect(value["real"] == .real(1.5))
        #expect(value["yes"] == .boolean(true))
        #expect(value["no"] == .boolean(false))
        // 01:00 at +0100 is midnight UTC: the reference date.
        #expect(value["date"] == .date(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(try Self.read("<*D2001-01-01 00:00:00.25 -0030>") == .date(Date(timeIntervalSinceReferenceDate: 1800.25)))
        #expect(try Self.read("<*Rnan>").real?.isNaN == true)
        #expect(try Self.read("<*R-inf>") == .real(-.infinity))
    }

    @Test(arguments: ["sample.plist", "Localizable.strings", "project.pbxproj"])
    func readsFixturesAsFoundationDoes(file: String) throws {
        let data = try Fixtures.data("OpenStep/\(file)")
        let ours = try PlistValue(decoding: data, format: .openStep)
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(try ours == PlistValue(propertyList: foundation))
        #expect(PlistFormat(detecting: data) == .openStep)
        #expect(try PlistValue(decoding: data) == ours)
    }

    @Test func keepsTheFileKeyOrder() throws {
        let value = try PlistValue(decoding: try Fixtures.data("OpenStep/sample.plist"), format: .openStep)
        #expect(value.dictionary?.keys.first == "unquoted")
        #expect(value.dictionary?.keys.last == "empty")
    }

    @Test func readsUTF16AndUTF32() throws {
        let text = "\"k\" = (\"é😀\", x);"
        let expected: PlistValue = ["k": ["é😀", "x"]]
        let encodings: [(String.Encoding, [UInt8])] = [
            (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
            (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
        ]
        for (encoding, bom) in encodings {
            let body = try #require(text.data(using: encoding))
            #expect(try PlistValue(decoding: Data(bom) + body, format: .openStep) == expected)
            // Without a BOM too, which Foundation refuses (see Docs/OpenStep.md).
            #expect(try PlistValue(decoding: body, format: .openStep) == expected)
        }
    }

    @Test func rejectsInvalidUTF8AndUTF16() throws {
        let utf8 = Data("{ a = \"x".utf8) + Data([0xFF]) + Data("\"; }".utf8)
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: utf8, format: .openStep) }
        #expect(error.description == "Invalid UTF-8 in OpenStep text at line 1, column 9.")
        let utf16 = Data([0xFE, 0xFF, 0x00, 0x22, 0xDC, 0x00, 0x00, 0x22])
        let error16 = try #require(throws: PlistError.self) { try PlistValue(decoding: utf16, format: .openStep) }
        #expect(error16.description == "The OpenStep text holds an unpaired UTF-16 surrogate 0xDC00 at byte offset 4.")
    }

    @Test func limitsDepthAndCount() throws {
        for open in ["(", "{a="] {
            let deep = String(repeating: open, count: 100_000)
            let error = try #require(throws: PlistError.self) { try Self.read(deep) }
            #expect(error.code == .limitExceeded)
        }
        #expect(throws: Never.self) { try Self.read("((( a )))", options: PlistReadingOptions(maximumDepth: 3)) }
        #expect(throws: PlistError.self) { try Self.read("(((( a ))))", options: PlistReadingOptions(maximumDepth: 3)) }
        // A .strings file is a dictionary: the first level.
        #expect(throws: Never.self) { try Self.read("a = ((b));", options: PlistReadingOptions(maximumDepth: 3)) }
        #expect(throws: PlistError.self) { try Self.read("a = (((b)));", options: PlistReadingOptions(maximumDepth: 3)) }
        let count = try #require(throws: PlistError.self) {
            try Self.read("(a, b, c, d)", options: PlistReadingOptions(maximumObjectCount: 4))
        }
        #expect(count.code == .limitExceeded)
    }

    @Test func rejectsEveryTruncationOfASample() throws {
        let bytes = Array(try Fixtures.data("OpenStep/sample.plist"))
        let full = try PlistValue(decoding: Data(bytes), format: .openStep)
        // Every cut inside the outer braces leaves them open (cuts inside the leading comments
        // leave an empty .strings file, which is valid).
        let brace = try #require(bytes.firstIndex(of: UInt8(ascii: "{")))
        let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for cut in (brace + 1)...end {
            let error = try #require(throws: PlistError.self, "cut at \(cut)") {
                try PlistValue(decoding: Data(bytes[..<cut]), format: .openStep)
            }
            #expect(error.code == .corruptData)
            #expect(error.location != nil)
        }
        // Cuts in the leading comments: complete comments leave an empty .strings file, a cut
        // inside the /* … */ comment is an unterminated comment, and a cut right after the
        // first '/' of a comment leaves the unquoted string "/".
        for cut in 0..<brace {
            do {
                let value = try PlistValue(decoding: Data(bytes[..<cut]), format: .openStep)
                #expect(value == .dictionary([:]) || value == "/", "cut at \(cut)")
            } catch let error as PlistError {
                #expect(error.reason == "Unterminated /* comment", "cut at \(cut)")
            }
        }
        #expect(full["array"]?[2] == ["nested"])
    }

    @Test func readsHugeAndHostileStringsWithoutTrouble() throws {
        let long = String(repeating: "a", count: 1_000_000)
        #expect(try Self.read("(\(long))")[0]?.string?.count == 1_000_000)
        let escapes = String(repeating: "\\U00e9", count: 10_000)
        #expect(try Self.read("\"\(escapes)\"").string?.count == 10_000)
        #expect(throws: PlistError.self) { try Self.read(String(repeating: "\"", count: 3)) }
        #expect(throws: PlistError.self) { try Self.read("<" + String(repeating: "0", count: 100_001) + ">") }
    }
}
