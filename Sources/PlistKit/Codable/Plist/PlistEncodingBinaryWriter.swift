import FoundationEssentials

/// Writes what ``PlistEncoder`` encoded as a binary property list straight from its
/// ``PlistEncodingNode`` tree, byte for byte as the binary writer writes the ``PlistValue`` the
/// tree finishes into, without building that value (a `PlistDictionary` per model, each
/// checked for repeated keys and, when large, indexed), walking it for its expanded size and
/// freeing it again. Those steps were about a third of a Codable binary encode.
///
/// The objects are numbered into the binary writer's ``BinaryPlistObjectList`` in its order:
/// depth-first, a dictionary's keys when it is entered, then its values each with its subtree.
/// The walk is iterative, as the general writer's is.
///
/// It writes only what it can write exactly as the general path would, and returns `nil`
/// otherwise, for that path to write or report: a dictionary with a key encoded twice (which
/// the finished value resolves to the first position and the last value), a tree larger than
/// ``PlistWritingOptions/maximumValueCount`` values or
/// ``PlistWritingOptions/maximumExpandedByteCount`` bytes or nested deeper than
/// ``PlistWritingOptions/maximumDepth``, and options that sort keys (see
/// ``canWrite(options:)``).
struct PlistEncodingBinaryWriter {
    private var objects = BinaryPlistObjectList()
    /// The values the finished tree would hold, counted as `ExpandedSizeCounter` counts them
    /// (each container, key and scalar once; an encoder tree shares nothing).
    private var valueCount = 0
    private let valueLimit: Int
    /// The bytes of strings, keys and data the finished tree would hold; with
    /// `ExpandedSizeCounter.bytesPerValue` per value, its expanded bytes.
    private var payloadBytes = 0
    private let byteLimit: Int
    /// `PlistWritingOptions.maximumDepth`: a container with `d` containers around it (the
    /// root has none) is written only when `d` is below it, as the general writer allows.
    private let depthLimit: Int
    /// Per object number, the last dictionary (by its count of dictionaries entered) whose
    /// keys included that string: a key met twice in one dictionary finds its own stamp. Keys
    /// are strings uniqued by exact bytes, so equal keys have equal numbers.
    private var keyStamps: [Int] = []
    private var dictionariesEntered = 0

    /// A container whose values are being numbered, the next one to visit and where their
    /// references go.
    private struct Frame {
        let values: [PlistEncodingNode]
        var next: Int
        let firstSlot: Int
    }

    private init(options: PlistWritingOptions) {
        // Past the object list's numbering, the general path reports the limit.
        valueLimit = min(options.maximumValueCount, BinaryPlistObjectList.maximumObjects)
        byteLimit = options.maximumExpandedByteCount
        depthLimit = options.maximumDepth
    }

    /// Counts a scalar's bytes; `false` when the tree passes the byte limit.
    @inline(__always)
    private mutating func countBytes(of value: PlistValue) -> Bool {
        switch value {
        case .string(let string): payloadBytes &+= string.utf8.count
        case .data(let data): payloadBytes &+= data.count
        default: break
        }
        return withinByteLimit
    }

    /// Whether the values and bytes counted so far are within the byte limit. (The counts
    /// are within the value limit and the input's size, far from overflowing.)
    private var withinByteLimit: Bool {
        let (perValue, overflow) = valueCount.multipliedReportingOverflow(by: ExpandedSizeCounter.bytesPerValue)
        return !overflow && perValue &+ payloadBytes <= byteLimit
    }

    /// Whether these writing options leave the binary bytes to the encoder's order, with
    /// nothing for the loss analysis to check (binary holds every value; it only reports a
    /// sorted key order, which this writer does not do).
    static func canWrite(options: PlistWritingOptions) -> Bool {
        !options.sortsKeys(for: .binary)
    }

