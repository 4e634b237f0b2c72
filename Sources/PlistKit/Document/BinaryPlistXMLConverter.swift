import FoundationEssentials

/// Converts a binary property list to XML without building its tree, so that a large file
/// (a memory-mapped one above all) converts in little more memory than the file itself.
///
/// The result is byte for byte what reading the file whole and writing its value as XML
/// gives (``PlistDocument/init(decoding:format:options:)`` then
/// ``PlistValue/write(as:options:acceptingLosses:releasingTree:to:)``), with the same errors
/// and warnings, and every check still runs before the first byte goes out. The file is read
/// twice with ``BinaryPlistSkeletonReader``, which decodes small containers whole and walks
/// large ones: the first pass runs the reader's checks and the writer's (the limits of the
/// expanded tree, what XML cannot hold, the losses), each part decoded, checked and dropped;
/// the second writes. A file whose tree shares containers (made by hand: writers do not
/// share containers) so that it holds more values than the file has bytes, or shares a
/// large one, or passes a limit of the writing options, is read whole instead, as is any
/// file of up to ``wholeReadBytes``, whose tree is small beside the converting process.
public enum BinaryPlistXMLConverter {
    /// The most values a container may hold, expanded, to be decoded whole rather than
    /// walked: enough that the walk's own cost per container is spread thin, few enough that
    /// such a tree is small beside any file worth streaming.
    static let defaultThreshold = 1024

    /// The largest input read whole, as a tree, rather than in two passes: its tree (three to
    /// five times a binary file of records) stays below what the tool that converts it takes
    /// for itself (about 14 MB), while reading once instead of checking and then writing saves
    /// about a fifth of the conversion. Larger inputs are walked, so that memory stays within
    /// a small multiple of the file however large it is.
    static let wholeReadBytes = 2 << 20

    /// Converts the binary plist in the file at `url`, memory-mapped (so its pages are the
    /// file's, not copies), to XML handed to `output` in pieces of about a megabyte.
    ///
    /// - Parameters:
    ///   - acceptingLosses: given, before anything is written, the losses of the read (sets
    ///     read as arrays, 32-bit reals widened) and of the write (see
    ///     ``PlistValue/encodedReportingLosses(as:options:)``); may throw to refuse them.
    ///   - ignoredLosses: kinds of loss of the write neither reported nor, under strict
    ///     writing, refused: a caller that drops ``PlistWarning/Kind/keyOrderChanged`` (XML
    ///     always sorts keys) need not hold one for each of millions of records.
    /// - Throws: ``PlistError`` as reading the file (``PlistDocument/init(contentsOf:format:options:)``)
    ///   and writing its value as XML would, with ``PlistError/Code/invalidArgument`` when it
    ///   cannot be mapped; or what `acceptingLosses` or `output` throws (after which some
    ///   pieces may have been handed over).
    /// - Complexity: O(n) in the size of the file, plus the expanded size of what it shares.
    public static func convert(
        contentsOf url: URL, readingOptions: PlistReadingOptions = PlistReadingOptions(),
        writingOptions: PlistWritingOptions = PlistWritingOptions(),
        ignoring ignoredLosses: Set<PlistWarning.Kind> = [],
        acceptingLosses accept: (_ read: [PlistWarning], _ written: [PlistWarning]) throws -> Void = { _, _ in },
        to output: (Data) throws -> Void
    ) throws {
        guard url.isFileURL else {
            throw PlistError(.invalidArgument, "Cannot map '\(url)': it is not a file URL")
        }
        try convert(
            contentsOfFile: url.path, readingOptions: readingOptions, writingOptions: writingOptions, ignoring: ignoredLosses,
            acceptingLosses: accept, to: output)
    }

