import FoundationEssentials

/// Writes what ``PlistEncoder`` encoded as an XML property list straight from its
/// ``PlistEncodingNode`` tree, byte for byte as ``XMLPlistWriter`` writes the ``PlistValue``
/// the tree finishes into, without building that value (a `PlistDictionary` per model, each
/// checked for repeated keys and, when large, indexed), counting its expanded size, walking it
/// for losses and freeing it again.
///
/// The XML writer's own ``XMLPlistWriter/Emitter`` writes every tag, scalar and key, sorts
/// keys (reusing the sorted orders of key lists that repeat) and produces the document around
/// the root; this type only walks the encoder's tree and keeps the general path's limits.
///
/// It writes only what it can write exactly as the general path would, and returns `nil`
/// otherwise, for that path to write or report:
///
/// - a dictionary with a key encoded twice (the finished value resolves it to the first
///   position and the last value);
/// - a tree holding more than ``PlistWritingOptions/maximumValueCount`` values, or nesting
///   deeper than ``PlistWritingOptions/maximumDepth`` (the general path's limit errors);
/// - a string or key XML cannot hold, or a date it cannot write (the emitter stops there, and
///   the general path reports the first such value with its key path);
/// - strict writing (see ``canWrite(options:)``).
struct PlistEncodingXMLWriter {
    /// Thrown out of the walk when the general path must write or report the tree.
    private struct Fallback: Error {}

    /// The values the finished tree would hold, counted as `ExpandedSizeCounter` counts them
    /// (each container, key and scalar once; an encoder tree shares nothing).
    private var valueCount = 0
    private let valueLimit: Int
    /// `PlistWritingOptions.maximumDepth`: a container at emitting depth `d` (the root at 0)
    /// nests `d + 1` levels deep as `ExpandedSizeCounter` counts them.
    private let depthLimit: Int

    private let options: PlistWritingOptions
    /// How many more containers may be split between two threads (see
    /// ``emitEntries(_:depth:to:emitOne:)``): one per document, the first large enough.
    private var splitsLeft: Int

    private init(options: PlistWritingOptions, splits: Int) {
        self.options = options
        valueLimit = options.maximumValueCount
        depthLimit = options.maximumDepth
        splitsLeft = splits
    }

    /// Containers with fewer entries than this are written by one thread: starting a second
    /// costs tens of microseconds, about what writing a thousand entries takes.
    static let smallestSplitContainer = 2_048

    /// Whether the general path would do nothing with these options but write: under strict
    /// writing its loss analysis throws for a fractional date or a key order the writer
    /// changes, which this writer leaves to it. (Outside strict writing the analysis only
    /// collects warnings, which ``PlistEncoder/encode(_:)`` drops.) A negative depth limit
    /// refuses every tree, a scalar root included.
    static func canWrite(options: PlistWritingOptions) -> Bool {
        !options.isStrict && options.maximumDepth >= 0
    }

    /// The bytes of `root` as an XML property list, or `nil` when the general path must
    /// write it (see the type's description).
    static func write(_ root: PlistEncodingNode, options: PlistWritingOptions, splitsContainers: Bool = true) -> Data? {
        guard canWrite(options: options) else { return nil }
        var writer = PlistEncodingXMLWriter(options: options, splits: splitsContainers && XMLSAXParser.hasSecondProcessor ? 1 : 0)
        // Any error (Fallback, or the emitter's Unrepresentable) hands the tree to the
        // general path, which writes or words it.
        return try? XMLPlistWriter.document(options: options) { emitter in
            try writer.emit(root, depth: 0, to: &emitter)
        }
    }

    /// Counts `count` more values against the limit.
    @inline(__always)
    private mutating func count(_ count: Int) throws {
        valueCount += count
        guard valueCount <= valueLimit else { throw Fallback() }
    }

