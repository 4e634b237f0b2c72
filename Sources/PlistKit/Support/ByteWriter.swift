import FoundationEssentials

/// Bytes written into memory the writer owns: the one place PlistKit's writers store through
/// a raw pointer.
///
/// Every put checks the room left first (one comparison) and grows the storage when it is
/// short, so a caller that sized it too small pays a reallocation, never a write out of
/// bounds; a caller that sized it exactly (the binary writer counts its output beforehand)
/// pays no capacity or uniqueness check beyond that comparison, as appending to an array
/// would. The sizes the writer computes are checked for overflow: a put whose room cannot be
/// expressed is dropped and marks the writer, and ``finish()`` then fails with an error.
///
/// The writer is non-copyable (it owns its storage, freed when it ends) and not `Sendable`.
struct ByteWriter: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written so far.
    private(set) var count = 0
    /// Whether a put was dropped because the room it needed could not be computed.
    private(set) var hasOverflowed = false

    /// An empty writer with room for `capacity` bytes (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit {
        storage.deallocate()
    }

    /// Makes sure at least `room` more bytes fit; false (and the writer marked) when that many
    /// bytes cannot be addressed.
    private mutating func makeRoom(_ room: Int) -> Bool {
        // `count` never passes `capacity`, so the wrapping subtraction cannot wrap.
        capacity &- count >= room || grow(toFit: room)
    }

    @inline(never)
    private mutating func grow(toFit room: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(room)
        guard !overflow, !hasOverflowed else {
            hasOverflowed = true
            return false
        }
        let (doubled, doubledOverflow) = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = doubledOverflow ? needed : Swift.max(doubled, needed)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
        return true
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
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, makeRoom(raw.count) else { return }
            (storage + count).copyMemory(from: base, byteCount: raw.count)
            count += raw.count
        }
    }

    /// The UTF-8 bytes of `string`.
    mutating func put(utf8Of string: String) {
        var string = string
        string.withUTF8 { put(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    // MARK: Finishing

    /// The bytes written, handed over without a copy; `nil` when a put was dropped (see
    /// ``hasOverflowed``), for the caller to report.
    consuming func finish() -> Data? {
        let storage = self.storage, count = self.count, overflowed = hasOverflowed
        discard self
        guard !overflowed else {
            storage.deallocate()
            return nil
        }
        return Data(bytesNoCopy: storage, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}

/// The storage is owned by one writer on one thread.
@available(*, unavailable)
extension ByteWriter: Sendable {}
