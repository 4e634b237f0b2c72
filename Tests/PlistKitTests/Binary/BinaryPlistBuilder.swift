import Foundation

/// Assembles binary plists byte by byte for the malformed-input tests: objects as raw bytes,
/// an offset table and a trailer, each of which a test may then corrupt.
struct BinaryPlistBuilder {
    var objects: [[UInt8]]
    var refSize = 1
    var offsetSize = 1
    var top: UInt64 = 0
    var version: [UInt8] = Array("00".utf8)

    init(_ objects: [[UInt8]]) { self.objects = objects }

    /// The offset of each object in the built file.
    var offsets: [Int] {
        var result: [Int] = []
        var position = 8
        for object in objects {
            result.append(position)
            position += object.count
        }
        return result
    }

    var offsetTableOffset: Int { 8 + objects.reduce(0) { $0 + $1.count } }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - $0))) }
    }

    func build() -> [UInt8] {
        var out = Array("bplist".utf8) + version
        for object in objects { out += object }
        for offset in offsets { out += Self.bigEndian(UInt64(offset), size: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += Self.bigEndian(UInt64(objects.count), size: 8)
        out += Self.bigEndian(top, size: 8)
        out += Self.bigEndian(UInt64(offsetTableOffset), size: 8)
        return out
    }

    /// A reference to object `index` in `refSize` bytes.
    func ref(_ index: Int) -> [UInt8] { Self.bigEndian(UInt64(index), size: refSize) }
}

extension Array where Element == UInt8 {
    /// Overwrites the trailer field at `field` (offset within the 32-byte trailer).
    func patchingTrailer(_ field: Int, _ bytes: [UInt8]) -> [UInt8] {
        var copy = self
        let start = count - 32 + field
        copy.replaceSubrange(start..<(start + bytes.count), with: bytes)
        return copy
    }
}
