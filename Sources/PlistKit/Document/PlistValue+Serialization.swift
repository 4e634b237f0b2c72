import FoundationEssentials

extension PlistValue {
    /// Reads a property list in any format PlistKit reads, detected from its first bytes.
    ///
    /// - Throws: ``PlistError`` (see ``PlistDocument/init(decoding:format:options:)``).
    public init(decoding bytes: Data, options: PlistReadingOptions = PlistReadingOptions()) throws {
        self = try PlistDocument(decoding: bytes, format: nil, options: options).value
    }

    /// Reads a property list in the given format.
    ///
    /// - Throws: ``PlistError`` (see ``PlistDocument/init(decoding:format:options:)``).
    public init(decoding bytes: Data, format: PlistFormat, options: PlistReadingOptions = PlistReadingOptions()) throws {
        self = try PlistDocument(decoding: bytes, format: format, options: options).value
    }

    /// Reads the property list in the file at `url`, in any format PlistKit reads.
    ///
    /// - Throws: the file system's error when the file cannot be read; otherwise
    ///   ``PlistError`` (see ``PlistDocument/init(decoding:format:options:)``).
    public init(contentsOf url: URL, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        self = try PlistDocument(contentsOf: url, format: format, options: options).value
    }

    /// Writes the value to the file at `url` in `format`, atomically (see
    /// ``AtomicFileWriter``): a failed write leaves the file as it was.
    ///
    /// - Throws: as ``encoded(as:options:)``, or ``FileOperationError``.
    public func write(to url: URL, format: PlistFormat, options: PlistWritingOptions = PlistWritingOptions()) throws {
        try AtomicFileWriter.write(encoded(as: format, options: options), to: url.path)
    }

    /// Writes the value in `format`.
    ///
    /// Losses the format imposes (see ``PlistWarning``) are accepted silently unless
    /// `options.isStrict` is set; use ``encodedReportingLosses(as:options:)`` to see them.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/unrepresentableValue`` and the key path
    ///   when the format cannot hold a value, ``PlistError/Code/lossyConversion`` under
    ///   strict writing, or ``PlistError/Code/limitExceeded`` when the tree, with its shared
    ///   references expanded, holds more than ``PlistWritingOptions/maximumValueCount`` values
    ///   or ``PlistWritingOptions/maximumExpandedByteCount`` bytes, or nests deeper than
    ///   ``PlistWritingOptions/maximumDepth`` (at the key path of the first container too deep),
    ///   before anything is written; or when the output would be larger than
    ///   ``PlistWritingOptions/maximumOutputBytes``.
    public func encoded(as format: PlistFormat, options: PlistWritingOptions = PlistWritingOptions()) throws -> Data {
        try encoded(as: format, options: options, reportingLosses: false).data
    }

    /// Writes the value in `format` and returns, beside the bytes, every loss the format
    /// imposed, with key paths.
    ///
    /// - Throws: as ``encoded(as:options:)``.
    public func encodedReportingLosses(
        as format: PlistFormat,
        options: PlistWritingOptions = PlistWritingOptions()
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        try encoded(as: format, options: options, reportingLosses: true)
    }

    /// The bytes in `format`, with the losses when `reportingLosses` (otherwise none are
    /// looked for where only a report would come of it).
    private func encoded(
        as format: PlistFormat, options: PlistWritingOptions, reportingLosses: Bool, ignoring ignored: Set<PlistWarning.Kind> = []
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        let (size, warnings, _) = try checkedForWriting(
            as: format, options: options, reportingLosses: reportingLosses, ignoring: ignored)
        let data: Data
        switch format {
        case .binary: data = try BinaryPlistWriter.write(self, options: options, valueCount: size.count)
        case .xml: data = try XMLPlistWriter.write(self, options: options)
        case .openStep: data = try OpenStepWriter.write(self, options: options)
        case .json: data = try JSONPlistWriter.write(self, options: options)
        }
        try options.checkOutput(data.count)
        return (data, warnings)
    }

