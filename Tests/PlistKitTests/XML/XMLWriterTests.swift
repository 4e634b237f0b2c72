import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// The XML writer's byte rules, each checked against Foundation's `PropertyListSerialization`
/// on this machine where Foundation is right.
@Suite struct XMLWriterTests {
    static func foundationXML(_ object: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    }

    static func body(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.dropFirst(3).dropLast(2).joined(separator: "\n")
    }

    @Test func writesTheWholeDocumentExactly() throws {
        let value: PlistValue = ["name": "x & <y>", "list": [1, .real(2.5), true, .data(Data([1, 2, 3]))], "empty": .dictionary([:]), "none": []]
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>empty</key>
            \t<dict/>
            \t<key>list</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<real>2.5</real>
            \t\t<true/>
            \t\t<data>
            \t\tAQID
            \t\t</data>
            \t</array>
            \t<key>name</key>
            \t<string>x &amp; &lt;y&gt;</string>
            \t<key>none</key>
            \t<array/>
            </dict>
            </plist>

            """
        let ours = try value.encoded(as: .xml)
        #expect(String(decoding: ours, as: UTF8.self) == expected)
        #expect(ours == (try Self.foundationXML(value.propertyListObject)))
    }

    /// The writer reuses the sorted order of recently seen key lists; dictionaries with the
    /// same keys in other orders, with one key more or less, or with keys that differ only in
    /// Unicode normalization must still come out sorted as each one's own keys sort.
    @Test func repeatedKeyListsInManyOrdersSortAsFoundationSortsThem() throws {
        var generator = SeededRandom(seed: 0x50_87ED)
        // (No two keys canonically equivalent here: Foundation's side goes through a Swift
        // dictionary, which would merge them; that case is checked below on our side alone.)
        let names = ["Name", "Artist", "Track ID", "Album", "Year", "e\u{301}", "Zeta", "alpha", "Ω", "Ä"]
        var records: [PlistValue] = []
        for i in 0..<300 {
            var keys = names
            // Shuffle, then drop up to two keys, so key lists repeat in some orders only.
            for j in stride(from: keys.count - 1, to: 0, by: -1) { keys.swapAt(j, Int(generator.next() % UInt64(j + 1))) }
            keys.removeLast(Int(generator.next() % 3))
            if i % 3 == 0 { keys = Array(keys.prefix(5)) }
            var record = PlistDictionary()
            for (position, key) in keys.enumerated() { record[key] = .integer(PlistInteger(Int64(position))) }
            records.append(.dictionary(record))
            if i % 2 == 0 { records.append(.dictionary(record)) }  // the same list twice in a row
        }
        let value = PlistValue.array(records)
        #expect(try value.encoded(as: .xml) == (try Self.foundationXML(value.propertyListObject)))

        // "é" precomposed (C3 A9) sorts after "f", decomposed ("e" + U+0301) before it: a key
        // list equal to the previous one only up to normalization must be sorted afresh.
        let composed: PlistValue = .dictionary(["\u{E9}": 1, "f": 2])
        let decomposed: PlistValue = .dictionary(["e\u{301}": 1, "f": 2])
        let text = String(decoding: try PlistValue.array([composed, decomposed]).encoded(as: .xml), as: UTF8.self)
        let keys = text.split(separator: "\n").filter { $0.contains("<key>") }.map { String($0).trimmingCharacters(in: .whitespaces) }
        #expect(keys.map { Array($0.unicodeScalars) } == ["<key>f</key>", "<key>\u{E9}</key>", "<key>e\u{301}</key>", "<key>f</key>"].map { Array($0.unicodeScalars) })
    }

    /// Base64 lines are `76 - 8 × min(depth, 8)` characters, indented by `min(depth, 8)` tabs.
    @Test(arguments: 0...11)
    func base64LineWidthFollowsDepth(depth: Int) throws {
        var value = PlistValue.data(Data((0..<200).map { UInt8($0) }))
        for _ in 0..<depth { value = .array([value]) }
        let ours = try value.encoded(as: .xml)
        #expect(ours == (try Self.foundationXML(value.propertyListObject)))
        let indent = String(repeating: "\t", count: min(depth, 8))
        let lines = String(decoding: ours, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix(indent) && !$0.contains("<") }
        let firstLine = try #require(lines.first)
        #expect(firstLine.count - indent.count == 76 - 8 * min(depth, 8))
    }

    @Test(arguments: [0, 1, 2, 3, 56, 57, 58, 59, 60])
    func base64OfEveryRemainderMatchesFoundation(count: Int) throws {
        let value = PlistValue.array([.data(Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) }))])
        #expect(try value.encoded(as: .xml) == (try Self.foundationXML(value.propertyListObject)))
    }

    @Test(arguments: [
        0.0, 1.0, -1.0, 0.1, 0.5, -2.25, 1e300, 1e-300, 1e16, 1e15, 1e21, 1e22, 3e-5, .pi,
        123_456_789_012_345_680, .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude / 1024, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 0.1 + 0.2, 100, 1.5e-7,
    ])
    func realsMatchFoundation(real: Double) throws {
        let value = PlistValue.real(real)
        #expect(try value.encoded(as: .xml) == (try Self.foundationXML(NSNumber(value: real))))
    }

    @Test(arguments: [
        (0.0, "0.0"), (-0.0, "-0.0"), (1.0, "1"), (0.1, "0.10000000000000001"), (.nan, "nan"),
        (.infinity, "+infinity"), (-.infinity, "-infinity"), (1e21, "1e+21"), (.leastNonzeroMagnitude, "4.9406564584124654e-324"),
    ])
    func realsUsePercentDot17g(real: Double, written: String) throws {
        #expect(Self.body(try PlistValue.real(real).encoded(as: .xml)) == "<real>\(written)</real>")
    }

    @Test(arguments: [
        PlistInteger(0), -1, 1, PlistInteger(Int64.max), PlistInteger(Int64.min), PlistInteger(UInt64.max),
        PlistInteger(UInt64(Int64.max) + 1), 1_000_000,
    ])
    func integersMatchFoundation(integer: PlistInteger) throws {
        let value = PlistValue.integer(integer)
        #expect(try value.encoded(as: .xml) == (try Self.foundationXML(value.propertyListObject)))
    }

    /// Whole seconds, rounded down (toward the past, also before 2001), as Foundation does.
    @Test(arguments: [0.0, 1.7, -1.5, -0.001, 59.999, -86_400.5, 978_307_200, -978_307_200, -63_114_076_800, -63_145_699_200, 252_423_993_600, 12_622_780_800.9])
    func datesMatchFoundation(seconds: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        #expect(try PlistValue.date(date).encoded(as: .xml) == (try Self.foundationXML(date)))
    }

    @Test(arguments: [(-1.5, "2000-12-31T23:59:58Z"), (1.7, "2001-01-01T00:00:01Z"), (-63_145_699_200, "-001-12-30T00:00:00Z"), (252_423_993_600, "10000-01-01T00:00:00Z")])
    func datesAreFlooredAndPaddedLikePercent04d(seconds: Double, written: String) throws {
        let data = try PlistValue.date(Date(timeIntervalSinceReferenceDate: seconds)).encoded(as: .xml)
        #expect(Self.body(data) == "<date>\(written)</date>")
        if seconds.rounded(.down) == seconds {
            #expect(try PlistValue(decoding: data, format: .xml) == .date(Date(timeIntervalSinceReferenceDate: seconds)))
        }
    }

    @Test func fractionalSecondsAreReportedAsALoss() throws {
        let value: PlistValue = ["when": .date(Date(timeIntervalSinceReferenceDate: -1.5))]
        let (data, warnings) = try value.encodedReportingLosses(as: .xml)
        #expect(Self.body(data).contains("<date>2000-12-31T23:59:58Z</date>"))
        #expect(warnings.map(\.kind) == [.fractionalSecondsDropped])
        #expect(warnings.first?.keyPath == PlistKeyPath(components: ["when"]))
    }

    @Test func escapesOnlyAmpersandAndAngleBracketsLikeFoundation() throws {
        let text = "a&b<c>d\"e'f\tg\nh ]]> é😀 \u{2028}"
        let value: PlistValue = [text: .string(text)]
        let ours = try value.encoded(as: .xml)
        #expect(ours == (try Self.foundationXML(value.propertyListObject)))
        #expect(Self.body(ours).contains("<string>a&amp;b&lt;c&gt;d\"e'f\tg\nh ]]&gt; é😀 \u{2028}</string>"))
    }

    @Test func uidsAreWrittenAsFoundationWritesThem() throws {
        let value: PlistValue = ["$top": ["root": .uid(1)], "$objects": [.uid(0), .uid(UInt32.max)]]
        let ours = try value.encoded(as: .xml)
        #expect(ours == (try Self.foundationXML(value.propertyListObject)))
        #expect(try PlistValue(decoding: ours, format: .xml) == value)
    }

    @Test func preservedKeyOrderKeepsTheDictionaryOrder() throws {
        let value: PlistValue = ["b": 1, "a": ["z": 1, "y": 2]]
        let sorted = Self.body(try value.encoded(as: .xml))
        let kept = Self.body(try value.encoded(as: .xml, options: PlistWritingOptions(keyOrder: .preserved)))
        func keys(_ text: String) -> [String] {
            text.components(separatedBy: "<key>").dropFirst().map { $0.components(separatedBy: "</key>")[0] }
        }
        #expect(keys(sorted) == ["a", "y", "z", "b"])
        #expect(keys(kept) == ["b", "a", "z", "y"])
    }

    @Test func keyOrderChangeIsReportedWhenSorting() throws {
        let value: PlistValue = ["b": 1, "a": 2]
        let (_, warnings) = try value.encodedReportingLosses(as: .xml)
        #expect(warnings.map(\.kind) == [.keyOrderChanged])
        let (_, none) = try value.encodedReportingLosses(as: .xml, options: PlistWritingOptions(keyOrder: .preserved))
        #expect(none.isEmpty)
    }

    /// Foundation writes these characters raw and makes a file libxml2 (and XML 1.0) refuses.
    @Test(arguments: [
        (PlistValue.array(["ok", ["k": "a\u{1}b"]]), "1.k", "Cannot write a string as xml1: the string holds U+0001, which XML 1.0 cannot carry (binary and JSON can)"),
        (["a": ["x", "\u{0}"]], "a.1", "Cannot write a string as xml1: the string holds U+0000, which XML 1.0 cannot carry (binary and JSON can)"),
        (["a": ["b\u{FFFE}": 1]], "a", "Cannot write a dictionary as xml1: the key 'b\\u{FFFE}' holds U+FFFE, which XML 1.0 cannot carry (binary and JSON can)"),
        (["u\u{FFFF}"], "0", "Cannot write a string as xml1: the string holds U+FFFF, which XML 1.0 cannot carry (binary and JSON can)"),
    ] as [(PlistValue, String, String)])
    func refusesWhatXMLCannotHoldWithItsKeyPath(value: PlistValue, path: String, reason: String) throws {
        let error = try #require(throws: PlistError.self) { try value.encoded(as: .xml) }
        #expect(error.code == .unrepresentableValue)
        #expect(error.location == .keyPath(PlistKeyPath(parsing: path)))
        #expect(error.reason == reason)
    }

    /// Foundation writes such dates as garbage (`2030437302-06-07T24:60:-2147483648Z`). (Built
    /// in the test body: describing a NaN `Date` as a test argument crashes Foundation.)
    @Test func refusesDatesXMLCannotHold() throws {
        for (seconds, reason) in [
            (Double.nan, "Cannot write a date as xml1: the date is nan seconds from 2001, not a moment XML can write"),
            (-.infinity, "Cannot write a date as xml1: the date is -inf seconds from 2001, not a moment XML can write"),
            (1e300, "Cannot write a date as xml1: the date is 1e+300 seconds from 2001, beyond the ±2^53 seconds XML dates are written for"),
        ] {
            let value: PlistValue = ["d": .date(Date(timeIntervalSinceReferenceDate: seconds))]
            let error = try #require(throws: PlistError.self) { try value.encoded(as: .xml) }
            #expect(error.code == .unrepresentableValue)
            #expect(error.location == .keyPath(PlistKeyPath(components: ["d"])))
            #expect(error.reason == reason)
        }
        let limit = PlistValue.date(Date(timeIntervalSinceReferenceDate: -9_007_199_254_740_992))
        #expect(try PlistValue(decoding: try limit.encoded(as: .xml), format: .xml) == limit)
    }

    /// The writer refuses on its own too, when called without the loss analysis.
    @Test func writerItselfRefusesControlCharactersWithKeyPath() throws {
        let value: PlistValue = ["z": "fine", "a": ["x", "bad\u{7}"]]
        let error = try #require(throws: PlistError.self) { try XMLPlistWriter.write(value, options: PlistWritingOptions()) }
        #expect(error.code == .unrepresentableValue)
        #expect(error.location == .keyPath(PlistKeyPath(components: ["a", "1"])))
    }

    @Test func tabsLineFeedsAndCarriageReturnsAreKept() throws {
        let value = PlistValue.string("\t\n\r")
        let data = try value.encoded(as: .xml)
        #expect(Self.body(data) == "<string>\t\n&#13;</string>")
        #expect(try PlistValue(decoding: data, format: .xml) == value)
    }
}
