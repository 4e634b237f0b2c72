import FoundationEssentials

/// The bound on a writer's output, ``PlistWritingOptions/maximumOutputBytes``: the readers'
/// input limit, so that what is written can be read again.
extension PlistWritingOptions {
    /// Throws unless an output of `count` bytes is within ``maximumOutputBytes``.
    ///
    /// - Throws: ``PlistError/Code/limitExceeded``.
    func checkOutput(_ count: Int) throws {
        guard count > maximumOutputBytes else { return }
        throw PlistError(
            .limitExceeded,
            "The written property list is more than \(maximumOutputBytes) bytes, more than its readers read (PlistWritingOptions.maximumOutputBytes)")
    }

    /// `output`, refusing (see ``checkOutput(_:)``) the piece that takes what it has been
    /// handed past ``maximumOutputBytes``.
    func limitingOutput<R>(_ output: (Data) throws -> Void, _ body: ((Data) throws -> Void) throws -> R) throws -> R {
        var written = 0
        return try withoutActuallyEscaping(output) { sink in
            try body { piece in
                let (total, overflow) = written.addingReportingOverflow(piece.count)
                try checkOutput(overflow ? Int.max : total)
                written = total
                try sink(piece)
            }
        }
    }
}
