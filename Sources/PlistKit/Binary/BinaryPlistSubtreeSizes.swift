/// How many values each container of a binary plist holds with its shared references
/// expanded, counted only up to a threshold: what tells ``BinaryPlistSkeletonReader`` which
/// containers to walk (large ones) and which to decode whole (small ones, whose trees are
/// bounded by the threshold however often they are shared).
///
/// A container counts itself, each key and each of its values' counts, as
/// `ExpandedSizeCounter` does. Counts are remembered per object (two bytes each), so each
/// container is measured once, and a measure stops as soon as it passes the threshold: every
/// container still open then holds what was counted, so they are all remembered as large.
/// Whatever cannot be measured (a malformed container, a cycle) is reported as not large and
/// left for the decoder, which reports it as the eager reader does.
struct BinaryPlistSubtreeSizes {
    /// The most values a small container holds.
    let threshold: Int
    /// Per object: `unknown`, a small container's count (1 through `threshold`), `large`, or
    /// `measuring` while it is on the walk's stack.
    private var counts: [UInt16]
    /// The walk's stack, kept between calls: a streaming read measures every record.
    private var scratch: [Frame] = []

    private static let unknown: UInt16 = 0
    private static let large: UInt16 = .max
    private static let measuring: UInt16 = .max - 1
    /// The largest threshold the two-byte counts hold beside the markers.
    static let maximumThreshold = Int(UInt16.max) - 2

    /// Counts for a file of `objectCount` objects (which its offset table holds, at least a
    /// byte each, so this is at most two bytes per input byte); `threshold` is clamped to
    /// 1 ... ``maximumThreshold``.
    init(objectCount: Int, threshold: Int) {
        self.threshold = Swift.min(Swift.max(threshold, 1), Self.maximumThreshold)
        counts = [UInt16](repeating: Self.unknown, count: objectCount)
    }

    /// A container on the walk's stack.
    private struct Frame {
        let container: BinaryPlistContainer
        var next = 0
        var total: Int
    }

    /// Whether object `index` is a container holding more than ``threshold`` values expanded.
    /// `false` for every other object, and for a container that cannot be measured.
    ///
    /// Complexity: amortized O(1) per object and reference of the file over all calls, plus
    /// O(threshold) for a measure that meets a malformed object or a cycle.
    mutating func isLarge(_ index: Int, decoder: inout BinaryPlistDecoder) -> Bool {
        switch counts[index] {
        case Self.large: return true
        case Self.unknown: break
        default: return false
        }
        var frames = scratch
        scratch = []
        defer {
            frames.removeAll(keepingCapacity: true)
            scratch = frames
        }
        // Ends the walk: every open container is `mark` (large, or unknown again).
        func finish(marking mark: UInt16) -> Bool {
            for frame in frames { counts[frame.container.index] = mark }
            return mark == Self.large
        }
        var pending = index
        while true {
            var known: Int
            switch counts[pending] {
            case Self.large: return finish(marking: Self.large)
            case Self.measuring: return finish(marking: Self.unknown)
            case Self.unknown:
                let opened: Frame?
                do { opened = try open(pending, decoder: &decoder) } catch { return finish(marking: Self.unknown) }
                guard var frame = opened else {
                    known = 1
                    break
                }
                // Each value counts at least one more.
                if frame.total + frame.container.count > threshold {
                    counts[pending] = Self.large
                    return finish(marking: Self.large)
                }
                if frame.container.count == 0 {
                    counts[pending] = UInt16(frame.total)
                    known = frame.total
                    break
                }
                counts[pending] = Self.measuring
                guard let first = try? decoder.valueObject(0, of: frame.container) else {
                    counts[pending] = Self.unknown
                    return finish(marking: Self.unknown)
                }
                frame.next = 0
                frames.append(frame)
                pending = first
                continue
            default:
                known = Int(counts[pending])
            }
            // Hand the count to the containers it completes.
            while let top = frames.indices.last {
                frames[top].total += known
                if frames[top].total > threshold { return finish(marking: Self.large) }
                frames[top].next += 1
                if frames[top].next < frames[top].container.count {
                    guard let child = try? decoder.valueObject(frames[top].next, of: frames[top].container) else {
                        return finish(marking: Self.unknown)
                    }
                    pending = child
                    break
                }
                let done = frames.removeLast()
                counts[done.container.index] = UInt16(done.total)
                known = done.total
            }
            if frames.isEmpty { return false }
        }
    }

    /// The frame of container `index` (its own count: itself and its keys), or `nil` for any
    /// other object.
    ///
    /// - Throws: what the decoder throws for a malformed header or layout.
    private func open(_ index: Int, decoder: inout BinaryPlistDecoder) throws -> Frame? {
        guard let container = try decoder.container(index) else { return nil }
        return Frame(container: container, total: 1 + (container.isDictionary ? container.count : 0))
    }
}
