import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The XML writer's output: a growable byte buffer written through a raw pointer.
///
/// An XML plist is written in many small pieces (a tab run, a tag, a key, a number); appending
/// each to a `[UInt8]` checked the array's uniqueness and capacity and went through the
/// generic `append(contentsOf:)` every time, which cost more than copying the bytes. Here a
/// writer asks for room once (``reserve(_:)``) and then stores bytes without checks.
///
/// A class, so the memory is freed by `deinit` however the write ends (a thrown
/// `Unrepresentable` included); ``takeData()`` hands the memory to a `Data` without a copy.
final class XMLOutputBuffer {
    // Accessed only by the one writer that owns the buffer, never concurrently: the dynamic
    // exclusivity checks of class properties would run on every byte written.
    @exclusivity(unchecked) private var start: UnsafeMutableRawPointer
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    /// Whether growing failed (the memory could not be had): the buffer then holds nothing
    /// useful, and the writer reports the failure (``XMLPlistWriter/document(options:_:)``)
    /// instead of a trap. The size of the output depends on the input, so its allocation
    /// must be allowed to fail.
    @exclusivity(unchecked) private(set) var hasFailed = false
    /// The size the buffer failed to grow to, when ``hasFailed``.
    @exclusivity(unchecked) private(set) var failedCapacity = 0

    /// The room always available: the largest piece a writer stores in place after
    /// ``reserve(_:)`` (a base64 line: 76 characters and its LF) fits, even after a failure.
    static let minimumCapacity = 128

    /// An empty buffer with room for `initialCapacity` bytes.
    init(initialCapacity: Int = 4096) {
        capacity = max(Self.minimumCapacity, initialCapacity)
        guard let memory = malloc(capacity) else { fatalError("XMLOutputBuffer: out of memory") }
        start = memory
    }

    deinit { free(start) }

    /// Makes room for `extra` more bytes, at least doubling so that appending stays
    /// amortized O(1) (and a large document is copied by `realloc` about once in all).
    ///
    /// Returns `false` when there is no room: the memory could not be had, and the buffer
    /// has failed (see ``hasFailed``). A failed buffer drops what it holds and goes on taking
    /// pieces up to ``minimumCapacity`` bytes (written over each other), so that the writer
    /// can run to its end without checking every piece.
    @inline(__always) @discardableResult
    func reserve(_ extra: Int) -> Bool {
        if capacity - count < extra { return grow(by: extra) }
        return true
    }

    private func grow(by extra: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(extra)
        if !hasFailed, !overflow {
            let newCapacity = max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue)
            if let memory = realloc(start, newCapacity) {
                start = memory
                capacity = newCapacity
                return true
            }
        }
        fail(needing: overflow ? .max : needed)
        return extra <= capacity
    }

    private func fail(needing size: Int) {
        if !hasFailed { failedCapacity = size }
        hasFailed = true
        count = 0
    }

    /// Where the next byte goes; valid until the next ``reserve(_:)``, for writers that have
    /// reserved room and then call ``advance(by:)``.
    @inline(__always)
    var end: UnsafeMutablePointer<UInt8> { (start + count).assumingMemoryBound(to: UInt8.self) }

    /// Counts `written` bytes stored at ``end`` as part of the output.
    @inline(__always)
    func advance(by written: Int) { count += written }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        (start + count).storeBytes(of: byte, as: UInt8.self)
        count += 1
    }

    /// Appends `length` bytes from `bytes`.
    ///
    /// Most pieces are short (tags, keys, the runs between escapes): up to 32 bytes are
    /// copied by two to four overlapping word loads and stores, which cost less than a
    /// `memcpy` call. Every load reads inside `bytes[0 ..< length]` and every store writes
    /// inside the `length` bytes reserved; unaligned loads and stores of trivial types.
    @inline(__always)
    func append(_ bytes: UnsafeRawPointer, count length: Int) {
        guard reserve(length) else { return }
        let target = start + count
        if length >= 8 && length <= 32 {
            let head = bytes.loadUnaligned(as: UInt64.self)
            let tail = bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            if length > 16 {
                let second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = bytes.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                target.storeBytes(of: third, toByteOffset: length - 16, as: UInt64.self)
            }
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            let head = bytes.loadUnaligned(as: UInt32.self)
            let tail = bytes.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length > 0 && length < 4 {
            for i in 0 ..< length { target.storeBytes(of: bytes.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        } else if length > 32 {
            target.copyMemory(from: bytes, byteCount: length)
        }
        count += length
    }

    /// Appends the bytes of a buffer.
    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        append(base, count: bytes.count)
    }

    /// Appends a static string's UTF-8 bytes.
    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
    }

    /// Appends `byte` `repetitions` times.
    @inline(__always)
    func append(_ byte: UInt8, repetitions: Int) {
        guard reserve(repetitions) else { return }
        (start + count).initializeMemory(as: UInt8.self, repeating: byte, count: repetitions)
        count += repetitions
    }

    /// Appends `count` tabs (an indent). Up to eight, as one 8-byte store of which `count`
    /// bytes are kept: indents are short, and a `memset` call for two or three bytes cost
    /// more than the store.
    @inline(__always)
    func appendTabs(_ count: Int) {
        guard count <= 8 else {
            append(0x09, repetitions: count)
            return
        }
        reserve(8)
        // In bounds: eight bytes reserved; an unaligned store of a trivial type.
        (start + self.count).storeBytes(of: 0x0909_0909_0909_0909 as UInt64, as: UInt64.self)
        self.count += max(0, count)
    }

    /// The bytes written since the output held `mark` bytes, removed from it (for text made
    /// once and reused, such as a key list's lines).
    func takeBytes(from mark: Int) -> [UInt8] {
        guard mark >= 0, mark <= count else { return [] }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: start + mark, count: count - mark))
        count = mark
        return bytes
    }

    /// Hands the bytes written so far to `sink` as one `Data` and empties the buffer, for a
    /// writer that sends its output away in pieces; a failed buffer hands nothing.
    func drain(into sink: (Data) throws -> Void) rethrows {
        guard count > 0, !hasFailed else { return }
        try sink(Data(bytes: start, count: count))
        count = 0
    }

    /// The bytes written, handed to a `Data` that frees them; the buffer is empty afterwards.
    func takeData() -> Data {
        let memory = realloc(start, max(1, count)) ?? start
        let data = Data(bytesNoCopy: memory, count: count, deallocator: .free)
        guard let fresh = malloc(64) else { fatalError("XMLOutputBuffer: out of memory") }
        start = fresh
        capacity = 64
        count = 0
        return data
    }
}
