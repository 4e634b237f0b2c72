import FoundationEssentials

/// The working state of one binary write: the flattened object list, then the bytes.
struct BinaryPlistWriterState {
    /// What each object number stands for: a scalar to encode, or a container whose child
    /// references occupy `children[start ..< start + count]` (a dictionary's keys, then values).
    enum Entry {
        case scalar(PlistValue)
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    let sortsKeys: Bool
    var entries: [Entry] = []
    var children: [Int] = []
    // Scalars are uniqued by value, as CoreFoundation's writer does, in one table per type:
    // hashing a plain integer key costs far less than hashing a `PlistValue`. The keys follow
    // `PlistValue`'s equality: reals by bit pattern with every NaN alike; dates also with 0 and
    // -0 alike.
    var uniqueIntegers: [PlistInteger: Int] = [:]
    var uniqueReals: [UInt64: Int] = [:]
    var uniqueDates: [UInt64: Int] = [:]
    var uniqueData: [Data: Int] = [:]
    var uniqueUIDs: [UInt32: Int] = [:]
    var trueNumber: Int?
    var falseNumber: Int?
    /// Strings by their exact UTF-8 bytes rather than by canonical equivalence (CoreFoundation
    /// keeps "é" and "e" + U+0301 apart).
    var uniqueStrings: [ExactKey: Int] = [:]

    /// Returns the number stored in a dictionary slot reached through its `default:`
    /// subscript, which inserts the default when the key is new: one hash per lookup.
    private static func lookUpOrInsert(_ slot: inout Int) -> Int { slot }

    init(sortsKeys: Bool) { self.sortsKeys = sortsKeys }

    /// Numbers every object in CoreFoundation's depth-first order, iteratively (a deep value
    /// cannot overflow the stack). Each work item is a value and the child slot to fill with
    /// its object number (-1 for the root).
    mutating func flatten(_ root: PlistValue) {
        var work: [(PlistValue, Int)] = [(root, -1)]
        while let (value, slot) = work.popLast() {
            let number: Int
            switch value {
            case .array(let elements):
                number = entries.count
                let start = children.count
                entries.append(.array(start: start, count: elements.count))
                children.append(contentsOf: repeatElement(0, count: elements.count))
                for (i, element) in elements.enumerated().reversed() { work.append((element, start + i)) }
            case .dictionary(let dictionary):
                number = entries.count
                let start = children.count
                let count = dictionary.count
                entries.append(.dictionary(start: start, count: count))
                children.append(contentsOf: repeatElement(0, count: 2 * count))
                var keys = dictionary.keys
                var values = dictionary.values
                if sortsKeys {
                    let order = keys.indices.sorted { PlistDictionary.keyPrecedes(keys[$0], keys[$1]) }
                    keys = order.map { keys[$0] }
                    values = order.map { values[$0] }
                }
                for i in stride(from: count - 1, through: 0, by: -1) { work.append((values[i], start + count + i)) }
                for i in stride(from: count - 1, through: 0, by: -1) { work.append((.string(keys[i]), start + i)) }
            case .string(let text):
                // Strings unify only when their scalars are identical: Swift's `==` also equates
                // canonically equivalent text ("é" and "e\u{301}"), which must stay as written.
                number = Self.unique(value, in: &uniqueStrings, key: ExactKey(text), entries: &entries)
            case .integer(let integer):
                number = Self.unique(value, in: &uniqueIntegers, key: integer, entries: &entries)
            case .real(let real):
                number = Self.unique(value, in: &uniqueReals, key: real.isNaN ? Double.nan.bitPattern : real.bitPattern, entries: &entries)
            case .date(let date):
                let seconds = date.timeIntervalSinceReferenceDate
                number = Self.unique(value, in: &uniqueDates, key: seconds.isNaN ? Double.nan.bitPattern : (seconds == 0 ? 0 : seconds.bitPattern), entries: &entries)
            case .data(let data):
                number = Self.unique(value, in: &uniqueData, key: data, entries: &entries)
            case .uid(let uid):
                number = Self.unique(value, in: &uniqueUIDs, key: uid, entries: &entries)
            case .boolean(let flag):
                if let known = flag ? trueNumber : falseNumber {
                    number = known
                } else {
                    number = entries.count
                    entries.append(.scalar(value))
                    if flag { trueNumber = number } else { falseNumber = number }
                }
            }
            if slot >= 0 { children[slot] = number }
        }
    }

