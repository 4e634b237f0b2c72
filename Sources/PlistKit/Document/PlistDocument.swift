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
        guard let resolved = format ?? PlistFormat(detecting: bytes) else {
            throw PlistError(.unknownFormat, "The input is not in any property-list format PlistKit reads", at: .byteOffset(0))
        }
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
    /// A file URL is read as ``init(contentsOfFile:format:options:)`` reads its path; any
    /// other URL is read whole first.
    ///
    /// - Throws: the file system's error when the file cannot be read; otherwise as
    ///   ``init(decoding:format:options:)``.
    public init(contentsOf url: URL, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        if url.isFileURL {
            try self.init(contentsOfFile: url.path, format: format, options: options)
        } else {
            try self.init(decoding: Data(contentsOf: url), format: format, options: options)
        }
    }

    /// Reads the file at `path` in `format`, or in the format detected from its first bytes
    /// when `format` is `nil`.
    ///
    /// A regular file is memory-mapped rather than copied, and an XML one is never resident
    /// whole beside the tree it becomes: the reader drops the file's pages once it has read them.
    /// As with any mapping, another process truncating the file during the read makes the
    /// process fault (SIGBUS); read a copy with ``init(decoding:format:options:)`` when other
    /// processes may rewrite the file in place rather than replace it. Taking a path rather
    /// than a `URL` also spares a short-lived process the URL's parsing, which costs more
    /// than reading and converting a small file.
    ///
    /// - Throws: the file system's error when the file cannot be read; otherwise as
    ///   ``init(decoding:format:options:)``.
    public init(contentsOfFile path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        // A file that cannot be mapped (not a regular file, say) is read, and a failure to read
        // it is the error thrown; so is one that claims no bytes, as files of /proc and some
        // other file systems do whatever they hold.
        if let file = try? MappedFile(path: path, maximumBytes: .max), file.count > 0 {
            try self.init(decoding: file.data, format: format, options: options, mapping: file)
        } else {
            try self.init(decoding: Data(contentsOf: URL(fileURLWithPath: path)), format: format, options: options)
        }
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
