import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the entries of one large `[String: Value]` as XML on a helper thread while
/// ``PlistEncoder`` is still encoding the rest of the model, into the buffer the document is
/// then finished in.
///
/// Without it, an XML encode first builds the whole encoder tree and then writes it, and the
/// two phases cost about the same (a music library's tracks: about 10,000 instructions a
/// record each). Here the first dictionary with ``smallestDictionary`` or more entries is
/// encoded in the order the writer writes its keys (sorted, unless keys are written as
/// encoded; the order a dictionary's entries are encoded in is unspecified, and the standard
/// library's own is a per-process hash order). The encoder hands each value to a helper as
/// soon as it is finished (``hand(_:state:)``), and the helper writes the entry (its key line
/// and its value, at the depth it will have in the document) while the encoder goes on with
/// the next. The helper's buffer keeps room in front, so when the writer reaches the
/// dictionary it puts what it wrote so far there and carries on in that buffer
/// (``XMLOutputBuffer/absorb(_:)``): the entries are neither written nor copied again. They
/// are the bytes the writer would have written itself: the helper runs the same
/// ``PlistEncodingXMLWriter`` and emitter code on the same keys and nodes at the same depth.
///
/// A value is handed over only once nothing but the tree can change it: every container in it
/// is referred to by the tree alone (``PlistEncodingState/isFinished(_:)``), so no container or
/// encoder a type kept can add to it later, and there is no super encoder in it, whose value is
/// read only at the end. Anything else abandons the write-ahead (the helper is stopped and
/// joined, and the writer writes the dictionary itself, as always):
///
/// - a value not finished in that sense;
/// - the dictionary reached again through its parent's `nestedContainer(keyedBy:forKey:)`,
///   after which its values could change (see ``release(_:)``);
/// - the dictionary's encoding not completing (a value's error, caught by the type around it).
///
/// The writer also uses the helper's bytes only for the same dictionary object, at the depth
/// they were written for, holding exactly the keys they were written under; and only when the
/// helper wrote them all without an error (any error is the general path's to report, as for
/// the writer itself). Keys that the key strategy makes equal are left to the writer.
///
/// One instance serves one `encode` call. All methods but the helper's own loop run on the
/// encoding thread; the two threads share the handed-over count and the stop flags under a
/// lock, and the helper's results are read only after it is joined.
final class PlistEncodingXMLWriteAhead {
    /// Dictionaries with fewer entries are written by the writer alone: starting a thread
    /// costs tens of microseconds, about what writing a thousand values takes.
    static let smallestDictionary = 2_048

    /// How many values the encoder hands over between two wake-ups of the helper: each costs
    /// a lock, and the helper needs only to keep up.
    private static let handoverBatch = 64

    /// How many handed-over values the helper takes to write at a time. When the encoder is
    /// done before the helper (its processor busy elsewhere), it writes what the helper has
    /// not taken yet itself (see ``finish()``), waiting at most for one such batch.
    private static let claimBatch = 64

    /// The room the helper's buffer keeps in front of the entries, for what the document holds
    /// before them (see ``XMLOutputBuffer/absorb(_:)``): address space, of which only what is
    /// used gets memory. When the document holds more before the dictionary, the writer copies
    /// the entries after it instead.
    static let roomInFront = 16 << 20

    /// How a write-ahead ended, for tests to tell which path wrote.
    enum Outcome: Equatable {
        /// No dictionary was large enough.
        case notStarted
        /// The writer used the helper's bytes.
        case used
        /// A value or the dictionary could still change, or the dictionary's encoding did not
        /// complete: the writer wrote it.
        case abandoned
        /// The helper stopped at a value the writer cannot write (an unrepresentable string, a
        /// limit), or the writer did not reach the dictionary as written: the writer (or the
        /// general path) wrote it.
        case unused
    }

    private let options: PlistWritingOptions
    /// The room kept in front of the helper's output (``roomInFront`` unless a test sets it).
    private let room: Int

    /// The dictionary whose values are written ahead, once started.
    private var dictionary: PlistEncodingDictionary?
    /// The depth the writer emits `dictionary` at (the number of keys in its coding path).
    private var depth = 0
    private var phase = Phase.idle

    private enum Phase {
        case idle
        /// Values are being handed over.
        case running
        /// All `capacity` values were handed over.
        case closed
        /// The helper was stopped; its bytes are not used.
        case abandoned
        /// The helper was joined after closing; what it wrote is in `helperOutput`.
        case finished
    }

    /// The values handed over, in the order they are written; `capacity` slots, the first
    /// `handed` initialized. Written by the encoder before it publishes them, read by the
    /// helper after.
    private var records: UnsafeMutablePointer<PlistEncodingNode>?
    private var capacity = 0
    private var handed = 0
    /// The dictionary's keys as written, in its order.
    private var names: [String] = []

