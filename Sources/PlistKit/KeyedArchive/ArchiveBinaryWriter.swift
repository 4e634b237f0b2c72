import FoundationEssentials

/// Writes a ``KeyedArchiver``'s objects as a binary property list straight from its slots,
/// byte for byte as the binary writer writes ``KeyedArchiver/archiveValue``, without building
/// that tree (a dictionary per object), walking it for its expanded size and flattening it.
///
/// The numbering is the binary writer's (see `BinaryPlistWriterState`): depth-first from the
/// root `{$version, $archiver, $top, $objects}`, a dictionary's keys when it is entered, then
/// its values each with its subtree; every scalar numbered once by the same equality (strings
/// by exact bytes, reals by bit pattern, and so on); containers never shared. What differs is
/// only how a number is found: an archive's UIDs index an array, its keys (the same few
/// literals in every object) answer from a cache by their representation.
struct ArchiveBinaryWriter {
    /// What each object number stands for, as `BinaryPlistWriterState.Entry` with the
    /// archive's commonest scalars (UIDs, 64-bit integers, reals) held as plain words: no
    /// `PlistValue` to copy, retain and switch over again when the bytes are written.
    private enum Entry {
        case uid(UInt32)
        case integer(Int64)
        case real(UInt64)
        case scalar(PlistValue)
        case string(String, utf16Count: Int)
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    private var entries: [Entry] = []
    private var children: [Int] = []
    /// The exact size of every object written so far, as the binary writer counts it.
    private var objectBytes = 0
    /// The values the archive tree holds once expanded, as `ExpandedSizeCounter` counts them.
    private var valueCount = 0
    private let valueLimit: Int
    private var strings = BinaryPlistUniquingTable<ExactKey>()
    private var integers = BinaryPlistUniquingTable<UInt64>()
    private var largeIntegers = BinaryPlistUniquingTable<UInt64>()
    private var reals = BinaryPlistUniquingTable<UInt64>()
    private var dates = BinaryPlistUniquingTable<UInt64>()
    private var otherUIDs = BinaryPlistUniquingTable<UInt32>()
    private var data: [Data: Int] = [:]
    private var trueNumber: Int?
    private var falseNumber: Int?
    /// The object number of each UID below the object count (-1: not numbered yet).
    private var uidNumbers: [Int]
    /// Keys met recently, by a hash of their representation (see `ExactKey.representation`);
    /// holding each `String` keeps its storage alive, so a matching representation is never a
    /// reused address.
    private var recentKeys: [(text: String, number: Int)]

    /// A writer for an archive of `objectCount` objects that fails when the tree would hold
    /// more than `valueLimit` values (``PlistWritingOptions/maximumValueCount``).
    ///
    /// `fieldCount` (the fields of all instances) sizes the object and reference lists, which
    /// then rarely grow: each field adds at most one object and two references, each object
    /// one reference and its `$class` two.
    init(objectCount: Int, fieldCount: Int, valueLimit: Int) {
        self.valueLimit = valueLimit
        uidNumbers = Array(repeating: -1, count: objectCount)
        recentKeys = Array(repeating: ("", -1), count: 256)
        entries.reserveCapacity(objectCount + fieldCount + 16)
        children.reserveCapacity(3 * objectCount + 2 * fieldCount + 16)
    }

