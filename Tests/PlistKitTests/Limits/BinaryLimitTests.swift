import Foundation
import Testing
import PlistKit

/// Binary plists under 1 KB that claim huge counts, lengths, sizes and depths: each must be
/// refused fast with a typed error, before anything is allocated by the claimed amount.
@Suite struct BinaryLimitTests {
    typealias B = HandMadeBinaryPlist

    @Test func refusesTrailerClaimingTwoToTheSixtyObjects() async {
        var plist = B()
        plist.objects = [B.ascii("x")]
        plist.claimedObjectCount = 1 << 60
        #expect(plist.bytes.count < 1024)
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test(arguments: [
        ("array of 2^60 references", B.marker(0xA, count: 1 << 60)),
        ("set of 2^60 references", B.marker(0xC, count: 1 << 60)),
        ("dictionary of 2^59 pairs", B.marker(0xD, count: 1 << 59)),
        ("dictionary whose key and value references overflow", B.marker(0xD, count: UInt64(Int64.max))),
        ("data of 2^62 bytes", B.marker(0x4, count: 1 << 62)),
        ("ASCII string of 2^64 - 1 bytes", B.marker(0x5, count: UInt64.max)),
        ("UTF-16 string of 2^62 code units", B.marker(0x6, count: 1 << 62)),
        ("UTF-16 string whose byte length overflows", B.marker(0x6, count: UInt64(Int64.max))),
        ("count given by a 16-byte integer", [0xAF, 0x14] + [UInt8](repeating: 0xFF, count: 16)),
        ("count that is not an integer object", [0xAF, 0x5F, 0x10, 0x10]),
    ])
    func refusesObjectClaimingHugeCount(label: String, object: [UInt8]) async {
        var plist = B()
        plist.objects = [object]
        #expect(plist.bytes.count < 1024)
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test(arguments: [UInt8(0), 3, 9, 255])
    func refusesImpossibleOffsetSize(size: UInt8) async {
        var plist = B()
        plist.objects = [B.ascii("x")]
        plist.claimedOffsetSize = size
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test(arguments: [UInt64(1) << 62, UInt64.max, 4, 0])
    func refusesOffsetTableOutsideTheObjects(offset: UInt64) async {
        var plist = B()
        plist.objects = [B.ascii("x")]
        plist.claimedOffsetTableOffset = offset
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test func refusesTopObjectBeyondTheCount() async {
        var plist = B()
        plist.objects = [B.ascii("x")]
        plist.topObject = 1 << 40
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test func refusesReferenceBeyondTheObjects() async {
        var plist = B()
        plist.objects = [B.array([0, 200])]
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    /// An array that contains itself: a recursive reader without cycle detection would recurse
    /// until the stack overflows.
    @Test func refusesArrayContainingItself() async {
        var plist = B()
        plist.objects = [B.array([0])]
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    @Test func refusesTwoArraysContainingEachOther() async {
        var plist = B()
        plist.objects = [B.array([1]), B.array([0, 0])]
        await LimitExpectations.expectRefusal(plist.bytes, format: .binary)
    }

    /// 200 distinct arrays, each holding the next (under 1 KB), against a depth limit of 100.
    @Test func refusesChainDeeperThanTheConfiguredDepth() async throws {
        var plist = B()
        for level in 0..<200 { plist.objects.append(B.array([UInt64(level + 1)])) }
        plist.objects.append(B.ascii("x"))
        #expect(plist.bytes.count < 1024)
        let error = await LimitExpectations.expectRefusal(
            plist.bytes, format: .binary, options: PlistReadingOptions(maximumDepth: 100), codes: [.limitExceeded])
        #expect(error?.location != nil, "The depth error should say where: \(String(describing: error))")
        // The same file reads when the limit allows it.
        let value = try PlistValue(decoding: plist.bytes, format: .binary, options: PlistReadingOptions(maximumDepth: 300))
        #expect(value[keyPath: PlistKeyPath(components: Array(repeating: "0", count: 200))] == "x")
    }

    /// 150 distinct integers in an array, against an object-count limit of 100.
    @Test func refusesMoreObjectsThanTheConfiguredCount() async throws {
        var plist = B()
        plist.objects = [B.array((1...150).map(UInt64.init))]
        plist.objects += (1...150).map { B.integer(UInt64($0)) }
        await LimitExpectations.expectRefusal(
            plist.bytes, format: .binary, options: PlistReadingOptions(maximumObjectCount: 100), codes: [.limitExceeded])
        let value = try PlistValue(decoding: plist.bytes, format: .binary, options: PlistReadingOptions(maximumObjectCount: 1000))
        #expect(value.count == 150)
    }

    @Test func refusesInputLargerThanTheConfiguredSize() async {
        var plist = B()
        plist.objects = [B.ascii(String(repeating: "a", count: 200))]
        await LimitExpectations.expectRefusal(
            plist.bytes, format: .binary, options: PlistReadingOptions(maximumInputBytes: 100), codes: [.limitExceeded])
    }
}