    /// The object number of scalar `value`, whose uniquing key in `table` is `key`: the number
    /// of an equal scalar met before, or a new entry.
    private static func unique<Key: Hashable>(
        _ value: PlistValue, in table: inout [Key: Int], key: Key, entries: inout [Entry]
    ) -> Int {
        let candidate = entries.count
        let number = lookUpOrInsert(&table[key, default: candidate])
        if number == candidate { entries.append(.scalar(value)) }
        return number
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value` (CoreFoundation's `_byteCount`).
    static func byteCount(_ value: Int) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    /// Encodes the flattened objects, the offset table and the trailer.
    func encode() -> [UInt8] {
        let refSize = Self.byteCount(entries.count)
        var out: [UInt8] = []
        out.reserveCapacity(64 + entries.count * 12 + children.count * refSize)
        out.append(contentsOf: [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30])  // "bplist00"
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(out.count)
            switch entry {
            case .scalar(let value):
                Self.append(value, to: &out)
            case let .array(start, count):
                Self.appendMarker(0xA0, count: count, to: &out)
                for i in start..<(start + count) { Self.appendBigEndian(UInt64(children[i]), size: refSize, to: &out) }
            case let .dictionary(start, count):
                Self.appendMarker(0xD0, count: count, to: &out)
                for i in start..<(start + 2 * count) { Self.appendBigEndian(UInt64(children[i]), size: refSize, to: &out) }
            }
        }
        let tableOffset = out.count
        let offsetSize = Self.byteCount(tableOffset)
        out.reserveCapacity(out.count + offsets.count * offsetSize + 32)
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        Self.appendBigEndian(UInt64(entries.count), size: 8, to: &out)
        Self.appendBigEndian(0, size: 8, to: &out)  // the top object is always object 0
        Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// A marker with the count in its low nibble, or 0xF and an integer object for 15 and more.
    static func appendMarker(_ high: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(high | UInt8(count))
        } else {
            out.append(high | 0x0F)
            appendUnsigned(UInt64(count), to: &out)
        }
    }

    /// A non-negative integer object in 1, 2, 4 or 8 bytes by magnitude (CoreFoundation's
    /// `_appendInt`; a negative value reinterpreted as unsigned takes 8).
    static func appendUnsigned(_ value: UInt64, to out: inout [UInt8]) {
        let size: Int
        let nibble: UInt8
        if value <= 0xFF { size = 1; nibble = 0 } else if value <= 0xFFFF { size = 2; nibble = 1 } else if value <= 0xFFFF_FFFF {
            size = 4; nibble = 2
        } else { size = 8; nibble = 3 }
        out.append(0x10 | nibble)
        appendBigEndian(value, size: size, to: &out)
    }

    static func append(_ value: PlistValue, to out: inout [UInt8]) {
        switch value {
        case .boolean(let flag):
            out.append(flag ? 0x09 : 0x08)
        case .integer(let integer):
            if let signed = integer.int64Value {
                appendUnsigned(UInt64(bitPattern: signed), to: &out)
            } else {
                // Above Int64.max: a 16-byte integer whose high 8 bytes are zero.
                out.append(0x14)
                appendBigEndian(0, size: 8, to: &out)
                appendBigEndian(integer.uint64Value ?? 0, size: 8, to: &out)
            }
        case .real(let real):
            out.append(0x23)
            appendBigEndian(real.bitPattern, size: 8, to: &out)
        case .date(let date):
            out.append(0x33)
            appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
        case .data(let data):
            appendMarker(0x40, count: data.count, to: &out)
            out.append(contentsOf: data)
        case .string(let text):
            appendString(text, to: &out)
        case .uid(let uid):
            let size = uid <= 0xFF ? 1 : (uid <= 0xFFFF ? 2 : 4)
            out.append(0x80 | UInt8(size - 1))
            appendBigEndian(UInt64(uid), size: size, to: &out)
        case .array, .dictionary:
            // Containers are flattened into entries of their own and never reach here.
            break
        }
    }

    /// A string object: ASCII as bytes (marker 0x5), anything else as big-endian UTF-16 (0x6),
    /// transcoded straight from the string's UTF-8 (Swift's `utf16` view counts and walks
    /// non-ASCII text slowly).
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            // UTF-16 units: one per scalar, two for a scalar above U+FFFF (a 4-byte sequence);
            // a scalar starts at every byte that is not a continuation byte (10xxxxxx).
            var units = 0
            var isASCII = true
            for byte in utf8 {
                if byte >= 0x80 { isASCII = false }
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
            }
            if isASCII {
                appendMarker(0x50, count: utf8.count, to: &out)
                out.append(contentsOf: utf8)
                return
            }
            appendMarker(0x60, count: units, to: &out)
            // Transcoded into a scratch buffer and appended in one copy: appending byte by byte
            // checked the array's capacity and uniqueness for every byte.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * units) { utf16 in
                var i = 0, o = 0
                func put(_ unit: UInt32) {
                    utf16[o] = UInt8(truncatingIfNeeded: unit >> 8)
                    utf16[o + 1] = UInt8(truncatingIfNeeded: unit)
                    o += 2
                }
                while i < utf8.count {
                    let lead = UInt32(utf8[i])
                    let scalar: UInt32
                    // Swift strings hold valid UTF-8, so each sequence is complete.
                    if lead < 0x80 {
                        scalar = lead
                        i += 1
                    } else if lead < 0xE0 {
                        scalar = (lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
                        i += 2
                    } else if lead < 0xF0 {
                        scalar = (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
                        i += 3
                    } else {
                        scalar = (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                            | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
                        i += 4
                    }
                    if scalar < 0x10000 {
                        put(scalar)
                    } else {
                        put(0xD800 + ((scalar - 0x10000) >> 10))
                        put(0xDC00 + (scalar & 0x3FF))
                    }
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf16[0..<o]))
            }
        }
    }
}
