import Foundation
import Testing
@testable import PlistKit

/// The one transcoder: every encoding form and byte order against Swift's own, and each kind
/// of failure at its byte offset.
@Suite struct UnicodeTranscoderTests {
    static let sample = "a é € 😀 \u{10FFFF} \u{FFFF} z"

    static func utf8(_ bytes: [UInt8], _ form: UnicodeTranscoder.Form, skip: Int = 0) -> Result<[UInt8], UnicodeTranscoder.Failure> {
        ByteCursor.withBytes(of: bytes) { input in
            var cursor = input
            try? cursor.seek(to: skip)
            return Result { () throws(UnicodeTranscoder.Failure) in try UnicodeTranscoder.utf8(from: &cursor, form: form) }
        }
    }

    static func units16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func units32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let v = scalar.value
            let bytes = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
    }

    @Test(arguments: [true, false])
    func transcodesEveryFormToUTF8(bigEndian: Bool) throws {
        #expect(try Self.utf8(Self.units16(Self.sample, bigEndian: bigEndian), .utf16(bigEndian: bigEndian)).get() == Array(Self.sample.utf8))
        #expect(try Self.utf8(Self.units32(Self.sample, bigEndian: bigEndian), .utf32(bigEndian: bigEndian)).get() == Array(Self.sample.utf8))
        #expect(try Self.utf8([0xEE, 0xEE] + Self.units16("x", bigEndian: bigEndian), .utf16(bigEndian: bigEndian), skip: 2).get() == [0x78])
    }

    @Test func locatesEachKindOfFailure() {
        // "a", a lone high surrogate, "b" (UTF-16BE).
        #expect(Self.utf8([0x00, 0x61, 0xD8, 0x00, 0x00, 0x62], .utf16(bigEndian: true))
            == .failure(.init(kind: .unpairedSurrogate, offset: 2, value: 0xD800)))
        // A lone low surrogate (UTF-16LE).
        #expect(Self.utf8([0x61, 0x00, 0x00, 0xDC], .utf16(bigEndian: false))
            == .failure(.init(kind: .unpairedSurrogate, offset: 2, value: 0xDC00)))
        // A high surrogate as the last unit.
        #expect(Self.utf8([0xD8, 0x3D], .utf16(bigEndian: true)) == .failure(.init(kind: .unpairedSurrogate, offset: 0, value: 0xD83D)))
        #expect(Self.utf8([0x00, 0x61, 0x00], .utf16(bigEndian: true)) == .failure(.init(kind: .partialCodeUnit, offset: 2, value: 0)))
        #expect(Self.utf8([0x00, 0x11, 0x00, 0x00], .utf32(bigEndian: true)) == .failure(.init(kind: .notAScalar, offset: 0, value: 0x11_0000)))
        #expect(Self.utf8([0x41, 0, 0, 0, 0x00, 0xD8, 0, 0], .utf32(bigEndian: false)) == .failure(.init(kind: .notAScalar, offset: 4, value: 0xD800)))
        #expect(Self.utf8([0x41, 0, 0, 0, 0x42], .utf32(bigEndian: false)) == .failure(.init(kind: .partialCodeUnit, offset: 4, value: 0)))
    }

    @Test func encodesEveryScalarAsSwiftDoes() {
        for value: UInt32 in [0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF] {
            var bytes: [UInt8] = []
            UnicodeTranscoder.appendUTF8(value, to: &bytes)
            #expect(bytes == Array(String(Unicode.Scalar(value)!).utf8))
        }
    }

    struct Units: UTF16Sink {
        var units: [UInt16] = []
        mutating func append(utf16 unit: UInt16) { units.append(unit) }
    }

    @Test func transcodesStringsToUTF16AsSwiftDoes() {
        for text in [Self.sample, "", "ascii only", "e\u{301}", String(repeating: "😀é", count: 50)] {
            var sink = Units()
            UnicodeTranscoder.transcodeToUTF16(text, into: &sink)
            #expect(sink.units == Array(text.utf16))
        }
    }

    @Test func readsWideTextForTheTextReadersWithTheirMessages() throws {
        let text = try TextInput.utf8(Data([0xFE, 0xFF] + Self.units16("{}", bigEndian: true)), formatName: "JSON")
        #expect(text == Data("{}".utf8))
        #expect(throws: TextInput.MalformedText(reason: "The JSON text holds an unpaired UTF-16 surrogate 0xDC00", offset: 4)) {
            try TextInput.utf8(Data([0xFF, 0xFE, 0x7B, 0x00, 0x00, 0xDC]), formatName: "JSON")
        }
        #expect(throws: TextInput.MalformedText(reason: "The OpenStep text is UTF-16 but has an odd number of bytes", offset: 4)) {
            try TextInput.utf8(Data([0xFE, 0xFF, 0x00, 0x7B, 0x00]), formatName: "OpenStep")
        }
        #expect(throws: TextInput.MalformedText(reason: "The JSON text holds 0x110000, which is not a Unicode scalar", offset: 4)) {
            try TextInput.utf8(Data([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x11, 0x00, 0x00]), formatName: "JSON")
        }
    }
}
