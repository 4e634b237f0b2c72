import CPlistKitSupport
import FoundationEssentials

/// The numbered objects of one binary write, and their encoding into the file's bytes.
///
/// Shared by the general writer (`BinaryPlistWriterState`, which walks a ``PlistValue``) and
/// the keyed archiver's direct writer (`ArchiveBinaryWriter`, which walks its object slots
/// without building the archive's tree). Both number objects in CoreFoundation's order:
/// depth-first, a dictionary's keys when it is entered, then its values each with its own
/// subtree; every scalar numbered once by value (as CoreFoundation's writer uniques them);
/// containers never shared.
struct BinaryPlistObjectList {
    /// What each object number stands for, in 16 bytes: a large tree has millions of
    /// objects, and this list and the references are most of what a write holds. The
    /// commonest scalars are held as plain words (no `PlistValue` to copy, retain and switch
    /// over again when the bytes are written), strings and the other scalars in side tables;
    /// a container's child references occupy `references[start ..< start + count]` (a
    /// dictionary's keys, then its values).
    enum Entry {
        case uid(UInt32)
        /// An integer in `Int64`'s range (larger ones are `.scalar`).
        case integer(Int64)
        /// A real's bit pattern.
        case real(UInt64)
        /// The scalar at this position of `scalars`.
        case scalar(UInt32)
        /// The string at this position of `strings`, with its UTF-16 length, or -1 when it is
        /// all ASCII (written as bytes): found once when the string is first met, so writing
        /// need not scan it again.
        case string(UInt32, utf16Count: Int32)
        case array(start: UInt32, count: UInt32)
        case dictionary(start: UInt32, count: UInt32)
    }

    /// The most objects, and child references, one list holds: numbers and positions are
    /// 32-bit. Writers check their value count against it before numbering
    /// (``BinaryPlistWriter/write(_:options:valueCount:releasingNumbered:)``); a value needs
    /// at least a byte of input or of the caller's memory, so this is far beyond real trees.
    static let maximumObjects = Int(UInt32.max)

    private(set) var entries: [Entry] = []
    /// The strings of `.string` entries, and the scalars of `.scalar` entries.
    private var strings: [String] = []
    private var scalars: [PlistValue] = []
    /// The child references of every container, filled in by the walker as it numbers them
    /// (see ``setReference(_:at:)``).
    private(set) var references: [UInt32] = []

    /// Sets the reference at `slot` (a position a container's opening reserved) to object
    /// `number`.
    @inline(__always)
    mutating func setReference(_ number: Int, at slot: Int) {
        references[slot] = UInt32(truncatingIfNeeded: number)
    }

    /// The object the reference at `slot` names.
    @inline(__always)
    func reference(at slot: Int) -> Int {
        Int(references[slot])
    }
    /// The exact size of every scalar object and container marker met so far: with the
    /// reference count and size known at the end, the output is allocated once, exactly.
    private var objectBytes = 0
    // Scalars are uniqued by value, in one table per type: a plain 64-bit key hashes far
    // faster than a `PlistValue`. The keys follow `PlistValue`'s equality: reals by bit
    // pattern with every NaN alike; dates also with 0 and -0 alike; integers above Int64.max
    // apart from the negative ones sharing their bits.
    private var uniqueIntegers: BinaryPlistUniquingTable<UInt64>
    private var uniqueLargeIntegers: BinaryPlistUniquingTable<UInt64>
    private var uniqueReals: BinaryPlistUniquingTable<UInt64>
    private var uniqueDates: BinaryPlistUniquingTable<UInt64>
    private var uniqueUIDs: BinaryPlistUniquingTable<UInt32>
    /// The number of each UID below `uidNumbers.count` (-1: not numbered yet): an archive's
    /// UIDs index its objects, so an array answers them without hashing.
    private var uidNumbers: [Int]
    private var uniqueData: BinaryPlistUniquingTable<ExactData>
    private var trueNumber: Int?
    private var falseNumber: Int?
    /// Strings by their exact UTF-8 bytes rather than by canonical equivalence (CoreFoundation
    /// keeps "é" and "e" + U+0301 apart).
    private var uniqueStrings: BinaryPlistUniquingTable<ExactKey>
    /// The keys numbered most recently (see `numberKey`).
    private var recentKeys = RecentStringTable(slotCount: 64)
    /// How many objects are numbered before `recentKeys` is used: the keys of small plists
    /// repeat too little to pay for it.
    private let recentKeysAfter: Int

