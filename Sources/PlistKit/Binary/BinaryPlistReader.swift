import FoundationEssentials

/// Reads a whole binary property list (`bplist00`) into a value.
///
/// The trailer and offset table are validated first (``BinaryPlistTrailer``), then the object
/// graph is decoded from the top object (``BinaryPlistDecoder``): each string, data and
/// container object once, shared by all references; cycles, excessive nesting and too many
/// objects fail with a ``PlistError`` that names the object index and byte offset.
enum BinaryPlistReader {
    /// Decodes `bytes` as a binary plist; sets and 32-bit reals are reported to `losses` with
    /// their key paths.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/corruptData``,
    ///   ``PlistError/Code/unsupportedFormat`` (`bplist1x`) or
    ///   ``PlistError/Code/limitExceeded``.
    /// Complexity: O(n) in the size of the input.
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        guard bytes.count <= options.maximumInputBytes else {
            throw PlistError(
                .limitExceeded,
                "The input is \(bytes.count) bytes, more than the limit of \(options.maximumInputBytes)")
        }
        let (value, warnings) = try PlistError.reportingReadFailures {
            try ByteCursor.withBytes(of: bytes) { try read($0, options: options) }
        }
        for warning in warnings {
            try losses.report(warning.kind, at: warning.keyPath, warning.message)
        }
        return value
    }

    /// Decodes the binary plist `cursor` reads, returning the value and the losses met.
    static func read(_ cursor: consuming ByteCursor, options: PlistReadingOptions) throws -> (PlistValue, [PlistWarning]) {
        let trailer = try BinaryPlistTrailer.read(from: cursor)
        var decoder = try BinaryPlistDecoder(cursor: cursor, trailer: trailer, options: options, dense: true)
        let value = try decoder.decode(trailer.topObject, depth: 1)
        return (value, decoder.warnings)
    }
}
