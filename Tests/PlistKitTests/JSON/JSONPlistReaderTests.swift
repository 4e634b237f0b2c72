import Foundation
import Testing
@testable import PlistKit

@Suite struct JSONPlistReaderTests {
    static func read(_ text: String, tagged: Bool = false, depth: Int = 512) throws -> PlistValue {
        try PlistValue(decoding: Data(text.utf8), format: .json,
                       options: PlistReadingOptions(maximumDepth: depth, readsTaggedJSON: tagged))
    }

    static let accepted: [(String, PlistValue)] = [
        ("{}", .dictionary([:])),
        ("[]", .array([])),
        (" \t\r\n[ 1 , -2 ]\n", .array([.integer(1), .integer(-2)])),
        ("0", .integer(0)),
        ("-0", .integer(0)),
        ("-0.0", .real(-0.0)),
        ("1.0", .real(1.0)),
        ("1e3", .real(1000)),
        ("1E+3", .real(1000)),
        ("2.5e-3", .real(0.0025)),
        ("18446744073709551615", .integer(PlistInteger(UInt64.max))),
        ("-9223372036854775808", .integer(PlistInteger(Int64.min))),
        ("9223372036854775808", .integer(PlistInteger(UInt64(Int64.max) + 1))),
        ("123456789012345678901234567890.5", .real(1.2345678901234568e29)),
        ("1e-400", .real(0)),
        ("0.1", .real(0.1)),
        ("true", .boolean(true)),
        ("false", .boolean(false)),
        ("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        ("\"\\u00e9\\u00C9\\ud83d\\ude00\"", .string("éÉ😀")),
        ("\"é😀\u{2028}\"", .string("é😀\u{2028}")),
        ("{\"a\":1,\"b\":2,\"a\":3}", .dictionary(["a": 3, "b": 2])),
        ("[[[]],{\"x\":[true]}]", .array([.array([.array([])]), .dictionary(["x": .array([true])])])),
    ]

    @Test(arguments: accepted)
    func readsValidJSON(text: String, expected: PlistValue) throws {
        #expect(try Self.read(text) == expected)
    }

    @Test func keepsKeyOrderOfFirstOccurrence() throws {
        let value = try Self.read("{\"z\":1,\"a\":2,\"z\":3}")
        #expect(value.dictionary?.keys == ["z", "a"])
        #expect(value["z"] == .integer(3))
    }

    /// Each rejected input, with the exact message and position.
    static let rejected: [(String, String)] = [
        ("", "The JSON input is empty; expected a value at line 1, column 1."),
        ("  \n ", "The JSON input is empty; expected a value at line 2, column 2."),
        ("[1,]", "A trailing comma is not allowed in a JSON array at line 1, column 4."),
        ("{\"a\":1,}", "A trailing comma is not allowed in a JSON object at line 1, column 8."),
        ("[1 2]", "Unexpected '2'; expected ',' or ']' at line 1, column 4."),
        ("{\"a\" 1}", "Unexpected '1'; expected ':' after the key at line 1, column 6."),
        ("{a:1}", "Unexpected 'a'; expected a string key at line 1, column 2."),
        ("[01]", "A JSON number cannot have a leading zero at line 1, column 2."),
        ("[-]", "A JSON number needs a digit after '-' at line 1, column 2."),
        ("[1.]", "A JSON number needs a digit after the decimal point at line 1, column 2."),
        ("[1e]", "A JSON number needs a digit in its exponent at line 1, column 2."),
        ("[.5]", "Unexpected '.'; expected a value at line 1, column 2."),
        ("[+1]", "Unexpected '+'; expected a value at line 1, column 2."),
        ("{\"k\":\n  null}", "JSON null has no property-list equivalent at line 2, column 3."),
        ("[nul]", "Invalid literal; expected 'null' at line 1, column 2."),
        ("[True]", "Unexpected 'T'; expected a value at line 1, column 2."),
        ("[NaN]", "Unexpected 'N'; expected a value at line 1, column 2."),
        ("18446744073709551616", "The integer 18446744073709551616 is outside the range a property list holds (-9223372036854775808 through 18446744073709551615) at line 1, column 1."),
        ("[-9223372036854775809]", "The integer -9223372036854775809 is outside the range a property list holds (-9223372036854775808 through 18446744073709551615) at line 1, column 2."),
        ("1e400", "The number 1e400 is too large for a 64-bit real at line 1, column 1."),
        ("\"abc", "Unterminated JSON string at line 1, column 1."),
        ("[\"a\\", "Unterminated JSON string at line 1, column 4."),
        ("\"a\tb\"", "Control character byte 0x09 must be escaped in a JSON string at line 1, column 3."),
        ("\"\\x\"", "Invalid escape '\\x' in a JSON string at line 1, column 2."),
        ("\"\\u12x\"", "Invalid \\u escape in a JSON string; expected four hexadecimal digits at line 1, column 2."),
        ("\"\\u12\"", "Incomplete \\u escape in a JSON string; expected four hexadecimal digits at line 1, column 2."),
        ("\"\\ud800\"", "Unpaired UTF-16 surrogate \\uD800 in a JSON string at line 1, column 2."),
        ("\"\\ud800\\u0041\"", "Unpaired UTF-16 surrogate \\uD800 in a JSON string at line 1, column 2."),
        ("\"\\udc00\"", "Unpaired UTF-16 surrogate \\uDC00 in a JSON string at line 1, column 2."),
        ("[1] [2]", "Unexpected '[' after the JSON value at line 1, column 5."),
        ("// c\n[]", "Unexpected '/'; expected a value at line 1, column 1."),
        ("[\"é\", x]", "Unexpected 'x'; expected a value at line 1, column 7."),
        ("\r\n\r\n  }", "Unexpected '}'; expected a value at line 3, column 3."),
    ]

