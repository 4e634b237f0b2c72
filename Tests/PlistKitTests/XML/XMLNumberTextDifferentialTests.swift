import Foundation
import Testing
import PlistKit

/// The texts of `<real>` and `<integer>` that PlistKit accepts are exactly those Foundation's
/// `PropertyListSerialization` accepts, with the same value: each row is read by both.
///
/// The rows cover whitespace before and after the number and after its sign, signs, hexadecimal,
/// the `inf`/`infinity`/`nan` spellings, empty text, incomplete exponents, a point with no
/// digits on one side, overflow and character references. Only characters XML 1.0 allows are
/// used: Foundation's own XML parser also skips control characters such as VT and FF before a
/// number, but those make the document ill-formed, and libxml2 refuses it before any number is
/// read (Docs/XML.md).
@Suite struct XMLNumberTextDifferentialTests {
    static let realTexts = [
        "1.5", "  1.5", "\t1.5", "\n1.5", "\r\n1.5", " \t\n 1.5", "&#32;1.5",
        "1.5  ", " 1.5 ", "1.5\n", "1.5\t", "1.5\r", "1.5&#32;", "\n1.5\n",
        "+1.5", "-1.5", " -1.5", "+ 1.5", "- 1.5", "--1", "+0", "-0", "0.0", "00012", "017",
        "0x10", "0X1A", "0x1p3", "0x1.8p1", "-0x10",
        "inf", "-inf", "+inf", "INF", "Inf", "inF", "infinity", "Infinity", "-InFiNiTy",
        "nan", "NaN", "NAN", "-nan", "+nan", "nan(1)", " inf", "inf ", " nan", "nan ", "- inf",
        "infinit", "infx", "nanx", "in f", "∞",
        "", " ", "\n",
        "1e", "1e5", "1E5", "1e+5", "1e-5", "1e-", "1e 5", "e5", ".e5", "1.5e",
        ".5", "5.", "-.5", "+.5", ".", "-", "+", "1.", "1.e5",
        "1.5x", "1,5", "1_0", "1.5.5", "1 2", "1.5f",
        "1e400", "1e-400", "12345678901234567890", "18446744073709551616", "4.9406564584124654e-324",
        "<![CDATA[1.5]]>", "<![CDATA[ 1.5]]>", "1.5<![CDATA[ ]]>",
    ]

    static let integerTexts = [
        "12", " 12", "\t12", "\n12", "\r12", "&#32;12",
        "12 ", "12\n", " 12 ", "12&#32;",
        "+12", "-12", "+ 12", "- 12", "-\n12", "-\t12", " - 12", "--1", "+-1",
        "0x1F", "0X1f", "+0x1f", "-0x10", "- 0x10", " 0x1F", "0x1F ", "0x 10", "0x", "-0x", "0xg", "0x-10",
        "0x00000000000000001", "0xffffffffffffffff", "0x10000000000000000", "-0x8000000000000000", "-0x8000000000000001",
        "017", "00", "0", "-0", "+0",
        "18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809",
        "-18446744073709551615", "9223372036854775808",
        "", " ", "-", "+",
        "1.5", "1e5", "1.", ".5", "inf", "nan", "1 2", "12x",
    ]

    /// What a reader made of a document: its value, or `nil` when it refused it.
    private enum Outcome: Equatable, CustomStringConvertible {
        case value(PlistValue)
        case refused

        var description: String {
            switch self {
            case .value(let value): return "\(value)"
            case .refused: return "refused"
            }
        }
    }

    private static func document(_ element: String, _ text: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><\(element)>\(text)</\(element)></plist>\n".utf8)
    }

    private static func plistKit(_ data: Data) -> Outcome {
        (try? PlistValue(decoding: data, format: .xml)).map(Outcome.value) ?? .refused
    }

    private static func foundation(_ data: Data) -> Outcome {
        guard let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
            let number = object as? NSNumber
        else { return .refused }
        // An NSNumber from a <real> holds a double; from an <integer>, a 64-bit signed or
        // unsigned integer (`Q` only above Int64.max).
        switch String(cString: number.objCType) {
        case "d", "f": return .value(.real(number.doubleValue))
        case "Q": return .value(.integer(PlistInteger(number.uint64Value)))
        default: return .value(.integer(PlistInteger(number.int64Value)))
        }
    }

    @Test(arguments: realTexts)
    func realTextIsReadAsFoundationReadsIt(_ text: String) {
        let data = Self.document("real", text)
        #expect(Self.plistKit(data) == Self.foundation(data), "<real>\(text.debugDescription)</real>")
    }

    /// Where Foundation is wrong: its `<integer>` reader scans the raw text without resolving
    /// character references (its `<real>` reader resolves them), so `&#32;12`, which is the
    /// text " 12", is refused there. PlistKit reads the text XML defines.
    static let foundationIntegerMisreads: [String: Int64] = ["&#32;12": 12]

    @Test(arguments: integerTexts)
    func integerTextIsReadAsFoundationReadsIt(_ text: String) {
        let data = Self.document("integer", text)
        if let expected = Self.foundationIntegerMisreads[text] {
            #expect(Self.foundation(data) == .refused)
            #expect(Self.plistKit(data) == .value(.integer(PlistInteger(expected))))
            return
        }
        #expect(Self.plistKit(data) == Self.foundation(data), "<integer>\(text.debugDescription)</integer>")
    }

    /// Every row is one that one of the two readers accepts or refuses for a reason of its own
    /// text: the table is not all refusals.
    @Test func tablesHoldBothOutcomes() {
        let outcomes = Self.realTexts.map { Self.foundation(Self.document("real", $0)) }
            + Self.integerTexts.map { Self.foundation(Self.document("integer", $0)) }
        #expect(outcomes.contains(.refused))
        #expect(outcomes.contains { $0 != .refused })
    }

    /// Where Foundation is erratic: it skips some Unicode spaces before a number (U+3000, U+2003)
    /// and not others (U+2028); PlistKit skips only XML's whitespace (Docs/XML.md).
    @Test(arguments: ["\u{3000}12", "\u{2003}12"])
    func unicodeSpaceBeforeANumberIsRefused(_ text: String) {
        for element in ["integer", "real"] {
            let data = Self.document(element, text)
            #expect(Self.plistKit(data) == .refused)
            #expect(Self.foundation(data) != .refused)
        }
        #expect(Self.foundation(Self.document("real", "\u{2028}12")) == .refused)
    }

    @Test func trailingWhiteSpaceIsRefusedWithAReason() throws {
        let error = try #require(throws: PlistError.self) {
            try PlistValue(decoding: Self.document("real", "1.5  "), format: .xml)
        }
        #expect(error.description.contains("The <real> '1.5  ' has white space after the number"))
    }
}
