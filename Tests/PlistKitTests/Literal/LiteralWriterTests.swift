import Foundation
import Testing
@testable import PlistKit

@Suite struct LiteralWriterTests {
    /// The values of the fixtures in TestData/Literal, built in code.
    static let mixed: PlistValue = [
        "name": "Zoë \"quoted\"\nsecond line", "count": -42, "ratio": 2.5, "enabled": true,
        "created": .date(Date(timeIntervalSinceReferenceDate: -336_751_200)),
        "blob": .data(Data([0x00, 0x01, 0xAB, 0xCD, 0xFF])),
        "list": ["a", 1, [false], ["z": "last", "a": "first"]],
    ]
    static let settings: PlistValue = [
        "title": "Settings", "version": 3, "scale": 0.75, "debug": false,
        "items": [["id": .integer(PlistInteger(Int64.max))], ["nested"]],
    ]
    static let names: PlistValue = ["alpha", "beta", "gamma"]
    static let number: PlistValue = -1.25

    static func golden(_ name: String) throws -> String {
        String(decoding: try Fixtures.data("Literal/\(name)"), as: UTF8.self)
    }

    @Test(arguments: [("mixed", mixed), ("settings", settings), ("names", names), ("number", number)])
    func matchesPlutilSwift(name: String, value: PlistValue) throws {
        #expect(try value.swiftLiteral(sourceName: "\(name).plist") == Self.golden("\(name).plutil.swift"))
    }

    @Test(arguments: [("settings", settings), ("names", names), ("number", number)])
    func matchesPlutilObjectiveC(name: String, value: PlistValue) throws {
        #expect(try value.objectiveCLiteral(sourceName: "\(name).plist") == Self.golden("\(name).plutil.m"))
    }

    /// plutil sorts keys with Foundation's collation (as `-convert json -r` does), not
    /// CoreFoundation's code-unit order.
    @Test func sortsKeysAsPlutil() throws {
        let value = try PlistValue(decoding: Fixtures.data("Literal/keys.json"), format: .json)
        #expect(try value.swiftLiteral(sourceName: "keys.json") == Self.golden("keys.plutil.swift"))
        #expect(try value.objectiveCLiteral(sourceName: "keys.json") == Self.golden("keys.plutil.m"))
    }

    @Test func matchesPlutilObjectiveCHeader() throws {
        let writer = PlistLiteralWriter(language: .objectiveC, sourceName: "header.plist")
        #expect(try writer.objectiveCHeader(for: Self.settings) == Self.golden("header.plutil.h"))
        #expect(try writer.objectiveCImplementation(for: Self.settings, headerFileName: "header.h") == Self.golden("header.plutil.m"))
    }

    static let objectiveCRefusals: [(PlistValue, String)] = [
        (mixed, "Cannot write a data value as an Objective-C literal: Objective-C has no literal syntax for data at key path 'blob'."),
        (["a": [.date(Date(timeIntervalSinceReferenceDate: 0))]], "Cannot write a date as an Objective-C literal: Objective-C has no literal syntax for dates at key path 'a.0'."),
        (["u": .uid(3)], "Cannot write a UID as an Objective-C literal: UIDs exist only in binary property lists and keyed archives at key path 'u'."),
        (.data(Data()), "Cannot write a data value as an Objective-C literal: Objective-C has no literal syntax for it at the root."),
    ]

    @Test(arguments: objectiveCRefusals)
    func refusesWhatObjectiveCLiteralsCannotHold(value: PlistValue, message: String) throws {
        let error = try #require(throws: PlistError.self) { try value.objectiveCLiteral() }
        #expect(error.code == .unrepresentableValue)
        #expect(error.description == message)
    }

    @Test func refusesUIDsInSwift() throws {
        let error = try #require(throws: PlistError.self) { try PlistValue.array([.uid(1)]).swiftLiteral() }
        #expect(error.description == "Cannot write a UID as a Swift literal: UIDs exist only in binary property lists and keyed archives at key path '0'.")
    }