    @Test(arguments: rejected)
    func rejectsInvalidJSONWithPosition(text: String, message: String) {
        #expect(throws: PlistError.self) { try Self.read(text) }
        do {
            _ = try Self.read(text)
        } catch let error as PlistError {
            #expect(error.description == message)
            #expect(error.code == .corruptData)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func rejectsInvalidUTF8WithItsPosition() throws {
        let bytes: [[UInt8]] = [
            Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8),
            Array("[\"ab".utf8) + [0xC3] + Array("\"]".utf8),                // truncated sequence
            Array("[\"ab".utf8) + [0xC0, 0x80] + Array("\"]".utf8),          // overlong NUL
            Array("[\"ab".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),    // encoded surrogate
            Array("[\"a\\n".utf8) + [0xF5, 0x80, 0x80, 0x80] + Array("\"]".utf8),  // above U+10FFFF
        ]
        for (i, input) in bytes.enumerated() {
            let error = try #require(throws: PlistError.self) {
                try PlistValue(decoding: Data(input), format: .json)
            }
            #expect(error.reason == "Invalid UTF-8 in a JSON string", "case \(i)")
            #expect(error.location == .line(1, column: i == 4 ? 6 : 5), "case \(i)")
        }
    }

    @Test func readsUTF16AndUTF32() throws {
        let text = "{\"k\": [\"é😀\", 1]}"
        let expected: PlistValue = ["k": .array(["é😀", 1])]
        let encodings: [(String.Encoding, [UInt8])] = [
            (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
            (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
        ]
        for (encoding, bom) in encodings {
            let body = try #require(text.data(using: encoding))
            #expect(try PlistValue(decoding: Data(bom) + body, format: .json) == expected)
            #expect(try PlistValue(decoding: body, format: .json) == expected)
        }
        #expect(try PlistValue(decoding: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), format: .json) == expected)
    }

    @Test func rejectsBrokenUTF16() throws {
        // A high surrogate followed by 'A' (UTF-16LE with BOM).
        let input = Data([0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x41, 0x00, 0x22, 0x00])
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: input, format: .json) }
        #expect(error.description == "The JSON text holds an unpaired UTF-16 surrogate 0xD83D at byte offset 4.")
        let odd = Data([0xFF, 0xFE, 0x22, 0x00, 0x22])
        #expect(throws: PlistError.self) { try PlistValue(decoding: odd, format: .json) }
    }

    @Test func limitsDepth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: PlistError.self) { try Self.read(deep) }
        #expect(error.code == .limitExceeded)
        #expect(error.description == "The JSON is nested deeper than 512 levels at line 1, column 513.")
        let tagged = try #require(throws: PlistError.self) {
            try Self.read(String(repeating: "{\"$dict\":", count: 50_000), tagged: true)
        }
        #expect(tagged.code == .limitExceeded)
        // Exactly at the limit is fine; one more is not.
        #expect(throws: Never.self) { try Self.read("[[[1]]]", depth: 3) }
        #expect(throws: PlistError.self) { try Self.read("[[[[1]]]]", depth: 3) }
        #expect(throws: Never.self) { try Self.read("[[{\"a\":1}]]", depth: 3) }
        #expect(throws: PlistError.self) { try Self.read("[[{\"a\":{}}]]", depth: 3) }
    }

    /// Tag objects and `$dict` wrappers are not plist levels: a tree exactly at the depth limit
    /// written as tagged JSON reads back under that limit.
    @Test func countsPlistDepthInTaggedJSON() throws {
        var tree: PlistValue = ["$date": .date(Date(timeIntervalSinceReferenceDate: 1)), "d": .data(Data([1]))]
        for level in 0..<9 { tree = level % 2 == 0 ? [tree] : ["$real": tree] }
        // 10 containers deep: 5 arrays, 5 dictionaries (4 of them wrapped in {"$dict": …}).
        let data = try tree.encoded(as: .json, options: PlistWritingOptions(jsonStyle: .tagged))
        let exact = PlistReadingOptions(maximumDepth: 10, readsTaggedJSON: true)
        #expect(try PlistValue(decoding: data, format: .json, options: exact) == tree)
        let tooShallow = PlistReadingOptions(maximumDepth: 9, readsTaggedJSON: true)
        let error = try #require(throws: PlistError.self) { try PlistValue(decoding: data, format: .json, options: tooShallow) }
        #expect(error.code == .limitExceeded)
        let deepObjects = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: PlistError.self) { try Self.read(deepObjects, tagged: true) }
        let deepTags = String(repeating: "{\"$date\":", count: 100_000)
        #expect(throws: PlistError.self) { try Self.read(deepTags, tagged: true) }
    }

    @Test func acceptsAnUnboundedDepthLimit() throws {
        let options = PlistReadingOptions(maximumDepth: .max, readsTaggedJSON: true)
        #expect(try PlistValue(decoding: Data("[[{\"$data\":\"AA==\"}]]".utf8), format: .json, options: options) == [[.data(Data([0]))]])
    }

    @Test func limitsObjectCount() throws {
        let options = PlistReadingOptions(maximumObjectCount: 3)
        #expect(throws: Never.self) { try PlistValue(decoding: Data("[1,2]".utf8), format: .json, options: options) }
        let error = try #require(throws: PlistError.self) {
            try PlistValue(decoding: Data("[1,2,3]".utf8), format: .json, options: options)
        }
        #expect(error.code == .limitExceeded)
    }

    @Test func readsHugeNumbersWithoutTrouble() throws {
        let digits = String(repeating: "9", count: 100_000)
        #expect(throws: PlistError.self) { try Self.read(digits) }
        #expect(try Self.read("0." + digits) == .real(1.0))
        #expect(throws: PlistError.self) { try Self.read("1e" + digits) }
        #expect(try Self.read("1e-" + digits) == .real(0))
    }

    @Test func rejectsEveryTruncationOfASample() throws {
        let sample = "{\"a\": [1, -2.5e3, \"x\\u00e9\\n\", true, false, {\"b\": []}], \"c\": \"\"}"
        let bytes = Array(sample.utf8)
        for cut in 0..<bytes.count {
            let error = try #require(throws: PlistError.self, "cut at \(cut)") {
                try PlistValue(decoding: Data(bytes[..<cut]), format: .json)
            }
            #expect(error.code == .corruptData)
            guard case .line(1, let column)? = error.location else {
                Issue.record("no line:column for cut \(cut)")
                continue
            }
            #expect(column >= 1 && column <= cut + 1)
        }
        #expect(throws: Never.self) { try PlistValue(decoding: Data(bytes), format: .json) }
    }

    // MARK: Tagged JSON

    static let taggedAccepted: [(String, PlistValue)] = [
        ("{\"$date\":\"2001-01-01T00:00:00Z\"}", .date(Date(timeIntervalSinceReferenceDate: 0))),
        ("{\"$date\":\"2001-01-01T00:00:00.5Z\"}", .date(Date(timeIntervalSinceReferenceDate: 0.5))),
        ("{\"$date\":\"1970-01-01T00:00:00Z\"}", .date(Date(timeIntervalSinceReferenceDate: -978_307_200))),
        ("{\"$date\":\"2000-02-29T23:59:59.25Z\"}", .date(Date(timeIntervalSinceReferenceDate: -26_438_400 - 0.75))),
        ("{\"$data\":\"AAEC\"}", .data(Data([0, 1, 2]))),
        ("{\"$data\":\"\"}", .data(Data())),
        ("{\"CF$UID\":4294967295}", .uid(UInt32.max)),
        ("{\"$real\":\"-inf\"}", .real(-.infinity)),
        ("{\"$dict\":{\"$date\":1}}", .dictionary(["$date": 1])),
        ("{\"$dict\":{\"$dict\":{\"CF$UID\":1}}}", .dictionary(["$dict": .uid(1)])),
        ("{\"$dict\":{}}", .dictionary([:])),
        ("{\"CF$UID\":1,\"x\":2}", .dictionary(["CF$UID": 1, "x": 2])),
        ("{\"x\":{\"$data\":\"AA==\"}}", .dictionary(["x": .data(Data([0]))])),
        ("{\"other\":1}", .dictionary(["other": 1])),
    ]

    @Test(arguments: taggedAccepted)
    func readsTaggedObjects(text: String, expected: PlistValue) throws {
        #expect(try Self.read(text, tagged: true) == expected)
    }

    /// Dates outside years 1–9999 and non-finite ones: checked by their seconds, because
    /// FoundationEssentials' `Date.description` traps on a NaN date (so such dates cannot be
    /// test arguments, which Swift Testing prints).
    @Test func readsDatesTheISOFormCannotHold() throws {
        let cases: [(String, Double)] = [
            ("{\"$date\":-1.5e20}", -1.5e20), ("{\"$date\":12}", 12), ("{\"$date\":\"inf\"}", .infinity),
            ("{\"$date\":\"-inf\"}", -.infinity),
        ]
        for (text, seconds) in cases {
            guard case .date(let date) = try Self.read(text, tagged: true) else {
                Issue.record("not a date: \(text)")
                continue
            }
            #expect(date.timeIntervalSinceReferenceDate == seconds)
        }
        guard case .date(let nan) = try Self.read("{\"$date\":\"nan\"}", tagged: true) else {
            Issue.record("not a date")
            return
        }
        #expect(nan.timeIntervalSinceReferenceDate.isNaN)
    }

    @Test func leavesTagsAloneWhenNotAsked() throws {
        #expect(try Self.read("{\"CF$UID\":1}") == .dictionary(["CF$UID": 1]))
        #expect(try Self.read("{\"$dict\":{}}") == .dictionary(["$dict": .dictionary([:])]))
    }

    static let taggedRejected: [(String, String)] = [
        ("{\"$date\":\"2001-02-30T00:00:00Z\"}", "Malformed tagged value: $date must hold an ISO 8601 UTC date such as \"2001-01-01T00:00:00Z\", or seconds since 2001 at line 1, column 1."),
        ("[{\"$date\":true}]", "Malformed tagged value: $date must hold an ISO 8601 UTC date string or a number of seconds since 2001 at line 1, column 2."),
        ("{\"$data\":\"A\"}", "Malformed tagged value: $data must hold a base64 string at line 1, column 1."),
        ("{\"CF$UID\":-1}", "Malformed tagged value: CF$UID must hold an integer from 0 through 4294967295 at line 1, column 1."),
        ("{\"$real\":\"NaN\"}", "Malformed tagged value: $real must hold \"nan\", \"inf\" or \"-inf\" at line 1, column 1."),
        ("{\"$dict\":[]}", "Malformed tagged value: $dict must hold an object at line 1, column 1."),
        ("{\"$dict\":{},\"a\":1}", "Malformed tagged value: an object whose first key is $dict must have no other key at line 1, column 1."),
    ]

    @Test(arguments: taggedRejected)
    func rejectsMalformedTags(text: String, message: String) throws {
        let error = try #require(throws: PlistError.self) { try Self.read(text, tagged: true) }
        #expect(error.description == message)
    }
}
