import FoundationEssentials

/// A value read from bytes, with the format it was in and what reading it lost.
public struct PlistDocument: Sendable {
    /// The root value.
    public var value: PlistValue
    /// The format the bytes were in.
    public var format: PlistFormat
    /// Information the reader could not keep (a binary set read as an array, a 32-bit real
    /// widened), with key paths.
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
}

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

    /// Writes the value in `format`.
    ///
    /// Losses the format imposes (see ``PlistWarning``) are accepted silently unless
    /// `options.isStrict` is set; use ``encodedReportingLosses(as:options:)`` to see them.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/unrepresentableValue`` and the key path
    ///   when the format cannot hold a value, ``PlistError/Code/lossyConversion`` under
    ///   strict writing, or ``PlistError/Code/limitExceeded`` when the tree, with its shared
    ///   references expanded, holds more than ``PlistWritingOptions/maximumValueCount`` values
    ///   (or, for the text formats, nests deeper than ``PlistWritingOptions/maximumDepth``).
    public func encoded(as format: PlistFormat, options: PlistWritingOptions = PlistWritingOptions()) throws -> Data {
        try encodedReportingLosses(as: format, options: options).data
    }

    /// Writes the value in `format` and returns, beside the bytes, every loss the format
    /// imposed, with key paths.
    ///
    /// - Throws: as ``encoded(as:options:)``.
    public func encodedReportingLosses(
        as format: PlistFormat,
        options: PlistWritingOptions = PlistWritingOptions()
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        guard let size = ExpandedSizeCounter.size(of: self, limit: options.maximumValueCount) else {
            throw PlistError(
                .limitExceeded,
                "The value holds more than \(options.maximumValueCount) values once its shared references are expanded, more than writing allows (PlistWritingOptions.maximumValueCount)",
                at: .keyPath(.root))
        }
        // The binary writer (like the loss analysis and this count) walks iteratively; the
        // text writers recurse, so they take a bounded depth rather than risk the stack.
        if format != .binary, size.depth > options.maximumDepth {
            throw PlistError(
                .limitExceeded,
                "The value nests \(size.depth) levels deep, more than the \(options.maximumDepth) the \(format.plutilName) writer is allowed (PlistWritingOptions.maximumDepth)",
                at: .keyPath(.root))
        }
        var analyzer = ConversionLossAnalyzer(format: format, options: options)
        try analyzer.check(self)
        let data: Data
        switch format {
        case .binary: data = try BinaryPlistWriter.write(self, options: options, valueCount: size.count)
        case .xml: data = try XMLPlistWriter.write(self, options: options)
        case .openStep: data = try OpenStepWriter.write(self, options: options)
        case .json: data = try JSONPlistWriter.write(self, options: options)
        }
        return (data, analyzer.reporter.warnings)
    }
}
