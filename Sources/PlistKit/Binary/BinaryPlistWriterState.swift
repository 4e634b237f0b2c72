import FoundationEssentials

/// The working state of one binary write: the flattened object list, then the bytes.
struct BinaryPlistWriterState {
    /// What each object number stands for: a scalar to encode, or a container whose child
    /// references occupy `children[start ..< start + count]` (a dictionary's keys, then values).
    enum Entry {
        case scalar(PlistValue)
        /// A string with its UTF-16 length, or -1 when it is all ASCII (written as bytes):
        /// found once when the string is first met, so writing need not scan it again.
        case string(String, utf16Count: Int)
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    let sortsKeys: Bool
    var entries: [Entry] = []
    var children: [Int] = []
    /// The exact size of every scalar object and container marker met so far: with the
    /// reference count and size known at the end, the output is allocated once, exactly.
    private var objectBytes = 0
    // Scalars are uniqued by value, as CoreFoundation's writer does, in one table per type:
    // a plain 64-bit key hashes far faster than a `PlistValue`. The keys follow
    // `PlistValue`'s equality: reals by bit pattern with every NaN alike; dates also with 0 and
    // -0 alike; integers above Int64.max apart from the negative ones sharing their bits.
    private var uniqueIntegers: BinaryPlistUniquingTable<UInt64>
    private var uniqueLargeIntegers: BinaryPlistUniquingTable<UInt64>
    private var uniqueReals: BinaryPlistUniquingTable<UInt64>
    private var uniqueDates: BinaryPlistUniquingTable<UInt64>
    private var uniqueUIDs: BinaryPlistUniquingTable<UInt32>
    private var uniqueData: [Data: Int] = [:]
    private var trueNumber: Int?
    private var falseNumber: Int?
    /// Strings by their exact UTF-8 bytes rather than by canonical equivalence (CoreFoundation
    /// keeps "é" and "e" + U+0301 apart).
    private var uniqueStrings: BinaryPlistUniquingTable<ExactKey>
    /// The strings numbered most recently, by a hash of their representation (see
    /// `uniqueKey`). Holding each `String` keeps its storage alive, so a matching
    /// representation can never be a reused address. Made only once a write has numbered a
    /// few hundred objects: small plists would pay more to set it up than it saves.
    private var recentStrings: [(text: String, number: Int)] = []

    /// A writer; `probeLimit` is passed to the uniquing tables (tests lower it to force their
    /// collision fallback).
    init(sortsKeys: Bool, probeLimit: Int = 128) {
        self.sortsKeys = sortsKeys
        uniqueStrings = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueIntegers = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueLargeIntegers = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueReals = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueDates = BinaryPlistUniquingTable(probeLimit: probeLimit)
        uniqueUIDs = BinaryPlistUniquingTable(probeLimit: probeLimit)
    }

    /// Whether any uniquing table fell back to `Hasher` (for tests).
    var usesFallbackHashing: Bool {
        uniqueStrings.usesFallback || uniqueIntegers.usesFallback || uniqueLargeIntegers.usesFallback
            || uniqueReals.usesFallback || uniqueDates.usesFallback || uniqueUIDs.usesFallback
    }

    /// A container whose children are being numbered: its values (a dictionary's keys are
    /// numbered when it is entered), the next one to visit, and where their references go.
    private struct Frame {
        let values: [PlistValue]
        var next: Int
        let firstSlot: Int
    }

    /// Numbers every object in CoreFoundation's depth-first order, iteratively (a deep value
    /// cannot overflow the stack): a container, then (for a dictionary) all its keys, then its
    /// values, each with its own subtree before the next.
    mutating func flatten(_ root: PlistValue) {
        var frames: [Frame] = []
        _ = enter(root, frames: &frames)
        while !frames.isEmpty {
            let top = frames.count - 1
            let index = frames[top].next
            guard index < frames[top].values.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = index + 1
            let slot = frames[top].firstSlot + index
            children[slot] = enter(frames[top].values[index], frames: &frames)
        }
    }

