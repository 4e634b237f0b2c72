import CPlistKitSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A read position over borrowed bytes: the one place PlistKit's readers touch raw memory.
///
/// The binary, JSON and OpenStep readers, format detection, the UTF-16/32 transcoder, the JSON
/// writer's string escaping and the byte hashing helpers all read through a cursor. Every access checks its offset and length against the buffer, with
/// overflow-reporting arithmetic, before it touches memory, so a reader that miscounts gets an
/// error or `nil`, never an out-of-bounds read. Readers still check offsets against their
/// format's own limits first (a binary plist's object table, a JSON string's closing quote),
/// to report format errors precisely.
///
/// Two families of access:
/// - Fixed layouts (binary plists) read at offsets and lengths the file claims:
///   ``peekByte(at:)``, ``peekUInt(at:size:)`` and the `read…(count:)` methods throw a
///   ``PlistError`` naming the offset when a read would leave the bytes.
/// - Text scanners (JSON, OpenStep, format detection) work at ``position``: ``peek()``,
///   ``peek(ahead:)``, ``advance()`` and ``skip(while:)`` answer `nil` or stop at the end,
///   which is where a scanner's "unexpected end of input" comes from; `text(from:)` and
///   ``firstInvalidUTF8(from:to:)`` take ranges, cut to the bytes.
///
/// Loops that run over many bytes (UTF-8 validation, transcoding, hashing, comparing) live
/// here: they check their range once and then read within it.
///
/// `read…` methods advance ``position``; `peek…` methods do not.
///
/// The cursor is non-copyable and not `Sendable`: it is lent by ``withBytes(of:_:)-(Data,_)``
/// (or made over a memory mapping that outlives it) and cannot be duplicated or sent to
/// another thread. It can be moved, so a holder that may outlive the lending scope must stop
/// using it when the scope ends.
struct ByteCursor: ~Copyable {
    /// The borrowed bytes. Only this type reads them, and only after checking the range.
    private let buffer: UnsafeRawBufferPointer
    /// The offset of the next byte a scanner or `read…` method consumes. Only ``advance()``
    /// and ``advance(by:)`` can move it outside the bytes; every read checks it first.
    private(set) var position: Int = 0

    /// A cursor over `buffer`, at its start.
    ///
    /// This is the unsafe seam: the caller guarantees that `buffer` stays valid and unchanged
    /// for as long as the cursor is used. Prefer ``withBytes(of:_:)-(Data,_)``, which keeps
    /// that promise by construction.
    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// Lends `body` a cursor over the bytes of `data`, valid for the call.
    static func withBytes<R>(of data: Data, _ body: (consuming ByteCursor) throws -> R) rethrows -> R {
        try data.withUnsafeBytes { try body(ByteCursor($0)) }
    }