    /// Converts the binary plist in the file at `path` as
    /// ``convert(contentsOf:readingOptions:writingOptions:ignoring:acceptingLosses:to:)`` does,
    /// without making a `URL` (see ``PlistDocument/init(contentsOfFile:format:options:)``).
    ///
    /// - Throws: as ``convert(contentsOf:readingOptions:writingOptions:ignoring:acceptingLosses:to:)``.
    public static func convert(
        contentsOfFile path: String, readingOptions: PlistReadingOptions = PlistReadingOptions(),
        writingOptions: PlistWritingOptions = PlistWritingOptions(),
        ignoring ignoredLosses: Set<PlistWarning.Kind> = [],
        acceptingLosses accept: (_ read: [PlistWarning], _ written: [PlistWarning]) throws -> Void = { _, _ in },
        to output: (Data) throws -> Void
    ) throws {
        let file = try PlistError.mapping(path, maximumBytes: readingOptions.maximumInputBytes)
        try convert(
            .mapped(file), readingOptions: readingOptions, writingOptions: writingOptions, ignoring: ignoredLosses, acceptingLosses: accept,
            to: output)
    }

    /// Converts binary plist bytes to XML handed to `output` in pieces, as
    /// ``convert(contentsOf:readingOptions:writingOptions:ignoring:acceptingLosses:to:)`` does.
    ///
    /// - Throws: as ``convert(contentsOf:readingOptions:writingOptions:ignoring:acceptingLosses:to:)``.
    public static func convert(
        _ bytes: Data, readingOptions: PlistReadingOptions = PlistReadingOptions(),
        writingOptions: PlistWritingOptions = PlistWritingOptions(),
        ignoring ignoredLosses: Set<PlistWarning.Kind> = [],
        acceptingLosses accept: (_ read: [PlistWarning], _ written: [PlistWarning]) throws -> Void = { _, _ in },
        to output: (Data) throws -> Void
    ) throws {
        guard bytes.count <= readingOptions.maximumInputBytes else {
            throw PlistError(
                .limitExceeded, "The input is \(bytes.count) bytes, more than the limit of \(readingOptions.maximumInputBytes)")
        }
        try convert(
            .bytes(bytes), readingOptions: readingOptions, writingOptions: writingOptions, ignoring: ignoredLosses, acceptingLosses: accept,
            to: output)
    }

    /// The conversion, walking containers of more than `threshold` values in an input of more
    /// than `wholeBytes` bytes (tests lower both to walk small documents).
    static func convert(
        _ input: BinaryPlistSource, readingOptions: PlistReadingOptions, writingOptions: PlistWritingOptions,
        threshold: Int = defaultThreshold, readingWholeUpTo wholeBytes: Int = wholeReadBytes,
        ignoring ignoredLosses: Set<PlistWarning.Kind> = [],
        acceptingLosses accept: (_ read: [PlistWarning], _ written: [PlistWarning]) throws -> Void,
        to unlimitedOutput: (Data) throws -> Void
    ) throws {
        try writingOptions.limitingOutput(unlimitedOutput) { output in
            try convert(
                input, readingOptions: readingOptions, writingOptions: writingOptions, threshold: threshold, wholeBytes: wholeBytes,
                ignoring: ignoredLosses, acceptingLosses: accept, limitedOutput: output)
        }
    }

    /// The conversion, handing the XML to `output`, which refuses more than the writing limit.
    private static func convert(
        _ input: BinaryPlistSource, readingOptions: PlistReadingOptions, writingOptions: PlistWritingOptions,
        threshold: Int, wholeBytes: Int, ignoring ignoredLosses: Set<PlistWarning.Kind>,
        acceptingLosses accept: (_ read: [PlistWarning], _ written: [PlistWarning]) throws -> Void,
        limitedOutput output: (Data) throws -> Void
    ) throws {
        func readWhole() throws -> Checked {
            let (value, readWarnings) = try input.withCursor { try BinaryPlistReader.read($0, options: readingOptions) }
            return .whole(value, readWarnings: readWarnings)
        }
        let checked: Checked
        if try input.withCursor({ $0.count }) <= wholeBytes {
            checked = try readWhole()
        } else {
            do {
                checked = try input.withCursor {
                    try check(
                        $0, readingOptions: readingOptions, writingOptions: writingOptions, threshold: threshold,
                        ignoring: ignoredLosses)
                }
            } catch is BinaryPlistSkeletonReader.NeedsWholeTree {
                checked = try readWhole()
            }
        }
        switch checked {
        case .whole(let value, let readWarnings):
            try value.write(
                as: .xml, options: writingOptions, ignoring: ignoredLosses, acceptingLosses: { try accept(readWarnings, $0) }, to: output)
        case .streamed(let readWarnings, let writeWarnings, let unrepresentable, let sizes):
            try accept(readWarnings, writeWarnings)
            if let unrepresentable { throw unrepresentable }
            try input.withCursor { try write($0, readingOptions: readingOptions, writingOptions: writingOptions, sizes: sizes, to: output) }
        }
    }

