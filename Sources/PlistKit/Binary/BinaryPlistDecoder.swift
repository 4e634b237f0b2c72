import FoundationEssentials

/// Decodes objects of a validated binary plist into values; shared by the eager reader and
/// the lazy ``BinaryPlistView``.
///
/// - Each object that can be large (strings, data, containers) is decoded once and shared by
///   every reference to it, so a small file whose objects reference one another many times
///   cannot expand into an exponential tree. Fixed-size scalars are re-read instead: their cost
///   per reference is constant, bounded by the bytes of the references themselves.
/// - An object reached again while it is being decoded is a cycle and fails.
/// - Container nesting beyond ``PlistReadingOptions/maximumDepth`` fails before descending;
///   containers are decoded with an explicit stack of frames, never by recursion.
/// - No allocation is sized by a count the file claims until the bytes for it are known to be
///   there (`count × refSize` must fit before the offset table).
/// - Warnings (sets read as arrays, 32-bit reals widened) are collected with their key path;
///   the path is only built when such an event happens.
///
/// The readers called for every object (`header`, `reference`, `count`, `integer`) are
/// `mutating` although they change nothing: a non-mutating method of a struct this large is
/// handed a copy of it, and those copies (a `memcpy` of the whole decoder per reference read)
/// were 5 % of binary decoding; a mutating one works on the decoder in place.
struct BinaryPlistDecoder: ~Copyable {
    var cursor: BinaryPlistCursor
    let trailer: BinaryPlistTrailer
    let options: PlistReadingOptions

    /// Per object index: `notSeen`, `inProgress`, `countedScalar`, or an index into `memo`.
    /// Dense (one entry per object) for whole-file reads, sparse for the lazy view's partial ones.
    private var dense: [Int32]
    private var sparse: [Int: Int32]
    private let isDense: Bool
    private var memo: [PlistValue] = []
    private var decodedCount = 0
    /// Bytes of the object table not yet covered by a decoded object. Objects of a well-formed
    /// file do not overlap, so the distinct objects decoded can never cover more bytes than
    /// the table has; a file whose offset entries point many objects at the same bytes (each
    /// decoded on its own, as a separate object) would otherwise expand without bound.
    private var uncoveredBytes: Int
    /// For whole-file reads: the dictionary keys, interned, so a dictionary's keys are known
    /// distinct after one pass (and the Codable source looks keys up by id).
    private(set) var keyTable = BinaryPlistKeyTable()
    /// Key lists of dictionaries decoded recently, by key id and as texts, each distinct and
    /// small enough to need no index (see `sharedKeys(for:)`).
    private var recentKeyLists = RecentItems<(ids: [Int], keys: [String])>(capacity: 8)
    /// The key ids of the dictionary being started (reused).
    private var scratchKeyIDs: [Int] = []
    /// (container object index, position of the child being decoded), root first.
    private var pathSteps: [(container: Int, child: Int)] = []
    /// Losses found, in the order met.
    private(set) var warnings: [PlistWarning] = []

    private static let notSeen: Int32 = -1
    private static let inProgress: Int32 = -2
    private static let countedScalar: Int32 = -3

    /// Creates a decoder. `dense` allocates one 4-byte slot per object up front (fast for whole
    /// files); otherwise slots are kept in a dictionary for the objects actually reached.
    init(cursor: consuming BinaryPlistCursor, trailer: BinaryPlistTrailer, options: PlistReadingOptions, dense: Bool) throws {
        self.cursor = cursor
        self.trailer = trailer
        self.options = options
        self.isDense = dense
        self.sparse = [:]
        self.uncoveredBytes = trailer.offsetTableOffset - 8
        if dense {
            // objectCount × offsetIntSize bytes of offset table exist in the input, so this
            // allocation is at most 4 bytes per input byte.
            guard trailer.objectCount <= Int(Int32.max) else {
                throw PlistError(.limitExceeded, "The file has \(trailer.objectCount) objects, more than \(Int32.max)")
            }
            self.dense = [Int32](repeating: Self.notSeen, count: trailer.objectCount)
        } else {
            self.dense = []
        }
    }