    private var helper: XMLHelperThread?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Under `lock`:
    private var published = 0
    private var isClosed = false
    private var isCancelled = false
    /// The helper writes the entries below `claimed`, and takes no more once it reaches
    /// `claimLimit` (set when the encoding thread takes the rest).
    private var claimed = 0
    private var claimLimit = Int.max
    /// Whether the helper has set `order`: the positions of `names` in the order the values
    /// are handed over and written, or `nil` when two names are the same.
    private var isOrdered = false
    private var order: [Int]?

    /// What the helper wrote, set by it before it ends (read only after the join).
    private var helperOutput: WrittenEntries?
    /// What the encoding thread wrote of the entries the helper had not taken.
    private var tail: WrittenEntries?

    /// Entries written by one thread.
    private struct WrittenEntries {
        var out: XMLOutputBuffer
        var written: Int
        var valueCount: Int
        var failed: Bool
    }

    /// Creates a write-ahead for an encode whose tree is written with `options`, keeping
    /// `room` bytes in front of the entries; the helper writes at most `helperShare` of them.
    init(options: PlistWritingOptions, room: Int = PlistEncodingXMLWriteAhead.roomInFront, helperShare: Int = .max) {
        self.options = options
        self.room = room
        // All, unless a test leaves the rest to the encoding thread.
        claimLimit = helperShare
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        stopHelper()
        if let records {
            records.deinitialize(count: handed)
            records.deallocate()
        }
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    // MARK: - The encoding thread

    /// Whether a dictionary of `count` entries would be written ahead (no dictionary was
    /// started before, and this one is large enough).
    func canBegin(count: Int) -> Bool {
        guard case .idle = phase else { return false }
        return count >= Self.smallestDictionary
    }

    /// Starts writing ahead the entries of `dictionary`, emitted at `depth`, whose keys are
    /// written as `names` (in the dictionary's order); returns whether it did (see
    /// ``canBegin(count:)``). The helper first finds the order to encode the entries in, which
    /// ``encodingOrder()`` waits for, while the encoder gathers the values.
    func begin(_ dictionary: PlistEncodingDictionary, names: [String], depth: Int) -> Bool {
        let count = names.count
        guard canBegin(count: count) else { return false }
        self.names = names
        records = UnsafeMutablePointer<PlistEncodingNode>.allocate(capacity: count)
        capacity = count
        self.dictionary = dictionary
        self.depth = depth
        // Unretained: `deinit` joins the helper before any of this object is freed.
        guard let helper = XMLHelperThread.start({ [unowned(unsafe) self] in writeHandedValues() }) else {
            phase = .abandoned
            return false
        }
        self.helper = helper
        phase = .running
        return true
    }

    /// The order to encode the entries in, as positions in the dictionary's order: the order
    /// the writer writes their keys in (sorted, or as encoded). Waits for the helper to find
    /// it. `nil` when two keys are the same (the writer resolves those): the caller then
    /// ``abandon()``s and encodes the dictionary as usual.
    func encodingOrder() -> [Int]? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while !isOrdered { pthread_cond_wait(changed, lock) }
        return order
    }

    /// Hands the next value of the dictionary to the helper if nothing but the tree can change
    /// it any more, and abandons the write-ahead otherwise.
    func hand(_ node: inout PlistEncodingNode, state: PlistEncodingState) {
        guard case .running = phase else { return }
        guard handed < capacity, state.isFinished(&node) else {
            abandon()
            return
        }
        (records! + handed).initialize(to: node)
        handed += 1
        if handed == capacity {
            publish(handed, closing: true)
            phase = .closed
        } else if handed % Self.handoverBatch == 0 {
            publish(handed, closing: false)
        }
    }

    /// Called before a container hands out `dictionary` for more entries
    /// (`nestedContainer(keyedBy:forKey:)` finding it again): if it is the one written ahead,
    /// its values could change, so the write-ahead is abandoned.
    func release(_ dictionary: PlistEncodingDictionary) {
        guard dictionary === self.dictionary else { return }
        abandon()
    }

    /// Stops the helper, if it runs, and gives up its bytes.
    func abandon() {
        switch phase {
        case .running, .closed:
            stopHelper()
            phase = .abandoned
        case .finished:
            phase = .abandoned
        case .idle, .abandoned:
            break
        }
    }

