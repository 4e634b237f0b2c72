import FoundationEssentials

/// A large XML property list decoded while libxml2 still reads it: the decoder runs on the
/// calling thread between the builder's tapes (``XMLSAXParser/PipelinedParse``), reading the
/// containers still open, the root and the large dictionary or array being filled, through
/// ``XMLPendingContainer`` handles, and feeding the builder more tapes whenever it needs a
/// value not read yet.
///
/// Decoding a library's 50,000 tracks thus overlaps with parsing them: the decoder works while
/// the builder would otherwise wait for libxml2, which is the slower of the two threads.
///
/// A streaming decode is only kept when it is certainly what decoding the finished tree gives
/// (``isTrustworthy``): the parse accepted the whole document, and no container read while open
/// changed when it ended (a dictionary with a repeated key, whose first position keeps the
/// last value; a `CF$UID` dictionary, which becomes a UID). Otherwise ``PlistDecoder`` decodes
/// again from the start, as it would have without streaming.
final class XMLStreamingDecodingSource {
    private let parse: XMLSAXParser.PipelinedParse
    /// Set when a container read while open ended as something else than it was read as.
    private(set) var diverged = false

    /// The builder the parse feeds.
    var builder: XMLPlistTreeBuilder { parse.builder }

    init(parse: XMLSAXParser.PipelinedParse) {
        self.parse = parse
    }

    /// Feeds the builder the next tape, waiting for libxml2 if need be; `false` once the parse
    /// has ended. (In the "C" numeric locale, as the reader parses reals; only for the call,
    /// not for the decoder's own code in between.)
    func pump() -> Bool {
        XMLCLocale.withCNumericLocale { parse.pump() }
    }

    /// Reads the rest of the document, and lets go of the open containers' handles.
    func finish() {
        while pump() {}
        builder.forgetPendingContainers()
    }

    /// Whether the parse accepted the whole document and everything read while open is what
    /// the finished tree holds; meaningful after ``finish()``.
    var isTrustworthy: Bool {
        parse.isFinished && builder.failure == nil && builder.root != nil && !diverged
    }

    /// Records that a container read while open did not end as it was read.
    func markDiverged() {
        diverged = true
    }

    /// The root value: itself once read, or a handle on the open root container; `nil` when
    /// the parse ends without one.
    func rootNode() -> PlistDecodingNode? {
        while true {
            if let root = builder.root { return .value(root) }
            if builder.openContainerCount > 0 { return .pending(builder.pendingContainer(atDepth: 0, source: self)) }
            guard pump() else { return nil }
        }
    }
}

/// An array or dictionary of a streaming decode whose end tag had not been read when the
/// decoder reached it: its finished values are read in place from the builder, and the parse
/// is pumped for the rest as the decoder asks for it. Once the container ends, ``finished``
/// holds it and everything is read from there.
final class XMLPendingContainer {
    /// The decode's source; the builder holds this handle only while the container is open,
    /// and lets go of every handle when the decode ends.
    let source: XMLStreamingDecodingSource
    /// The container's depth among the builder's open containers (0 is the root).
    let depth: Int
    /// Whether it is a dictionary (else an array).
    let isDictionary: Bool
    /// The container, once its end tag has been read.
    private(set) var finished: PlistValue?
    /// For a dictionary looked up by key while open: each key read so far at its first
    /// position, by exact bytes, as ``PlistDictionary`` tells keys apart.
    private var positionByKey: [ExactKey: Int] = [:]
    /// How many of the keys read so far are in ``positionByKey``.
    private var indexedKeyCount = 0

    init(source: XMLStreamingDecodingSource, depth: Int, isDictionary: Bool) {
        self.source = source
        self.depth = depth
        self.isDictionary = isDictionary
    }

    /// Called by the builder when the container ends as `value`; a dictionary held `entryCount`
    /// values in the file.
    func finish(with value: PlistValue, entryCount: Int) {
        finished = value
        switch value {
        case .dictionary(let dictionary):
            // Fewer entries than values read: a repeated key, whose value may have been read
            // from its first position while open.
            if !isDictionary || dictionary.count != entryCount { source.markDiverged() }
        case .array:
            if isDictionary { source.markDiverged() }
        default:
            // A dictionary that stands for a UID.
            source.markDiverged()
        }
    }

    /// The builder, while it still holds this container open; `nil` once a failed parse has
    /// dropped it unfinished (a dictionary whose last key has no value is popped without a
    /// value). Every read of the open container goes through this: the builder's frames are
    /// only this container's while it is open.
    private var openBuilder: XMLPlistTreeBuilder? {
        let builder = source.builder
        return depth < builder.openContainerCount ? builder : nil
    }

    /// The whole container, read to its end; `nil` when the parse ends first.
    func whole() -> PlistValue? {
        while finished == nil {
            guard source.pump() else { return nil }
        }
        return finished
    }

    /// The key and value at `position` of a dictionary, in file order, read as far as needed;
    /// `nil` past its end, or when the parse ends first.
    func entry(at position: Int) -> (key: String, node: PlistDecodingNode)? {
        while true {
            if let finished {
                guard case .dictionary(let dictionary) = finished, position < dictionary.count else { return nil }
                return (dictionary.keys[position], .value(dictionary.values[position]))
            }
            guard let builder = openBuilder else { return nil }
            if position < builder.finishedValueCount(atDepth: depth) {
                return (builder.key(atDepth: depth, position: position), .value(builder.value(atDepth: depth, position: position)))
            }
            guard source.pump() else { return nil }
        }
    }

    /// The element at `position` of an array, read as far as needed; `nil` past its end, or
    /// when the parse ends first.
    func element(at position: Int) -> PlistDecodingNode? {
        while true {
            if let finished {
                guard case .array(let array) = finished, position < array.count else { return nil }
                return .value(array[position])
            }
            guard let builder = openBuilder else { return nil }
            if position < builder.finishedValueCount(atDepth: depth) {
                return .value(builder.value(atDepth: depth, position: position))
            }
            guard source.pump() else { return nil }
        }
    }

    /// The value of `key` in a dictionary, read as far as needed: the value itself, or, when
    /// it is a container still being read, a handle on that; `nil` when the dictionary ends
    /// without the key (or the parse ends first).
    func node(forKey key: String) -> PlistDecodingNode? {
        while true {
            if let finished {
                guard case .dictionary(let dictionary) = finished, let position = dictionary.index(forKey: key) else { return nil }
                return .value(dictionary.values[position])
            }
            guard let builder = openBuilder else { return nil }
            let keyCount = builder.keyCount(atDepth: depth)
            while indexedKeyCount < keyCount {
                let read = ExactKey(builder.key(atDepth: depth, position: indexedKeyCount))
                if positionByKey[read] == nil { positionByKey[read] = indexedKeyCount }
                indexedKeyCount += 1
            }
            if let position = positionByKey[ExactKey(key)] {
                let finishedCount = builder.finishedValueCount(atDepth: depth)
                if position < finishedCount {
                    return .value(builder.value(atDepth: depth, position: position))
                }
                // The key's value is being read; a container is read as it grows.
                if position == finishedCount, builder.openContainerCount > depth + 1 {
                    return .pending(builder.pendingContainer(atDepth: depth + 1, source: source))
                }
            }
            guard source.pump() else { return nil }
        }
    }
}
