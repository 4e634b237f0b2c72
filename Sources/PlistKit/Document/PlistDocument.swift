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
    ///   they exceed `options` (text that must be converted before it is read, UTF-16 say,
    ///   counts with the copy it needs: see Docs/Security.md).
    public init(decoding bytes: Data, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        try self.init(decoding: bytes, format: format, options: options, mapping: nil)
    }

    /// Reads bytes as ``init(decoding:format:options:)`` does; `mapping` is the file they map,
    /// when they do, which lets the XML reader drop the pages it has read.
    private init(decoding bytes: Data, format: PlistFormat?, options: PlistReadingOptions, mapping: MappedFile?) throws {
        guard bytes.count <= options.maximumInputBytes else {
            throw PlistError(
                .limitExceeded,
                "The input is \(bytes.count) bytes, more than the limit of \(options.maximumInputBytes)")
        }
        guard let resolved = format ?? PlistFormat(detecting: bytes) else { throw FormatSniffer(bytes).undetectedFormat() }
        try InputCopyLimit.check(bytes, format: resolved, options: options)
        var reporter = LossReporter()
        let value: PlistValue
        switch resolved {
        case .binary: value = try BinaryPlistReader.read(bytes, options: options, losses: &reporter)
        case .xml: value = try XMLPlistReader.read(bytes, options: options, losses: &reporter, mapping: mapping)
        case .openStep: value = try OpenStepReader.read(bytes, options: options, losses: &reporter)
        case .json: value = try JSONPlistReader.read(bytes, options: options, losses: &reporter)
        }
        self.init(value: value, format: resolved, warnings: reporter.warnings)
    }

    /// Reads the file at `url` in `format`, or in the format detected from its first bytes
    /// when `format` is `nil`.
    ///
    /// A file URL is read as ``init(contentsOfFile:format:options:)`` reads its path.
    ///
    /// - Throws: ``PlistError/Code/invalidArgument`` for a URL that is not a file URL;
    ///   otherwise as ``init(contentsOfFile:format:options:)``.
    public init(contentsOf url: URL, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard url.isFileURL else { throw PlistError.notAFileURL(url) }
        try self.init(contentsOfFile: url.path, format: format, options: options)
    }

    /// Reads the file at `path` in `format`, or in the format detected from its first bytes
    /// when `format` is `nil`.
    ///
    /// A regular file is memory-mapped rather than copied, and an XML one is never resident
    /// whole beside the tree it becomes: the reader drops the file's pages once it has read them.
    /// As with any mapping, another process truncating the file during the read makes the
    /// process fault (SIGBUS); read a copy with ``init(decoding:format:options:)`` when other
    /// processes may rewrite the file in place rather than replace it. Anything else (a pipe, a
    /// FIFO, a device, a file of `/proc` that claims no size) is read into memory by
    /// ``FileReader``, at most `options.maximumInputBytes` of it. Taking a path rather than a
    /// `URL` also spares a short-lived process the URL's parsing, which costs more than reading
    /// and converting a small file.
    ///
    /// - Throws: ``FileOperationError`` when the file cannot be opened or read, with the
    ///   system's reason; ``PlistError/Code/limitExceeded`` when it holds more than
    ///   `options.maximumInputBytes`; otherwise as ``init(decoding:format:options:)``.
    public init(contentsOfFile path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        let input = try PlistError.reportingInputLimit { () throws(FileOperationError) in
            try FileReader.mappedOrRead(path, maximumBytes: options.maximumInputBytes)
        }
        try self.init(decoding: input.bytes, format: format, options: options, mapping: input.mapping)
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