    /// The bytes of `root` as a binary property list, or `nil` when the general path must
    /// write it (see the type's description).
    ///
    /// `estimatedValueCount` (``PlistEncodingState/estimatedValueCount``) sizes the object
    /// list, with a margin for what the estimate leaves out: growing it by doubling copied it
    /// several times over, and room never used is never touched.
    static func write(_ root: PlistEncodingNode, options: PlistWritingOptions, estimatedValueCount: Int = 0) -> Data? {
        guard canWrite(options: options) else { return nil }
        var writer = PlistEncodingBinaryWriter(options: options)
        let room = min(estimatedValueCount, options.maximumValueCount)
        writer.objects.reserveCapacity(objects: room + room / 4, references: room + room / 4)
        guard writer.number(root) != nil else { return nil }
        return writer.objects.encode()
    }

    /// Numbers `root` and everything in it; `nil` when the general path must take over.
    private mutating func number(_ root: PlistEncodingNode) -> Int? {
        var frames: [Frame] = []
        guard let number = enter(root, frames: &frames) else { return nil }
        while let top = frames.indices.last {
            // The top container's scalars are numbered in one loop, until a container (whose
            // frame then goes on top) or the end: most values are scalars, and going back
            // through the frame stack for each cost more than numbering it.
            let values = frames[top].values
            let firstSlot = frames[top].firstSlot
            var index = frames[top].next
            var descended = false
            // The uniquing-table slots of the scalars a few places ahead are loaded while
            // these are numbered, so their cache misses overlap instead of coming one by one
            // (a record's dozen or so scalars each went to main memory in turn).
            let distance = BinaryPlistObjectList.prefetchDistance
            if index == 0 {
                for case .value(let value) in values.prefix(distance) { objects.prefetchScalar(value) }
            }
            while index < values.count {
                let slot = firstSlot + index
                if index + distance < values.count, case .value(let ahead) = values[index + distance] {
                    objects.prefetchScalar(ahead)
                }
                index += 1
                if case .value(let value) = values[index - 1], !value.isContainer {
                    valueCount += 1
                    guard valueCount <= valueLimit, countBytes(of: value) else { return nil }
                    objects.setReference(objects.numberScalar(value), at: slot)
                    continue
                }
                frames[top].next = index
                guard let child = enter(values[index - 1], frames: &frames) else { return nil }
                objects.setReference(child, at: slot)
                descended = true
                break
            }
            if !descended { frames.removeLast() }
        }
        return number
    }

    /// Numbers a scalar at once; adds a container's entry and a frame for the values
    /// `number(_:)` visits next. `nil` when the general path must take over.
    private mutating func enter(_ node: PlistEncodingNode, frames: inout [Frame]) -> Int? {
        let number = objects.count
        switch node {
        case .value(let value):
            // A container here is an embedded `PlistValue`: the general path counts its
            // expanded size and writes it, as the XML writer's does.
            guard !value.isContainer else { return nil }
            valueCount += 1
            guard valueCount <= valueLimit, countBytes(of: value) else { return nil }
            return objects.numberScalar(value)
        case .array(let array):
            let elements = array.elements
            valueCount += 1
            guard valueCount <= valueLimit, withinByteLimit, frames.count < depthLimit else { return nil }
            let start = objects.openArray(count: elements.count)
            frames.append(Frame(values: elements, next: 0, firstSlot: start))
        case .dictionary(let dictionary):
            let keys = dictionary.keys
            valueCount += 1 + keys.count
            for key in keys { payloadBytes &+= key.utf8.count }
            guard valueCount <= valueLimit, withinByteLimit, frames.count < depthLimit else { return nil }
            let start = objects.openDictionary(numberingKeys: keys)
            dictionariesEntered += 1
            let stamp = dictionariesEntered
            if keyStamps.count < objects.count {
                keyStamps.append(contentsOf: repeatElement(0, count: objects.count - keyStamps.count))
            }
            for slot in start ..< start + keys.count {
                let keyNumber = objects.reference(at: slot)
                // A key encoded twice: only the general path resolves it as the finished
                // dictionary does.
                if keyStamps[keyNumber] == stamp { return nil }
                keyStamps[keyNumber] = stamp
            }
            frames.append(Frame(values: dictionary.values, next: 0, firstSlot: start + keys.count))
        case .deferred(let encoder):
            // A super encoder: its value, or an empty dictionary when it encoded nothing.
            return enter(encoder.node ?? .dictionary(PlistEncodingDictionary()), frames: &frames)
        }
        return number
    }
}
