import FoundationEssentials

/// Decodes objects of a validated binary plist into values; shared by the eager reader and the
/// lazy ``BinaryPlistView``.
///
/// - Each object that can be large is decoded once and shared by every reference to it, an
///   object reached again while it is being decoded is a cycle, and objects count against
///   the object limit and the object table's bytes (``BinaryPlistDecodedObjects``).
/// - Container nesting beyond ``PlistReadingOptions/maximumDepth`` fails before descending;
///   containers are decoded with an explicit stack of frames, never by recursion.
/// - No allocation is sized by a count the file claims until the bytes for it are known to be
///   there (`count × refSize` must fit before the offset table).
/// - Warnings (sets read as arrays, 32-bit reals widened) are collected with their key path;
///   the path is only built when such an event happens.
///
/// The decoder's concerns are spread over files: this one walks containers; `+ObjectLayout`
/// reads headers, counts and references; `+Scalars` decodes the other objects and keys.
///
/// The readers called for every object (`header`, `reference`, `count`, `integer`) are
/// `mutating` although they change nothing: a non-mutating method of a struct this large is
/// handed a copy of it, and those copies (a `memcpy` of the whole decoder per reference read)
/// were 5 % of binary decoding; a mutating one works on the decoder in place.
struct BinaryPlistDecoder: ~Copyable {
    var cursor: ByteCursor
    let trailer: BinaryPlistTrailer
    let options: PlistReadingOptions
    /// What is known about each object met so far.
    var objects: BinaryPlistDecodedObjects
    /// For whole-file reads: the dictionary keys, interned, so a dictionary's keys are known
    /// distinct after one pass.
    private(set) var keyTable = BinaryPlistKeyTable()
    /// Whether slots are dense (whole-file reads, which intern keys) or sparse.
    let isDense: Bool
    /// Key lists of dictionaries decoded recently, by key id and as texts, each distinct and
    /// small enough to need no index (see `sharedKeys(for:)`).
    private var recentKeyLists = RecentItems<(ids: [Int], keys: [String])>(capacity: 8)
    /// The key ids of the dictionary being started (reused).
    private var scratchKeyIDs: [Int] = []
    /// (container object index, position of the child being decoded), root first; a
    /// streaming reader (``BinaryPlistSkeletonReader``) keeps the steps of the containers it
    /// walks here too, so that warnings below them have their whole key path.
    var pathSteps: [(container: Int, child: Int)] = []
    /// Losses found, in the order met.
    private(set) var warnings: [PlistWarning] = []
    /// The frame stack of ``decode(_:depth:)``, kept between calls: a streaming read decodes
    /// every record on its own.
    private var scratchFrames: [Frame] = []
    /// How many containers being decoded were decoded before (a streaming read keeps no
    /// values): losses inside them were reported the first time, as a read that shares the
    /// container reports them once.
    private var repeatDepth = 0

    /// Creates a decoder. `dense` allocates one 4-byte slot per object up front (fast for whole
    /// files); otherwise slots are kept in a dictionary for the objects actually reached.
    /// Without `keepingValues` no decoded value is remembered (see ``BinaryPlistDecodedObjects``).
    init(
        cursor: consuming ByteCursor, trailer: BinaryPlistTrailer, options: PlistReadingOptions, dense: Bool,
        keepingValues: Bool = true
    ) throws {
        self.objects = try BinaryPlistDecodedObjects(trailer: trailer, options: options, dense: dense, keepingValues: keepingValues)
        self.cursor = cursor
        self.trailer = trailer
        self.options = options
        self.isDense = dense
        // The frame stack and path of a file a few levels deep, allocated once rather than
        // grown level by level.
        let depth = max(0, min(options.maximumDepth, Self.initialDepthCapacity))
        pathSteps.reserveCapacity(depth)
        scratchFrames.reserveCapacity(depth)
    }

    /// The container depth the stacks are made for at the start.
    private static var initialDepthCapacity: Int { 16 }

    /// Marks object `index` as being on the current decode path (ancestors of a lazy lookup).
    mutating func markInProgress(_ index: Int) {
        objects.markInProgress(index)
    }

    // MARK: Containers

