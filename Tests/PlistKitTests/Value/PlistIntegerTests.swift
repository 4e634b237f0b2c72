import Testing
import PlistKit

@Suite struct PlistIntegerTests {
    @Test func keepsMinusOneAndUInt64MaxApart() {
        let minusOne = PlistInteger(Int64(-1))
        let maximum = PlistInteger(UInt64.max)
        #expect(minusOne != maximum)
        #expect(minusOne.int64Value == -1)
        #expect(minusOne.uint64Value == nil)
        #expect(maximum.uint64Value == UInt64.max)
        #expect(maximum.int64Value == nil)
        #expect(maximum.exceedsInt64)
        #expect(!minusOne.exceedsInt64)
    }

    @Test func hasOneRepresentationPerNumber() {
        #expect(PlistInteger(UInt64(5)) == PlistInteger(Int64(5)))
        #expect(PlistInteger(UInt64(Int64.max)) == PlistInteger(Int64.max))
        #expect(!PlistInteger(UInt64(Int64.max)).exceedsInt64)
        #expect(PlistInteger(UInt64(Int64.max) + 1).exceedsInt64)
    }

    @Test func ordersAcrossTheWholeRange() {
        let ordered: [PlistInteger] = [PlistInteger(Int64.min), -1, 0, PlistInteger(Int64.max), PlistInteger(UInt64.max)]
        #expect(ordered.sorted() == ordered)
        #expect(ordered.shuffled().sorted() == ordered)
    }

    @Test(arguments: [
        ("0", "0"), ("-1", "-1"), ("18446744073709551615", "18446744073709551615"),
        ("-9223372036854775808", "-9223372036854775808"), ("+42", "42"),
    ])
    func parsesAndPrintsDecimal(text: String, printed: String) throws {
        let value = try #require(PlistInteger(text))
        #expect(value.description == printed)
    }

    @Test(arguments: ["18446744073709551616", "-9223372036854775809", "", "12a", "0x10"])
    func rejectsTextOutsideTheRange(text: String) {
        #expect(PlistInteger(text) == nil)
    }

    @Test func convertsExactly() {
        #expect(PlistInteger(Int64(300)).exactly(UInt8.self) == nil)
        #expect(PlistInteger(Int64(200)).exactly(UInt8.self) == 200)
        #expect(PlistInteger(UInt64.max).exactly(Int.self) == nil)
        #expect(PlistInteger(exactly: UInt64.max) == PlistInteger(UInt64.max))
        #expect(PlistInteger(exactly: Int8(-3)) == -3)
    }
}