    /// Waits for the helper and returns what was written, or `nil` when the bytes cannot be
    /// used (never started, abandoned, a value left unhanded, or an entry that could not be
    /// written). Call it when the tree is complete, before writing.
    ///
    /// The entries the helper has not taken yet are written here, on the encoding thread,
    /// while the helper finishes the ones it has: with both threads on the tail, a helper
    /// slowed by a busy processor costs little.
    func finish() -> PlistEncodingXMLWriter.WrittenAhead? {
        switch phase {
        case .closed:
            pthread_mutex_lock(lock)
            let taken = claimed
            claimLimit = taken
            pthread_cond_signal(changed)
            pthread_mutex_unlock(lock)
            tail = writeEntries(taken..<capacity, into: XMLOutputBuffer())
            helper?.join()
            helper = nil
            phase = .finished
        case .running:
            // The dictionary's encoding stopped part way (an error a type caught).
            abandon()
            return nil
        case .finished:
            break
        case .idle, .abandoned:
            return nil
        }
        guard let output = helperOutput, !output.failed, let tail, !tail.failed, output.written + tail.written == capacity,
              let dictionary, let order else {
            return nil
        }
        return PlistEncodingXMLWriter.WrittenAhead(
            dictionary: dictionary, names: order.map { names[$0] }, depth: depth, output: output.out,
            tail: tail.out, valueCount: output.valueCount + tail.valueCount)
    }

    /// How this write-ahead ended, once the writer has run (see ``Outcome``): `used` when the
    /// document the writer returned holds the entries.
    func outcome(writerUsedIt: Bool) -> Outcome {
        switch phase {
        case .idle: return .notStarted
        case .abandoned: return .abandoned
        case .running, .closed, .finished: return writerUsedIt ? .used : .unused
        }
    }

    private func publish(_ count: Int, closing: Bool) {
        pthread_mutex_lock(lock)
        published = count
        if closing { isClosed = true }
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// Cancels and joins the helper if it runs.
    private func stopHelper() {
        guard let helper else { return }
        pthread_mutex_lock(lock)
        isCancelled = true
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
        helper.join()
        self.helper = nil
    }

    // MARK: - The helper thread

    /// The helper's work: orders the keys, then writes the entries (each its key line and its
    /// value) as they are published, a batch at a time, until all are written, the encoding
    /// thread takes the rest or cancels, or an entry cannot be written.
    private func writeHandedValues() {
        let order = orderOfEntries()
        pthread_mutex_lock(lock)
        self.order = order
        isOrdered = true
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
        guard order != nil else { return }
        var written = 0
        let output = XMLOutputBuffer(roomInFront: room, initialCapacity: 1 << 20)
        var entries = WrittenEntries(out: output, written: 0, valueCount: 0, failed: false)
        while let batch = claimValues(after: written) {
            let part = writeEntries(batch, into: output)
            entries.valueCount += part.valueCount
            entries.written += part.written
            written = batch.upperBound
            if part.failed {
                entries.failed = true
                break
            }
        }
        helperOutput = entries
    }

    /// Writes the entries at `positions` (of those handed over, in order) into `out`, with a
    /// writer and emitter of this call's own.
    private func writeEntries(_ positions: Range<Int>, into out: XMLOutputBuffer) -> WrittenEntries {
        var writer = PlistEncodingXMLWriter(options: options, splits: 0)
        var emitter = XMLPlistWriter.Emitter(sortsKeys: options.sortsKeys(for: .xml), realStyle: options.xmlRealStyle, out: out)
        var written = 0
        let entryDepth = depth + 1
        do {
            try XMLCLocale.withCNumericLocale {
                for index in positions {
                    try emitter.emitKey(names[order![index]], depth: entryDepth)
                    try writer.emit(records![index], depth: entryDepth, to: &emitter)
                    written += 1
                }
            }
        } catch {
            return WrittenEntries(out: out, written: written, valueCount: writer.valueCount, failed: true)
        }
        return WrittenEntries(out: out, written: written, valueCount: writer.valueCount, failed: false)
    }

    /// The positions of `names` sorted as the writer sorts keys, or in order when it writes
    /// them as encoded; `nil` when two names are the same.
    private func orderOfEntries() -> [Int]? {
        guard options.sortsKeys(for: .xml) else { return Array(names.indices) }
        let (sorted, hasRepeatedKey) = XMLPlistWriter.Emitter.sortedPositions(of: names)
        return hasRepeatedKey ? nil : sorted
    }

    /// Waits until more than `written` values are published and takes the next batch of them
    /// for the helper, or returns `nil` once all are written, the encoding thread has taken
    /// the rest, or it cancelled.
    private func claimValues(after written: Int) -> Range<Int>? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while published == written && !isClosed && !isCancelled && written < claimLimit {
            pthread_cond_wait(changed, lock)
        }
        if isCancelled || written >= claimLimit || published == written { return nil }
        let end = min(published, claimLimit, written + Self.claimBatch)
        claimed = end
        return written..<end
    }
}