    /// What the checking pass found.
    enum Checked {
        /// The root is small, or the tree shares a large container: the value, read whole.
        case whole(PlistValue, readWarnings: [PlistWarning])
        /// Every check passed; the losses, and the first value XML cannot hold outside strict
        /// writing (thrown after the losses are accepted, as the XML writer throws it), and
        /// the containers' sizes, for the writing pass.
        case streamed(
            readWarnings: [PlistWarning], writeWarnings: [PlistWarning], unrepresentable: PlistError?, sizes: BinaryPlistSubtreeSizes)
    }

    /// A large container of the checking pass: its size so far, its keys, its key path.
    private struct OpenContainer {
        var size: ExpandedSizeCounter.Size
        let keys: [String]?
        let path: [String]
    }

    /// The first pass: the reader's checks (thrown as met, as the eager reader throws them),
    /// then the limits of the expanded tree, then what XML cannot hold and the losses under
    /// strict writing, in the order the tree path checks them.
    private static func check(
        _ cursor: consuming ByteCursor, readingOptions: PlistReadingOptions, writingOptions: PlistWritingOptions, threshold: Int,
        ignoring ignoredLosses: Set<PlistWarning.Kind>
    ) throws -> Checked {
        let inputBytes = cursor.count
        var reader = try BinaryPlistSkeletonReader(cursor: cursor, options: readingOptions, threshold: threshold)
        let valueLimit = writingOptions.maximumValueCount, byteLimit = writingOptions.maximumExpandedByteCount
        var analyzer = ConversionLossAnalyzer(format: .xml, options: writingOptions, ignoring: ignoredLosses, findingUnwritable: true)
        // The first finding of each kind; the walk goes on to the end, since an error the
        // reader finds later comes first. Except when the walk meets more values than the
        // file has bytes, which a tree without shared containers cannot hold (each value but
        // the root is a reference of at least a byte), or passes a limit of the expanded
        // tree: a small container shared by many references is decoded at each of them, so
        // the walk would take as long as the expanded tree is large, while reading the file
        // whole decodes it once and finds the same errors, the reader's first. Those cases
        // throw `NeedsWholeTree`.
        var walked = 0
        var rootSize: ExpandedSizeCounter.Size?
        var lossError: (any Error)?
        var open: [OpenContainer] = []

        func add(_ size: ExpandedSizeCounter.Size) throws {
            guard let top = open.indices.last else {
                rootSize = size
                return
            }
            if open[top].size.add(size, valueLimit: valueLimit, byteLimit: byteLimit) != nil {
                throw BinaryPlistSkeletonReader.NeedsWholeTree()
            }
        }
        func step(at position: Int?) -> String? {
            guard let position, let parent = open.last else { return nil }
            return parent.keys?[position] ?? String(position)
        }
        func path(at position: Int?) -> [String] {
            guard let step = step(at: position) else { return [] }
            return open[open.count - 1].path + [step]
        }
        while let event = try reader.next() {
            switch event {
            case .value(let value, let position):
                guard position != nil else { return .whole(value, readWarnings: reader.warnings) }
                guard case .success(let size) = ExpandedSizeCounter.size(of: value, valueLimit: valueLimit, byteLimit: byteLimit) else {
                    throw BinaryPlistSkeletonReader.NeedsWholeTree()
                }
                walked += size.count
                try add(size)
                if lossError == nil {
                    do { try analyzer.check(value, in: open[open.count - 1].path, at: step(at: position)) } catch { lossError = error }
                }
            case .open(let isDictionary, let keys, _, let position):
                let containerPath = path(at: position)
                let own = ExpandedSizeCounter.ownSize(ofContainerWithKeys: keys)
                walked += own.count
                if position == nil, case .failure = ExpandedSizeCounter.within(own, valueLimit: valueLimit, byteLimit: byteLimit) {
                    throw BinaryPlistSkeletonReader.NeedsWholeTree()
                }
                if lossError == nil {
                    do { try analyzer.checkContainer(keys: isDictionary ? keys : nil, at: containerPath) } catch { lossError = error }
                }
                open.append(OpenContainer(size: own, keys: isDictionary ? keys : nil, path: containerPath))
            case .close:
                try add(open.removeLast().size)
            }
            if walked > inputBytes { throw BinaryPlistSkeletonReader.NeedsWholeTree() }
        }
        // The root, a walked container, has closed (a small root returned above).
        guard let rootSize else { throw BinaryPlistSkeletonReader.NeedsWholeTree() }
        // Too deep: the tree's own check names the key path, which this walk does not keep.
        if rootSize.depth > writingOptions.maximumDepth { throw BinaryPlistSkeletonReader.NeedsWholeTree() }
        try ExpandedSizeCounter.check(.success(rootSize), limits: writingOptions, for: .textWriter(PlistFormat.xml.plutilName))
        if let lossError { throw lossError }
        return .streamed(
            readWarnings: reader.warnings, writeWarnings: analyzer.reporter.warnings, unrepresentable: analyzer.firstUnwritable,
            sizes: reader.sizes)
    }