    /// The bytes of the archive, or `nil` when its tree holds more values than the limit (the
    /// general path then reports it as the writer does).
    mutating func write(top: PlistDictionary, slots: [ArchiveSlot], fieldKeys: [String], fieldValues: [PlistValue]) -> Data? {
        // The root: its four keys, then its values in order.
        let root = openDictionary(count: 4)
        valueCount += 1 + 4
        children[root] = numberKey("$version")
        children[root + 1] = numberKey("$archiver")
        children[root + 2] = numberKey("$top")
        children[root + 3] = numberKey("$objects")
        guard let version = number(.integer(PlistInteger(Int64(KeyedArchive.currentVersion)))),
              let archiver = number(.string(KeyedArchive.archiverName)),
              let topNumber = number(.dictionary(top))
        else { return nil }
        children[root + 4] = version
        children[root + 5] = archiver
        children[root + 6] = topNumber
        children[root + 7] = entries.count
        let objects = openArray(count: slots.count)
        valueCount += 1
        for (i, slot) in slots.enumerated() {
            switch slot {
            case .value(let value):
                guard let objectNumber = number(value) else { return nil }
                children[objects + i] = objectNumber
            case .instance(let classUID, let start, let count):
                // `{$class, fields…}`: the class's key and UID first.
                children[objects + i] = entries.count
                let fields = openDictionary(count: count + 1)
                let valueSlots = fields + count + 1
                // The dictionary, its keys and the class UID.
                valueCount += 1 + (count + 1) + 1
                children[fields] = numberKey("$class")
                for k in 0..<count { children[fields + 1 + k] = numberKey(fieldKeys[start + k]) }
                children[valueSlots] = numberScalar(.uid(classUID))
                for k in 0..<count {
                    // A reference numbered before (a shared string, an object met again)
                    // answers from the array without copying the value out.
                    if case .uid(let uid) = fieldValues[start + k], Int(uid) < uidNumbers.count, uidNumbers[Int(uid)] >= 0 {
                        valueCount += 1
                        children[valueSlots + 1 + k] = uidNumbers[Int(uid)]
                        continue
                    }
                    guard let fieldNumber = number(fieldValues[start + k]) else { return nil }
                    children[valueSlots + 1 + k] = fieldNumber
                }
            }
            guard valueCount <= valueLimit else { return nil }
        }
        return encode()
    }

    // MARK: Numbering

    /// Adds a dictionary entry of `count` keys; returns where its key references start.
    private mutating func openDictionary(count: Int) -> Int {
        let start = children.count
        entries.append(.dictionary(start: start, count: count))
        objectBytes += BinaryPlistWriterState.markerSize(count: count)
        appendEmptyReferences(2 * count)
        return start
    }

    /// Adds an array entry of `count` elements; returns where its references start.
    private mutating func openArray(count: Int) -> Int {
        let start = children.count
        entries.append(.array(start: start, count: count))
        objectBytes += BinaryPlistWriterState.markerSize(count: count)
        appendEmptyReferences(count)
        return start
    }

    /// Room for `count` references, filled in as the children are numbered. One by one:
    /// containers here hold a few, where appending a repeated element went through a
    /// general path costing more than the loop.
    private mutating func appendEmptyReferences(_ count: Int) {
        for _ in 0..<count { children.append(0) }
    }

    /// Numbers `value` and its whole subtree, counting its values; `nil` when the count
    /// passes the limit.
    private mutating func number(_ value: PlistValue) -> Int? {
        switch value {
        case .array(let elements):
            // An array of references (`NS.objects`) is the common container: no subtree.
            guard elements.allSatisfy({ !$0.isContainer }) else { return numberTree(value) }
            valueCount += 1 + elements.count
            guard valueCount <= valueLimit else { return nil }
            let number = entries.count
            let start = openArray(count: elements.count)
            for (i, element) in elements.enumerated() { children[start + i] = numberScalar(element) }
            return number
        case .dictionary:
            return numberTree(value)
        default:
            valueCount += 1
            return numberScalar(value)
        }
    }

    /// A container being numbered: its values, the next one, where their references go.
    private struct Frame {
        let values: [PlistValue]
        var next: Int
        let firstSlot: Int
    }