    /// Where plutil writes invalid source, PlistKit writes valid source (Docs/Formats.md).
    @Test func writesValidSourceWherePlutilDoesNot() throws {
        let value: PlistValue = [
            "text": .string("tab\there back\\slash nul\u{0} bell\u{7} ls\u{2028}"),
            "empty": .dictionary([:]),
            "tiny": 1e-7, "nan": .real(.nan), "big": .integer(PlistInteger(UInt64.max)),
            "min": .integer(PlistInteger(Int64.min)),
        ]
        let swift = try value.swiftLiteral(sourceName: "1st file.plist")
        #expect(swift == """
            /// Generated from 1st file.plist
            let _1st_file : [String : Any] = [
                "big" : UInt64(18446744073709551615),
                "empty" : [:],
                "min" : -9223372036854775808,
                "nan" : Double.nan,
                "text" : "tab\\there back\\\\slash nul\\0 bell\\u{7} ls\\u{2028}",
                "tiny" : 1e-07,
            ]

            """)
        let objc = try value.objectiveCLiteral(sourceName: "-")
        #expect(objc == """
            /// Generated from -
            __attribute__((visibility("hidden")))
            NSDictionary * const _ = @{
                @"big" : @18446744073709551615ULL,
                @"empty" : @{
                },
                @"min" : @(-9223372036854775807LL - 1),
                @"nan" : @(NAN),
                @"text" : @"tab\\there back\\\\slash nul\\000 bell\\007 ls\\u2028",
                @"tiny" : @1e-07,
            };

            """)
    }

    @Test func annotatesARootSwiftCannotInfer() throws {
        #expect(try PlistValue.array([]).swiftLiteral() == "/// Generated from -\nlet _ : [Any] = [\n]\n")
        #expect(try PlistValue.dictionary([:]).swiftLiteral() == "/// Generated from -\nlet _ : [String : Any] = [:]\n")
        // Same kind at the top (plutil would not annotate) but mixed inside.
        #expect(try PlistValue.array([[1], ["x"]]).swiftLiteral().contains("let _ : [Any] = ["))
        #expect(try PlistValue.array([[], ["x"]]).swiftLiteral().contains("let _ = ["))
        #expect(try PlistValue.array([[1, 2.5]]).swiftLiteral().contains("let _ : [Any] = ["))
    }

    static let names_: [(String, PlistLiteralWriter.Language, String)] = [
        ("Info.plist", .swift, "Info"), ("my-file.plist", .swift, "my_file"), ("a.b.plist", .swift, "a_b"),
        ("/tmp/dir/über.plist", .swift, "über"), ("1x.plist", .objectiveC, "_1x"), ("class.plist", .swift, "_class"),
        ("int.plist", .objectiveC, "_int"), ("-", .swift, "_"), ("noext", .objectiveC, "noext"), (".hidden", .swift, "_hidden"),
    ]

    @Test(arguments: names_)
    func derivesValidIdentifiers(source: String, language: PlistLiteralWriter.Language, expected: String) {
        #expect(PlistLiteralWriter.variableName(forSourceName: source, language: language) == expected)
    }

    @Test func writesRealsAsPlutilWhenExact() {
        #expect(LiteralOutput.swiftReal(2.5) == "2.500000")
        #expect(LiteralOutput.swiftReal(-0.0) == "-0.000000")
        #expect(LiteralOutput.swiftReal(0.1) == "0.100000")
        #expect(LiteralOutput.swiftReal(1e300).hasSuffix(".000000"))
        #expect(Double(LiteralOutput.swiftReal(1e300)) == 1e300)
        #expect(LiteralOutput.swiftReal(0.1234567) == "0.1234567")
        #expect(LiteralOutput.objectiveCReal(-.infinity) == "@(-INFINITY)")
    }
}
