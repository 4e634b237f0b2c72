import Foundation

/// Assembles `bplist00` files byte by byte, so tests can state exactly what a hostile file
/// claims: object markers with any count, references to any object, and a trailer whose fields
/// can be overridden.
///
/// Layout (Apple's CFBinaryPList.c): the 8-byte magic, the objects, the offset table (one
/// big-endian offset of `offsetSize` bytes per object) and a 32-byte trailer: 6 unused bytes,
/// the offset size, the reference size, then the object count, the top object's index and the
/// offset table's offset as big-endian 64-bit integers.
struct HandMadeBinaryPlist {
    /// Each object's bytes, in index order.
    var objects: [[UInt8]] = []
    /// The size of an object reference in containers, in bytes.
    var referenceSize: UInt8 = 1
    var topObject: UInt64 = 0
    /// The size of each offset in the table: the smallest that holds every offset when `nil`.
    var offsetSize: Int?
    /// Replaces the object count written in the trailer (the true count when `nil`).
    var claimedObjectCount: UInt64?
    /// Replaces the offset size written in the trailer.
    var claimedOffsetSize: UInt8?
    /// Replaces the offset-table offset written in the trailer.
    var claimedOffsetTableOffset: UInt64?

    /// A marker byte followed by a count: counts of 15 or more follow the marker as an integer
    /// object (`0x1n` and 2ⁿ big-endian bytes), as the format encodes them.
    static func marker(_ high: UInt8, count: UInt64) -> [UInt8] {
        if count < 15 { return [high << 4 | UInt8(count)] }
        return [high << 4 | 0x0F] + integer(count)
    }

    /// An integer object: `0x13` and eight big-endian bytes for anything above 32 bits.
    static func integer(_ value: UInt64) -> [UInt8] {
        if value <= 0xFF { return [0x10, UInt8(value)] }
        if value <= 0xFFFF { return [0x11] + bigEndian(value, size: 2) }
        if value <= 0xFFFF_FFFF { return [0x12] + bigEndian(value, size: 4) }
        return [0x13] + bigEndian(value, size: 8)
    }

    /// An array object of references of `referenceSize` bytes.
    static func array(_ references: [UInt64], referenceSize: Int = 1) -> [UInt8] {
        marker(0xA, count: UInt64(references.count)) + references.flatMap { bigEndian($0, size: referenceSize) }
    }

    /// An ASCII string object.
    static func ascii(_ text: String) -> [UInt8] {
        marker(0x5, count: UInt64(text.utf8.count)) + Array(text.utf8)
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// The file's bytes.
    var bytes: Data {
        var file = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(file.count))
            file += object
        }
        let tableOffset = UInt64(file.count)
        let offsetSize = self.offsetSize ?? ((offsets.max() ?? 0) <= 0xFF ? 1 : ((offsets.max() ?? 0) <= 0xFFFF ? 2 : 4))
        for offset in offsets { file += Self.bigEndian(offset, size: offsetSize) }
        file += [0, 0, 0, 0, 0, 0]
        file.append(claimedOffsetSize ?? UInt8(offsetSize))
        file.append(referenceSize)
        file += Self.bigEndian(claimedObjectCount ?? UInt64(objects.count), size: 8)
        file += Self.bigEndian(topObject, size: 8)
        file += Self.bigEndian(claimedOffsetTableOffset ?? tableOffset, size: 8)
        return Data(file)
    }

    /// A reference bomb: object `i` is an array holding object `i + 1` twice, `levels` times,
    /// ending in a one-character string. The file has `levels + 1` objects and about
    /// `4 × levels + 40` bytes; expanded as a tree it has 2^`levels` strings.
    static func referenceBomb(levels: Int) -> HandMadeBinaryPlist {
        var plist = HandMadeBinaryPlist()
        plist.referenceSize = levels < 255 ? 1 : 2
        for level in 0..<levels {
            let next = UInt64(level + 1)
            plist.objects.append(array([next, next], referenceSize: Int(plist.referenceSize)))
        }
        plist.objects.append(ascii("x"))
        return plist
    }

    /// A keyed archive whose one object (`$objects[1]`, of class `NSArray` without `NS.objects`) holds in its field
    /// `f` a reference bomb of `levels` arrays (each holding the next twice) ending in a UID
    /// back to the object: a few hundred bytes, 2^`levels` references when the field is
    /// walked as a tree. What `TestData/Regressions/graph/archive-field-reference-bomb.bplist`
    /// holds, at 60 levels.
    static func archiveFieldBomb(levels: Int) -> HandMadeBinaryPlist {
        var plist = HandMadeBinaryPlist()
        func string(_ text: String) -> [UInt8] { marker(0x5, count: UInt64(text.utf8.count)) + Array(text.utf8) }
        func uid(_ index: UInt8) -> [UInt8] { [0x80, index] }
        let first = 22
        plist.objects = [
            [0xD4, 5, 6, 7, 8, 1, 2, 3, 4],  // 0: the archive's dictionary
            string("NSKeyedArchiver"), integer(100_000), [0xD1, 9, 10], [0xA3, 11, 12, 13],  // 1-4
            string("$archiver"), string("$version"), string("$top"), string("$objects"), string("root"),  // 5-9
            uid(1), string("$null"),  // 10-11
            [0xD2, 14, 15, 16, 17], [0xD2, 18, 19, 20, 21],  // 12: the object, 13: its class
            string("$class"), string("f"), uid(2), [0xA2, UInt8(first), UInt8(first)],  // 14-17
            string("$classname"), string("$classes"), string("NSArray"), [0xA1, 20],  // 18-21
        ]
        for level in 0..<levels {
            let next = UInt8(first + level + 1)
            plist.objects.append([0xA2, next, next])
        }
        plist.objects.append(uid(1))
        return plist
    }

    /// A byte bomb: object `i` is an array holding object `i + 1` twice, `levels` times,
    /// ending in one ASCII string of `stringBytes` bytes. The file is a little larger than
    /// the string; expanded as a tree it holds 2^`levels` copies of it (16 levels of a
    /// 100,000-byte string: 6.5 GB of text, but only 2¹⁷ values).
    static func byteBomb(levels: Int, stringBytes: Int) -> HandMadeBinaryPlist {
        var plist = referenceBomb(levels: levels)
        plist.objects[levels] = ascii(String(repeating: "b", count: stringBytes))
        // The offsets must reach the table, after the string.
        plist.offsetSize = 4
        return plist
    }
}
