import Foundation
import Testing
import PlistKit

/// A writer never writes what its own reader refuses: every path that writes a property list
/// stops at the readers' depth, before handing over any byte, and names where the tree goes too
/// deep (`DeepWritingTests` checks each format's writer on a plain tree); and no output is larger
/// than the readers' input limit.
@Suite struct WriterLimitTests {
    /// `levels` arrays, one inside the other, around a string.
    static func chain(_ levels: Int) -> PlistValue {
        var value: PlistValue = "leaf"
        for _ in 0..<levels { value = [value] }
        return value
    }

    /// A deep subtree shared in many places (as a binary plist's references share it) is
    /// measured once, and the refusal names its first occurrence.
    @Test func sharedDeepSubtreeIsNamedAtItsFirstOccurrence() {
        let deep = Self.chain(512)
        let root: PlistValue = ["a": "shallow", "b": .array(Array(repeating: deep, count: 1000)), "c": deep]
        let error = #expect(throws: PlistError.self) { try root.encoded(as: .binary) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.location == .keyPath(PlistKeyPath(components: ["b"] + Array(repeating: "0", count: 511))))
    }

    /// The streaming write hands over nothing before refusing.
    @Test(arguments: [PlistFormat.binary, .xml, .json, .openStep])
    func streamingWriteHandsOverNothingBeforeRefusing(format: PlistFormat) {
        var pieces = 0
        let error = #expect(throws: PlistError.self) {
            try Self.chain(513).write(as: format, options: PlistWritingOptions(jsonStyle: .tagged)) { _ in pieces += 1 }
        }
        #expect(error?.code == .limitExceeded)
        #expect(pieces == 0)
    }

    /// `PlistEncoder` writes no deeper than the readers read either.
    @Test(arguments: [PlistFormat.binary, .xml])
    func encoderStopsAtTheReadersDepth(format: PlistFormat) throws {
        var encoder = PlistEncoder()
        encoder.outputFormat = format
        let refused = #expect(throws: EncodingError.self) { try encoder.encode(Self.chain(513)) }
        #expect(refused != nil)
        let bytes = try encoder.encode(Self.chain(512))
        #expect(try PlistValue(decoding: bytes) == Self.chain(512))
    }

    /// A `defaults write` literal nested too deep fails with the reader's limit and position,
    /// without repeating the text it was given.
    @Test func tooDeepDefaultsLiteralIsShortAndSaysWhy() {
        let literal = String(repeating: "(", count: 65_000) + String(repeating: ")", count: 65_000)
        let error = #expect(throws: PlistError.self) { try DefaultsValueArgument.value(parsing: literal) }
        #expect(error?.description.contains("nested too deep") == true)
        #expect(error?.description.contains("more than 512 levels at line 1, column 513") == true)
        #expect((error?.description.count ?? .max) < 600)
    }

    // MARK: Output size

    /// The output limit is the readers' input limit.
    @Test func outputLimitIsTheReadersInputLimit() {
        #expect(PlistWritingOptions().maximumOutputBytes == PlistReadingOptions().maximumInputBytes)
    }

    /// Escaping makes text weigh more than the tree's bytes: 100 ampersands are 500 bytes of
    /// XML. An output past the limit is refused, whole or in pieces, before it is handed over.
    @Test(arguments: [PlistFormat.xml, .json, .openStep, .binary])
    func outputPastTheLimitIsRefused(format: PlistFormat) throws {
        let value: PlistValue = ["k": .string(String(repeating: format == .json ? "\u{1}" : "&", count: 100))]
        let size = try value.encoded(as: format).count
        let options = PlistWritingOptions(maximumOutputBytes: size - 1)
        let whole = #expect(throws: PlistError.self) { try value.encoded(as: format, options: options) }
        #expect(whole?.description == "The written property list is more than \(size - 1) bytes, more than its readers read (PlistWritingOptions.maximumOutputBytes).")
        var pieces = 0
        #expect(throws: PlistError.self) { try value.write(as: format, options: options) { _ in pieces += 1 } }
        #expect(pieces == 0)
        #expect(try value.encoded(as: format, options: PlistWritingOptions(maximumOutputBytes: size)).count == size)
    }

    /// The binary-to-XML conversion, which writes without a tree, has the same bound.
    @Test func binaryToXMLConversionIsBoundToo() throws {
        let binary = try PlistValue.dictionary(["k": .string(String(repeating: "&", count: 100))]).encoded(as: .binary)
        let size = try PlistValue(decoding: binary).encoded(as: .xml).count
        let error = #expect(throws: PlistError.self) {
            try BinaryPlistXMLConverter.convert(binary, writingOptions: PlistWritingOptions(maximumOutputBytes: size - 1)) { _ in }
        }
        #expect(error?.code == .limitExceeded)
        var converted = Data()
        try BinaryPlistXMLConverter.convert(binary, writingOptions: PlistWritingOptions(maximumOutputBytes: size)) { converted += $0 }
        #expect(converted.count == size)
    }
}