    /// Numbers a container with any subtree, after counting its expanded size the way the
    /// writer's guard does (a shared subtree read from a hostile file must not be expanded).
    private mutating func numberTree(_ root: PlistValue) -> Int? {
        guard let size = ExpandedSizeCounter.size(of: root, limit: valueLimit - valueCount) else { return nil }
        valueCount += size.count
        var frames: [Frame] = []
        let number = enter(root, frames: &frames)
        while !frames.isEmpty {
            let top = frames.count - 1
            let index = frames[top].next
            guard index < frames[top].values.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = index + 1
            children[frames[top].firstSlot + index] = enter(frames[top].values[index], frames: &frames)
        }
        return number
    }

    /// Numbers a scalar, or adds a container's entry and a frame for its values.
    private mutating func enter(_ value: PlistValue, frames: inout [Frame]) -> Int {
        let number = entries.count
        switch value {
        case .array(let elements):
            let start = openArray(count: elements.count)
            frames.append(Frame(values: elements, next: 0, firstSlot: start))
        case .dictionary(let dictionary):
            let start = openDictionary(count: dictionary.count)
            for (i, key) in dictionary.keys.enumerated() { children[start + i] = numberKey(key) }
            frames.append(Frame(values: dictionary.values, next: 0, firstSlot: start + dictionary.count))
        default:
            return numberScalar(value)
        }
        return number
    }

    /// The number of a scalar, adding it when no equal one was numbered before.
    private mutating func numberScalar(_ value: PlistValue) -> Int {
        let candidate = entries.count
        let number: Int
        switch value {
        case .uid(let uid):
            let index = Int(uid)
            if index < uidNumbers.count {
                let known = uidNumbers[index]
                if known >= 0 { return known }
                uidNumbers[index] = candidate
            } else {
                let known = otherUIDs.number(for: uid, orInsert: candidate)
                if known != candidate { return known }
            }
            entries.append(.uid(uid))
            objectBytes += uid <= 0xFF ? 2 : (uid <= 0xFFFF ? 3 : 5)
            return candidate
        case .string(let text):
            return numberString(text)
        case .integer(let integer):
            guard let signed = integer.int64Value else {
                number = largeIntegers.number(for: integer.uint64Value ?? 0, orInsert: candidate)
                break
            }
            let known = integers.number(for: UInt64(bitPattern: signed), orInsert: candidate)
            if known != candidate { return known }
            entries.append(.integer(signed))
            objectBytes += BinaryPlistWriterState.unsignedSize(UInt64(bitPattern: signed))
            return candidate
        case .real(let real):
            let known = reals.number(for: real.isNaN ? Double.nan.bitPattern : real.bitPattern, orInsert: candidate)
            if known != candidate { return known }
            // The bits of the first of equal reals (one NaN's payload) are the ones written.
            entries.append(.real(real.bitPattern))
            objectBytes += 9
            return candidate
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            let key = seconds.isNaN ? Double.nan.bitPattern : (seconds == 0 ? 0 : seconds.bitPattern)
            number = dates.number(for: key, orInsert: candidate)
        case .data(let bytes):
            if let known = data[bytes] { return known }
            data[bytes] = candidate
            number = candidate
        case .boolean(let flag):
            if let known = flag ? trueNumber : falseNumber { return known }
            if flag { trueNumber = candidate } else { falseNumber = candidate }
            number = candidate
        case .array, .dictionary:
            // Containers go through `enter`; never reached.
            return candidate
        }
        if number == candidate {
            entries.append(.scalar(value))
            objectBytes += BinaryPlistWriterState.encodedSize(of: value)
        }
        return number
    }

    /// The number of a dictionary key: from the recent keys when the very same string was
    /// numbered before, otherwise as any string.
    private mutating func numberKey(_ text: String) -> Int {
        let slot = Int(truncatingIfNeeded: ExactKey.representationHash(of: text) >> 56)
        if recentKeys[slot].number >= 0, ExactKey.identicalRepresentation(recentKeys[slot].text, text) {
            return recentKeys[slot].number
        }
        let number = numberString(text)
        recentKeys[slot] = (text, number)
        return number
    }

