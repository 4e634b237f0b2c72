import Foundation
import Testing
@testable import PlistKit

@Suite struct JSONPlistWriterTests {
    static func json(_ value: PlistValue, _ options: PlistWritingOptions = PlistWritingOptions()) throws -> String {
        String(decoding: try value.encoded(as: .json, options: options), as: UTF8.self)
    }

    static let compact: [(PlistValue, String)] = [
        (.dictionary([:]), "{}"),
        (.array([]), "[]"),
        (["b": 1, "a": [true, false]], "{\"b\":1,\"a\":[true,false]}"),
        (.string("/\"\\\u{8}\u{C}\n\r\t\u{1}\u{1F}\u{7F}é😀\u{2028}"), "\"\\/\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\u{7F}é😀\u{2028}\""),
        (.integer(PlistInteger(UInt64.max)), "18446744073709551615"),
        (.integer(PlistInteger(Int64.min)), "-9223372036854775808"),
        (.real(0.1), "0.1"), (.real(1e16), "1e+16"), (.real(1e-5), "1e-05"), (.real(.leastNonzeroMagnitude), "5e-324"),
        (.real(-0.0), "-0"), (.real(3), "3"), (.real(9007199254740994), "9.007199254740994e+15"),
    ]

    @Test(arguments: compact)
    func writesCompactJSONAsPlutil(value: PlistValue, expected: String) throws {
        #expect(try Self.json(value) == expected)
    }

    @Test func writesPrettyJSONAsPlutilDashR() throws {
        let value: PlistValue = ["a": [1, .dictionary([:]), .array([])], "b": .dictionary(["c": "d"]), "e": .dictionary([:])]
        let expected = "{\n  \"a\" : [\n    1,\n    {\n\n    },\n    [\n\n    ]\n  ],\n  \"b\" : {\n    \"c\" : \"d\"\n  },\n  \"e\" : {\n\n  }\n}"
        #expect(try Self.json(value, PlistWritingOptions(prettyPrintsJSON: true)) == expected)
        #expect(try Self.json(.dictionary([:]), PlistWritingOptions(prettyPrintsJSON: true)) == "{\n\n}")
        #expect(try Self.json(.array([]), PlistWritingOptions(prettyPrintsJSON: true)) == "[\n\n]")
    }

    /// plutil's own output, read and written back with the key order kept, gives the same
    /// bytes (see TestData/JSON/README.md for how the files were made).
    @Test(arguments: [("sample.plutil.json", false), ("sample.plutil-r.json", true)])
    func reproducesPlutilBytes(file: String, pretty: Bool) throws {
        let bytes = try Fixtures.data("JSON/\(file)")
        let value = try PlistValue(decoding: bytes, format: .json)
        let options = PlistWritingOptions(keyOrder: .preserved, prettyPrintsJSON: pretty)
        let written = try value.encoded(as: .json, options: options)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
        #expect(value["uint64max"] == .integer(PlistInteger(UInt64.max)))
        #expect(value["reals"]?[3] == .real(.leastNonzeroMagnitude))
        #expect(value["string"]?.string == "a/b \"q\" \\ é 😀 \ttab\nnewline \u{1}\u{1F}\u{7F} \u{2028} <&> ' \\u0041")
    }

    static let strictRefusals: [(PlistValue, String)] = [
        (["a": [.date(Date(timeIntervalSinceReferenceDate: 0))]], "Cannot write a date as json: strict JSON has no value for a date (write tagged JSON to keep it) at key path 'a.0'."),
        (["d": .data(Data([1]))], "Cannot write a data value as json: strict JSON has no value for data (write tagged JSON to keep it) at key path 'd'."),
        ([.uid(1)], "Cannot write a UID as json: strict JSON has no value for a UID (write tagged JSON to keep it) at key path '0'."),
        (["x.y": .real(.nan)], "Cannot write a real as json: strict JSON has no value for nan (write tagged JSON to keep it) at key path 'x\\.y'."),
        (.real(-.infinity), "Cannot write a real as json: strict JSON has no value for -inf (write tagged JSON to keep it) at the root."),
    ]

