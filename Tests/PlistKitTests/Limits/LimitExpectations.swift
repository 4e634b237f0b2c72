import Foundation
import Testing
import PlistKit

/// The shared check of the limit tests: reading hostile bytes ends quickly, in a typed error,
/// without touching much memory.
enum LimitExpectations {
    /// How long a refusal may take. Generous: tests run in debug builds, in parallel, on a
    /// shared machine; a library that tries the work the input claims takes hours, not seconds.
    static let fastSeconds = 5.0
    /// How long a child process doing one refusal may run before it is forked again, and
    /// after a second try counts as hung (see ``IsolatedRun``: a child can inherit a runtime
    /// lock no thread will release). It does not time the refusal, which takes well under a
    /// second even under AddressSanitizer; it only separates a refusal from work that runs for
    /// minutes or dies allocating.
    static let hangSeconds = 20.0
    /// How much the process's peak resident memory may grow while reading. Coarse (other tests
    /// run in parallel and the peak only grows), but far below what allocating by the claimed
    /// counts would touch.
    static let boundedBytes = 256 << 20

    /// Reads `bytes` and expects a ``PlistError`` whose code is one of `codes`, fast and with
    /// bounded memory. Returns the error for further checks.
    @discardableResult
    static func expectRefusal(
        _ bytes: Data, format: PlistFormat?, options: PlistReadingOptions = PlistReadingOptions(),
        codes: Set<PlistError.Code> = [.corruptData, .limitExceeded],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> PlistError? {
        let before = Watchdog.peakResidentBytes()
        let outcome = Watchdog.run(seconds: fastSeconds * 4) {
            try PlistDocument(decoding: bytes, format: format, options: options).value.kind
        }
        let grown = Watchdog.peakResidentBytes() - before
        switch outcome {
        case .timedOut:
            Issue.record("Reading \(bytes.count) hostile bytes did not finish in \(fastSeconds * 4) s", sourceLocation: sourceLocation)
            return nil
        case let .finished(result, seconds):
            #expect(seconds < fastSeconds, "Refusing took \(seconds) s", sourceLocation: sourceLocation)
            #expect(grown < boundedBytes, "Peak memory grew by \(grown) bytes", sourceLocation: sourceLocation)
            switch result {
            case .success(let kind):
                Issue.record("Reading \(bytes.count) hostile bytes succeeded with a \(kind); a PlistError was expected", sourceLocation: sourceLocation)
                return nil
            case .failure(let error):
                guard let error = error as? PlistError else {
                    Issue.record("Expected a PlistError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
                    return nil
                }
                #expect(codes.contains(error.code), "Unexpected code \(error.code): \(error)", sourceLocation: sourceLocation)
                #expect(error.description.hasSuffix("."), "Not a full sentence: \(error)", sourceLocation: sourceLocation)
                return error
            }
        }
    }
}