    /// The number of a string, by its exact bytes.
    private mutating func numberString(_ text: String) -> Int {
        let candidate = entries.count
        let number = strings.number(for: ExactKey(text), orInsert: candidate)
        if number == candidate {
            let utf16Count = BinaryPlistWriterState.utf16CountUnlessASCII(text)
            entries.append(.string(text, utf16Count: utf16Count))
            objectBytes += BinaryPlistWriterState.stringSize(text, utf16Count: utf16Count)
        }
        return number
    }

    // MARK: Bytes

    /// Writes `count` references from `start` of `references`, each in `size` bytes. The range
    /// lies inside the list: each was reserved there when its container was numbered.
    @inline(__always)
    private static func put(
        _ references: UnsafeBufferPointer<Int>, from start: Int, count: Int, size: Int,
        to out: inout BinaryPlistByteCursor
    ) {
        if size == 1 {
            for i in start..<(start + count) { out.put(UInt8(truncatingIfNeeded: references[i])) }
        } else {
            for i in start..<(start + count) { out.putBigEndian(UInt64(references[i]), size: size) }
        }
    }

    /// The objects, the offset table and the trailer in one buffer of the exact size, laid
    /// out as `BinaryPlistWriterState.encode()` lays them out.
    private func encode() -> Data {
        let refSize = BinaryPlistWriterState.byteCount(entries.count)
        let tableOffset = 8 + objectBytes + children.count * refSize
        let offsetSize = BinaryPlistWriterState.byteCount(tableOffset)
        let total = tableOffset + entries.count * offsetSize + 32
        // Seven spare bytes: the cursor stores a big-endian field of 1 to 8 bytes as a word.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: total + 7, alignment: 8)
        var out = BinaryPlistByteCursor(buffer)
        out.putBigEndian(0x6270_6C69_7374_3030, size: 8)  // "bplist00"
        // Offsets are kept aside: writing them ahead into the table would let a field's spare
        // bytes overwrite the table's start.
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        // The references go straight from the list's buffer: a slice per container retained
        // the list and walked it through the generic slice path.
        children.withUnsafeBufferPointer { references in
            for entry in entries {
                offsets.append(out.offset(from: buffer))
                switch entry {
                case .uid(let uid):
                    let size = uid <= 0xFF ? 1 : (uid <= 0xFFFF ? 2 : 4)
                    out.put(0x80 | UInt8(size - 1))
                    out.putBigEndian(UInt64(uid), size: size)
                case .integer(let signed):
                    out.putUnsigned(UInt64(bitPattern: signed))
                case .real(let bits):
                    out.put(0x23)
                    out.putBigEndian(bits, size: 8)
                case .scalar(let value):
                    out.putScalar(value)
                case let .string(text, utf16Count):
                    out.putString(text, utf16Count: utf16Count)
                case let .array(start, count):
                    out.putMarker(0xA0, count: count)
                    Self.put(references, from: start, count: count, size: refSize, to: &out)
                case let .dictionary(start, count):
                    out.putMarker(0xD0, count: count)
                    Self.put(references, from: start, count: 2 * count, size: refSize, to: &out)
                }
            }
        }
        // Sizes miscounted would mean memory past the buffer may be damaged: stop.
        precondition(out.offset(from: buffer) == tableOffset, "archive writer: object sizes miscounted")
        for offset in offsets { out.putBigEndian(UInt64(offset), size: offsetSize) }
        out.putBigEndian(0, size: 6)  // unused, then the sort version (0)
        out.putBigEndian(UInt64(offsetSize), size: 1)
        out.putBigEndian(UInt64(refSize), size: 1)
        out.putBigEndian(UInt64(entries.count), size: 8)
        out.putBigEndian(0, size: 8)  // the top object is object 0
        out.putBigEndian(UInt64(tableOffset), size: 8)
        precondition(out.offset(from: buffer) == total, "archive writer: trailer size miscounted")
        return Data(bytesNoCopy: buffer, count: total, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}