    @Test(arguments: strictRefusals)
    func refusesWhatStrictJSONCannotHold(value: PlistValue, message: String) throws {
        let error = try #require(throws: PlistError.self) { try value.encoded(as: .json) }
        #expect(error.code == .unrepresentableValue)
        #expect(error.description == message)
    }

    /// The analyzer's numeric test agrees with the writer's text on every kind of double.
    @Test func predictsWhichRealsLoseTheirFraction() {
        var random = SeededRandom(seed: 53)
        var samples: [Double] = [0, -0.0, 1, -1, 0x1p53, -0x1p53, 0x1p53 + 2, 0x1p52 + 0.5, 1e16, 1e300, 0.5, .leastNonzeroMagnitude, 123456789]
        for _ in 0..<100_000 {
            samples.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)))
            samples.append(Double(Int64.random(in: -1 << 55 ... 1 << 55, using: &random)))
        }
        for real in samples where real.isFinite {
            #expect(JSONOutput.dropsFraction(real) == real.description.hasSuffix(".0"), "\(real)")
        }
    }

    @Test func reportsIntegralRealsInStrictJSON() throws {
        let value: PlistValue = ["a": .real(3), "b": [.real(0.5), .real(-0.0)]]
        let (data, warnings) = try value.encodedReportingLosses(as: .json)
        #expect(String(decoding: data, as: UTF8.self) == "{\"a\":3,\"b\":[0.5,-0]}")
        #expect(warnings.map(\.kind) == [.typeChanged, .typeChanged])
        #expect(warnings.map(\.keyPath) == ["a", "b.1"])
        #expect(warnings[0].message == "the real 3.0 is written as 3, which reads back as an integer")
        let error = try #require(throws: PlistError.self) {
            try value.encoded(as: .json, options: PlistWritingOptions(isStrict: true))
        }
        #expect(error.code == .lossyConversion)
        #expect(error.location == .keyPath("a"))
    }

    static let tagged: [(PlistValue, String)] = [
        (.date(Date(timeIntervalSinceReferenceDate: 0.5)), "{\"$date\":\"2001-01-01T00:00:00.5Z\"}"),
        (.date(Date(timeIntervalSinceReferenceDate: -978_307_200)), "{\"$date\":\"1970-01-01T00:00:00Z\"}"),
        (.date(Date(timeIntervalSinceReferenceDate: 1e-7)), "{\"$date\":\"2001-01-01T00:00:00.0000001Z\"}"),
        (.date(Date(timeIntervalSinceReferenceDate: -0.25)), "{\"$date\":\"2000-12-31T23:59:59.75Z\"}"),
        (.date(Date(timeIntervalSinceReferenceDate: -1e-300)), "{\"$date\":-1e-300}"),
        (.date(Date(timeIntervalSinceReferenceDate: 1e15)), "{\"$date\":1000000000000000.0}"),
        (.date(Date(timeIntervalSinceReferenceDate: -1e20)), "{\"$date\":-1e+20}"),
        (.data(Data([0, 1, 2, 0xFF])), "{\"$data\":\"AAEC\\/w==\"}"),
        (.uid(7), "{\"CF$UID\":7}"),
        ([.real(.nan), .real(.infinity), .real(3)], "[{\"$real\":\"nan\"},{\"$real\":\"inf\"},3.0]"),
        (["$date": 1], "{\"$dict\":{\"$date\":1}}"),
        (["CF$UID": 1], "{\"$dict\":{\"CF$UID\":1}}"),
        (["$dict": "x", "a": 1], "{\"$dict\":{\"$dict\":\"x\",\"a\":1}}"),
        (["a": 1, "$dict": "x"], "{\"a\":1,\"$dict\":\"x\"}"),
        (["CF$UID": 1, "a": 2], "{\"CF$UID\":1,\"a\":2}"),
    ]

    @Test(arguments: tagged)
    func writesTaggedJSON(value: PlistValue, expected: String) throws {
        let options = PlistWritingOptions(jsonStyle: .tagged)
        #expect(try Self.json(value, options) == expected)
        let back = try PlistValue(decoding: Data(expected.utf8), format: .json, options: PlistReadingOptions(readsTaggedJSON: true))
        #expect(back == value)
    }

    @Test func writesPrettyTaggedJSON() throws {
        let value: PlistValue = ["d": .data(Data([1])), "$date": .dictionary([:])]
        let text = try Self.json(value, PlistWritingOptions(jsonStyle: .tagged, prettyPrintsJSON: true))
        #expect(text == "{\n  \"d\" : {\n    \"$data\" : \"AQ==\"\n  },\n  \"$date\" : {\n\n  }\n}")
        let single: PlistValue = ["$data": "x"]
        let wrapped = try Self.json(single, PlistWritingOptions(jsonStyle: .tagged, prettyPrintsJSON: true))
        #expect(wrapped == "{\n  \"$dict\" : {\n    \"$data\" : \"x\"\n  }\n}")
    }

    @Test func reportsTaggedValuesAsTypeChanges() throws {
        let value: PlistValue = ["u": .uid(1), "s": "x"]
        let (_, warnings) = try value.encodedReportingLosses(as: .json, options: PlistWritingOptions(jsonStyle: .tagged))
        #expect(warnings.count == 1)
        #expect(warnings.first?.kind == .typeChanged)
        #expect(warnings.first?.keyPath == "u")
    }

    /// Sorted means CoreFoundation's UTF-16 order in every text format: U+1F600 (a surrogate
    /// pair, 0xD83D…) sorts before U+FEFF, although Swift's `<` puts it after.
    @Test func sortsKeysInUTF16Order() throws {
        let value: PlistValue = ["\u{FEFF}": 1, "😀": 2, "a": 3]
        let options = PlistWritingOptions(keyOrder: .sorted)
        let (data, warnings) = try value.encodedReportingLosses(as: .json, options: options)
        #expect(String(decoding: data, as: UTF8.self) == "{\"a\":3,\"😀\":2,\"\u{FEFF}\":1}")
        #expect(warnings.map(\.kind) == [.keyOrderChanged])
        let already: PlistValue = ["a": 3, "😀": 2, "\u{FEFF}": 1]
        #expect(try already.encodedReportingLosses(as: .json, options: options).warnings.isEmpty)
        #expect(try already.encodedReportingLosses(as: .openStep, options: PlistWritingOptions(writesGNUstepTypedValues: true))
            .warnings.allSatisfy { $0.kind == .typeChanged })
        #expect(try already.encodedReportingLosses(as: .xml).warnings.isEmpty)
        // The binary writer sorts in the same order when asked, so nothing changes here...
        #expect(try already.encodedReportingLosses(as: .binary, options: options).warnings.isEmpty)
        // ...while the unsorted value is reordered, and that is reported.
        #expect(try value.encodedReportingLosses(as: .binary, options: options).warnings.map(\.kind) == [.keyOrderChanged])
        #expect(try already.encodedReportingLosses(as: .binary).warnings.isEmpty)
    }

    @Test func sortsKeysWhenAsked() throws {
        let value: PlistValue = ["b": 1, "a": ["d": 1, "c": 2]]
        let (data, warnings) = try value.encodedReportingLosses(as: .json, options: PlistWritingOptions(keyOrder: .sorted))
        #expect(String(decoding: data, as: UTF8.self) == "{\"a\":{\"c\":2,\"d\":1},\"b\":1}")
        #expect(warnings.map(\.keyPath) == [.root, "a"])
        #expect(warnings.allSatisfy { $0.kind == .keyOrderChanged })
        let (_, none) = try value.encodedReportingLosses(as: .json)
        #expect(none.isEmpty)
    }
}