    /// Numbers `value`: a scalar at once (or the number of an equal scalar met before), a
    /// container as a new entry whose children `flatten` visits next through a new frame.
    private mutating func enter(_ value: PlistValue, frames: inout [Frame]) -> Int {
        let candidate = entries.count
        switch value {
        case .array(let elements):
            let start = children.count
            entries.append(.array(start: start, count: elements.count))
            objectBytes += Self.markerSize(count: elements.count)
            children.append(contentsOf: repeatElement(0, count: elements.count))
            frames.append(Frame(values: elements, next: 0, firstSlot: start))
            return candidate
        case .dictionary(let dictionary):
            let start = children.count
            let count = dictionary.count
            entries.append(.dictionary(start: start, count: count))
            objectBytes += Self.markerSize(count: count)
            children.append(contentsOf: repeatElement(0, count: 2 * count))
            var keys = dictionary.keys
            var values = dictionary.values
            if sortsKeys {
                let order = keys.indices.sorted { PlistDictionary.keyPrecedes(keys[$0], keys[$1]) }
                keys = order.map { keys[$0] }
                values = order.map { values[$0] }
            }
            // Keys are strings, never containers, so numbering them all now gives the order
            // a depth-first walk would.
            for (i, key) in keys.enumerated() { children[start + i] = uniqueKey(key) }
            frames.append(Frame(values: values, next: 0, firstSlot: start + count))
            return candidate
        case .string(let text):
            return numberString(text)
        case .integer(let integer):
            let number: Int
            if let signed = integer.int64Value {
                number = uniqueIntegers.number(for: UInt64(bitPattern: signed), orInsert: candidate)
            } else {
                number = uniqueLargeIntegers.number(for: integer.uint64Value ?? 0, orInsert: candidate)
            }
            if number == candidate { appendScalar(value) }
            return number
        case .real(let real):
            let number = uniqueReals.number(for: real.isNaN ? Double.nan.bitPattern : real.bitPattern, orInsert: candidate)
            if number == candidate { appendScalar(value) }
            return number
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            let key = seconds.isNaN ? Double.nan.bitPattern : (seconds == 0 ? 0 : seconds.bitPattern)
            let number = uniqueDates.number(for: key, orInsert: candidate)
            if number == candidate { appendScalar(value) }
            return number
        case .data(let data):
            let number = Self.lookUpOrInsert(&uniqueData[data, default: candidate])
            if number == candidate { appendScalar(value) }
            return number
        case .uid(let uid):
            let number = uniqueUIDs.number(for: uid, orInsert: candidate)
            if number == candidate { appendScalar(value) }
            return number
        case .boolean(let flag):
            if let known = flag ? trueNumber : falseNumber { return known }
            appendScalar(value)
            if flag { trueNumber = candidate } else { falseNumber = candidate }
            return candidate
        }
    }

    /// The number of string `text`: strings unify only when their scalars are identical, as
    /// Swift's `==` also equates canonically equivalent text ("é" and "e\u{301}"), which must
    /// stay as written.
    private mutating func uniqueKey(_ text: String) -> Int {
        // Dictionary keys repeat in every record, usually as the very same `String` (the same
        // inline bytes, or the same storage shared by a reader's memo): a representation met
        // before answers without hashing the bytes. (String values repeat far less, and
        // checking them here cost more than it saved.)
        if recentStrings.isEmpty {
            guard entries.count >= 256 else { return numberString(text) }
            recentStrings = Array(repeating: ("", -1), count: 256)
        }
        let recent = Self.recentSlot(of: text)
        if recentStrings[recent].number >= 0, ExactKey.identicalRepresentation(recentStrings[recent].text, text) {
            return recentStrings[recent].number
        }
        let number = numberString(text)
        recentStrings[recent] = (text, number)
        return number
    }

    /// Where `text` is remembered in `recentStrings`: a hash of its two representation words.
    private static func recentSlot(of text: String) -> Int {
        Int(truncatingIfNeeded: ExactKey.representationHash(of: text) >> 56)
    }

    /// The number of string `text` from the uniquing table, adding it when new.
    private mutating func numberString(_ text: String) -> Int {
        let candidate = entries.count
        let number = uniqueStrings.number(for: ExactKey(text), orInsert: candidate)
        if number == candidate {
            let utf16Count = Self.utf16CountUnlessASCII(text)
            entries.append(.string(text, utf16Count: utf16Count))
            objectBytes += Self.stringSize(text, utf16Count: utf16Count)
        }
        return number
    }

