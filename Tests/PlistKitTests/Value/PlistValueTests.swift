import Foundation
import Testing
import PlistKit
import PlistKitFoundation

@Suite struct PlistValueTests {
    @Test func realsCompareByBitPatternOrAsNaN() {
        #expect(PlistValue.real(.nan) == .real(.nan))
        #expect(PlistValue.real(-0.0) != .real(0.0))
        #expect(PlistValue.real(1.5) == .real(1.5))
        #expect(Set<PlistValue>([.real(.nan), .real(.nan)]).count == 1)
    }

    @Test func integersAndRealsAreDifferentValues() {
        #expect(PlistValue.integer(1) != .real(1))
        #expect(PlistValue.uid(1) != .integer(1))
    }

    @Test func accessorsReadNestedValues() {
        let value: PlistValue = ["items": [["name": "x", "size": 3]], "flag": true, "ratio": 0.5]
        #expect(value["items"]?[0]?["name"]?.string == "x")
        #expect(value["items"]?[0]?["size"]?.int == 3)
        #expect(value["flag"]?.bool == true)
        #expect(value["ratio"]?.real == 0.5)
        #expect(value["items"]?[1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["items"]?.count == 1)
        #expect(value.kind == .dictionary)
        #expect(PlistValue.Kind.boolean.plutilName == "bool")
        #expect(PlistValue.Kind.real.plutilName == "float")
    }

    @Test func bridgesFoundationTrees() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let object: [String: Any] = [
            "s": "text", "i": NSNumber(value: -7), "u": NSNumber(value: UInt64.max), "r": NSNumber(value: 2.5),
            "b": true, "d": date, "data": Data([1, 2]), "a": [NSNumber(value: 1), "two"],
        ]
        let value = try PlistValue(propertyList: object)
        let expected: PlistValue = [
            "s": "text", "i": -7, "u": .integer(PlistInteger(UInt64.max)), "r": 2.5,
            "b": true, "d": .date(date), "data": .data(Data([1, 2])), "a": [1, "two"],
        ]
        #expect(value == expected)
        #expect(try PlistValue(propertyList: value.propertyListObject) == value)
    }

    @Test func bridgesFoundationUIDs() throws {
        let value = PlistValue.array([.uid(7), .uid(UInt32.max)])
        #expect(try PlistValue(propertyList: value.propertyListObject) == value)
    }

    @Test func bridgingRejectsNonPlistObjects() {
        #expect(throws: PlistError.self) { try PlistValue(propertyList: ["k": [URL(fileURLWithPath: "/")]]) }
        let error = try? #require(throws: PlistError.self) { try PlistValue(propertyList: [1: "x"] as [Int: String]) }
        #expect(error?.code == .invalidArgument)
    }

    @Test func errorsReadAsSentences() {
        let error = PlistError(.corruptData, "Invalid object marker 0x7F", at: .byteOffset(1234))
        #expect(error.description == "Invalid object marker 0x7F at byte offset 1234.")
        let atPath = PlistError(.keyPathNotFound, "No value for key 'x'", at: .keyPath("a.x"))
        #expect(atPath.description == "No value for key 'x' at key path 'a.x'.")
        let atLine = PlistError(.corruptData, "Unexpected tag <foo>", at: .line(3, column: 9))
        #expect(atLine.description == "Unexpected tag <foo> at line 3, column 9.")
    }
}

/// The expanded-size count that guards every writer against shared-reference bombs.
@Suite struct ExpandedSizeLimitTests {
    /// An array of `width` references to the level below, `levels` deep: 1 + width + width² …
    func sharedTree(levels: Int, width: Int) -> PlistValue {
        var value: PlistValue = "leaf"
        for _ in 0..<levels { value = .array(Array(repeating: value, count: width)) }
        return value
    }

    @Test func countsExpandedValuesExactly() throws {
        // 3 levels of width 2: 1 + 2 + 4 containers/leaves = 1 + 2 + 4 + 8 = 15 values.
        let tree = sharedTree(levels: 3, width: 2)
        let options = PlistWritingOptions(maximumValueCount: 15)
        _ = try tree.encoded(as: .xml, options: options)
        let error = #expect(throws: PlistError.self) {
            try tree.encoded(as: .xml, options: PlistWritingOptions(maximumValueCount: 14))
        }
        #expect(error?.code == .limitExceeded)
    }

    @Test func countsDictionaryKeys() throws {
        let value: PlistValue = ["a": 1, "b": [true]]
        // dictionary 1 + keys 2 + values: 1 + (array 1 + element 1) = 6
        _ = try value.encoded(as: .binary, options: PlistWritingOptions(maximumValueCount: 6))
        #expect(throws: PlistError.self) {
            try value.encoded(as: .binary, options: PlistWritingOptions(maximumValueCount: 5))
        }
    }

    @Test(arguments: [PlistFormat.xml, .binary, .json, .openStep])
    func refusesAnExponentialTreeQuickly(format: PlistFormat) {
        let bomb = sharedTree(levels: 64, width: 2)
        let error = #expect(throws: PlistError.self) {
            try bomb.encoded(as: format, options: PlistWritingOptions(jsonStyle: .tagged))
        }
        #expect(error?.code == .limitExceeded)
    }
}

/// Trees nested far deeper than the default reading limit, as a raised `maximumDepth` admits.
@Suite struct DeepWritingTests {
    func nested(_ depth: Int) -> PlistValue {
        var value: PlistValue = ["leaf": "bottom"]
        for level in 1..<depth { value = level.isMultiple(of: 2) ? [value] : ["k": value] }
        return value
    }

    /// The key path of the innermost container of `nested(depth)`, the one past depth - 1.
    func innermostPath(_ depth: Int) -> PlistKeyPath {
        PlistKeyPath(components: stride(from: depth - 1, to: 0, by: -1).map { $0.isMultiple(of: 2) ? "0" : "k" })
    }

    /// The binary writer iterates and could write any depth, but writes none deeper than its
    /// reader reads: raised, both limits take ten thousand levels.
    @Test func binaryWriterWritesTenThousandLevelsWhenBothLimitsAreRaised() throws {
        let deep = nested(10_000)
        let refused = #expect(throws: PlistError.self) { try deep.encoded(as: .binary) }
        #expect(refused?.code == .limitExceeded)
        let bytes = try deep.encoded(as: .binary, options: PlistWritingOptions(maximumDepth: 10_000))
        let value = try PlistValue(decoding: bytes, format: .binary, options: PlistReadingOptions(maximumDepth: 10_000))
        #expect(value.kind == .dictionary)
        let unread = #expect(throws: PlistError.self) { try PlistValue(decoding: bytes, format: .binary) }
        #expect(unread?.code == .limitExceeded)
    }

    /// Every writer refuses, before writing anything, what its reader would refuse, and names
    /// the first container past the limit.
    @Test(arguments: [PlistFormat.binary, .xml, .json, .openStep])
    func writersStopAtTheReadersDepthLimit(format: PlistFormat) throws {
        let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
        let error = #expect(throws: PlistError.self) { try nested(513).encoded(as: format, options: options) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description.contains("nests 513 levels deep") == true)
        #expect(error?.location == .keyPath(innermostPath(513)))
        let bytes = try nested(512).encoded(as: format, options: options)
        #expect(try PlistValue(decoding: bytes, format: format) == nested(512))
        let shallower = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true, maximumDepth: 100)
        #expect(throws: PlistError.self) { try nested(101).encoded(as: format, options: shallower) }
    }
}