    /// A container being decoded: its object, what it is, where its references are, and the
    /// children decoded so far. Containers are decoded with an explicit stack of frames rather
    /// than by recursion, so no nesting depth the options allow can exhaust the thread's stack.
    struct Frame {
        let container: BinaryPlistContainer
        var next = 0
        /// An array's elements, or a dictionary's values in the order of `keys`.
        var elements: [PlistValue] = []
        var keys: [String] = []
        /// Whether the keys are known to be distinct (see `keyTable`).
        var keysKnownDistinct = false
        /// Whether the container was decoded before (see `repeatDepth`).
        var isRepeat = false
    }

    /// Decodes object `index` and everything it contains; `depth` is the container depth of
    /// the object (the root is at depth 1).
    mutating func decode(_ index: Int, depth: Int) throws -> PlistValue {
        var frames = scratchFrames
        scratchFrames = []
        defer {
            frames.removeAll(keepingCapacity: true)
            scratchFrames = frames
        }
        var pending = index
        while true {
            var value: PlistValue
            if let leaf = try start(pending, depth: depth + frames.count, frames: &frames) {
                value = leaf
            } else if frames[frames.count - 1].container.count > 0 {
                pending = try childReference(frames.count - 1, in: frames)
                continue
            } else {
                value = finish(frames.removeLast())
            }
            // Hand the value to its container; finish every container it completes.
            while let last = frames.indices.last {
                frames[last].elements.append(value)
                frames[last].next += 1
                if frames[last].next < frames[last].container.count {
                    pending = try childReference(last, in: frames)
                    break
                }
                value = finish(frames.removeLast())
            }
            if frames.isEmpty { return value }
        }
    }

    /// The object index of the next child of `frames[position]`, noting the step for
    /// warnings' key paths. (Reads the frame in place: copying it would retain its arrays.)
    private mutating func childReference(_ position: Int, in frames: borrowing [Frame]) throws -> Int {
        let next = frames[position].next
        pathSteps[pathSteps.count - 1].child = next
        return try valueObject(next, of: frames[position].container)
    }

    private mutating func finish(_ frame: Frame) -> PlistValue {
        pathSteps.removeLast()
        if frame.isRepeat { repeatDepth -= 1 }
        // A dictionary is built in one go from its keys and values: one pass, no per-key
        // lookups while it grows.
        return objects.remember(
            frame.container.index,
            frame.container.isDictionary
                ? .dictionary(PlistDictionary(readingKeys: frame.keys, values: frame.elements, keysKnownDistinct: frame.keysKnownDistinct))
                : .array(frame.elements))
    }

    /// Decodes a scalar or memoized object and returns it, or opens a container: checks it,
    /// decodes a dictionary's keys, pushes its frame and returns `nil`.
    private mutating func start(_ index: Int, depth: Int, frames: inout [Frame]) throws -> PlistValue? {
        let state = objects.slot(index)
        if state >= 0 { return objects.value(in: state) }
        let (marker, offset) = try header(of: index)
        try objects.count(index, state: state, at: offset)
        guard BinaryPlistContainer.isContainer(marker: marker) else {
            return try scalar(index, marker: marker, offset: offset)
        }
        var frame = try openContainer(index, marker: marker, offset: offset, state: state, depth: depth)
        frame.elements.reserveCapacity(frame.container.count)
        if frame.isRepeat { repeatDepth += 1 }
        pathSteps.append((index, 0))
        frames.append(frame)
        return nil
    }