    /// Returns the number stored in a dictionary slot reached through its `default:`
    /// subscript, which inserts the default when the key is new: one hash per lookup.
    private static func lookUpOrInsert(_ slot: inout Int) -> Int { slot }

    /// Records a new non-string scalar object.
    private mutating func appendScalar(_ value: PlistValue) {
        entries.append(.scalar(value))
        objectBytes += Self.encodedSize(of: value)
    }

    /// A string's UTF-16 length, or -1 when every byte is ASCII: one scalar per byte that is
    /// not a continuation byte (10xxxxxx), two for a scalar above U+FFFF (a 4-byte sequence).
    static func utf16CountUnlessASCII(_ text: String) -> Int {
        let counted: Int? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            var units = 0
            var nonASCII: UInt8 = 0
            for byte in utf8 {
                nonASCII |= byte & 0x80
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
            }
            return nonASCII == 0 ? -1 : units
        }
        if let counted { return counted }
        return text.utf8.allSatisfy { $0 < 0x80 } ? -1 : text.utf16.count
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value` (CoreFoundation's `_byteCount`).
    static func byteCount(_ value: Int) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    /// The bytes of a marker for `count` (see ``BinaryPlistByteCursor/putMarker(_:count:)``).
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 1 + unsignedSize(UInt64(count))
    }

    /// The bytes of an integer object written by ``BinaryPlistByteCursor/putUnsigned(_:)``.
    static func unsignedSize(_ value: UInt64) -> Int {
        value <= 0xFFFF_FFFF ? 1 + byteCount(Int(value)) : 9
    }

    /// The bytes ``BinaryPlistByteCursor/putScalar(_:)`` writes for a non-string scalar.
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
    /// `utf16Count` UTF-16 units (see ``BinaryPlistByteCursor/putString(_:utf16Count:)``).
    static func stringSize(_ text: String, utf16Count: Int) -> Int {
        utf16Count < 0 ? markerSize(count: text.utf8.count) + text.utf8.count : markerSize(count: utf16Count) + 2 * utf16Count
    }

    /// Encodes the flattened objects, the offset table and the trailer into one buffer
    /// allocated at its exact size.
    func encode() -> Data {
        let refSize = Self.byteCount(entries.count)
        let tableOffset = 8 + objectBytes + children.count * refSize
        let offsetSize = Self.byteCount(tableOffset)
        let total = tableOffset + entries.count * offsetSize + 32
        // Seven spare bytes: a big-endian field of 1 to 8 bytes is stored as one 8-byte word.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: total + 7, alignment: 8)
        var out = BinaryPlistByteCursor(buffer)
        out.putBigEndian(0x6270_6C69_7374_3030, size: 8)  // "bplist00"
        // The offsets are kept aside, not written ahead into the table: a field's spare
        // bytes would overwrite the table's start when the last object is written.
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(out.offset(from: buffer))
            switch entry {
            case .scalar(let value):
                out.putScalar(value)
            case let .string(text, utf16Count):
                out.putString(text, utf16Count: utf16Count)
            case let .array(start, count):
                out.putMarker(0xA0, count: count)
                out.putReferences(children[start..<(start + count)], size: refSize)
            case let .dictionary(start, count):
                out.putMarker(0xD0, count: count)
                out.putReferences(children[start..<(start + 2 * count)], size: refSize)
            }
        }
        // The object sizes were counted as the objects were met; if they were wrong, memory
        // past the buffer may already be damaged, so stop rather than return it.
        precondition(out.offset(from: buffer) == tableOffset, "binary plist writer: object sizes miscounted")
        for offset in offsets { out.putBigEndian(UInt64(offset), size: offsetSize) }
        out.putBigEndian(0, size: 6)  // unused, then the sort version (0)
        out.putBigEndian(UInt64(offsetSize), size: 1)
        out.putBigEndian(UInt64(refSize), size: 1)
        out.putBigEndian(UInt64(entries.count), size: 8)
        out.putBigEndian(0, size: 8)  // the top object is always object 0
        out.putBigEndian(UInt64(tableOffset), size: 8)
        precondition(out.offset(from: buffer) == total, "binary plist writer: trailer size miscounted")
        return Data(bytesNoCopy: buffer, count: total, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}
