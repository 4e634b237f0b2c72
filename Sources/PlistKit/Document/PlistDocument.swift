import FoundationEssentials

/// A value read from bytes, with the format it was in and what reading it lost.
public struct PlistDocument: Sendable {
    /// The root value.
    public var value: PlistValue
    /// The format the bytes were in.
    public var format: PlistFormat
    /// Information the reader could not keep or had to repair (a binary set read as an array,
    /// a 32-bit real widened, an XML date rolled over), with key paths.
    public var warnings: [PlistWarning]

    /// Creates a document.
    public init(value: PlistValue, format: PlistFormat, warnings: [PlistWarning] = []) {
        self.value = value
        self.format = format
        self.warnings = warnings
    }

    /// Reads bytes in `format`, or in the format detected from their first bytes when `format`
    /// is `nil`.
    ///
    /// - Throws: ``PlistError``: ``PlistError/Code/unknownFormat`` when no format is detected,
    ///   the reader's error when the bytes are malformed, ``PlistError/Code/limitExceeded`` when
    ///   they exceed `options`.
    public init(decoding bytes: Data, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard bytes.count <= options.maximumInputBytes else {
            throw PlistError(
                .limitExceeded,
                "The input is \(bytes.count) bytes, more than the limit of \(options.maximumInputBytes)")
        }
        guard let resolved = format ?? PlistFormat(detecting: bytes) else {
            throw PlistError(.unknownFormat, "The input is not in any property-list format PlistKit reads", at: .byteOffset(0))
        }
        var reporter = LossReporter()
        let value: PlistValue
        switch resolved {
        case .binary: value = try BinaryPlistReader.read(bytes, options: options, losses: &reporter)
        case .xml: value = try XMLPlistReader.read(bytes, options: options, losses: &reporter)
        case .openStep: value = try OpenStepReader.read(bytes, options: options, losses: &reporter)
        case .json: value = try JSONPlistReader.read(bytes, options: options, losses: &reporter)
        }
        self.init(value: value, format: resolved, warnings: reporter.warnings)
    }

    /// Reads the file at `url` in `format`, or in the format detected from its first bytes
    /// when `format` is `nil`.
    ///
    /// - Throws: the file system's error when the file cannot be read; otherwise as
    ///   ``init(decoding:format:options:)``.
    public init(contentsOf url: URL, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        try self.init(decoding: Data(contentsOf: url, options: .mappedIfSafe), format: format, options: options)
    }

    /// Writes ``value`` to the file at `url` in `format` (by default the document's own),
    /// atomically: a temporary file beside it, synced, renamed over it (see
    /// ``AtomicFileWriter``). A failed write leaves the file as it was.
    ///
    /// - Throws: as ``PlistValue/encoded(as:options:)``, or ``FileOperationError``.
    public func write(to url: URL, format: PlistFormat? = nil, options: PlistWritingOptions = PlistWritingOptions()) throws {
        try value.write(to: url, format: format ?? self.format, options: options)
    }
}
