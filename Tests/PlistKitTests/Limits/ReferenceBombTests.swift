import Foundation
import Testing
import PlistKit

/// Shared-reference bombs: a binary plist of a few hundred bytes whose objects reference each
/// other so that, expanded as a tree, it holds 2⁶⁰ values. Reading it may share the objects
/// (DESIGN.md: shared references are decoded once, counted once against
/// `maximumObjectCount`), but nothing may then expand it: writing it as XML, JSON or OpenStep
/// means writing 2⁶⁰ elements, and a binary writer that does not unique containers writes 2⁶⁰
/// objects. The library must refuse (a limit on expanded values or output size) rather than
/// try. The conversions run in an isolated child (``IsolatedRun``) with a 2 GiB cap and a
/// processor-time cap, so a library that tries fails these tests instead of taking the test
/// process down.
@Suite struct ReferenceBombTests {
    typealias B = HandMadeBinaryPlist

    static let levels = 60

    /// Reading ends with bounded memory, in a limit error or a shared value: the decoder's
    /// object count bounds its work, and a child capped in processor time checks that it ends.
    @Test func readingSixtyLevelBombIsBounded() async throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        #expect(bytes.count < 1024)
        guard await LimitExpectations.expectReadingEnds(bytes, format: .binary) else { return }
        if case .failure(let error) = LargeStack.result({ try PlistValue(decoding: bytes, format: .binary) }) {
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
    func convertingSixtyLevelBombIsRefused(format: PlistFormat) async throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        do {
            _ = try PlistValue(decoding: bytes, format: .binary)
        } catch let error as PlistError where error.code == .limitExceeded {
            return  // Refused when read: nothing downstream can expand it.
        }
        // Writing first counts the tree with shared references expanded (memoised by storage,
        // so the count itself stays small) and refuses it above maximumValueCount.
        let formatName = format.rawValue
        await #expect(
            processExitsWith: .exitCode(Status.refusedWithLimit.rawValue),
            """
            Writing a \(bytes.count)-byte binary reference bomb (2^\(Self.levels) values when expanded) as \
            \(format) should fail with a limitExceeded PlistError (\(Status.wroteOutput.rawValue): wrote output, \
            \(Status.otherError.rawValue): another error; signal \(IsolatedRun.cpuLimitSignal), out of processor time, or \
            another signal means the writer expanded the shared references)
            """
        ) { [bytes = bytes as Data, formatName = formatName as String] in
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                do {
                    let value = try PlistValue(decoding: bytes, format: .binary)
                    let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
                    _ = try value.encoded(as: PlistFormat(rawValue: formatName)!, options: options)
                    return Status.wroteOutput.rawValue
                } catch let error as PlistError where error.code == .limitExceeded {
                    return Status.refusedWithLimit.rawValue
                } catch {
                    return Status.otherError.rawValue
                }
            }
        }
    }
}
