import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

@Suite struct OpenStepWriterTests {
    static func text(_ value: PlistValue, _ options: PlistWritingOptions = PlistWritingOptions()) throws -> String {
        String(decoding: try value.encoded(as: .openStep, options: options), as: UTF8.self)
    }

    @Test func writesTheDocumentedLayout() throws {
        let value: PlistValue = [
            "key": "value",
            "needs quotes": ["one", .data(Data([0x0A, 0x0B, 0x0C, 0x0D, 0x0E]))],
            "empty": .dictionary([:]),
            "list": .array([]),
        ]
        let expected = """
            {
                empty = {};
                key = value;
                list = ();
                "needs quotes" = (
                    one,
                    <0a0b0c0d 0e>
                );
            }

            """
        #expect(try Self.text(value) == expected)
    }

    static let strings: [(String, String)] = [
        ("plain", "plain"), ("a.b-c_d:e$f/g", "a.b-c_d:e$f/g"), ("", "\"\""), ("two words", "\"two words\""),
        ("/path", "\"/path\""), ("//x", "\"//x\""), ("é", "\"é\""), ("q\"b\\", "\"q\\\"b\\\\\""),
        ("l\nt\tr\r", "\"l\\nt\\tr\\r\""), ("\u{1}\u{7F}x", "\"\\U0001\\U007fx\""), ("123", "123"),
    ]

    @Test(arguments: strings)
    func quotesOnlyWhenNeeded(string: String, expected: String) throws {
        #expect(try Self.text(.string(string)) == expected + "\n")
        #expect(try PlistValue(decoding: Data(expected.utf8), format: .openStep) == .string(string))
    }

    @Test func keepsOrderWhenAsked() throws {
        let value: PlistValue = ["b": "1", "a": "2"]
        let (sorted, warnings) = try value.encodedReportingLosses(as: .openStep)
        #expect(String(decoding: sorted, as: UTF8.self) == "{\n    a = 2;\n    b = 1;\n}\n")
        #expect(warnings.map(\.kind) == [.keyOrderChanged])
        let kept = try Self.text(value, PlistWritingOptions(keyOrder: .preserved))
        #expect(kept == "{\n    b = 1;\n    a = 2;\n}\n")
    }

    static let refusals: [(PlistValue, String)] = [
        (["n": 1], "Cannot write an integer as openstep: OpenStep has no integer type (GNUstep typed values can carry it) at key path 'n'."),
        (["a": [.boolean(true)]], "Cannot write a boolean as openstep: OpenStep has no boolean type (GNUstep typed values can carry it) at key path 'a.0'."),
        ([.real(1)], "Cannot write a real as openstep: OpenStep has no real type (GNUstep typed values can carry it) at key path '0'."),
        ([.date(Date(timeIntervalSinceReferenceDate: 0))], "Cannot write a date as openstep: OpenStep has no date type (GNUstep typed values can carry it) at key path '0'."),
        (["u": .uid(1)], "Cannot write a UID as openstep: OpenStep has no UID type, not even among GNUstep's typed values at key path 'u'."),
    ]

    @Test(arguments: refusals)
    func refusesWhatOpenStepCannotHold(value: PlistValue, message: String) throws {
        let error = try #require(throws: PlistError.self) { try value.encoded(as: .openStep) }
        #expect(error.code == .unrepresentableValue)
        #expect(error.description == message)
    }

    @Test func writesGNUstepTypedValues() throws {
        let value: PlistValue = [
            "i": .integer(PlistInteger(UInt64.max)), "r": 1.5, "n": .real(.nan), "t": true, "f": false,
            "d": .date(Date(timeIntervalSinceReferenceDate: 0.25)), "e": .date(Date(timeIntervalSinceReferenceDate: -978_307_200)),
        ]
        let options = PlistWritingOptions(keyOrder: .preserved, writesGNUstepTypedValues: true)
        let (data, warnings) = try value.encodedReportingLosses(as: .openStep, options: options)
        let expected = """
            {
                i = <*I18446744073709551615>;
                r = <*R1.5>;
                n = <*Rnan>;
                t = <*BY>;
                f = <*BN>;
                d = <*D2001-01-01 00:00:00.25 +0000>;
                e = <*D1970-01-01 00:00:00 +0000>;
            }

            """
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(warnings.count == 7)
        #expect(warnings.allSatisfy { $0.kind == .typeChanged })
        #expect(try PlistValue(decoding: data, format: .openStep) == value)
        let far = PlistValue.array([.date(Date(timeIntervalSinceReferenceDate: 1e12))])
        let error = try #require(throws: PlistError.self) { try far.encoded(as: .openStep, options: options) }
        #expect(error.description == "Cannot write a date as openstep: a GNUstep date is written for years 0001 through 9999 only at key path '0'.")
        let tiny = PlistValue.array([.date(Date(timeIntervalSinceReferenceDate: -1e-300))])
        let fraction = try #require(throws: PlistError.self) { try tiny.encoded(as: .openStep, options: options) }
        #expect(fraction.description == "Cannot write a date as openstep: the fraction of a second of -1e-300 cannot be written exactly in a GNUstep date at key path '0'.")
        let fine = PlistValue.array([.date(Date(timeIntervalSinceReferenceDate: -0.25))])
        #expect(try PlistValue(decoding: fine.encoded(as: .openStep, options: options), format: .openStep) == fine)
    }

    @Test func writesStringsFiles() throws {
        let value: PlistValue = ["greeting": "Hello, %@!", "quote": "say \"hi\"\n"]
        let options = PlistWritingOptions(keyOrder: .preserved, writesStringsFile: true)
        let text = try Self.text(value, options)
        #expect(text == "\"greeting\" = \"Hello, %@!\";\n\"quote\" = \"say \\\"hi\\\"\\n\";\n")
        #expect(try PlistValue(decoding: Data(text.utf8), format: .openStep) == value)
        let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        #expect(try PlistValue(propertyList: foundation) == value)
    }

    static let stringsRefusals: [(PlistValue, String)] = [
        (["a": ["x"]], "Cannot write an array as openstep: a .strings file holds only a flat dictionary of strings at key path 'a'."),
        (["a": ["b": "c"]], "Cannot write a dictionary as openstep: a .strings file holds only a flat dictionary of strings at key path 'a'."),
        (["a": .data(Data())], "Cannot write a data value as openstep: a .strings file holds only strings at key path 'a'."),
        (["a": 1], "Cannot write an integer as openstep: a .strings file holds only strings at key path 'a'."),
        (["x", "y"], "Cannot write an array as openstep: a .strings file holds only a flat dictionary of strings at the root."),
        ("x", "Cannot write a string as openstep: a .strings file needs a dictionary of strings at the root at the root."),
    ]

    @Test(arguments: stringsRefusals)
    func refusesWhatAStringsFileCannotHold(value: PlistValue, message: String) throws {
        let error = try #require(throws: PlistError.self) {
            try value.encoded(as: .openStep, options: PlistWritingOptions(writesStringsFile: true))
        }
        #expect(error.description == message)
    }
}
