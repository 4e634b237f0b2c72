import Foundation
import Testing
import PlistKit

/// Shared-reference bombs: a binary plist of a few hundred bytes whose objects reference each
/// other so that, expanded as a tree, it holds 2⁶⁰ values. Reading it may share the objects
/// (DESIGN.md: shared references are decoded once, counted once against
/// `maximumObjectCount`), but nothing may then expand it: writing it as XML, JSON or OpenStep
/// means writing 2⁶⁰ elements, and a binary writer that does not unique containers writes 2⁶⁰
/// objects. The library must refuse (a limit on expanded values or output size) rather than
/// try. The conversions run in a forked child with a 2 GiB cap and a deadline, so a library
/// that tries fails these tests instead of taking the test process down.
@Suite struct ReferenceBombTests {
    typealias B = HandMadeBinaryPlist

    static let levels = 60

    /// Reading ends fast with bounded memory: either a limit error or a shared value.
    @Test func readingSixtyLevelBombIsFastAndBounded() throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        #expect(bytes.count < 1024)
        let before = Watchdog.peakResidentBytes()
        let outcome = Watchdog.run(seconds: LimitExpectations.fastSeconds * 4) {
            try PlistValue(decoding: bytes, format: .binary).kind
        }
        guard case let .finished(result, seconds) = outcome else {
            Issue.record("Reading a \(bytes.count)-byte reference bomb did not finish")
            return
        }
        #expect(seconds < LimitExpectations.fastSeconds)
        #expect(Watchdog.peakResidentBytes() - before < LimitExpectations.boundedBytes)
        if case .failure(let error) = result {
            let plistError = try #require(error as? PlistError, "\(type(of: error)): \(error)")
            #expect(plistError.code == .limitExceeded, "\(plistError)")
        }
    }

    /// Exit statuses of the conversion child.
    enum Status: Int32 {
        case refusedWithLimit = 10, wroteOutput = 11, otherError = 12
    }

    /// Converting the bomb to any format must be refused fast (if reading did not refuse it
    /// already), never attempted.
    @Test(arguments: [PlistFormat.xml, .json, .openStep, .binary])
    func convertingSixtyLevelBombIsRefused(format: PlistFormat) throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        let value: PlistValue
        do {
            value = try PlistValue(decoding: bytes, format: .binary)
        } catch let error as PlistError where error.code == .limitExceeded {
            return  // Refused when read: nothing downstream can expand it.
        }
        let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
        let outcome = IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
            do {
                _ = try value.encoded(as: format, options: options)
                return Status.wroteOutput.rawValue
            } catch let error as PlistError where error.code == .limitExceeded {
                return Status.refusedWithLimit.rawValue
            } catch {
                return Status.otherError.rawValue
            }
        }
        // Writing first counts the tree with shared references expanded (memoised by storage,
        // so the count itself stays fast) and refuses it above maximumValueCount.
        #expect(
            outcome == .exited(Status.refusedWithLimit.rawValue),
            """
            Writing a \(bytes.count)-byte binary reference bomb (2^\(Self.levels) values when expanded) as \
            \(format) should fail fast with a limitExceeded PlistError; the writing process \(outcome) \
            (\(Status.wroteOutput.rawValue): wrote output, \(Status.otherError.rawValue): another error; a timeout or \
            signal means the writer expanded the shared references)
            """)
    }
}
