import FoundationEssentials

/// Reads a binary plist as a stream of events without building its whole tree: a container
/// holding more than a threshold of values (see ``BinaryPlistSubtreeSizes``) is handed over as
/// its opening (with a dictionary's keys), its children, and its closing; anything smaller is
/// decoded into a value and handed over whole. What was handed over is not kept, so a
/// document of many small records is held one record at a time.
///
/// It checks what the eager reader (``BinaryPlistReader``) checks, in the same order, with the
/// same errors: the same decoder walks the same objects depth first, counting each distinct
/// object once against the limits. It reports the same losses with the same key paths.
///
/// A document in which the eager reader's tree shares a large container (one object
/// referenced twice) or has a large dictionary with a repeated key is not a plain tree of
/// containers; the reader refuses it with ``NeedsWholeTree`` when it meets one, so that the
/// caller can read it whole (it can have nothing to stream: shared references expand a small
/// file, and such files are made by hand).
struct BinaryPlistSkeletonReader: ~Copyable {
    /// What the reader meets next.
    enum Event {
        /// A large container opens: an array (or a set, read as one) or a dictionary with its
        /// keys, and the number of children that follow before its ``close``. `position` is
        /// its position in its parent (`nil` for the root).
        case open(isDictionary: Bool, keys: [String], count: Int, position: Int?)
        /// A value decoded whole, at `position` in its parent (`nil` for the root).
        case value(PlistValue, position: Int?)
        /// The innermost open container closes.
        case close
    }

    /// Thrown when the document shares a large container or repeats a key in a large
    /// dictionary (see the type's summary).
    struct NeedsWholeTree: Error {}

    /// A large container being walked.
    private struct Frame {
        let container: BinaryPlistContainer
        let depth: Int
        /// The order the children are visited in, as positions; `nil`: stored order.
        var order: [Int]? = nil
        var next = 0
    }

    private var decoder: BinaryPlistDecoder
    /// The containers' sizes, which another reader of the same bytes may take over (see
    /// ``init(cursor:options:sizes:)``).
    private(set) var sizes: BinaryPlistSubtreeSizes
    private var frames: [Frame] = []
    private var hasStarted = false

    /// A reader of the binary plist `cursor` reads, walking containers of more than
    /// `threshold` values.
    ///
    /// - Throws: as ``BinaryPlistReader/read(_:options:)`` for the header, trailer and
    ///   offset table.
    init(cursor: consuming ByteCursor, options: PlistReadingOptions, threshold: Int) throws {
        let trailer = try BinaryPlistTrailer.read(from: cursor)
        decoder = try BinaryPlistDecoder(cursor: cursor, trailer: trailer, options: options, dense: true, keepingValues: false)
        sizes = BinaryPlistSubtreeSizes(objectCount: trailer.objectCount, threshold: threshold)
    }

    /// A reader of the same bytes as the reader that measured `sizes`, which it reuses
    /// rather than measure every container again.
    ///
    /// - Throws: as ``init(cursor:options:threshold:)``.
    init(cursor: consuming ByteCursor, options: PlistReadingOptions, sizes: BinaryPlistSubtreeSizes) throws {
        let trailer = try BinaryPlistTrailer.read(from: cursor)
        decoder = try BinaryPlistDecoder(cursor: cursor, trailer: trailer, options: options, dense: true, keepingValues: false)
        self.sizes = sizes
    }

    /// The losses met so far (sets read as arrays, 32-bit reals widened), with key paths.
    var warnings: [PlistWarning] { decoder.warnings }

    /// Visits the children of the container just opened in `order` (positions in stored
    /// order) rather than in stored order.
    ///
    /// - Precondition: the last event was ``Event/open(isDictionary:keys:count:position:)``.
    mutating func visitChildren(in order: [Int]) {
        frames[frames.count - 1].order = order
    }

    /// The next event, or `nil` after the root.
    ///
    /// - Throws: the eager reader's ``PlistError``s, or ``NeedsWholeTree``.
    mutating func next() throws -> Event? {
        guard hasStarted else {
            hasStarted = true
            return try visit(decoder.trailer.topObject, depth: 1, position: nil)
        }
        guard let top = frames.indices.last else { return nil }
        guard frames[top].next < frames[top].container.count else {
            let done = frames.removeLast()
            decoder.pathSteps.removeLast()
            // Decoded, counted and covered: a second reference to it is a shared container.
            decoder.objects.setSlot(done.container.index, BinaryPlistDecodedObjects.decodedUnkept)
            return .close
        }
        let next = frames[top].next
        let position = frames[top].order?[next] ?? next
        frames[top].next += 1
        decoder.pathSteps[decoder.pathSteps.count - 1].child = position
        let child = try decoder.valueObject(position, of: frames[top].container)
        return try visit(child, depth: frames[top].depth + 1, position: position)
    }

    /// Opens object `index` at `depth` as a large container, or decodes it.
    private mutating func visit(_ index: Int, depth: Int, position: Int?) throws -> Event {
        guard sizes.isLarge(index, decoder: &decoder) else {
            return .value(try decoder.decode(index, depth: depth), position: position)
        }
        let state = decoder.objects.slot(index)
        let (marker, offset) = try decoder.header(of: index)
        // A cycle fails here as in the eager reader.
        try decoder.objects.count(index, state: state, at: offset)
        guard state == BinaryPlistDecodedObjects.notSeen else { throw NeedsWholeTree() }
        let opened = try decoder.openContainer(index, marker: marker, offset: offset, state: state, depth: depth)
        let container = opened.container
        guard !container.isDictionary || opened.keysKnownDistinct else { throw NeedsWholeTree() }
        decoder.pathSteps.append((index, 0))
        frames.append(Frame(container: container, depth: depth))
        return .open(isDictionary: container.isDictionary, keys: opened.keys, count: container.count, position: position)
    }
}