    /// An empty list. `probeLimit` is passed to the uniquing tables (tests lower it to force
    /// their collision fallback); UIDs below `denseUIDCount` are numbered through an array;
    /// the recent-key table is used after `recentKeysAfter` objects.
    init(probeLimit: Int = 128, denseUIDCount: Int = 0, recentKeysAfter: Int = 256) {
        uniqueStrings = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueIntegers = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueLargeIntegers = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueReals = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueDates = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueUIDs = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueData = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uidNumbers = Array(repeating: -1, count: denseUIDCount)
        self.recentKeysAfter = recentKeysAfter
    }

    /// The number of objects so far, which is the number the next new object gets.
    var count: Int { entries.count }

    /// Whether a table fell back before ``encode()`` released them.
    private var releasedTablesUsedFallback = false

    /// Whether any uniquing table fell back to `Hasher` (for tests).
    var usesFallbackHashing: Bool {
        releasedTablesUsedFallback || uniqueStrings.usesFallback || uniqueIntegers.usesFallback || uniqueLargeIntegers.usesFallback
            || uniqueReals.usesFallback || uniqueDates.usesFallback || uniqueUIDs.usesFallback
            || uniqueData.usesFallback
    }

    /// Makes room for `objects` objects and `references` child references.
    mutating func reserveCapacity(objects: Int, references: Int) {
        entries.reserveCapacity(objects)
        self.references.reserveCapacity(references)
        // Strings (every key among them) are most of a document's scalars: their table is
        // made large enough for a small document's at once, not grown from a few slots.
        uniqueStrings.reserveCapacity(min(objects, Self.initialStringCapacity))
    }

    /// The most strings room is made for before numbering starts.
    private static var initialStringCapacity: Int { 256 }

    // MARK: Numbering

