import Foundation
import Testing
import PlistKit

/// The shared check of the limit tests: reading hostile bytes ends, in a typed error, without
/// touching much memory. "Ends" is checked in an ``IsolatedRun`` child with a processor-time
/// cap, so a library that tries the work the input claims fails the test instead of hanging
/// the suite; no clock is read.
enum LimitExpectations {
    /// The processor time a child doing one refusal may use. It does not time the refusal,
    /// which takes a fraction of a second even under AddressSanitizer; it only separates a
    /// refusal from work that runs for minutes.
    static let hangSeconds = 20.0
    /// How much the child's peak resident memory may grow while reading: far below what
    /// allocating by the claimed counts would touch. The child runs nothing else, so the
    /// figure is the read's own.
    static let boundedBytes = 256 << 20

    /// Exit statuses of a reading child.
    enum ReadStatus: Int32 {
        case ended = 0, grewTooMuch = 30
    }

    /// What a reading child reads: the bytes and how, as Codable values an exit test can
    /// capture.
    struct Reading: Codable, Sendable {
        var bytes: Data
        var format: String?
        var limits: [Int]
        var flags: [Bool]

        init(_ bytes: Data, format: PlistFormat?, options: PlistReadingOptions) {
            self.bytes = bytes
            self.format = format?.rawValue
            limits = [options.maximumDepth, options.maximumObjectCount, options.maximumInputBytes]
            flags = [options.readsTaggedJSON, options.isStrict]
        }

        var plistFormat: PlistFormat? { format.flatMap(PlistFormat.init(rawValue:)) }

        var options: PlistReadingOptions {
            PlistReadingOptions(
                maximumDepth: limits[0], maximumObjectCount: limits[1], maximumInputBytes: limits[2],
                readsTaggedJSON: flags[0], isStrict: flags[1])
        }

        /// Reads the bytes, giving the document or the error.
        func read() -> Result<PlistDocument, any Error> {
            Result { try PlistDocument(decoding: bytes, format: plistFormat, options: options) }
        }
    }

    /// Reads `bytes` in a child capped at ``hangSeconds`` of processor time and expects it to
    /// end (in a value or any error) with its peak memory grown by less than ``boundedBytes``.
    /// Returns whether it did, so that the caller may then read in-process.
    static func expectReadingEnds(
        _ bytes: Data, format: PlistFormat?, options: PlistReadingOptions = PlistReadingOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let reading = Reading(bytes, format: format, options: options)
        let result = await #expect(
            processExitsWith: .exitCode(ReadStatus.ended.rawValue),
            "Reading \(bytes.count) hostile bytes: \(ReadStatus.grewTooMuch.rawValue) means the peak memory grew by \(boundedBytes) bytes or more, signal \(IsolatedRun.cpuLimitSignal) that it used \(hangSeconds) s of processor time",
            sourceLocation: sourceLocation
        ) { [reading = reading as Reading] in
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                let before = IsolatedRun.peakResidentBytes()
                _ = reading.read()
                let grown = IsolatedRun.peakResidentBytes() - before
                return (grown < LimitExpectations.boundedBytes ? ReadStatus.ended : .grewTooMuch).rawValue
            }
        }
        return result?.exitStatus == .exitCode(ReadStatus.ended.rawValue)
    }

    /// Reads `bytes` and expects a ``PlistError`` whose code is one of `codes`, reading in
    /// bounded work and memory (``expectReadingEnds(_:format:options:sourceLocation:)``).
    /// Returns the error for further checks.
    @discardableResult
    static func expectRefusal(
        _ bytes: Data, format: PlistFormat?, options: PlistReadingOptions = PlistReadingOptions(),
        codes: Set<PlistError.Code> = [.corruptData, .limitExceeded],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> PlistError? {
        guard await expectReadingEnds(bytes, format: format, options: options, sourceLocation: sourceLocation) else { return nil }
        // The child ended, so reading here ends too.
        let reading = Reading(bytes, format: format, options: options)
        switch LargeStack.run({ reading.read() }) {
        case .success(let document):
            Issue.record(
                "Reading \(bytes.count) hostile bytes succeeded with a \(document.value.kind); a PlistError was expected",
                sourceLocation: sourceLocation)
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