    /// Lends `body` a cursor over `bytes`, valid for the call.
    static func withBytes<R>(of bytes: [UInt8], _ body: (consuming ByteCursor) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body(ByteCursor($0)) }
    }

    /// Lends `body` a cursor over the bytes of `span`, valid for the call: word-at-a-time
    /// comparing, hashing and decoding for bytes a reader holds as a span.
    @inline(__always)
    static func withBytes<R>(of span: Span<UInt8>, _ body: (consuming ByteCursor) throws -> R) rethrows -> R {
        try span.withUnsafeBufferPointer { try body(ByteCursor(UnsafeRawBufferPointer($0))) }
    }

    /// Lends `body` a cursor over the UTF-8 bytes of `string`, valid for the call (in place
    /// for a native string; a bridged one is copied first).
    @inline(__always)
    static func withUTF8<R>(of string: String, _ body: (consuming ByteCursor) throws -> R) rethrows -> R {
        if let result = try string.utf8.withContiguousStorageIfAvailable({ try body(ByteCursor(UnsafeRawBufferPointer($0))) }) {
            return result
        }
        var copy = string
        return try copy.withUTF8 { try body(ByteCursor(UnsafeRawBufferPointer($0))) }
    }

    /// The number of bytes in the whole buffer.
    var count: Int { buffer.count }

    /// Whether no byte is left at or after ``position``.
    var isAtEnd: Bool { UInt(bitPattern: position) >= UInt(bitPattern: buffer.count) }

    /// The number of bytes at and after ``position`` (zero past the end).
    var remaining: Int { isAtEnd ? 0 : buffer.count - position }

    /// Whether `length` bytes starting at `offset` lie inside the buffer.
    func contains(_ offset: Int, _ length: Int) -> Bool {
        guard offset >= 0, length >= 0 else { return false }
        let (end, overflow) = offset.addingReportingOverflow(length)
        return !overflow && end <= buffer.count
    }

    /// Moves to `offset`, which must lie within the buffer (or at its end).
    ///
    /// - Throws: ``OutOfBounds`` when it does not.
    mutating func seek(to offset: Int) throws {
        guard offset >= 0, offset <= buffer.count else { throw outOfBounds(offset, 0) }
        position = offset
    }

    private func outOfBounds(_ offset: Int, _ length: Int) -> OutOfBounds {
        OutOfBounds(offset: offset, length: length, bufferCount: buffer.count)
    }

    /// A read or seek outside the bytes: what a checked read throws. Readers turn it into
    /// their own error where it leaves them (`PlistError(_:)`), so that this base type
    /// knows nothing of the value model.
    struct OutOfBounds: Error, Equatable {
        /// Where the read started.
        let offset: Int
        /// How many bytes it wanted (0 for a seek).
        let length: Int
        /// The size of the whole buffer.
        let bufferCount: Int

        /// The sentence for messages.
        var reason: String {
            "A read of \(length) bytes runs past the end of the \(bufferCount)-byte input"
        }
    }

    // MARK: Fixed layouts: peeking (position unchanged)

    /// The byte at `offset`.
    ///
    /// - Throws: ``OutOfBounds`` when `offset` is outside the buffer.
    @inline(__always)
    func peekByte(at offset: Int) throws -> UInt8 {
        guard contains(offset, 1) else { throw outOfBounds(offset, 1) }
        return buffer[offset]
    }

    /// A big-endian unsigned integer of `size` bytes (1 through 8) at `offset`.
    ///
    /// - Throws: ``OutOfBounds`` when the bytes are not all in the buffer.
    @inline(__always)
    func peekUInt(at offset: Int, size: Int) throws -> UInt64 {
        // `buffer.count - size` cannot overflow: both are non-negative here.
        guard size >= 1, size <= 8, offset >= 0, offset <= buffer.count - size else { throw outOfBounds(offset, size) }
        if offset <= buffer.count - 8 {
            // References, offsets and counts are read millions of times: one 8-byte load,
            // shifted down to the `size` bytes wanted, instead of a branch per size.
            let word = UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return word >> UInt64(64 - 8 * size)
        }
        var value: UInt64 = 0
        for i in offset..<(offset + size) { value = value << 8 | UInt64(buffer[i]) }
        return value
    }

    /// Whether the bytes at `offset` are `bytes` (false when they run past the end).
    func hasBytes(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard contains(offset, bytes.count) else { return false }
        // The lazy view compares a key this way for every entry of a dictionary it searches.
        return bytes.withUnsafeBytes { other in
            Self.sameBytes(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + bytes.count)]), other)
        }
    }

    // MARK: Fixed layouts: reading (advancing)

    /// The next 8-byte big-endian IEEE 754 double.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than 8 bytes are left.
    mutating func readDouble() throws -> Double {
        let bits = try peekUInt(at: position, size: 8)
        position += 8
        return Double(bitPattern: bits)
    }

    /// The next 4-byte big-endian IEEE 754 float.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than 4 bytes are left.
    mutating func readFloat() throws -> Float {
        let bits = try peekUInt(at: position, size: 4)
        position += 4
        return Float(bitPattern: UInt32(truncatingIfNeeded: bits))
    }

    /// The next `count` bytes as `Data`.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than `count` bytes are left.
    mutating func readData(count: Int) throws -> Data {
        guard contains(position, count) else { throw outOfBounds(position, count) }
        let data = Data(UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)]))
        position += count
        return data
    }

    /// The next `count` bytes of an "ASCII" string object. Bytes above 0x7F, which some
    /// non-Apple writers put there (UTF-8 text under the ASCII marker), are read as ISO Latin-1,
    /// one character per byte, as CoreFoundation on Linux reads them.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than `count` bytes are left.
    mutating func readASCIIString(count: Int) throws -> String {
        guard contains(position, count) else { throw outOfBounds(position, count) }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)])
        position += count
        if slice.allSatisfy({ $0 < 0x80 }) {
            // ASCII is valid UTF-8, so this decoding never substitutes anything.
            return String(decoding: slice, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for byte in slice { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// The next `count` code units of `form`, transcoded to UTF-8 into `sink` (see
    /// ``UnicodeTranscoder/transcodeUTF16(count:into:unit:)``). On a unit that is not part of
    /// a scalar, returns where it is, with the position unchanged and what was transcoded
    /// before it left in `sink`.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than `count` units are left.
    @inline(__always)
    mutating func readUnicode<Sink: UTF8Sink>(
        count: Int, form: UnicodeTranscoder.Form, into sink: inout Sink
    ) throws -> UnicodeTranscoder.Failure? {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: form.unitSize)
        guard !overflow, contains(position, byteCount) else { throw outOfBounds(position, count) }
        let start = position
        let buffer = self.buffer
        // Unit k occupies the `unitSize` bytes from start + unitSize × k, all inside the range
        // checked (so the offsets cannot overflow).
        let bad: (index: Int, value: UInt32)?
        let kind: UnicodeTranscoder.Failure.Kind
        switch form {
        case .utf16(let bigEndian):
            kind = .unpairedSurrogate
            bad = UnicodeTranscoder.transcodeUTF16(count: count, into: &sink) { k in
                let word = buffer.loadUnaligned(fromByteOffset: start &+ 2 &* k, as: UInt16.self)
                return bigEndian ? UInt16(bigEndian: word) : UInt16(littleEndian: word)
            }
        case .utf32(let bigEndian):
            kind = .notAScalar
            bad = UnicodeTranscoder.transcodeUTF32(count: count, into: &sink) { k in
                let word = buffer.loadUnaligned(fromByteOffset: start &+ 4 &* k, as: UInt32.self)
                return bigEndian ? UInt32(bigEndian: word) : UInt32(littleEndian: word)
            }
        }
        if let bad { return UnicodeTranscoder.Failure(kind: kind, offset: start &+ form.unitSize &* bad.index, value: bad.value) }
        position = start + byteCount
        return nil
    }

    /// The next `count` big-endian UTF-16 code units as a string, or `nil` (position unchanged)
    /// when they hold an unpaired surrogate; `badOffset` then holds the unit's byte offset.
    ///
    /// - Throws: ``OutOfBounds`` when fewer than `2 × count` bytes are left.
    mutating func readUTF16BEString(count: Int, badOffset: inout Int) throws -> String? {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
        guard !overflow, contains(position, byteCount) else { throw outOfBounds(position, count) }
        var failure: UnicodeTranscoder.Failure?
        // Transcoded straight into the string's storage: building a String from UTF-8 is a
        // validated copy, while building it from UTF-16 takes a slow generic path. A UTF-16
        // unit becomes at most 3 UTF-8 bytes (a surrogate pair, two units, becomes 4), so
        // before unit k at most 3k bytes are written and the last scalar starts at most 3
        // bytes before `3 * count`: one more byte lets it be stored as a whole word. And
        // `count * 3 + 1` cannot overflow: `count * 2` bytes exist.
        let text = try String(unsafeUninitializedCapacity: count * 3 + 1) { storage -> Int in
            guard var sink = UninitializedUTF8(storage: storage) else { return 0 }
            failure = try readUnicode(count: count, form: .utf16(bigEndian: true), into: &sink)
            return failure == nil ? sink.count : 0
        }
        if let failure {
            badOffset = failure.offset
            return nil
        }
        return text
    }

    // MARK: Text scanners

    /// The byte at ``position``, or `nil` at the end.
    func peek() -> UInt8? {
        // One unsigned comparison also refuses a negative position.
        UInt(bitPattern: position) < UInt(bitPattern: buffer.count) ? buffer[position] : nil
    }

    /// The byte `distance` bytes after ``position``, or `nil` outside the buffer.
    func peek(ahead distance: Int) -> UInt8? {
        let (offset, overflow) = position.addingReportingOverflow(distance)
        guard !overflow, UInt(bitPattern: offset) < UInt(bitPattern: buffer.count) else { return nil }
        return buffer[offset]
    }

    /// The byte at `offset`, or `nil` outside the buffer.
    func byte(at offset: Int) -> UInt8? {
        UInt(bitPattern: offset) < UInt(bitPattern: buffer.count) ? buffer[offset] : nil
    }

    /// The next scalar of UTF-8 text known to be well-formed (a Swift string's), with the
    /// position moved past it; `nil` at the end, or when a sequence runs past it.
    @inline(__always)
    mutating func readValidUTF8Scalar() -> UInt32? {
        guard UInt(bitPattern: position) < UInt(bitPattern: buffer.count) else { return nil }
        let lead = UInt32(buffer[position])
        if lead < 0x80 {
            position &+= 1
            return lead
        }
        // Each continuation byte gives its low six bits; the guard has checked it is there.
        let p = position, left = buffer.count &- p
        let scalar: UInt32
        if lead < 0xE0 {
            guard left >= 2 else { return nil }
            scalar = (lead & 0x1F) << 6 | UInt32(buffer[p &+ 1] & 0x3F)
            position = p &+ 2
        } else if lead < 0xF0 {
            guard left >= 3 else { return nil }
            scalar = (lead & 0x0F) << 12 | UInt32(buffer[p &+ 1] & 0x3F) << 6 | UInt32(buffer[p &+ 2] & 0x3F)
            position = p &+ 3
        } else {
            guard left >= 4 else { return nil }
            scalar = (lead & 0x07) << 18 | UInt32(buffer[p &+ 1] & 0x3F) << 12 | UInt32(buffer[p &+ 2] & 0x3F) << 6
                | UInt32(buffer[p &+ 3] & 0x3F)
            position = p &+ 4
        }
        return scalar
    }

    /// The offset of the first byte from `start` to `end` (cut to the buffer) that does not
    /// belong to well-formed UTF-8 (overlong forms, surrogates and values above U+10FFFF
    /// included), or `nil`.
    func firstInvalidUTF8(from start: Int, to end: Int) -> Int? {
        let end = Swift.max(Swift.min(end, buffer.count), 0)
        var i = Swift.max(start, 0)
        // Every index read is below `end`, which is at most the buffer's size; both are
        // non-negative, so `end - i` cannot overflow.
        while i < end {
            // ASCII runs, eight bytes at a time.
            while end - i >= 8, buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < end else { break }
            let b = buffer[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard end - i >= length else { return i }
            for k in 1..<length {
                let c = buffer[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }

    /// Moves ``position`` past one byte, usually one just peeked. It does not check the end:
    /// every read after it does (a position past `Int.max` wraps to a negative one, which
    /// every read and ``isAtEnd`` also treat as outside the bytes).
    mutating func advance() {
        position &+= 1
    }

    /// Moves ``position`` forward by `distance` bytes, usually bytes just peeked. It does not
    /// check the end (a read after it does), and saturates instead of overflowing.
    mutating func advance(by distance: Int) {
        let (next, overflow) = position.addingReportingOverflow(distance)
        position = overflow ? Int.max : next
    }

    /// Moves ``position`` past the bytes that satisfy `predicate`, stopping at the end.
    mutating func skip(while predicate: (UInt8) -> Bool) {
        var offset = position
        while UInt(bitPattern: offset) < UInt(bitPattern: buffer.count), predicate(buffer[offset]) { offset += 1 }
        position = offset
    }

    /// Moves ``position`` to the next `byte` at or after it and returns `true`, or returns
    /// `false` when there is none (the position is then at or past the end).
    ///
    /// Searches with `memchr`, many bytes per step: scanners that look for one byte among
    /// long runs of others (markup between XML text) spend most of their time here.
    mutating func skip(to byte: UInt8) -> Bool {
        guard UInt(bitPattern: position) < UInt(bitPattern: buffer.count), let base = buffer.baseAddress else { return false }
        guard let found = memchr(base + position, Int32(byte), buffer.count - position) else {
            position = buffer.count
            return false
        }
        position = base.distance(to: UnsafeRawPointer(found))
        return true
    }

    /// The bytes from `start` to ``position``, decoded as UTF-8 with invalid sequences
    /// replaced (readers call it on text they have validated or know to be ASCII). A range
    /// reaching outside the buffer is cut to it.
    func text(from start: Int) -> String {
        text(from: start, to: position)
    }

    /// The bytes from `start` to `end`, decoded as ``text(from:)`` decodes them.
    func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes(from: start, to: end), as: UTF8.self)
    }

    /// The bytes from `start` to ``position`` as a string, or `nil` when they are not valid
    /// UTF-8. A range reaching outside the buffer is cut to it.
    func validatedText(from start: Int) -> String? {
        String(validating: bytes(from: start, to: position), as: UTF8.self)
    }

    /// Puts the bytes from `start` to `end` into `writer`. A range reaching outside the
    /// buffer is cut to it.
    @inline(__always)
    func copyBytes(from start: Int, to end: Int, into writer: inout ByteWriter) {
        writer.put(rawBytes: bytes(from: start, to: end))
    }

    /// Moves ``position`` to the first byte from it on for which `stops` is true, or to the
    /// end. `mayStop` is asked about the eight bytes at the position as one word (in memory
    /// order, little-endian) and must answer true when `stops` is true for any of them: where
    /// it answers false the eight bytes are passed in one step. Text writers scan for the few
    /// bytes that need escaping this way.
    @inline(__always)
    mutating func skip(untilByte stops: (UInt8) -> Bool, orWord mayStop: (UInt64) -> Bool) {
        var offset = Swift.max(position, 0)
        let end = buffer.count
        while offset < end {
            // `end - offset >= 8` bounds the load; after a word that may stop, its eight
            // bytes are looked at one by one.
            if end - offset >= 8 {
                if !mayStop(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) {
                    offset += 8
                    continue
                }
                for _ in 0..<8 {
                    if stops(buffer[offset]) {
                        position = offset
                        return
                    }
                    offset += 1
                }
                continue
            }
            if stops(buffer[offset]) { break }
            offset += 1
        }
        position = offset
    }

    /// Appends the bytes from `start` to ``position`` to `output`. A range reaching outside
    /// the buffer is cut to it.
    func appendBytes(from start: Int, to output: inout [UInt8]) {
        output.append(contentsOf: bytes(from: start, to: position))
    }

    /// The bytes of `start ..< end`, cut to the buffer (empty when nothing of it is inside).
    private func bytes(from start: Int, to end: Int) -> UnsafeRawBufferPointer {
        let lower = Swift.min(Swift.max(start, 0), buffer.count)
        let upper = Swift.min(Swift.max(end, lower), buffer.count)
        return UnsafeRawBufferPointer(rebasing: buffer[lower..<upper])
    }

    // MARK: Comparing and hashing all the bytes

    /// Whether this cursor's bytes and `other`'s are the same, compared a word at a time
    /// (whatever either position).
    func hasSameBytes(as other: borrowing ByteCursor) -> Bool {
        Self.sameBytes(buffer, other.buffer)
    }

    /// Whether two strings are stored as the same bytes: the same inline (small) string, or
    /// two references to one storage. Such strings hold the same UTF-8 bytes; strings stored
    /// differently may hold them too, and need their bytes compared. This reads the values'
    /// own bytes, whatever their layout, and interprets none of them.
    @usableFromInline @inline(__always)
    static func haveSameRepresentation(_ a: String, _ b: String) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in sameBytes(x, y) } }
    }

    /// The address of `elements`' storage as an integer, or `nil` when there is none (an
    /// empty array): an identity that copies sharing storage through copy-on-write have in
    /// common, for the memos of walks over trees whose containers are shared. It is only
    /// compared, never read through, and names the storage only while the array lives.
    static func storageAddress<Element>(of elements: [Element]) -> Int? {
        elements.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
    }

    /// Asks the processor to bring `elements[index]` into its cache ahead of a read, when
    /// `index` is within the array (a hint: it changes nothing and cannot fault).
    static func prefetch<Element>(_ elements: [Element], at index: Int) {
        guard elements.indices.contains(index) else { return }
        elements.withUnsafeBufferPointer { plistkit_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + index) }) }
    }

    /// The generic `elementsEqual` goes byte by byte through iterators, which cost several
    /// hundred instructions for a short key; key comparisons are on every reader's and
    /// writer's hot path.
    ///
    /// Two views of one storage (a string met again, a key shared from a reader's cache) are
    /// equal without reading their bytes.
    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        if a.baseAddress == b.baseAddress { return true }
        var offset = 0
        while offset + 8 <= a.count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < a.count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The bytes' length and words read from both ends: the first and last eight bytes
    /// (overlapping when fewer than 16), or for fewer than eight the first and last four, or
    /// the one to three bytes there are. For a given length, every byte of a buffer of at
    /// most 16 bytes is in one of the two words.
    func endWords() -> (count: Int, head: UInt64, tail: UInt64) {
        let count = buffer.count
        if count >= 8 {
            return (count, buffer.loadUnaligned(as: UInt64.self), buffer.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            return (count, UInt64(buffer.loadUnaligned(as: UInt32.self)),
                    UInt64(buffer.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        }
        var head: UInt64 = 0
        for offset in 0..<count { head |= UInt64(buffer[offset]) << (8 * UInt64(offset)) }
        return (count, head, 0)
    }

    /// Feeds all the bytes to `hasher`.
    func combine(into hasher: inout Hasher) {
        hasher.combine(bytes: buffer)
    }

    /// A 64-bit hash of all the bytes mixed with `seed`, eight bytes at a time (see
    /// ``ByteHashing``).
    func mixedHash(seed: UInt64) -> UInt64 {
        Self.mixedHash(buffer, seed: seed)
    }

    /// A 64-bit hash of the bytes from `start` to `end` (cut to the buffer) mixed with `seed`.
    func mixedHash(from start: Int, to end: Int, seed: UInt64) -> UInt64 {
        Self.mixedHash(bytes(from: start, to: end), seed: seed)
    }

    private static func mixedHash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var hash = ByteHashing.mix(seed ^ UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = ByteHashing.mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            // The last one to seven bytes, packed little end first into one word.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = ByteHashing.mix(hash ^ tail)
        }
        return hash
    }
}

/// The cursor borrows a buffer that is only valid inside one scope on one thread; it must
/// never cross threads.
@available(*, unavailable)
extension ByteCursor: Sendable {}

/// UTF-8 written into a string's uninitialized storage, sized by the caller for the worst
/// case plus the spare bytes a last 4-byte word needs
/// (``ByteCursor/readUTF16BEString(count:badOffset:)``), because each scalar is stored as
/// one word.
private struct UninitializedUTF8: UTF8Sink {
    private let base: UnsafeMutableRawPointer
    /// The last offset at which a 4-byte word still fits.
    private let lastWordOffset: Int
    private(set) var count = 0

    /// A sink over `storage`, or `nil` when it has no room for one word.
    init?(storage: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = storage.baseAddress, storage.count >= 4 else { return nil }
        self.base = UnsafeMutableRawPointer(base)
        lastWordOffset = storage.count - 4
    }

    mutating func append(utf8 bytes: UInt32, count length: Int) {
        // Never short when the caller sized the storage right; checked all the same.
        guard count <= lastWordOffset else { return }
        (base + count).storeBytes(of: bytes.littleEndian, as: UInt32.self)
        count &+= length
    }
}