    /// Adds an array of `count` elements; returns where its references start in ``references``.
    mutating func openArray(count: Int) -> Int {
        let start = references.count
        entries.append(.array(start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: count)))
        objectBytes += Self.markerSize(count: count)
        appendEmptyReferences(count)
        return start
    }

    /// Adds a dictionary of `count` entries; returns where its key references start (its
    /// value references follow them).
    mutating func openDictionary(count: Int) -> Int {
        let start = references.count
        entries.append(.dictionary(start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: count)))
        objectBytes += Self.markerSize(count: count)
        appendEmptyReferences(2 * count)
        return start
    }

    /// Adds a dictionary with `keys`, numbering them at once (keys are strings, never
    /// containers, so numbering them when the dictionary is entered gives the order a
    /// depth-first walk would); returns where its key references start, its value
    /// references (to be filled in) following them. Appending the keys' numbers rather than
    /// placeholders to overwrite saves a write, and its uniqueness check, per key.
    mutating func openDictionary(numberingKeys keys: [String]) -> Int {
        let start = references.count
        entries.append(.dictionary(start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: keys.count)))
        objectBytes += Self.markerSize(count: keys.count)
        for key in keys { references.append(UInt32(truncatingIfNeeded: numberKey(key))) }
        appendEmptyReferences(keys.count)
        return start
    }

    /// Room for `count` references, filled in as the children are numbered. One by one:
    /// containers here hold a few, and appending a repeated element went through a general
    /// path costing more than the loop.
    private mutating func appendEmptyReferences(_ count: Int) {
        for _ in 0..<count { references.append(0) }
    }

    /// A container whose children are being numbered: its values (a dictionary's keys are
    /// numbered when it is entered), the next one to visit, and where their references go.
    private struct Frame {
        var values: [PlistValue]
        var next: Int
        let firstSlot: Int
    }

    /// Numbers `root` and everything in it, iteratively (a deep value cannot overflow the
    /// stack); returns the root's number. `sortsKeys` writes each dictionary's keys sorted.
    ///
    /// With `releasingNumbered`, each value is dropped from its container once it is entered,
    /// so that a tree handed over whole (nothing else holding it) is freed part by part as the
    /// object list grows, and the two are never both held at full size. A container something
    /// else still holds is copied (once) when its first value is dropped: correct, but then
    /// no memory is saved, so callers that only borrow the tree leave this off.
    mutating func number(_ root: consuming PlistValue, sortsKeys: Bool, releasingNumbered: Bool = false) -> Int {
        var frames: [Frame] = []
        let number = enter(consume root, sortsKeys: sortsKeys, frames: &frames)
        var nextReturn = Self.returnInterval
        while !frames.isEmpty {
            // What was freed is the tree's many small blocks, which the object list's large
            // arrays cannot reuse: handed back to the kernel now and then, it stops counting.
            if releasingNumbered && entries.count >= nextReturn {
                plistkit_return_free_memory()
                nextReturn = entries.count + Self.returnInterval
            }
            let top = frames.count - 1
            let index = frames[top].next
            guard index < frames[top].values.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = index + 1
            let ahead = index + Self.prefetchDistance
            if ahead < frames[top].values.count { prefetchScalar(frames[top].values[ahead]) }
            let slot = frames[top].firstSlot + index
            let value = frames[top].values[index]
            if releasingNumbered { frames[top].values[index] = .boolean(false) }
            setReference(enter(consume value, sortsKeys: sortsKeys, frames: &frames), at: slot)
        }
        return number
    }

    /// How many objects are numbered between two returns of freed memory to the kernel, in a
    /// numbering that frees the tree: often enough that little freed memory is held (262,144
    /// objects of small records free about 25 MB, so a file of a few tens of megabytes
    /// returns some too), rarely enough that the returns (each a walk of the free heap) cost
    /// nothing measurable next to the numbering (convert of 1,000,000 records: no slower).
    static let returnInterval = 1 << 18

    /// Numbers a scalar at once (or finds the number of an equal scalar met before); adds a
    /// container's entry and a frame for the values `number(_:sortsKeys:)` visits next.
    private mutating func enter(_ value: consuming PlistValue, sortsKeys: Bool, frames: inout [Frame]) -> Int {
        let number = entries.count
        // Consumed, so that a container's frame holds the only reference to its values.
        switch consume value {
        case .array(let elements):
            let start = openArray(count: elements.count)
            prefetchScalars(elements.prefix(Self.prefetchDistance))
            frames.append(Frame(values: elements, next: 0, firstSlot: start))
        case .dictionary(let dictionary):
            var keys = dictionary.keys
            var values = dictionary.values
            if sortsKeys {
                let order = keys.indices.sorted { PlistDictionary.keyPrecedes(keys[$0], keys[$1]) }
                keys = order.map { keys[$0] }
                values = order.map { values[$0] }
            }
            let start = openDictionary(numberingKeys: keys)
            prefetchScalars(values.prefix(Self.prefetchDistance))
            frames.append(Frame(values: values, next: 0, firstSlot: start + keys.count))
        case let scalar:
            return numberScalar(scalar)
        }
        return number
    }

    /// The number of scalar `value`, adding it when no equal scalar was numbered before.
    /// (Containers are numbered by `number(_:sortsKeys:)`, never here.)
    mutating func numberScalar(_ value: PlistValue) -> Int {
        let candidate = entries.count
        switch value {
        case .uid(let uid):
            return numberUID(uid)
        case .string(let text):
            return numberString(text)
        case .integer(let integer):
            guard let signed = integer.int64Value else {
                let number = uniqueLargeIntegers.number(for: integer.uint64Value ?? 0, orInsert: candidate)
                if number == candidate { appendScalar(value) }
                return number
            }
            let number = uniqueIntegers.number(for: UInt64(bitPattern: signed), orInsert: candidate)
            if number == candidate {
                entries.append(.integer(signed))
                objectBytes += Self.unsignedSize(UInt64(bitPattern: signed))
            }
            return number
        case .real(let real):
            let number = uniqueReals.number(for: Self.uniquingKey(real: real), orInsert: candidate)
            if number == candidate {
                // The bits of the first of equal reals (one NaN's payload) are the ones written.
                entries.append(.real(real.bitPattern))
                objectBytes += 9
            }
            return number
        case .date(let date):
            let number = uniqueDates.number(for: Self.uniquingKey(date: date), orInsert: candidate)
            if number == candidate { appendScalar(value) }
            return number
        case .data(let data):
            let number = uniqueData.number(for: ExactData(data: data), orInsert: candidate)
            if number == candidate { appendScalar(value) }
            return number
        case .boolean(let flag):
            if let known = flag ? trueNumber : falseNumber { return known }
            appendScalar(value)
            if flag { trueNumber = candidate } else { falseNumber = candidate }
            return candidate
        case .array, .dictionary:
            preconditionFailure("numberScalar called with a container")
        }
    }

    /// The key equal reals are uniqued by: their bits, all NaNs one.
    @inline(__always)
    static func uniquingKey(real: Double) -> UInt64 {
        real.isNaN ? Double.nan.bitPattern : real.bitPattern
    }

    /// The key equal dates are uniqued by: their seconds' bits, all NaNs one, and 0 and -0
    /// one (as `PlistValue` compares dates).
    @inline(__always)
    static func uniquingKey(date: Date) -> UInt64 {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? Double.nan.bitPattern : (seconds == 0 ? 0 : seconds.bitPattern)
    }

    /// How many values ahead of the one being numbered a container's scalars have their
    /// uniquing-table slots loaded (``prefetchScalar(_:)``): far enough for a dozen or so
    /// cache misses to overlap, near enough that the slots are still cached when reached.
    static let prefetchDistance = 16

    /// Loads the slots of `values` (the first ones of a container being entered).
    @inline(__always)
    func prefetchScalars(_ values: ArraySlice<PlistValue>) {
        for value in values { prefetchScalar(value) }
    }

    /// Starts loading the uniquing-table slot where ``numberScalar(_:)`` will look `value`
    /// up (see ``BinaryPlistUniquingTable/prefetch(_:)``); booleans and UIDs have no table
    /// slot to load.
    @inline(__always)
    func prefetchScalar(_ value: PlistValue) {
        switch value {
        case .string(let text):
            uniqueStrings.prefetch(ExactKey(text))
        case .integer(let integer):
            if let signed = integer.int64Value { uniqueIntegers.prefetch(UInt64(bitPattern: signed)) }
        case .real(let real):
            uniqueReals.prefetch(Self.uniquingKey(real: real))
        case .date(let date):
            uniqueDates.prefetch(Self.uniquingKey(date: date))
        default:
            break
        }
    }

    /// The number of UID `uid`, adding it when new.
    @inline(__always)
    mutating func numberUID(_ uid: UInt32) -> Int {
        let candidate = entries.count
        let index = Int(uid)
        if index < uidNumbers.count {
            let known = uidNumbers[index]
            if known >= 0 { return known }
            uidNumbers[index] = candidate
        } else {
            let known = uniqueUIDs.number(for: uid, orInsert: candidate)
            if known != candidate { return known }
        }
        entries.append(.uid(uid))
        objectBytes += uid <= 0xFF ? 2 : (uid <= 0xFFFF ? 3 : 5)
        return candidate
    }

    /// The number UID `uid` already has, or `nil` (only for UIDs below the dense count).
    @inline(__always)
    func knownUIDNumber(_ uid: UInt32) -> Int? {
        let index = Int(uid)
        guard index < uidNumbers.count, uidNumbers[index] >= 0 else { return nil }
        return uidNumbers[index]
    }

    /// The number of dictionary key `text`.
    ///
    /// Keys repeat in every record: a key met recently answers without hashing its bytes.
    /// (String values repeat far less, and checking them here cost more than it saved.)
    mutating func numberKey(_ text: String) -> Int {
        guard entries.count >= recentKeysAfter else { return numberString(text) }
        let lookup = recentKeys.lookup(text)
        if let number = recentKeys.number(at: lookup, text: text) { return number }
        let number = numberString(text)
        recentKeys.store(number, for: text, at: lookup)
        return number
    }

    /// The number of string `text` from the uniquing table, adding it when new. Strings unify
    /// only when their bytes are identical: Swift's `==` also equates canonically equivalent
    /// text ("é" and "e\u{301}"), which must stay as written.
    mutating func numberString(_ text: String) -> Int {
        let candidate = entries.count
        let number = uniqueStrings.number(for: ExactKey(text), orInsert: candidate)
        if number == candidate {
            let utf16Count = Self.utf16CountUnlessASCII(text)
            guard let narrowCount = Int32(exactly: utf16Count) else {
                // Beyond 2 GB of text: held as a plain scalar, written by the general path.
                appendScalar(.string(text))
                return number
            }
            entries.append(.string(UInt32(truncatingIfNeeded: strings.count), utf16Count: narrowCount))
            strings.append(text)
            objectBytes += Self.stringSize(text, utf16Count: utf16Count)
        }
        return number
    }

    /// Records a new scalar object held as its value.
    private mutating func appendScalar(_ value: PlistValue) {
        entries.append(.scalar(UInt32(truncatingIfNeeded: scalars.count)))
        scalars.append(value)
        objectBytes += Self.encodedSize(of: value)
    }

    // MARK: Sizes

    /// A string's UTF-16 length, or -1 when every byte is ASCII.
    ///
    /// Every non-ASCII scalar takes more UTF-8 bytes than UTF-16 units (two or three bytes
    /// for one unit, four for two), so the two counts are equal exactly when the string is
    /// ASCII. A native string knows it is ASCII, and then counts its UTF-16 units without
    /// reading them: most strings cost nothing here.
    static func utf16CountUnlessASCII(_ text: String) -> Int {
        let units = text.utf16.count
        return units == text.utf8.count ? -1 : units
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value` (CoreFoundation's `_byteCount`).
    static func byteCount(_ value: Int) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    /// The bytes of a marker for `count` (see ``ByteWriter/putMarker(_:count:)``).
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 1 + unsignedSize(UInt64(count))
    }

    /// The bytes of an integer object written by ``ByteWriter/putUnsigned(_:)``.
    static func unsignedSize(_ value: UInt64) -> Int {
        value <= 0xFFFF_FFFF ? 1 + byteCount(Int(value)) : 9
    }

    /// The bytes ``ByteWriter/putScalar(_:)`` writes for a scalar.
    static func encodedSize(of value: PlistValue) -> Int {
        switch value {
        case .boolean: return 1
        case .integer(let integer):
            guard let signed = integer.int64Value else { return 17 }
            return unsignedSize(UInt64(bitPattern: signed))
        case .real, .date: return 9
        case .data(let data): return markerSize(count: data.count) + data.count
        case .uid(let uid): return uid <= 0xFF ? 2 : (uid <= 0xFFFF ? 3 : 5)
        case .string(let text):
            return stringSize(text, utf16Count: utf16CountUnlessASCII(text))
        case .array, .dictionary: return 0
        }
    }

    /// The bytes of a string object: ASCII as bytes when `utf16Count` is negative, otherwise
    /// `utf16Count` UTF-16 units (see ``ByteWriter/putString(_:utf16Count:)``).
    static func stringSize(_ text: String, utf16Count: Int) -> Int {
        utf16Count < 0 ? markerSize(count: text.utf8.count) + text.utf8.count : markerSize(count: utf16Count) + 2 * utf16Count
    }

    /// Replaces every uniquing table with an empty one.
    private mutating func releaseUniquingTables() {
        releasedTablesUsedFallback = usesFallbackHashing
        uniqueIntegers = BinaryPlistUniquingTable()
        uniqueLargeIntegers = BinaryPlistUniquingTable()
        uniqueReals = BinaryPlistUniquingTable()
        uniqueDates = BinaryPlistUniquingTable()
        uniqueUIDs = BinaryPlistUniquingTable()
        uniqueData = BinaryPlistUniquingTable()
        uniqueStrings = BinaryPlistUniquingTable()
        uidNumbers = []
        recentKeys = RecentStringTable(slotCount: 1)
    }

    // MARK: Bytes

    /// Writes the references `references[start ..< start + count]`, each in `size` bytes. The
    /// range lies inside the list: each was reserved there when its container was opened.
    private func putReferences(from start: UInt32, count: Int, size: Int, to out: inout ByteWriter) {
        out.putBigEndian(references, from: Int(start), count: count, size: size)
    }

    /// Encodes the objects (object 0 is the top), the offset table and the trailer into one
    /// buffer allocated at the size counted as the objects were met; `nil` when the output
    /// is larger than the process can address.
    ///
    /// The uniquing tables are freed first: numbering is over, and for a large tree they take
    /// about as much memory as the output, which can then reuse it (see Docs/Performance.md,
    /// "Peak memory of convert"). Numbering more objects after this would unique none of them.
    mutating func encode() -> Data? {
        releaseUniquingTables()
        let refSize = Self.byteCount(entries.count)
        let countedTableOffset = 8 + objectBytes + references.count * refSize
        let countedOffsetSize = Self.byteCount(countedTableOffset)
        // Seven spare bytes: a big-endian field of 1 to 8 bytes is stored as one 8-byte word.
        var out = ByteWriter(capacity: countedTableOffset + entries.count * countedOffsetSize + 32 + 7)
        out.putBigEndian(0x6270_6C69_7374_3030, size: 8)  // "bplist00"
        // The offsets are kept aside, not written ahead into the table: a field's spare
        // bytes would overwrite the table's start when the last object is written.
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for index in entries.indices {
            offsets.append(out.count)
            switch entries[index] {
            case .uid(let uid):
                out.putUID(uid)
            case .integer(let signed):
                out.putUnsigned(UInt64(bitPattern: signed))
            case .real(let bits):
                out.put(0x23)
                out.putBigEndian(bits, size: 8)
            case .scalar(let position):
                out.putScalar(scalars[Int(position)])
            case let .string(position, utf16Count):
                out.putString(strings[Int(position)], utf16Count: Int(utf16Count))
            case let .array(start, count):
                out.putMarker(0xA0, count: Int(count))
                putReferences(from: start, count: Int(count), size: refSize, to: &out)
            case let .dictionary(start, count):
                out.putMarker(0xD0, count: Int(count))
                putReferences(from: start, count: 2 * Int(count), size: refSize, to: &out)
            }
        }
        // The table's offset and entry size follow from where the objects actually end (the
        // count made beforehand only sized the buffer).
        let tableOffset = out.count
        let offsetSize = Self.byteCount(tableOffset)
        for offset in offsets { out.putBigEndian(UInt64(offset), size: offsetSize) }
        out.putBigEndian(0, size: 6)  // unused, then the sort version (0)
        out.putBigEndian(UInt64(offsetSize), size: 1)
        out.putBigEndian(UInt64(refSize), size: 1)
        out.putBigEndian(UInt64(entries.count), size: 8)
        out.putBigEndian(0, size: 8)  // the top object is always object 0
        out.putBigEndian(UInt64(tableOffset), size: 8)
        return out.finish()
    }
}
