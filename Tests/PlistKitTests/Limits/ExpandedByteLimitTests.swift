import Foundation
import Testing
@testable import PlistKit

/// The expanded-byte limit: a small binary plist that references one long string through
/// levels of pairs expands to gigabytes of text with few values. Every writer that writes each
/// occurrence, and every printer, refuses it before writing anything; so does the binary
/// writer, which writes the string once but hashes each occurrence. Attempts run in an isolated
/// child (``IsolatedRun``) with a memory cap and a processor-time cap, so a writer that tried
/// fails the test instead of taking the test process down.
@Suite struct ExpandedByteLimitTests {
    typealias B = HandMadeBinaryPlist

    /// The shape of issue 20: 16 levels over a 100,000-byte string, 6.5 GB expanded.
    static func byteBomb() throws -> PlistValue {
        try PlistValue(decoding: B.byteBomb(levels: 16, stringBytes: 100_000).bytes, format: .binary)
    }

    /// Exit statuses of a child writing a bomb.
    enum Status: Int32 {
        case refusedWithLimit = 10, wroteOutput = 11, otherError = 12
    }

    /// Runs `work` in the calling child and ends it with its status: refused by a limitExceeded
    /// error naming `limit`, wrote, or failed otherwise. What the statuses mean, for messages.
    static func refusal(naming limit: String, _ work: @escaping () throws -> Void) -> Never {
        IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
            do {
                try work()
                return Status.wroteOutput.rawValue
            } catch let error as PlistError where error.code == .limitExceeded && error.description.contains(limit) {
                return Status.refusedWithLimit.rawValue
            } catch {
                return Status.otherError.rawValue
            }
        }
    }

    static let statusMeanings = """
        \(Status.wroteOutput.rawValue): wrote, \(Status.otherError.rawValue): another error, signal \(IsolatedRun.cpuLimitSignal): \
        out of processor time
        """

    @Test func countsStringDataAndKeyBytesPerOccurrence() throws {
        // An array holding one 3-byte string twice (shared) and a dictionary {"ab": data(5)}:
        // 5 values and 1 key at 8 bytes each, 3 + 3 string bytes, 2 key bytes, 5 data bytes.
        let shared: PlistValue = "abc"
        let tree: PlistValue = [shared, shared, ["ab": .data(Data(count: 5))]]
        let size = try ExpandedSizeCounter.size(of: tree, valueLimit: .max).get()
        #expect(size.count == 6)
        #expect(size.bytes == 6 * 8 + 3 + 3 + 2 + 5)
        _ = try tree.encoded(as: .xml, options: PlistWritingOptions(maximumExpandedByteCount: size.bytes))
        let error = #expect(throws: PlistError.self) {
            try tree.encoded(as: .xml, options: PlistWritingOptions(maximumExpandedByteCount: size.bytes - 1))
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description == "The value holds more than \(size.bytes - 1) bytes of strings, data and values once its shared references are expanded, more than writing allows (PlistWritingOptions.maximumExpandedByteCount) at the root.")
    }

    /// Containers below the memoized size are counted at each occurrence, larger ones once
    /// by their storage: the sizes are the same either way, and a tree of shared pairs still
    /// stops at its limit after few steps.
    @Test func smallSharedContainersCountPerOccurrenceAndLargeOnesOnce() throws {
        let record: PlistValue = ["a": 1, "b": "two", "c": [3.0]]  // 1 + 3 keys + 3 + 1 = 8 values
        let small = PlistValue.array(Array(repeating: record, count: 100_000))
        let smallSize = try ExpandedSizeCounter.size(of: small, valueLimit: .max).get()
        #expect(smallSize.count == 1 + 100_000 * 8)
        #expect(smallSize.depth == 3)
        // A container past the memoized size, shared a thousand times.
        let large = PlistValue.array(Array(repeating: small, count: 1_000))
        let largeSize = try ExpandedSizeCounter.size(of: large, valueLimit: .max).get()
        #expect(largeSize.count == 1 + 1_000 * smallSize.count)
        #expect(largeSize.bytes == 1_000 * smallSize.bytes + ExpandedSizeCounter.bytesPerValue)
    }

    /// 55 levels of [previous, previous] over a string: 2^56 values. Under a limit it is
    /// refused at the limit; without one it is counted exactly (few enough bytes for an
    /// `Int`), which a walk of each occurrence could never finish (the child's
    /// processor-time cap would end it).
    @Test func aPairBombIsCountedWithoutWalkingItsOccurrences() async {
        await #expect(processExitsWith: .exitCode(0), "signal \(IsolatedRun.cpuLimitSignal): the count walked the occurrences") {
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                var bomb: PlistValue = "x"
                for _ in 0..<55 { bomb = [bomb, bomb] }
                guard ExpandedSizeCounter.size(of: bomb, valueLimit: 1 << 26) == .failure(.values),
                    case .success(let size) = ExpandedSizeCounter.size(of: bomb, valueLimit: .max)
                else { return 1 }
                return size.count == (1 << 56) - 1 && size.depth == 55 ? 0 : 2
            }
        }
    }

    /// The binary writer too: it writes the string once, but hashes every occurrence to
    /// find it (6.5 GB read, 20 seconds).
    @Test(arguments: [PlistFormat.xml, .json, .openStep, .binary])
    func everyWriterRefusesTheSixteenLevelStringBomb(format: PlistFormat) async throws {
        let formatName = format.rawValue
        await #expect(
            processExitsWith: .exitCode(Status.refusedWithLimit.rawValue), "writing the byte bomb as \(format) (\(Self.statusMeanings))"
        ) { [formatName = formatName as String] in
            let bomb = try Self.byteBomb()
            let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
            Self.refusal(naming: "PlistWritingOptions.maximumExpandedByteCount") {
                _ = try bomb.encoded(as: PlistFormat(rawValue: formatName)!, options: options)
            }
        }
    }

    /// Every printer and literal writer runs the same check, for the value bomb (2⁶⁰ values)
    /// and the byte bomb alike.
    @Test(arguments: ["tree", "plutil -p", "swift", "objc", "defaults", "diff", "encoder"], ["maximumValueCount", "maximumExpandedByteCount"])
    func printersRefuseBothBombs(printer: String, limit: String) async throws {
        await #expect(
            processExitsWith: .exitCode(Status.refusedWithLimit.rawValue), "\(printer) on the \(limit) bomb (\(Self.statusMeanings))"
        ) { [printer = printer as String, limit = limit as String] in
            let bomb = limit == "maximumValueCount"
                ? try PlistValue(decoding: B.referenceBomb(levels: 60).bytes, format: .binary) : try Self.byteBomb()
            Self.refusal(naming: "PlistWritingOptions.\(limit)") { try Self.print(bomb, with: printer) }
        }
    }

    /// Writes `bomb` with the printer or literal writer named `printer`.
    static func print(_ bomb: PlistValue, with printer: String) throws {
        switch printer {
        case "tree": _ = try PlistTreePrinter().tree(of: bomb, title: "bomb")
        case "plutil -p": _ = try PlutilPrinter.description(of: bomb)
        case "swift": _ = try bomb.swiftLiteral()
        case "objc": _ = try bomb.objectiveCLiteral()
        case "defaults": _ = try DefaultsDescription.text(of: bomb)
        case "diff": _ = try PlistDiff(from: bomb, to: .array([]))
        default:
            // PlistEncoder's own XML writer counts as the general path does and leaves the
            // refusal to it.
            var encoder = PlistEncoder()
            encoder.outputFormat = .xml
            do {
                _ = try encoder.encode(bomb)
            } catch let error as EncodingError {
                guard case .invalidValue(_, let context) = error, let underlying = context.underlyingError else { throw error }
                throw underlying
            }
        }
    }

    /// The XML writer's output reports a failed allocation as an error, not a trap.
    @Test func aFailedXMLOutputAllocationIsAnError() throws {
        let error = #expect(throws: PlistError.self) {
            try XMLPlistWriter.document(options: PlistWritingOptions()) { emitter in
                emitter.out.reserve(Int.max / 2)
                let failed = emitter.out.hasOverflowed
                #expect(failed)
                // A failed output drops what follows, and the writer runs to its end.
                emitter.out.put("<string>x</string>\n")
                try emitter.emitScalar("after the failure", depth: 1)
            }
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description.contains("could not get the memory") == true)
    }
}