    /// Emits `node` at `depth`. Recursive, as the general writer is, and as deep: no deeper
    /// than the depth limit, checked before each container is entered.
    private mutating func emit(_ node: PlistEncodingNode, depth: Int, to emitter: inout XMLPlistWriter.Emitter) throws {
        switch node {
        case .value(let value):
            // The encoder stores only scalars here; a container would need the general
            // path's count of its expanded size.
            guard !value.isContainer else { throw Fallback() }
            try count(1)
            try emitter.emitScalar(value, depth: depth)
        case .array(let array):
            guard depth < depthLimit else { throw Fallback() }
            let elements = array.elements
            try count(1)
            guard emitter.open(.array, isEmpty: elements.isEmpty, depth: depth) else { return }
            try emitEntries(elements.count, depth: depth + 1, to: &emitter) { writer, position, emitter in
                try writer.emit(elements[position], depth: depth + 1, to: &emitter)
            }
            emitter.close(.array, depth: depth)
        case .dictionary(let dictionary):
            guard depth < depthLimit else { throw Fallback() }
            let keys = dictionary.keys, values = dictionary.values
            try count(1 + keys.count)
            guard emitter.open(.dictionary, isEmpty: keys.isEmpty, depth: depth) else { return }
            // The emitter's cache of key orders also says whether a key was encoded twice;
            // its sorted order is found (once per distinct key list) even when keys are
            // written as encoded, for that answer.
            let order = emitter.keyOrder(of: keys)
            if order.hasRepeatedKey { throw Fallback() }
            let sorted = emitter.sortsKeys ? order.sorted : nil
            try emitEntries(keys.count, depth: depth + 1, to: &emitter) { writer, position, emitter in
                let index = sorted?[position] ?? position
                try emitter.emitKey(index, of: order, depth: depth + 1)
                try writer.emit(values[index], depth: depth + 1, to: &emitter)
            }
            emitter.close(.dictionary, depth: depth)
        case .deferred(let encoder):
            // A super encoder: its value, or an empty dictionary when it encoded nothing.
            try emit(encoder.node ?? .dictionary(PlistEncodingDictionary()), depth: depth, to: &emitter)
        }
    }

    /// Emits the `count` entries of a container in order, each by `emitOne(writer, position,
    /// emitter)`.
    ///
    /// The first container large enough (``smallestSplitContainer``) is split between two
    /// threads when the machine has a second processor: a helper writes the second half with
    /// a writer and an emitter of its own while this thread writes the first, then its bytes
    /// follow this thread's and its values count against the same limit. The entries are
    /// written by the same calls in the same order, so the bytes are those of one thread; any
    /// error on either side stops the write (for the general path), as it would on one. The
    /// tree is finished before writing starts, so both threads only read it.
    private mutating func emitEntries(
        _ count: Int, depth: Int, to emitter: inout XMLPlistWriter.Emitter,
        emitOne: (inout PlistEncodingXMLWriter, Int, inout XMLPlistWriter.Emitter) throws -> Void
    ) throws {
        guard splitsLeft > 0, count >= Self.smallestSplitContainer else {
            for position in 0..<count { try emitOne(&self, position, &emitter) }
            return
        }
        splitsLeft -= 1
        // The helper is joined before this returns, on every path, so the closure does not
        // outlive the call (and the usual container pays for no escaping closure).
        try withoutActuallyEscaping(emitOne) { emitOne in
            try emitSplit(count, to: &emitter, emitOne: emitOne)
        }
    }

    /// The split of ``emitEntries(_:depth:to:emitOne:)``: the second half on a helper thread.
    private mutating func emitSplit(
        _ count: Int, to emitter: inout XMLPlistWriter.Emitter,
        emitOne: @escaping (inout PlistEncodingXMLWriter, Int, inout XMLPlistWriter.Emitter) throws -> Void
    ) throws {
        let middle = count / 2
        let half = SecondHalf(writer: PlistEncodingXMLWriter(options: options, splits: 0), emitter: emitter.freshEmitter())
        let secondHalf = {
            do {
                try XMLCLocale.withCNumericLocale {
                    for position in middle..<count { try emitOne(&half.writer, position, &half.emitter) }
                }
            } catch {
                half.failure = error
            }
        }
        // Without a second thread the halves are written one after the other.
        let helper = XMLHelperThread.start(secondHalf)
        do {
            for position in 0..<middle { try emitOne(&self, position, &emitter) }
        } catch {
            helper?.join()
            throw error
        }
        if let helper { helper.join() } else { secondHalf() }
        if let failure = half.failure { throw failure }
        try self.count(half.writer.valueCount)
        emitter.append(half.emitter)
    }

    /// What the helper of a split container writes: its own writer and emitter, and its error.
    private final class SecondHalf {
        var writer: PlistEncodingXMLWriter
        var emitter: XMLPlistWriter.Emitter
        var failure: (any Error)?

        init(writer: PlistEncodingXMLWriter, emitter: XMLPlistWriter.Emitter) {
            self.writer = writer
            self.emitter = emitter
        }
    }
}
