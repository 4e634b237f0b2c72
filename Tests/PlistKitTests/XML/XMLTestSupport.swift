import Foundation
@testable import PlistKit

/// Helpers shared by the XML tests.
enum XMLTestSupport {
    /// Foundation's output with each raw CR written as `&#13;`, as PlistKit writes it (Foundation
    /// writes CR only inside string and key text, so the mapping is exact).
    static func escapingCarriageReturns(_ data: Data) -> Data {
        replacing(Array("\r".utf8), with: Array("&#13;".utf8), in: data)
    }

    /// `data` with every occurrence of the bytes of `target` replaced (bytes, not Characters:
    /// Swift's `String` treats CR LF or CR + U+0301 as one Character).
    static func replacing(_ target: String, with replacement: String, in data: Data) -> Data {
        replacing(Array(target.utf8), with: Array(replacement.utf8), in: data)
    }

    static func replacing(_ target: [UInt8], with replacement: [UInt8], in data: Data) -> Data {
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + target.count <= bytes.count && bytes[i..<(i + target.count)].elementsEqual(target) {
                result += replacement
                i += target.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return Data(result)
    }

    /// `value` with `transform` applied to every string and key.
    static func mappingText(_ value: PlistValue, _ transform: (String) -> String) -> PlistValue {
        switch value {
        case .string(let string): return .string(transform(string))
        case .array(let elements): return .array(elements.map { mappingText($0, transform) })
        case .dictionary(let dictionary):
            var result = PlistDictionary()
            for (key, element) in dictionary { result[transform(key)] = mappingText(element, transform) }
            return .dictionary(result)
        default: return value
        }
    }

    /// What PlistKit reads from Foundation's XML of `value`: `-0.0` becomes `0.0` (Foundation
    /// writes `0.0`); everything else, raw CRs in text included, comes back unchanged.
    static func afterFoundationRoundTrip(_ value: PlistValue) -> PlistValue {
        mappingNegativeZero(value)
    }

    static func mappingNegativeZero(_ value: PlistValue) -> PlistValue {
        switch value {
        case .real(let real) where real == 0: return .real(0.0)
        case .array(let elements): return .array(elements.map(mappingNegativeZero))
        case .dictionary(let dictionary):
            var result = PlistDictionary()
            for (key, element) in dictionary { result[key] = mappingNegativeZero(element) }
            return .dictionary(result)
        default: return value
        }
    }

    /// Whether a string or key in `value` starts with U+FEFF.
    static func hasTextStartingWithByteOrderMark(_ value: PlistValue) -> Bool {
        switch value {
        case .string(let string): return string.unicodeScalars.first == "\u{FEFF}"
        case .array(let elements): return elements.contains(where: hasTextStartingWithByteOrderMark)
        case .dictionary(let dictionary):
            return dictionary.contains { $0.key.unicodeScalars.first == "\u{FEFF}" || hasTextStartingWithByteOrderMark($0.value) }
        default: return false
        }
    }

    /// The bytes of a string, for building XML inputs.
    static func bytes(_ text: String) -> Data { Data(text.utf8) }

    /// What the XML reader makes of `bytes`, its event tape handed to the builder every
    /// `tapeFlushSize` bytes of records (0 for the usual 64 KB; 1 after every element).
    static func read(
        _ bytes: Data, options: PlistReadingOptions = PlistReadingOptions(), tapeFlushSize: Int = 0
    ) -> Result<PlistValue, PlistError> {
        var losses = LossReporter()
        do {
            return .success(try XMLPlistReader.read(bytes, options: options, losses: &losses, tapeFlushSize: tapeFlushSize))
        } catch let error as PlistError {
            return .failure(error)
        } catch {
            return .failure(PlistError(.corruptData, "unexpected error \(error)", at: .byteOffset(0)))
        }
    }

    /// Whether both values have their dictionary keys in the same order everywhere
    /// (`PlistValue`'s `==` ignores key order).
    static func sameKeyOrder(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameKeyOrder($0, $1) }
        case let (.dictionary(x), .dictionary(y)):
            return x.keys.elementsEqual(y.keys) { ExactKey.exactlyEqual($0, $1) }
                && zip(x.values, y.values).allSatisfy { sameKeyOrder($0, $1) }
        default:
            return true
        }
    }
}