    private func slot(_ index: Int) -> Int32 {
        isDense ? dense[index] : (sparse[index] ?? Self.notSeen)
    }

    private mutating func setSlot(_ index: Int, _ value: Int32) {
        if isDense { dense[index] = value } else { sparse[index] = value }
    }

    /// Marks object `index` as being on the current decode path (ancestors of a lazy lookup).
    mutating func markInProgress(_ index: Int) {
        if slot(index) == Self.notSeen { setSlot(index, Self.inProgress) }
    }

    // MARK: Errors

    func error(_ reason: String, object index: Int, at offset: Int, code: PlistError.Code = .corruptData) -> PlistError {
        PlistError(code, reason, at: .object(index: index, byteOffset: offset))
    }

    // MARK: Object headers

    /// The marker byte and byte offset of object `index` (below the object count).
    mutating func header(of index: Int) throws -> (marker: UInt8, offset: Int) {
        let offset = try trailer.offset(of: index, in: cursor)
        return (try cursor.peekByte(at: offset), offset)
    }

    /// The length that follows a marker whose low nibble is `nibble` (0xF: an integer object
    /// follows with the real count) and the offset of the first byte after it.
    mutating func count(nibble: UInt8, after position: Int, object index: Int, at offset: Int) throws -> (count: Int, next: Int) {
        guard nibble == 0xF else { return (Int(nibble), position) }
        let end = trailer.offsetTableOffset
        guard position < end else {
            throw error("The count of an object runs into the offset table", object: index, at: offset)
        }
        let intMarker = try cursor.peekByte(at: position)
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw error(
                "The count of an object should be an integer of 1 to 8 bytes, found marker 0x\(hexByte(intMarker))",
                object: index, at: offset)
        }
        let size = 1 << Int(intMarker & 0x0F)
        guard size <= end - position - 1 else {
            throw error("The \(size)-byte count of an object runs into the offset table", object: index, at: offset)
        }
        let raw = try cursor.peekUInt(at: position + 1, size: size)
        guard raw <= UInt64(Int64.max) else {
            throw error("The count \(Int64(bitPattern: raw)) of an object is negative", object: index, at: offset)
        }
        return (Int(raw), position + 1 + size)
    }

    /// Checks that `count` items of `width` bytes starting at `start` end before the offset
    /// table, without overflow.
    func checkExtent(_ count: Int, width: Int, from start: Int, what: String, object index: Int, at offset: Int) throws {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow, bytes <= trailer.offsetTableOffset - start else {
            throw error("\(what) claims \(count) items of \(width) bytes, more than the \(trailer.offsetTableOffset - start) bytes left before the offset table", object: index, at: offset)
        }
    }

    /// The object index stored in the reference at `position`.
    @inline(__always)
    mutating func reference(at position: Int, object index: Int, at offset: Int) throws -> Int {
        let ref = try cursor.peekUInt(at: position, size: trailer.objectRefSize)
        guard ref < UInt64(trailer.objectCount) else {
            throw error("A reference at byte \(position) names object \(ref), but there are only \(trailer.objectCount) objects", object: index, at: offset)
        }
        return Int(ref)
    }

    // MARK: Decoding

    /// A container being decoded: its object, what it is, where its references are, and the
    /// children decoded so far. Containers are decoded with an explicit stack of frames rather
    /// than by recursion, so no nesting depth the options allow can exhaust the thread's stack.
    private struct Frame {
        let index: Int
        /// The container's byte offset, for error locations.
        let offset: Int
        let isDictionary: Bool
        let count: Int
        /// The byte offset of the first (value) reference.
        let references: Int
        var next = 0
        /// An array's elements, or a dictionary's values in the order of `keys`.
        var elements: [PlistValue] = []
        var keys: [String] = []
        /// Whether the keys are known to be distinct (see `keyTable`).
        var keysKnownDistinct = false
    }

    /// Decodes object `index` and everything it contains; `depth` is the container depth of
    /// the object (the root is at depth 1).
    mutating func decode(_ index: Int, depth: Int) throws -> PlistValue {
        var frames: [Frame] = []
        var pending = index
        while true {
            var value: PlistValue
            if let leaf = try start(pending, depth: depth + frames.count, frames: &frames) {
                value = leaf
            } else if frames[frames.count - 1].count > 0 {
                pending = try childReference(frames.count - 1, in: frames)
                continue
            } else {
                value = finish(frames.removeLast())
            }
            // Hand the value to its container; finish every container it completes.
            while let last = frames.indices.last {
                frames[last].elements.append(value)
                frames[last].next += 1
                if frames[last].next < frames[last].count {
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
        return try reference(
            at: frames[position].references + next * trailer.objectRefSize,
            object: frames[position].index, at: frames[position].offset)
    }

    private mutating func finish(_ frame: Frame) -> PlistValue {
        pathSteps.removeLast()
        // A dictionary is built in one go from its keys and values: one pass, no per-key
        // lookups while it grows.
        return remember(
            frame.index,
            frame.isDictionary
                ? .dictionary(PlistDictionary(readingKeys: frame.keys, values: frame.elements, keysKnownDistinct: frame.keysKnownDistinct))
                : .array(frame.elements))
    }

    /// Decodes a scalar or memoized object and returns it, or opens a container: checks it,
    /// decodes a dictionary's keys, pushes its frame and returns `nil`.
    private mutating func start(_ index: Int, depth: Int, frames: inout [Frame]) throws -> PlistValue? {
        let state = slot(index)
        if state >= 0 { return memo[Int(state)] }
        let (marker, offset) = try header(of: index)
        try count(index, state: state, at: offset)
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else {
            return try scalar(index, marker: marker, offset: offset)
        }
        let isDictionary = kind == 0xD
        let (count, start) = try self.count(nibble: marker & 0x0F, after: offset + 1, object: index, at: offset)
        let (refCount, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
        guard !overflow else {
            throw error("A dictionary claims \(count) entries, more than can exist", object: index, at: offset)
        }
        let what = isDictionary ? "A dictionary" : (kind == 0xC ? "A set" : "An array")
        try checkExtent(refCount, width: trailer.objectRefSize, from: start, what: what, object: index, at: offset)
        guard depth <= options.maximumDepth else {
            throw error("Containers are nested deeper than the limit of \(options.maximumDepth) levels", object: index, at: offset, code: .limitExceeded)
        }
        try cover(start - offset + refCount * trailer.objectRefSize, object: index, at: offset)
        if kind == 0xC {
            try warn(.setReadAsArray, "a set of \(count) elements was read as an array (a property list value has no set type)")
        }
        setSlot(index, Self.inProgress)
        var frame = Frame(index: index, offset: offset, isDictionary: isDictionary, count: count,
                          references: isDictionary ? start + count * trailer.objectRefSize : start)
        if isDictionary {
            // The keys come first; they are strings, so decoding them never opens a frame.
            frame.elements.reserveCapacity(count)
            var position = start
            if isDense {
                scratchKeyIDs.removeAll(keepingCapacity: true)
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
        } else {
            frame.elements.reserveCapacity(count)
        }
        pathSteps.append((index, 0))
        frames.append(frame)
        return nil
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

    /// Fails for an object on the current decode path (a cycle), and counts an object decoded
    /// for the first time against ``PlistReadingOptions/maximumObjectCount``.
    @inline(__always)
    private mutating func count(_ index: Int, state: Int32, at offset: Int) throws {
        if state == Self.inProgress {
            throw error("Object \(index) contains itself (a reference cycle)", object: index, at: offset)
        }
        if state == Self.notSeen {
            decodedCount += 1
            if decodedCount > options.maximumObjectCount {
                throw error("The file holds more than the limit of \(options.maximumObjectCount) objects", object: index, at: offset, code: .limitExceeded)
            }
        }
    }

    /// Decodes object `index`, whose header the caller read and found not to be a container,
    /// exactly as ``decode(_:depth:)`` would, without its container machinery (for readers that
    /// take one value at a time, such as the Codable source).
    mutating func leaf(_ index: Int, marker: UInt8, offset: Int) throws -> PlistValue {
        let state = slot(index)
        if state >= 0 { return memo[Int(state)] }
        try count(index, state: state, at: offset)
        return try scalar(index, marker: marker, offset: offset)
    }

    // MARK: Plain scalars for one-value-at-a-time readers
    //
    // The Codable source reads millions of scalars one at a time. These readers take the common
    // objects without building a `PlistValue` or going through the error plumbing, with exactly
    // the accounting `leaf(_:marker:offset:)` does (object count, coverage, slots, memo). For any
    // other object, or when reading it would fail, they return `nil` having changed nothing; the
    // caller then reads the object through `leaf`, which decodes it or reports the failure.

    /// A fixed-size scalar object (an integer of 1 to 8 bytes, an 8-byte real, a date or a
    /// boolean): its marker and the big-endian bytes after the marker (none for a boolean).
    mutating func plainFixedScalar(_ index: Int) -> (marker: UInt8, payload: UInt64)? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let state = slot(index)
        guard state == Self.countedScalar || state == Self.notSeen,
            let offset = try? trailer.offset(of: index, in: cursor),
            let marker = try? cursor.peekByte(at: offset)
        else { return nil }
        let size: Int
        switch marker {
        case 0x08, 0x09: size = 0
        case 0x10...0x13: size = 1 << Int(marker & 0x0F)
        case 0x23, 0x33: size = 8
        default: return nil
        }
        var payload: UInt64 = 0
        if size > 0 {
            // `scalar`'s extent check, then the read.
            guard size <= trailer.offsetTableOffset - (offset + 1),
                let raw = try? cursor.peekUInt(at: offset + 1, size: size)
            else { return nil }
            payload = raw
        }
        if state == Self.notSeen {
            // The first read: counted and covered once, as `leaf` and `scalar` do.
            guard decodedCount < options.maximumObjectCount, 1 + size <= uncoveredBytes else { return nil }
            decodedCount += 1
            uncoveredBytes -= 1 + size
            setSlot(index, Self.countedScalar)
        }
        return (marker, payload)
    }

    /// A string object already decoded (shared through the memo), or an ASCII or UTF-16 string
    /// object decoded now and remembered.
    mutating func plainString(_ index: Int) -> String? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let state = slot(index)
        if state >= 0 {
            guard case .string(let text) = memo[Int(state)] else { return nil }
            return text
        }
        guard state == Self.notSeen,
            let offset = try? trailer.offset(of: index, in: cursor),
            let marker = try? cursor.peekByte(at: offset), marker & 0xF0 == 0x50 || marker & 0xF0 == 0x60,
            let (count, start) = try? self.count(nibble: marker & 0x0F, after: offset + 1, object: index, at: offset)
        else { return nil }
        let isUTF16 = marker & 0xF0 == 0x60
        // `scalar`'s checks, in its order: the extent, the object limit, the coverage.
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: isUTF16 ? 2 : 1)
        guard !overflow, byteCount <= trailer.offsetTableOffset - start,
            decodedCount < options.maximumObjectCount,
            start - offset + byteCount <= uncoveredBytes,
            // (Every read seeks first, so moving the cursor changes nothing another read sees.)
            (try? cursor.seek(to: start)) != nil
        else { return nil }
        let decoded: String?
        if isUTF16 {
            var bad = 0
            decoded = (try? cursor.readUTF16BEString(count: count, badOffset: &bad)) ?? nil
        } else {
            decoded = try? cursor.readASCIIString(count: count)
        }
        guard let text = decoded else { return nil }
        decodedCount += 1
        uncoveredBytes -= start - offset + byteCount
        _ = remember(index, .string(text))
        return text
    }

    /// Decodes a non-container object (its slot already counted).
    private mutating func scalar(_ index: Int, marker: UInt8, offset: Int) throws -> PlistValue {
        let nibble = marker & 0x0F
        // Fixed-size scalars are re-read at every reference but covered once.
        let isFirstRead = slot(index) == Self.notSeen
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09:
                if isFirstRead { try cover(1, object: index, at: offset) }
                setSlot(index, Self.countedScalar)
                return .boolean(marker == 0x09)
            case 0x00:
                throw error("Null object (marker 0x00), which bplist00 does not define and a property list cannot hold", object: index, at: offset)
            case 0x0F:
                throw error("Fill byte (marker 0x0F) where an object should start", object: index, at: offset)
            default:
                throw error("Invalid object marker 0x\(hexByte(marker))", object: index, at: offset)
            }
        case 0x1:
            let integer = try integer(marker: marker, object: index, at: offset)
            if isFirstRead { try cover(1 + (1 << Int(nibble)), object: index, at: offset) }
            setSlot(index, Self.countedScalar)
            return .integer(integer)
        case 0x2:
            setSlot(index, Self.countedScalar)
            switch nibble {
            case 2:
                try checkExtent(1, width: 4, from: offset + 1, what: "A 4-byte real", object: index, at: offset)
                try cursor.seek(to: offset + 1)
                let value = try cursor.readFloat()
                if isFirstRead { try cover(5, object: index, at: offset) }
                try warn(.float32Widened, "a 32-bit real (\(value)) was widened to 64 bits and will be written back as 64 bits")
                return .real(Double(value))
            case 3:
                try checkExtent(1, width: 8, from: offset + 1, what: "An 8-byte real", object: index, at: offset)
                try cursor.seek(to: offset + 1)
                if isFirstRead { try cover(9, object: index, at: offset) }
                return .real(try cursor.readDouble())
            default:
                throw error("Real of 2^\(nibble) bytes (only 4 and 8 are defined)", object: index, at: offset)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw error("Invalid date marker 0x\(hexByte(marker)) (only 0x33 is defined)", object: index, at: offset)
            }
            setSlot(index, Self.countedScalar)
            try checkExtent(1, width: 8, from: offset + 1, what: "A date", object: index, at: offset)
            try cursor.seek(to: offset + 1)
            if isFirstRead { try cover(9, object: index, at: offset) }
            return .date(Date(timeIntervalSinceReferenceDate: try cursor.readDouble()))
        case 0x4:
            let (count, start) = try self.count(nibble: nibble, after: offset + 1, object: index, at: offset)
            try checkExtent(count, width: 1, from: start, what: "Data", object: index, at: offset)
            try cover(start - offset + count, object: index, at: offset)
            try cursor.seek(to: start)
            return remember(index, .data(try cursor.readData(count: count)))
        case 0x5:
            let (count, start) = try self.count(nibble: nibble, after: offset + 1, object: index, at: offset)
            try checkExtent(count, width: 1, from: start, what: "An ASCII string", object: index, at: offset)
            try cover(start - offset + count, object: index, at: offset)
            try cursor.seek(to: start)
            return remember(index, .string(try cursor.readASCIIString(count: count)))
        case 0x6:
            let (count, start) = try self.count(nibble: nibble, after: offset + 1, object: index, at: offset)
            try checkExtent(count, width: 2, from: start, what: "A UTF-16 string", object: index, at: offset)
            try cover(start - offset + 2 * count, object: index, at: offset)
            try cursor.seek(to: start)
            var bad = 0
            guard let text = try cursor.readUTF16BEString(count: count, badOffset: &bad) else {
                let unit = try cursor.peekUInt(at: bad, size: 2)
                throw error("A UTF-16 string holds the unpaired surrogate 0x\(hexWord(unit)) at byte \(bad)", object: index, at: offset)
            }
            return remember(index, .string(text))
        case 0x8:
            setSlot(index, Self.countedScalar)
            // CoreFoundation reads nnnn+1 bytes (1 through 16) and requires the value to fit in
            // 32 bits; longer forms must therefore start with zero bytes.
            let size = Int(nibble) + 1
            try checkExtent(1, width: size, from: offset + 1, what: "A UID", object: index, at: offset)
            var value: UInt64 = 0
            for i in 0..<size {
                value = value << 8 | UInt64(try cursor.peekByte(at: offset + 1 + i))
                guard value <= UInt64(UInt32.max) else {
                    throw error("A UID of \(size) bytes holds a value above \(UInt32.max)", object: index, at: offset)
                }
            }
            if isFirstRead { try cover(1 + size, object: index, at: offset) }
            return .uid(UInt32(value))
        default:
            throw error("Invalid object marker 0x\(hexByte(marker))", object: index, at: offset)
        }
    }

    /// The id of key object `object`'s text (see ``keyTable``), decoding and interning it
    /// the first time (whole-file reads only).
    @inline(__always)
    mutating func internedKeyID(_ object: Int) throws -> Int {
        if let known = keyTable.id(ofObject: object) { return known }
        let text = try key(object)
        return keyTable.intern(text, forObject: object, objectCount: trailer.objectCount)
    }

    /// Starts a dictionary for ``markKeyMet(_:)``.
    mutating func beginKeyedDictionary() {
        keyTable.beginDictionary()
    }

    /// Notes key `id` in the current dictionary; `true` when it is a repeat.
    @inline(__always)
    mutating func markKeyMet(_ id: Int) -> Bool {
        keyTable.markMet(id)
    }

    /// Decodes object `index` as a dictionary key, which must be a string.
    mutating func key(_ index: Int) throws -> String {
        let state = slot(index)
        if state >= 0, case .string(let text) = memo[Int(state)] { return text }
        let (marker, offset) = try header(of: index)
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw error(
                "A dictionary key is not a string (marker 0x\(hexByte(marker))); property list keys must be strings",
                object: index, at: offset)
        }
        try count(index, state: state, at: offset)
        guard case .string(let text) = try scalar(index, marker: marker, offset: offset) else {
            throw error("A dictionary key is not a string", object: index, at: offset)
        }
        return text
    }

    /// Accounts for the `bytes` an object just decoded occupies (see `uncoveredBytes`).
    private mutating func cover(_ bytes: Int, object index: Int, at offset: Int) throws {
        guard bytes <= uncoveredBytes else {
            throw error(
                "The objects decoded so far cover more bytes than the \(trailer.offsetTableOffset - 8)-byte object table holds, so objects overlap (a way to expand a small file without bound)",
                object: index, at: offset, code: .limitExceeded)
        }
        uncoveredBytes -= bytes
    }

    private mutating func remember(_ index: Int, _ value: PlistValue) -> PlistValue {
        setSlot(index, Int32(truncatingIfNeeded: memo.count))
        memo.append(value)
        return value
    }

    /// Reads an integer object: 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed
    /// (two's complement), and 16-byte ones a signed 128-bit value that must fit
    /// `Int64.min ... UInt64.max`.
    mutating func integer(marker: UInt8, object index: Int, at offset: Int) throws -> PlistInteger {
        let nibble = marker & 0x0F
        guard nibble <= 4 else {
            throw error("Integer of 2^\(nibble) bytes (only 1, 2, 4, 8 and 16 are defined)", object: index, at: offset)
        }
        let size = 1 << Int(nibble)
        try checkExtent(1, width: size, from: offset + 1, what: "An integer", object: index, at: offset)
        switch size {
        case 8:
            return PlistInteger(Int64(bitPattern: try cursor.peekUInt(at: offset + 1, size: 8)))
        case 16:
            let high = try cursor.peekUInt(at: offset + 1, size: 8)
            let low = try cursor.peekUInt(at: offset + 9, size: 8)
            if high == 0 { return PlistInteger(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return PlistInteger(Int64(bitPattern: low)) }
            throw error(
                "A 16-byte integer (high bytes 0x\(String(high, radix: 16))) is outside Int64.min...UInt64.max",
                object: index, at: offset)
        default:
            return PlistInteger(try cursor.peekUInt(at: offset + 1, size: size))
        }
    }

    func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    func hexWord(_ word: UInt64) -> String {
        let digits = String(word, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Warnings

    private mutating func warn(_ kind: PlistWarning.Kind, _ message: String) throws {
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
