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
/// - a tree holding more than ``PlistWritingOptions/maximumValueCount`` values or
///   ``PlistWritingOptions/maximumExpandedByteCount`` bytes, or nesting deeper than
///   ``PlistWritingOptions/maximumDepth`` (the general path's limit errors);
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
    /// The bytes the finished tree would hold, counted as `ExpandedSizeCounter` counts them.
    private var byteCount = 0
    private let byteLimit: Int
    /// `PlistWritingOptions.maximumDepth`: a container at emitting depth `d` (the root at 0)
    /// nests `d + 1` levels deep as `ExpandedSizeCounter` counts them.
    private let depthLimit: Int

    private init(options: PlistWritingOptions) {
        valueLimit = options.maximumValueCount
        byteLimit = options.maximumExpandedByteCount
        depthLimit = options.maximumDepth
    }

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
    static func write(_ root: PlistEncodingNode, options: PlistWritingOptions) -> Data? {
        guard canWrite(options: options) else { return nil }
        var writer = PlistEncodingXMLWriter(options: options)
        // Any error (Fallback, or the emitter's Unrepresentable) hands the tree to the
        // general path, which writes or words it.
        return try? XMLPlistWriter.document(options: options) { emitter in
            try writer.emit(root, depth: 0, to: &emitter)
        }
    }

    /// Counts `count` more values, with `payload` bytes of strings, keys and data, against
    /// the limits.
    @inline(__always)
    private mutating func count(_ count: Int, payload: Int = 0) throws {
        valueCount += count
        guard valueCount <= valueLimit else { throw Fallback() }
        let (bytes, overflow) = byteCount.addingReportingOverflow(count &* ExpandedSizeCounter.bytesPerValue &+ payload)
        guard !overflow, bytes <= byteLimit else { throw Fallback() }
        byteCount = bytes
    }

    /// Emits `node` at `depth`. Recursive, as the general writer is, and as deep: no deeper
    /// than the depth limit, checked before each container is entered.
    private mutating func emit(_ node: PlistEncodingNode, depth: Int, to emitter: inout XMLPlistWriter.Emitter) throws {
        switch node {
        case .value(let value):
            // The encoder stores only scalars here; a container would need the general
            // path's count of its expanded size.
            guard !value.isContainer else { throw Fallback() }
            switch value {
            case .string(let string): try count(1, payload: string.utf8.count)
            case .data(let data): try count(1, payload: data.count)
            default: try count(1)
            }
            try emitter.emitScalar(value, depth: depth)
        case .array(let array):
            guard depth < depthLimit else { throw Fallback() }
            let elements = array.elements
            try count(1)
            guard emitter.open(.array, isEmpty: elements.isEmpty, depth: depth) else { return }
            for element in elements {
                try emit(element, depth: depth + 1, to: &emitter)
            }
            emitter.close(.array, depth: depth)
        case .dictionary(let dictionary):
            guard depth < depthLimit else { throw Fallback() }
            let keys = dictionary.keys, values = dictionary.values
            var keyBytes = 0
            for key in keys { keyBytes &+= key.utf8.count }
            try count(1 + keys.count, payload: keyBytes)
            guard emitter.open(.dictionary, isEmpty: keys.isEmpty, depth: depth) else { return }
            // The emitter's cache of key orders also says whether a key was encoded twice;
            // its sorted order is found (once per distinct key list) even when keys are
            // written as encoded, for that answer.
            let order = emitter.keyOrder(of: keys)
            if order.hasRepeatedKey { throw Fallback() }
            let sorted = emitter.sortsKeys ? order.sorted : nil
            for position in 0..<keys.count {
                let index = sorted?[position] ?? position
                try emitter.emitKey(index, of: order, depth: depth + 1)
                try emit(values[index], depth: depth + 1, to: &emitter)
            }
            emitter.close(.dictionary, depth: depth)
        case .deferred(let encoder):
            // A super encoder: its value, or an empty dictionary when it encoded nothing.
            try emit(encoder.node ?? .dictionary(PlistEncodingDictionary()), depth: depth, to: &emitter)
        }
    }
}
