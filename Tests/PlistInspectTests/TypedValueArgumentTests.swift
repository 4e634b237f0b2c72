import Foundation
import Testing
import PlistKit
@testable import plist_inspect

@Suite struct TypedValueArgumentTests {
    @Test(arguments: [
        ("true", true), ("YES", true), ("yes", true), ("1", true),
        ("false", false), ("NO", false), ("0", false),
    ])
    func parsesBooleans(text: String, expected: Bool) throws {
        #expect(try TypedValueArgument.value(text, as: .bool) == .boolean(expected))
    }

    @Test func parsesIntegersAcrossTheWholeRange() throws {
        #expect(try TypedValueArgument.value("-42", as: .integer) == .integer(-42))
        #expect(try TypedValueArgument.value("18446744073709551615", as: .integer) == .integer(PlistInteger(UInt64.max)))
        #expect(try TypedValueArgument.value("-9223372036854775808", as: .integer) == .integer(PlistInteger(Int64.min)))
    }

    @Test(arguments: ["abc", "", "1.5", "18446744073709551616", "0x10"])
    func rejectsNonIntegers(text: String) {
        let error = #expect(throws: PlistError.self) { try TypedValueArgument.value(text, as: .integer) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.description == "'\(text)' is not an integer from -9223372036854775808 through 18446744073709551615.")
    }

    @Test func parsesRealsStringsAndData() throws {
        #expect(try TypedValueArgument.value("2.5e3", as: .real) == .real(2500))
        #expect(try TypedValueArgument.value("hello world", as: .string) == .string("hello world"))
        #expect(try TypedValueArgument.value("AAEC", as: .data) == .data(Data([0, 1, 2])))
        #expect(throws: PlistError.self) { try TypedValueArgument.value("not base64!", as: .data) }
        #expect(throws: PlistError.self) { try TypedValueArgument.value("x", as: .real) }
    }

    @Test func parsesDatesInXMLPlistForm() throws {
        let value = try TypedValueArgument.value("2001-01-01T00:01:00Z", as: .date)
        #expect(value == .date(Date(timeIntervalSinceReferenceDate: 60)))
        let fractional = try TypedValueArgument.value("2001-01-01T00:00:01.5Z", as: .date)
        #expect(fractional == .date(Date(timeIntervalSinceReferenceDate: 1.5)))
        let error = #expect(throws: PlistError.self) { try TypedValueArgument.value("garbage", as: .date) }
        #expect(error?.description == "'garbage' is not a date such as 2020-01-02T03:04:05Z.")
    }

    @Test func emptyContainersIgnoreText() throws {
        #expect(try TypedValueArgument.value("", as: .dictionary) == .dictionary(PlistDictionary()))
        #expect(try TypedValueArgument.value("ignored", as: .array) == .array([]))
        #expect(!TypedValueArgument.Kind.array.takesText)
        #expect(TypedValueArgument.Kind(name: "float") == .real)
    }
}
