import FoundationEssentials

/// What one decode of a binary plist knows about each object it has met, and the limits that
/// keep a hostile file from expanding:
///
/// - Each object that can be large (strings, data, containers) is decoded once and remembered,
///   so that every reference to it shares it; fixed-size scalars are only marked as counted
///   and re-read (their cost per reference is constant). A streaming read keeps no values
///   (it would hold the whole tree): it only marks such objects as decoded, and decodes them
///   again at each reference without counting them again.
/// - An object met again while it is being decoded is a cycle.
/// - Objects decoded for the first time count against
///   ``PlistReadingOptions/maximumObjectCount``.
/// - The bytes the distinct objects occupy are subtracted from the object table's size: in a
///   well-formed file objects do not overlap, so they can never cover more bytes than the
///   table has, while a file whose offset entries point many objects at the same bytes (each
///   decoded on its own) would otherwise expand without bound.
struct BinaryPlistDecodedObjects {
    /// A slot: `notSeen`, `inProgress`, `countedScalar`, or (zero or more) a position in the
    /// remembered values.
    typealias Slot = Int32

    static let notSeen: Slot = -1
    static let inProgress: Slot = -2
    static let countedScalar: Slot = -3
    /// Decoded, counted and covered before, but not kept (streaming reads).
    static let decodedUnkept: Slot = -4

    /// One slot per object for whole-file reads; a dictionary of the objects actually reached
    /// for the lazy view's partial ones.
    private var dense: [Slot]
    private var sparse: [Int: Slot] = [:]
    private let isDense: Bool
    /// Whether decoded values are remembered for later references (see the type's summary).
    private let keepsValues: Bool
    private var values: [PlistValue] = []
    private var decodedCount = 0
    private let maximumObjectCount: Int
    /// Bytes of the object table not yet covered by a decoded object.
    private var uncoveredBytes: Int
    private let tableBytes: Int

    /// The record of a decode of the file `trailer` describes. `dense` allocates one 4-byte
    /// slot per object up front (fast for whole files); otherwise slots are kept for the
    /// objects reached. Without `keepingValues`, values are not remembered (a streaming read).
    ///
    /// - Throws: ``PlistError/Code/limitExceeded`` when `dense` and the file claims more
    ///   objects than 32-bit slots can number.
    init(trailer: BinaryPlistTrailer, options: PlistReadingOptions, dense: Bool, keepingValues: Bool = true) throws {
        isDense = dense
        keepsValues = keepingValues
        maximumObjectCount = options.maximumObjectCount
        tableBytes = trailer.offsetTableOffset - 8
        uncoveredBytes = tableBytes
        if dense {
            // objectCount × offsetIntSize bytes of offset table exist in the input, so this
            // allocation is at most 4 bytes per input byte.
            guard trailer.objectCount <= Int(Int32.max) else {
                throw PlistError(.limitExceeded, "The file has \(trailer.objectCount) objects, more than \(Int32.max)")
            }
            self.dense = [Slot](repeating: Self.notSeen, count: trailer.objectCount)
        } else {
            self.dense = []
        }
        // Room for every value of a small file at once (growing one append at a time
        // reallocated the list five times for a 1 KB file); a large one grows from there.
        if keepingValues { values.reserveCapacity(min(trailer.objectCount, Self.initialValueCapacity)) }
    }

    /// The remembered values room is made for at the start.
    private static var initialValueCapacity: Int { 1 << 12 }

    /// The slot of object `index` (below the object count).
    func slot(_ index: Int) -> Slot {
        isDense ? dense[index] : (sparse[index] ?? Self.notSeen)
    }

    /// Sets the slot of object `index`.
    mutating func setSlot(_ index: Int, _ slot: Slot) {
        if isDense { dense[index] = slot } else { sparse[index] = slot }
    }

    /// The value remembered in `slot` (zero or more).
    func value(in slot: Slot) -> PlistValue {
        values[Int(slot)]
    }

    /// Remembers object `index`'s decoded value, for every later reference to it.
    mutating func remember(_ index: Int, _ value: PlistValue) -> PlistValue {
        guard keepsValues else {
            setSlot(index, Self.decodedUnkept)
            return value
        }
        setSlot(index, Slot(truncatingIfNeeded: values.count))
        values.append(value)
        return value
    }

    /// Marks object `index` as being on the current decode path (ancestors of a lazy lookup).
    mutating func markInProgress(_ index: Int) {
        if slot(index) == Self.notSeen { setSlot(index, Self.inProgress) }
    }

    /// Fails for an object on the current decode path (a cycle), and counts an object
    /// decoded for the first time (`state` is its slot) against the object limit.
    ///
    /// - Throws: ``PlistError/Code/corruptData`` for a cycle,
    ///   ``PlistError/Code/limitExceeded`` beyond the limit; both at object `index`, byte
    ///   `offset`.
    @inline(__always)
    mutating func count(_ index: Int, state: Slot, at offset: Int) throws {
        if state == Self.inProgress {
            throw PlistError(.corruptData, "Object \(index) contains itself (a reference cycle)", at: .object(index: index, byteOffset: offset))
        }
        if state == Self.notSeen {
            decodedCount += 1
            if decodedCount > maximumObjectCount {
                throw PlistError(
                    .limitExceeded, "The file holds more than the limit of \(maximumObjectCount) objects",
                    at: .object(index: index, byteOffset: offset))
            }
        }
    }

    /// Accounts for the `bytes` an object just decoded occupies.
    ///
    /// - Throws: ``PlistError/Code/limitExceeded`` at object `index`, byte `offset`, when
    ///   the objects decoded so far would cover more bytes than the object table holds.
    mutating func cover(_ bytes: Int, object index: Int, at offset: Int) throws {
        guard bytes <= uncoveredBytes else {
            throw PlistError(
                .limitExceeded,
                "The objects decoded so far cover more bytes than the \(tableBytes)-byte object table holds, so objects overlap (a way to expand a small file without bound)",
                at: .object(index: index, byteOffset: offset))
        }
        uncoveredBytes -= bytes
    }

}
