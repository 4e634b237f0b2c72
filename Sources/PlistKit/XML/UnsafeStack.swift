/// A growable stack in one manually managed buffer, for ``XMLPlistTreeBuilder``'s hot paths.
///
/// A Swift `Array` checks uniqueness and capacity through generic code on every append and
/// mutation through a subscript; the builder pushes and pops about a million times per 5,000
/// iTunes tracks, and those checks were a visible share of reading. This stack grows by
/// doubling and moves elements out without retaining them again (``popArray(from:)``). It is
/// non-copyable, so its buffer has exactly one owner, and its deinit frees the buffer and its
/// elements. Every access is inside `0..<count`, checked where the index comes from outside.
struct UnsafeStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    /// The number of elements.
    private(set) var count = 0

    init() {}

    deinit {
        guard let base else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The top element, if any.
    var last: Element? {
        guard let base, count > 0 else { return nil }
        return base[count - 1]
    }

    /// The element at `index`, which must be below ``count`` (checked: a trap here is a bug in
    /// the builder, never a property of the input).
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "UnsafeStack index out of range")
        // The precondition proves the index is inside the initialized part of the buffer.
        return base.unsafelyUnwrapped[index]
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow(minimum: count + 1) }
        // grow() left room for one more: count < capacity.
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    @discardableResult
    mutating func pop() -> Element? {
        guard let base, count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Removes every element from `start` up.
    mutating func removeAll(from start: Int = 0) {
        guard let base, start >= 0, start < count else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// Removes the elements from `start` up and returns them, in order, as an array of exactly
    /// their count; they are moved, not copied.
    mutating func popArray(from start: Int) -> [Element] {
        guard let base, start >= 0, start < count else { return [] }
        let moved = count - start
        let array = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            // The array has room for `moved` elements and the source holds that many.
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base + start, count: moved)
            initialized = moved
        }
        count = start
        return array
    }

    private mutating func grow(minimum: Int) {
        let newCapacity = Swift.max(minimum, capacity * 2, 16)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}

extension UnsafeStack where Element == UInt8 {
    /// Appends bytes.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(minimum: count + bytes.count) }
        // grow() left room for bytes.count more.
        (base.unsafelyUnwrapped + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes, valid until the stack next changes (the buffer moves when it grows and is
    /// freed with the stack).
    var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }
}

extension UnsafeStack where Element == UInt64 {
    /// ``holdsDistinctNonZero(from:limit:)``, usually in one pass: each element marks a slot
    /// of `marks` chosen by its bits; elements in different slots are different, so only when
    /// two share a slot does the quadratic comparison decide. The answer is always exactly
    /// that of ``holdsDistinctNonZero(from:limit:)``.
    func holdsDistinctNonZero(from start: Int, limit: Int, marks: inout SlotMarks) -> Bool {
        guard let base, start >= 0, start < count else { return true }
        guard count - start <= limit else { return false }
        let round = marks.nextRound()
        for i in start..<count {
            let element = base[i]
            if element == 0 { return false }
            if !marks.mark(element, round: round) {
                return holdsDistinctNonZero(from: start, limit: limit)
            }
        }
        return true
    }

    /// Whether the elements from `start` up, at most `limit` of them, are all different and
    /// none is 0 (true when there are none; false when there are more than `limit`).
    /// Quadratic, hence the limit: for the few keys of a small dictionary.
    func holdsDistinctNonZero(from start: Int, limit: Int) -> Bool {
        guard let base, start >= 0, start < count else { return true }
        guard count - start <= limit else { return false }
        for i in start..<count {
            let element = base[i]
            if element == 0 { return false }
            // j < i < count: inside the initialized part.
            for j in start..<i where base[j] == element { return false }
        }
        return true
    }
}

/// A table of slots (one per ``XMLStringCache`` slot), each remembering the last round that
/// marked it, for ``UnsafeStack/holdsDistinctNonZero(from:limit:marks:)``: a new round needs
/// no clearing, only a new number. Non-copyable like ``UnsafeStack``: its deinit frees the table.
struct SlotMarks: ~Copyable {
    static let slotCount = XMLStringCache.slotCount
    private var rounds: UnsafeMutablePointer<UInt32>?
    private var round: UInt32 = 0

    init() {}

    deinit {
        rounds?.deallocate()
    }

    /// Starts a round (allocating the table at the first): no slot is marked in it yet.
    mutating func nextRound() -> UInt32 {
        if rounds == nil {
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.slotCount)
            table.initialize(repeating: 0, count: Self.slotCount)
            rounds = table
        }
        round &+= 1
        if round == 0 {
            // After 2^32 rounds the numbers come again: old marks are cleared first.
            rounds.unsafelyUnwrapped.update(repeating: 0, count: Self.slotCount)
            round = 1
        }
        return round
    }

    /// Marks the slot of `value` for `round` (from ``nextRound()``); `false` when `round`
    /// already marked it.
    @inline(__always)
    mutating func mark(_ value: UInt64, round: UInt32) -> Bool {
        // The string cache's own slot of an identity (below slotCount, the table's size): keys
        // that share one also evict each other there, so the dictionaries whose keys the cache
        // serves well are the ones that rarely need the quadratic check.
        let slot = rounds.unsafelyUnwrapped + XMLStringCache.slot(of: value)
        if slot.pointee == round { return false }
        slot.pointee = round
        return true
    }
}