    /// Writes the value in `format`, handing the bytes to `output` in the order they belong
    /// in, in one or more pieces: XML in pieces of about a megabyte as they are made, so that
    /// the whole document is never held in memory (the other formats in one piece).
    ///
    /// Every check runs before the first piece is handed over: the limits, what the format
    /// cannot hold, and `acceptingLosses`, which is given every loss the format imposes (see
    /// ``encodedReportingLosses(as:options:)``) and may throw to refuse them.
    ///
    /// - Parameter releasingTree: whether the binary writer may free each part of the tree
    ///   once it has numbered it, before it allocates the output. Its object list is about as
    ///   large as a tree of small records, and with this the two are never both held whole:
    ///   pass `true` for a value nothing else holds, handed over with `consume` (a tree held
    ///   elsewhere too is then copied one container at a time, and nothing is saved).
    /// - Throws: as ``encoded(as:options:)``, or what `acceptingLosses` or `output` throws
    ///   (after which some pieces may have been handed over).
    public consuming func write(
        as format: PlistFormat, options: PlistWritingOptions = PlistWritingOptions(),
        acceptingLosses accept: ([PlistWarning]) throws -> Void = { _ in },
        releasingTree: Bool = false,
        to output: (Data) throws -> Void
    ) throws {
        try (consume self).write(as: format, options: options, ignoring: [], acceptingLosses: accept, releasingTree: releasingTree, to: output)
    }

    /// Writes the value as ``write(as:options:acceptingLosses:releasingTree:to:)`` does, with
    /// losses of the `ignored` kinds neither reported nor refused (see ``LossReporter``): a
    /// conversion that drops the reordering of keys need not find it in every dictionary.
    ///
    /// - Throws: as ``write(as:options:acceptingLosses:releasingTree:to:)``.
    consuming func write(
        as format: PlistFormat, options: PlistWritingOptions, ignoring ignored: Set<PlistWarning.Kind>,
        acceptingLosses accept: ([PlistWarning]) throws -> Void, releasingTree: Bool = false,
        to output: (Data) throws -> Void
    ) throws {
        switch format {
        case .xml:
            // The checking walk found the first value XML cannot hold, thrown as the writer
            // throws it, after the losses.
            let (_, warnings, unwritable) = try checkedForWriting(as: format, options: options, ignoring: ignored, findingUnwritable: true)
            try accept(warnings)
            if let unwritable { throw unwritable }
            try options.limitingOutput(output) { try XMLPlistWriter.write(self, options: options, isKnownWritable: true, to: $0) }
        case .binary:
            let (size, warnings, _) = try checkedForWriting(as: format, options: options, ignoring: ignored)
            try accept(warnings)
            let data = try BinaryPlistWriter.write(consume self, options: options, valueCount: size.count, releasingNumbered: releasingTree)
            try options.checkOutput(data.count)
            try output(data)
        case .openStep, .json:
            let (data, warnings) = try encoded(as: format, options: options, reportingLosses: true, ignoring: ignored)
            try accept(warnings)
            try output(data)
        }
    }

    /// The checks before a write in `format`: the limits on the expanded tree (whose size
    /// is returned), what the format cannot hold (thrown; for XML outside strict writing,
    /// with `findingUnwritable` and `reportingLosses`, returned: see
    /// ``ConversionLossAnalyzer/firstUnwritable``), and with `reportingLosses` the losses it
    /// imposes (returned; thrown under strict writing).
    private func checkedForWriting(
        as format: PlistFormat, options: PlistWritingOptions, reportingLosses: Bool = true, ignoring ignored: Set<PlistWarning.Kind> = [],
        findingUnwritable: Bool = false
    ) throws -> (size: ExpandedSizeCounter.Size, warnings: [PlistWarning], unwritable: PlistError?) {
        let size = try ExpandedSizeCounter.check(
            self, limits: options, for: format == .binary ? .binaryWriter : .textWriter(format.plutilName))
        var analyzer = ConversionLossAnalyzer(
            format: format, options: options, reportsLosses: reportingLosses, ignoring: ignored, findingUnwritable: findingUnwritable)
        try analyzer.check(self)
        return (size, analyzer.reporter.warnings, analyzer.firstUnwritable)
    }
}
