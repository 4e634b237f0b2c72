import Foundation
import PlistKit
import Testing

/// The values of `defaults write` command lines.
@Suite struct DefaultsValueArgumentTests {
    @Test func bareArgumentsAreStringsUnlessTheyLookLikeLiterals() throws {
        #expect(try DefaultsValueArgument.value(parsing: "1") == "1")
        #expect(try DefaultsValueArgument.value(parsing: "hello world") == "hello world")
        #expect(try DefaultsValueArgument.value(parsing: "") == "")
        #expect(try DefaultsValueArgument.value(parsing: "\"quoted\"") == "quoted")
        #expect(try DefaultsValueArgument.value(parsing: "{ a = 1; b = (x, y); }") == ["a": "1", "b": ["x", "y"]])
        #expect(try DefaultsValueArgument.value(parsing: "(x, \"y z\")") == ["x", "y z"])
        #expect(try DefaultsValueArgument.value(parsing: "<0a0b 0c>") == .data(Data([10, 11, 12])))
        #expect(try DefaultsValueArgument.value(parsing: "<abcd>") == .data(Data([0xAB, 0xCD])))
        #expect(try DefaultsValueArgument.value(parsing: "<dict><key>n</key><integer>3</integer></dict>") == ["n": 3])
        #expect(try DefaultsValueArgument.value(parsing: "<string>s</string>") == "s")
    }

    @Test func literalsThatDoNotParseAreRefusedInMacOSWords() {
        let error = #expect(throws: PlistError.self) { try DefaultsValueArgument.value(parsing: "{ a = 1;") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.description == "Could not parse: { a = 1;.  Try single-quoting it.")
    }

    @Test func typedArguments() throws {
        typealias V = DefaultsValueArgument
        #expect(try V.value("5", as: .integer) == 5)
        #expect(try V.value("-9223372036854775808", as: .integer) == .integer(PlistInteger(Int64.min)))
        #expect(try V.value("18446744073709551615", as: .integer) == .integer(PlistInteger(UInt64.max)))
        #expect(try V.value("0.875", as: .float) == 0.875)
        #expect(try V.value("YES", as: .boolean) == true)
        #expect(try V.value("false", as: .boolean) == false)
        #expect(try V.value("0aFF", as: .data) == .data(Data([0x0A, 0xFF])))
        #expect(try V.value("", as: .data) == .data(Data()))
        #expect(try V.value("{ not parsed }", as: .string) == "{ not parsed }")
        let noon = PlistValue.date(Date(timeIntervalSinceReferenceDate: 738_936_000))
        #expect(try V.value("2024-06-01 12:00:00 +0000", as: .date) == noon)
        #expect(try V.value("2024-06-01 14:00:00 +0200", as: .date) == noon)
        #expect(try V.value("2024-06-01T12:00:00Z", as: .date) == noon)
        #expect(try V.value("2024-06-01", as: .date) == .date(Date(timeIntervalSinceReferenceDate: 738_892_800)))
        #expect(V.ValueType(flag: "-int") == .integer)
        #expect(V.ValueType(flag: "-boolean") == .boolean)
        #expect(V.ValueType(flag: "-array") == nil)
    }

    @Test(arguments: [("abc", DefaultsValueArgument.ValueType.integer), ("1.5", .integer), ("x", .float),
                      ("maybe", .boolean), ("abc", .data), ("0g", .data), ("yesterday", .date), ("2024-02-30", .date)])
    func malformedTypedArgumentsAreErrors(text: String, type: DefaultsValueArgument.ValueType) {
        let error = #expect(throws: PlistError.self) { try DefaultsValueArgument.value(text, as: type) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.description.hasPrefix("Invalid value for -\(type.rawValue): '\(text)' is not ") == true)
    }

    @Test func aLongOrTooDeepLiteralIsNamedByItsStart() throws {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        let tooDeep = try #require(throws: PlistError.self) { try DefaultsValueArgument.value(parsing: deep) }
        #expect(tooDeep.code == .invalidArgument)
        #expect(tooDeep.reason.hasPrefix("Could not parse " + String(repeating: "(", count: 200) + "… (20000 bytes): the value is nested too deep ("))
        #expect(tooDeep.reason.utf8.count < 400)
        let long = "{ a = " + String(repeating: "b", count: 1_000)
        let broken = try #require(throws: PlistError.self) { try DefaultsValueArgument.value(parsing: long) }
        #expect(broken.reason == "Could not parse: \(long.prefix(200))… (1006 bytes).  Try single-quoting it")
    }
}