    /// A large container of the writing pass: what it is, and a dictionary's keys and their
    /// order.
    private struct WrittenContainer {
        let isDictionary: Bool
        let keys: [String]
        let order: XMLPlistWriter.Emitter.KeyOrder?
    }

    /// The second pass: the document, as ``XMLPlistWriter`` writes the tree.
    private static func write(
        _ cursor: consuming ByteCursor, readingOptions: PlistReadingOptions, writingOptions: PlistWritingOptions,
        sizes: BinaryPlistSubtreeSizes, to output: (Data) throws -> Void
    ) throws {
        // The first pass checked the depth and the objects against the limits in the order
        // the eager reader meets them; sorted keys visit children in another order, where a
        // shared object can be met first deeper down.
        var unlimited = readingOptions
        unlimited.maximumDepth = .max
        unlimited.maximumObjectCount = .max
        var reader = try BinaryPlistSkeletonReader(cursor: cursor, options: unlimited, sizes: sizes)
        try withoutActuallyEscaping(output) { sink in
            _ = try XMLPlistWriter.document(options: writingOptions, sink: sink) { emitter in
                var open: [WrittenContainer] = []
                func emitKey(at position: Int?) throws {
                    guard let position, let parent = open.last, parent.isDictionary else { return }
                    if let order = parent.order {
                        try emitter.emitKey(position, of: order, depth: open.count)
                    } else {
                        try emitter.emitKey(parent.keys[position], depth: open.count)
                    }
                }
                while let event = try reader.next() {
                    switch event {
                    case .value(let value, let position):
                        try emitKey(at: position)
                        try emitter.emit(value, depth: open.count)
                    case .open(let isDictionary, let keys, let count, let position):
                        try emitKey(at: position)
                        _ = emitter.open(isDictionary ? .dictionary : .array, isEmpty: count == 0, depth: open.count)
                        var order: XMLPlistWriter.Emitter.KeyOrder?
                        if isDictionary && emitter.sortsKeys {
                            let sorted = emitter.keyOrder(of: keys)
                            reader.visitChildren(in: sorted.sorted)
                            order = sorted
                        }
                        open.append(WrittenContainer(isDictionary: isDictionary, keys: keys, order: order))
                        continue
                    case .close:
                        let done = open.removeLast()
                        emitter.close(done.isDictionary ? .dictionary : .array, depth: open.count)
                    }
                    try emitter.drainIfFull()
                }
            }
        }
    }
}
