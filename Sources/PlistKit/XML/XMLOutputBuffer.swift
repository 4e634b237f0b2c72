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

    /// An empty buffer with room for `initialCapacity` bytes.
    init(initialCapacity: Int = 4096) {
        capacity = max(64, initialCapacity)
        guard let memory = malloc(capacity) else { fatalError("XMLOutputBuffer: out of memory") }
        start = memory
    }

    deinit { free(start) }

    /// Makes room for `extra` more bytes, growing by at least half again so that appending
    /// stays amortized O(1).
    @inline(__always)
    func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity + capacity / 2)
        guard let memory = realloc(start, newCapacity) else { fatalError("XMLOutputBuffer: out of memory") }
        start = memory
        capacity = newCapacity
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
    @inline(__always)
    func append(_ bytes: UnsafeRawPointer, count length: Int) {
        reserve(length)
        (start + count).copyMemory(from: bytes, byteCount: length)
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
        reserve(repetitions)
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
