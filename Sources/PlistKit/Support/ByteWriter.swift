import CPlistKitSupport
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written into memory the writer owns: the one place PlistKit's writers, and its file
/// reader (``FileReader``, which reads into the room left with ``putRead(from:)``), store
/// through a raw pointer.
///
/// Every put checks the room left first (one comparison) and grows the storage when it is
/// short, so a caller that sized it too small pays a reallocation, never a write out of
/// bounds; a caller that sized it exactly (the binary writer counts its output beforehand)
/// pays no capacity or uniqueness check beyond that comparison, as appending to an array
/// would. A text writer that writes in many small pieces (the XML writer) finds the pieces it
/// needs here: short runs copied by word stores, indents, decimal digits, base64 and reals
/// formatted in place.
///
/// The size of the output depends on the input, so growing it may fail: the sizes are
/// checked for overflow and the memory is asked for with `realloc`, and when either fails the
/// put is dropped, every later put too, and ``finish()`` returns `nil` for the caller to
/// report (``failedCapacity`` says how much was wanted).
///
/// The writer is non-copyable (it owns its storage, freed when it ends) and not `Sendable`.
struct ByteWriter: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    /// The bytes the storage holds, written or not.
    private(set) var capacity: Int
    /// The number of bytes written so far.
    private(set) var count = 0
    /// Whether a put was dropped because the room it needed could not be computed or had.
    private(set) var hasOverflowed = false
    /// The size the storage could not grow to, once ``hasOverflowed`` (`Int.max` when the
    /// size itself overflowed).
    private(set) var failedCapacity = 0

    /// An empty writer with room for `capacity` bytes (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        if let memory = malloc(self.capacity) {
            storage = memory
        } else {
            // A writer that can take nothing: its first put fails and is reported.
            guard let memory = malloc(1) else { fatalError("ByteWriter: out of memory") }
            storage = memory
            failedCapacity = self.capacity
            self.capacity = 0
            hasOverflowed = true
        }
    }

    deinit {
        free(storage)
    }

    /// Makes sure at least `room` more bytes fit; false (and nothing more is written) when
    /// that many bytes cannot be had.
    @inline(__always)
    private mutating func makeRoom(_ room: Int) -> Bool {
        // `count` never passes `capacity`, so the wrapping subtraction cannot wrap.
        capacity &- count >= room || grow(toFit: room)
    }

    @inline(never)
    private mutating func grow(toFit room: Int) -> Bool {
        guard !hasOverflowed else { return false }
        let (needed, overflow) = count.addingReportingOverflow(Swift.max(room, 0))
        guard !overflow else { return fail(needing: .max) }
        if needed <= capacity { return true }
        let (doubled, doubledOverflow) = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = doubledOverflow ? needed : Swift.max(doubled, needed)
        guard let grown = realloc(storage, newCapacity) else { return fail(needing: newCapacity) }
        storage = grown
        capacity = newCapacity
        return true
    }

    /// Marks the writer failed; with no room left, every later put comes to ``grow(toFit:)``,
    /// which refuses it.
    private mutating func fail(needing size: Int) -> Bool {
        hasOverflowed = true
        failedCapacity = size
        capacity = count
        return false
    }

    /// Reserves room for `room` more bytes, so that the puts that follow do not grow the
    /// storage one step at a time.
    mutating func reserve(_ room: Int) {
        _ = makeRoom(Swift.max(room, 0))
    }

    // MARK: Putting bytes

    /// One byte.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        guard makeRoom(1) else { return }
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// `byte`, `repetitions` times (none when it is not positive). Up to eight as one 8-byte
    /// store of which `repetitions` bytes are kept: indents are short, and a `memset` call for
    /// two or three bytes costs more than the store.
    @inline(__always)
    mutating func put(_ byte: UInt8, repetitions: Int) {
        guard repetitions > 0, makeRoom(Swift.max(repetitions, 8)) else { return }
        if repetitions <= 8 {
            storage.storeBytes(of: UInt64(byte) &* 0x0101_0101_0101_0101, toByteOffset: count, as: UInt64.self)
        } else {
            (storage + count).initializeMemory(as: UInt8.self, repeating: byte, count: repetitions)
        }
        count &+= repetitions
    }

    /// The low `size` bytes (1 through 8; other sizes write nothing) of `value`, most
    /// significant first.
    @inline(__always)
    mutating func putBigEndian(_ value: UInt64, size: Int) {
        // Eight bytes of room: the value is shifted so the wanted bytes lead the word and the
        // word is stored big-endian in one go; the bytes after them are scratch that the
        // next put overwrites (or that lie past the end and are never returned).
        guard UInt(bitPattern: size &- 1) < 8, makeRoom(8) else { return }
        storage.storeBytes(of: (value << UInt64(64 &- 8 &* size)).bigEndian, toByteOffset: count, as: UInt64.self)
        // Room for eight was made, so this stays within the capacity.
        count &+= size
    }

    /// `values[start ..< start + count]`, each in its low `size` bytes (1 through 8; other
    /// sizes write nothing), most significant first: one check of the room for them all.
    mutating func putBigEndian(_ values: [UInt32], from start: Int, count: Int, size: Int) {
        guard UInt(bitPattern: size &- 1) < 8, start >= 0, count >= 0, count <= values.count - start else { return }
        // `count × size + 8` cannot overflow: `count` values exist and `size` is at most 8.
        guard makeRoom(count * size + 8) else { return }
        let shift = UInt64(64 &- 8 &* size)
        var offset = self.count
        for value in values[start..<(start + count)] {
            storage.storeBytes(of: (UInt64(value) << shift).bigEndian, toByteOffset: offset, as: UInt64.self)
            offset &+= size
        }
        self.count = offset
    }

    /// The bytes of `bytes`, as they are.
    mutating func put(contentsOf bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { put(rawBytes: $0) }
    }

    /// The UTF-8 bytes of `string`.
    mutating func put(utf8Of string: String) {
        ByteCursor.withUTF8(of: string) { $0.copyBytes(from: 0, to: $0.count, into: &self) }
    }

    /// The UTF-8 bytes of a static string.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(rawBytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The bytes of `bytes`, for ``ByteCursor`` and the puts above.
    ///
    /// Most pieces of text output are short (tags, keys, the runs between escapes): up to 32
    /// bytes are copied by two to four overlapping word loads and stores, which cost less than
    /// a `memcpy` call. Every load reads inside `bytes` and every store writes inside the room
    /// made for them.
    @inline(__always)
    mutating func put(rawBytes bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        guard let source = bytes.baseAddress, length > 0, makeRoom(length) else { return }
        let target = storage + count
        if length >= 8 && length <= 32 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            if length > 16 {
                let second = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = source.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                target.storeBytes(of: third, toByteOffset: length - 16, as: UInt64.self)
            }
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            for i in 0 ..< length { target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    // MARK: Putting text

    /// The decimal digits of `value`, zero-padded to `minimumDigits` (at most 20), written
    /// last digit first straight into their place, two per division.
    mutating func putDecimal(_ value: UInt64, minimumDigits: Int = 1) {
        var digits = 1
        var power: UInt64 = 10
        while digits < 20 && value >= power {
            digits += 1
            power = power &* 10
        }
        digits = Swift.max(digits, Swift.min(minimumDigits, 20))
        guard makeRoom(digits) else { return }
        let end = storage + count
        var rest = value
        var position = digits
        while position >= 2 {
            let pair = UInt8(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            end.storeBytes(of: UInt8(ascii: "0") + pair / 10, toByteOffset: position, as: UInt8.self)
            end.storeBytes(of: UInt8(ascii: "0") + pair % 10, toByteOffset: position + 1, as: UInt8.self)
        }
        // One digit left at most: `digits` counts every digit of `value`.
        if position == 1 { end.storeBytes(of: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10), as: UInt8.self) }
        count &+= digits
    }

    /// `real` as C's `printf("%.17g")` writes it (the 17 significant digits CoreFoundation's XML
    /// writer uses), with `.` as the decimal separator when the calling thread's numeric locale
    /// is "C" (see ``CNumericLocale``).
    mutating func put(realWith17Digits real: Double) {
        // At most 24 characters ("-2.2250738585072014e-308"); printf stores a NUL after.
        let room = 32
        guard makeRoom(room) else { return }
        let written = plistkit_format_real_17g((storage + count).assumingMemoryBound(to: CChar.self), room, real)
        count &+= Int(Swift.max(0, Swift.min(Int32(room - 1), written)))
    }

    private static let base64Alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// Base64 (RFC 4648, padded with `=`) of the bytes of `data` from `start` to `end` (cut to
    /// the data), in one run without line breaks.
    mutating func put(base64Of data: Data, from start: Int, to end: Int) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let lower = Swift.min(Swift.max(start, 0), bytes.count)
            let upper = Swift.min(Swift.max(end, lower), bytes.count)
            let length = (upper - lower + 2) / 3 * 4
            guard length > 0, makeRoom(length) else { return }
            let alphabet = Self.base64Alphabet.utf8Start
            let line = storage + count
            // Every index into `alphabet` is masked to six bits; every read is below `upper`.
            func character(_ sextet: Int) -> UInt8 { alphabet[sextet & 0x3F] }
            var o = 0
            var i = lower
            while i + 3 <= upper {
                let b0 = Int(bytes[i]), b1 = Int(bytes[i + 1]), b2 = Int(bytes[i + 2])
                line.storeBytes(of: character(b0 >> 2), toByteOffset: o, as: UInt8.self)
                line.storeBytes(of: character((b0 & 0x03) << 4 | b1 >> 4), toByteOffset: o + 1, as: UInt8.self)
                line.storeBytes(of: character((b1 & 0x0F) << 2 | b2 >> 6), toByteOffset: o + 2, as: UInt8.self)
                line.storeBytes(of: character(b2), toByteOffset: o + 3, as: UInt8.self)
                o += 4
                i += 3
            }
            if upper - i > 0 {
                let b0 = Int(bytes[i]), b1 = upper - i == 2 ? Int(bytes[i + 1]) : 0
                line.storeBytes(of: character(b0 >> 2), toByteOffset: o, as: UInt8.self)
                line.storeBytes(of: character((b0 & 0x03) << 4 | b1 >> 4), toByteOffset: o + 1, as: UInt8.self)
                line.storeBytes(of: upper - i == 2 ? character((b1 & 0x0F) << 2) : UInt8(ascii: "="), toByteOffset: o + 2, as: UInt8.self)
                line.storeBytes(of: UInt8(ascii: "="), toByteOffset: o + 3, as: UInt8.self)
                o += 4
            }
            count &+= o
        }
    }

    // MARK: Reading into the output

    /// Makes the storage exactly `newCapacity` bytes (at least ``count``), for a caller with
    /// its own growth policy (``FileReader``, which must not pass its byte limit) or one that
    /// shrinks the storage to what was written before ``finish()``. Nothing changes when the
    /// memory cannot be had.
    ///
    /// - Returns: `false` when `newCapacity` is below ``count``, or the memory cannot be had.
    mutating func resize(to newCapacity: Int) -> Bool {
        guard newCapacity >= count, !hasOverflowed else { return false }
        guard newCapacity != capacity else { return true }
        guard let moved = realloc(storage, Swift.max(newCapacity, 1)) else { return false }
        storage = moved
        capacity = newCapacity
        return true
    }

    /// Fills the room left in the storage (``capacity`` minus ``count``) from `descriptor`
    /// with one `read(2)`, retried when a signal interrupts it; the bytes read count as put.
    ///
    /// - Returns: what `read(2)` returned: the number of bytes added (0 at the end of the
    ///   input, or when no room is left), or -1 when it failed, with `errno` saying why.
    mutating func putRead(from descriptor: Int32) -> Int {
        let room = capacity &- count
        guard room > 0, !hasOverflowed else { return 0 }
        let target = storage + count
        let got = retryingInterruptions { read(descriptor, target, room) }
        if got > 0 { count &+= got }
        return got
    }

    // MARK: Taking the bytes

    /// The bytes written since the output held `mark` bytes, removed from it (for text made
    /// once and reused); empty for a mark outside the output.
    mutating func removeBytes(from mark: Int) -> [UInt8] {
        guard mark >= 0, mark <= count else { return [] }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: storage + mark, count: count - mark))
        count = mark
        return bytes
    }

    /// Hands the bytes written so far to `sink` as one `Data` and empties the writer, for a
    /// writer that sends its output away in pieces; a writer that has overflowed hands nothing.
    mutating func drain(into sink: (Data) throws -> Void) rethrows {
        guard count > 0, !hasOverflowed else { return }
        try sink(Data(bytes: storage, count: count))
        count = 0
    }

    /// The bytes written, handed over without a copy; `nil` when a put was dropped (see
    /// ``hasOverflowed``), for the caller to report.
    consuming func finish() -> Data? {
        let storage = self.storage, count = self.count, overflowed = hasOverflowed
        discard self
        guard !overflowed else {
            free(storage)
            return nil
        }
        return Data(bytesNoCopy: storage, count: count, deallocator: .free)
    }
}

/// The storage is owned by one writer on one thread.
@available(*, unavailable)
extension ByteWriter: Sendable {}