    /// Opens container `index` (an array, set or dictionary, whose marker and byte offset are
    /// given, `state` its slot, already counted): checks its layout, its depth and the bytes
    /// it covers, reports a set, marks it in progress and decodes a dictionary's keys.
    mutating func openContainer(_ index: Int, marker: UInt8, offset: Int, state: BinaryPlistDecodedObjects.Slot, depth: Int) throws -> Frame {
        let container = try self.container(index, marker: marker, at: offset)
        let (isDictionary, count) = (container.isDictionary, container.count)
        // What a decode that remembers values checks once per object (it never decodes one
        // twice) is checked at the first decode only.
        let isFirstRead = state == BinaryPlistDecodedObjects.notSeen
        if isFirstRead {
            guard depth <= options.maximumDepth else {
                throw error("Containers are nested deeper than the limit of \(options.maximumDepth) levels", object: index, at: offset, code: .limitExceeded)
            }
            try objects.cover(end(of: container) - offset, object: index, at: offset)
            if marker >> 4 == 0xC {
                try warn(.setReadAsArray, "a set of \(count) elements was read as an array (a property list value has no set type)")
            }
        }
        objects.setSlot(index, BinaryPlistDecodedObjects.inProgress)
        var frame = Frame(container: container)
        frame.isRepeat = !isFirstRead
        if isDictionary {
            // The keys come first; they are strings, so decoding them never opens a frame.
            var position = container.references
            if isDense {
                scratchKeyIDs.removeAll(keepingCapacity: true)
                scratchKeyIDs.reserveCapacity(count)
                for _ in 0..<count {
                    scratchKeyIDs.append(try internedKeyID(try reference(at: position, object: index, at: offset)))
                    position += trailer.objectRefSize
                }
                if let shared = sharedKeys(for: scratchKeyIDs) {
                    frame.keys = shared
                    frame.keysKnownDistinct = true
                } else {
                    frame.keys.reserveCapacity(count)
                    keyTable.beginDictionary()
                    var distinct = true
                    for id in scratchKeyIDs {
                        frame.keys.append(keyTable.texts[id])
                        if keyTable.markMet(id) { distinct = false }
                    }
                    frame.keysKnownDistinct = distinct
                    if distinct { remember(keyIDs: scratchKeyIDs, keys: frame.keys) }
                }
            } else {
                frame.keys.reserveCapacity(count)
                for _ in 0..<count {
                    frame.keys.append(try key(try reference(at: position, object: index, at: offset)))
                    position += trailer.objectRefSize
                }
            }
        }
        return frame
    }

    /// The key array of a recent dictionary with exactly the key ids `ids`, in order, or `nil`.
    ///
    /// The records of a file repeat a few key lists; sharing one array among them (each key
    /// id has one text) saves an allocation, a retain per key and a distinct-key check per
    /// record, and a sixth of the memory of a library's tree.
    private func sharedKeys(for ids: [Int]) -> [String]? {
        guard let last = ids.last else { return nil }
        // Lists of one model differ mostly in their optional keys, which come last.
        for list in recentKeyLists.items where list.ids.count == ids.count && list.ids[ids.count - 1] == last && list.ids == ids {
            return list.keys
        }
        return nil
    }

    /// Keeps a distinct key list for ``sharedKeys(for:)``, when it is not empty and small
    /// enough for a dictionary without an index.
    private mutating func remember(keyIDs: [Int], keys: [String]) {
        guard !keys.isEmpty, keys.count <= PlistDictionary.indexThreshold else { return }
        recentKeyLists.insert((keyIDs, keys))
    }

    // MARK: Key interning

    /// The id of key object `object`'s text (see ``keyTable``), decoding and interning it
    /// the first time (whole-file reads only).
    @inline(__always)
    mutating func internedKeyID(_ object: Int) throws -> Int {
        if let known = keyTable.id(ofObject: object) { return known }
        let text = try key(object)
        return keyTable.intern(text, forObject: object, objectCount: trailer.objectCount)
    }

    // MARK: Warnings

    /// Records a loss at the key path of the object being decoded.
    mutating func warn(_ kind: PlistWarning.Kind, _ message: String) throws {
        guard repeatDepth == 0 else { return }
        let steps = pathSteps
        var components: [String] = []
        components.reserveCapacity(steps.count)
        for step in steps {
            let (marker, offset) = try header(of: step.container)
            if marker >> 4 == 0xD {
                // The keys were decoded before the values, so this is a memo lookup.
                let (_, start) = try count(nibble: marker & 0x0F, after: offset + 1, object: step.container, at: offset)
                let keyIndex = try reference(at: start + step.child * trailer.objectRefSize, object: step.container, at: offset)
                components.append(try key(keyIndex))
            } else {
                components.append(String(step.child))
            }
        }
        warnings.append(PlistWarning(kind, at: PlistKeyPath(components: components), message.prefix(1).uppercased() + message.dropFirst() + "."))
    }
}
