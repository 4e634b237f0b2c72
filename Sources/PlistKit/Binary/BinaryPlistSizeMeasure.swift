import FoundationEssentials

/// Measures a binary plist into a ``PlistSizeMap``: each object's bytes and offset-table
/// entry counted once, at the first place the walk meets it in key order.
///
/// The file is read whole by the eager reader first, so that a file it refuses (a cycle, a
/// bad marker, nesting past the limit, objects that overlap) fails here with the same error.
/// The walk then follows references in the file, not values: each object is expanded once,
/// and every later reference to it is a node of 0 bytes pointing at the first, so a file of
/// shared references that would expand to 2⁶⁰ values gives one node per reference.
enum BinaryPlistSizeMeasure {
    /// The size map of `bytes`.
    ///
    /// - Throws: the eager reader's ``PlistError``s.
    /// - Complexity: O(n) in the size of the input.
    static func sizeMap(of bytes: Data, options: PlistReadingOptions) throws -> PlistSizeMap {
        var losses = LossReporter()
        _ = try BinaryPlistReader.read(bytes, options: options, losses: &losses)
        return try PlistError.reportingReadFailures {
            try ByteCursor.withBytes(of: bytes) { cursor in
                let trailer = try BinaryPlistTrailer.read(from: cursor)
                var decoder = try BinaryPlistDecoder(cursor: cursor, trailer: trailer, options: options, dense: true)
                return try measure(with: &decoder, fileBytes: bytes.count)
            }
        }
    }

    /// A container whose children are being walked.
    private struct Frame {
        let node: Int
        let container: BinaryPlistContainer
        /// A dictionary's keys, in order; empty for an array.
        let keys: [String]
        var next = 0
    }

    private static func measure(with decoder: inout BinaryPlistDecoder, fileBytes: Int) throws -> PlistSizeMap {
        let trailer = decoder.trailer
        let entryBytes = trailer.offsetIntSize
        var nodes: [PlistSizeMap.Node] = []
        // The node where each object is counted, -1 while it is not.
        var countedAt = [Int](repeating: -1, count: trailer.objectCount)
        var objectBytes = 0
        var frames: [Frame] = []

        /// Adds the node of a reference to `object`, counting the object there unless it is
        /// counted already; returns the frame of a container to walk.
        func place(_ object: Int, key: String, parent: Int?) throws -> Frame? {
            let id = nodes.count
            let (length, kind, container) = try decoder.extent(of: object)
            if let parent { nodes[parent].children.append(id) }
            if countedAt[object] >= 0 {
                nodes.append(PlistSizeMap.Node(key: key, parent: parent, kind: kind, bytes: 0, sharedWith: countedAt[object]))
                return nil
            }
            countedAt[object] = id
            objectBytes += length
            var bytes = length + entryBytes
            defer { nodes[id].bytes = bytes }
            nodes.append(PlistSizeMap.Node(key: key, parent: parent, kind: kind, bytes: 0))
            guard let container else { return nil }
            var keys: [String] = []
            if container.isDictionary {
                keys.reserveCapacity(container.count)
                for position in 0..<container.count {
                    let keyObject = try decoder.keyObject(position, of: container)
                    keys.append(try decoder.key(keyObject))
                    // Apple's writer stores each key text once: it counts where first met.
                    guard countedAt[keyObject] < 0 else { continue }
                    countedAt[keyObject] = id
                    let keyLength = try decoder.extent(of: keyObject).length
                    objectBytes += keyLength
                    bytes += keyLength + entryBytes
                }
            }
            return Frame(node: id, container: container, keys: keys)
        }

        if let frame = try place(trailer.topObject, key: "", parent: nil) { frames.append(frame) }
        while let last = frames.indices.last {
            let frame = frames[last]
            guard frame.next < frame.container.count else {
                frames.removeLast()
                continue
            }
            frames[last].next += 1
            let child = try decoder.valueObject(frame.next, of: frame.container)
            let key = frame.keys.isEmpty ? String(frame.next) : frame.keys[frame.next]
            // An object already counted is not walked again, so the stack holds each
            // container at most once and a cycle (which the reader refused anyway) ends.
            if let opened = try place(child, key: key, parent: frame.node) { frames.append(opened) }
        }
        // Children come after their parents: adding each node's bytes to its parent's, last
        // node first, sums every subtree.
        for id in nodes.indices.reversed() {
            if let parent = nodes[id].parent { nodes[parent].bytes += nodes[id].bytes }
        }

        let objectTable = trailer.offsetTableOffset - 8
        guard objectBytes <= objectTable else {
            throw PlistError(.corruptData, "The objects overlap: they occupy more bytes than the \(objectTable)-byte object table holds")
        }
        var unreachableObjects = 0, unreachableBytes = 0
        for object in countedAt.indices where countedAt[object] < 0 {
            unreachableObjects += 1
            // What the top object does not reach was never checked: what cannot be read as
            // an object counts as unused bytes.
            if let length = try? decoder.extent(of: object).length { unreachableBytes += length }
        }
        let unclaimed = objectTable - objectBytes
        let unreachable = Swift.min(unreachableBytes, unclaimed)
        return PlistSizeMap(
            format: .binary, fileBytes: fileBytes, nodes: nodes,
            overhead: [
                PlistSizeMap.Overhead(part: .header, bytes: 8),
                PlistSizeMap.Overhead(part: .unreachableObjects, bytes: unreachable + unreachableObjects * entryBytes),
                PlistSizeMap.Overhead(part: .unusedBytes, bytes: unclaimed - unreachable),
                PlistSizeMap.Overhead(part: .trailer, bytes: BinaryPlistTrailer.size),
            ])
    }
}
