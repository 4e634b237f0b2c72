import Foundation
import Testing
import PlistKit

/// Shared-reference bombs: a binary plist of a few hundred bytes whose objects reference each
/// other so that, expanded as a tree, it holds 2⁶⁰ values. Reading it may share the objects
/// (DESIGN.md: shared references are decoded once), but nothing may then expand it: writing
/// it as XML, JSON or OpenStep would mean writing 2⁶⁰ elements, so the library must refuse
/// (a limit on expanded values or output size) rather than try.
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

    /// Converting the bomb to each text format must be refused fast (if reading did not refuse
    /// it already), never attempted.
    @Test(arguments: [PlistFormat.xml, .json, .openStep])
    func convertingSixtyLevelBombIsRefused(format: PlistFormat) throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        let value: PlistValue
        do {
            value = try PlistValue(decoding: bytes, format: .binary)
        } catch let error as PlistError where error.code == .limitExceeded {
            return  // Refused when read: nothing downstream can expand it.
        }
        let options = PlistWritingOptions(jsonStyle: .tagged, writesGNUstepTypedValues: true)
        let outcome = Watchdog.run(seconds: LimitExpectations.fastSeconds * 2) {
            try value.encoded(as: format, options: options).count
        }
        switch outcome {
        case .timedOut:
            Issue.record("""
                Writing a \(bytes.count)-byte binary reference bomb (2^\(Self.levels) values when expanded) as \
                \(format) did not finish in \(LimitExpectations.fastSeconds * 2) s: the writer expands shared \
                references without a limit on expanded values or output size
                """)
        case let .finished(.success(count), _):
            Issue.record("Writing the reference bomb as \(format) produced \(count) bytes instead of refusing")
        case let .finished(.failure(error), seconds):
            #expect(seconds < LimitExpectations.fastSeconds)
            let plistError = try #require(error as? PlistError, "\(type(of: error)): \(error)")
            #expect(plistError.code == .limitExceeded, "\(plistError)")
        }
    }

    /// Binary keeps sharing: writing the bomb back as binary must stay small (the writer
    /// uniques equal objects) or be refused, fast.
    @Test func rewritingSixtyLevelBombAsBinaryStaysBounded() throws {
        let bytes = B.referenceBomb(levels: Self.levels).bytes
        let value: PlistValue
        do {
            value = try PlistValue(decoding: bytes, format: .binary)
        } catch let error as PlistError where error.code == .limitExceeded {
            return
        }
        let outcome = Watchdog.run(seconds: LimitExpectations.fastSeconds * 2) {
            try value.encoded(as: .binary).count
        }
        switch outcome {
        case .timedOut:
            Issue.record("Writing the \(bytes.count)-byte reference bomb back as binary did not finish: the writer expands or hashes every path")
        case let .finished(.success(count), seconds):
            #expect(seconds < LimitExpectations.fastSeconds)
            #expect(count < 64 << 10, "The bomb grew from \(bytes.count) to \(count) bytes")
        case let .finished(.failure(error), _):
            let plistError = try #require(error as? PlistError, "\(type(of: error)): \(error)")
            #expect(plistError.code == .limitExceeded, "\(plistError)")
        }
    }
}
