import FoundationEssentials

/// The emitter: the document's structure (containers, keys and their order, indentation).
extension XMLPlistWriter {
    /// A value the emitter met that XML cannot hold; turned into a ``PlistError`` with a key
    /// path by ``write(_:options:)``.
    struct Unrepresentable: Error {
        let kind: PlistValue.Kind
        let reason: String
    }

    struct Emitter: ~Copyable {
        /// The output so far (or since the sink last took it).
        var out: ByteWriter
        let sortsKeys: Bool
        let realStyle: PlistWritingOptions.XMLRealStyle
        /// Where the output goes in pieces during the write, or `nil` to keep it all in `out`.
        let sink: ((Data) throws -> Void)?

        /// An emitter writing into a new buffer, and from there into `sink` when one is given.
        init(sortsKeys: Bool, realStyle: PlistWritingOptions.XMLRealStyle, sink: ((Data) throws -> Void)? = nil) {
            self.sortsKeys = sortsKeys
            self.realStyle = realStyle
            self.out = ByteWriter(capacity: 4096)
            self.sink = sink
        }

        /// Hands the output to the sink once it holds ``XMLPlistWriter/drainSize`` bytes.
        /// Called only between two values of a container, where no piece of output is
        /// pending (a key list's lines are written and taken back within ``keyOrder(of:)``).
        @inline(__always)
        mutating func drainIfFull() throws {
            if out.count >= XMLPlistWriter.drainSize, let sink { try out.drain(into: sink) }
        }

        @inline(__always)
        mutating func indent(_ depth: Int) {
            out.put(0x09, repetitions: depth)
        }

        @inline(__always)
        mutating func append(_ text: StaticString) {
            out.put(text)
        }

        mutating func emit(_ value: PlistValue, depth: Int) throws {
            switch value {
            case .array(let elements):
                guard open(.array, isEmpty: elements.isEmpty, depth: depth) else { return }
                for element in elements {
                    try emit(element, depth: depth + 1)
                    try drainIfFull()
                }
                close(.array, depth: depth)
            case .dictionary(let dictionary):
                guard open(.dictionary, isEmpty: dictionary.isEmpty, depth: depth) else { return }
                let keys = dictionary.keys, values = dictionary.values
                if sortsKeys {
                    let order = keyOrder(of: keys)
                    for index in order.sorted {
                        try emitKey(index, of: order, depth: depth + 1)
                        try emit(values[index], depth: depth + 1)
                        try drainIfFull()
                    }
                } else {
                    for index in keys.indices {
                        try emitEntry(keys[index], values[index], depth: depth + 1)
                        try drainIfFull()
                    }
                }
                close(.dictionary, depth: depth)
            default:
                try emitScalar(value, depth: depth)
            }
        }

        /// The two containers' tags.
        enum Container {
            case array, dictionary
        }

        /// Starts a container at `depth`: its opening tag, or the empty element (`<array/>`,
        /// `<dict/>`) for an empty one, which needs nothing more (returns `false`).
        @inline(__always)
        mutating func open(_ container: Container, isEmpty: Bool, depth: Int) -> Bool {
            indent(depth)
            switch (container, isEmpty) {
            case (.array, true): append("<array/>\n")
            case (.array, false): append("<array>\n")
            case (.dictionary, true): append("<dict/>\n")
            case (.dictionary, false): append("<dict>\n")
            }
            return !isEmpty
        }

        /// Ends a container ``open(_:isEmpty:depth:)`` started (and found not empty).
        @inline(__always)
        mutating func close(_ container: Container, depth: Int) {
            indent(depth)
            switch container {
            case .array: append("</array>\n")
            case .dictionary: append("</dict>\n")
            }
        }

        /// Writes a value that is not an array or dictionary (a UID included, which XML
        /// writes as the dictionary it reads back as) at `depth`, with its indent and newline.
        mutating func emitScalar(_ value: PlistValue, depth: Int) throws {
            indent(depth)
            switch value {
            case .string(let string):
                append("<string>")
                try appendEscaped(string, kind: .string)
                append("</string>\n")
            case .integer(let integer):
                append("<integer>")
                appendInteger(integer)
                append("</integer>\n")
            case .real(let real):
                append("<real>")
                appendReal(real)
                append("</real>\n")
            case .boolean(let flag):
                if flag { append("<true/>\n") } else { append("<false/>\n") }
            case .date(let date):
                append("<date>")
                try appendDate(date)
                append("</date>\n")
            case .data(let data):
                append("<data>\n")
                appendBase64(data, depth: depth)
                indent(depth)
                append("</data>\n")
            case .uid(let uid):
                // CoreFoundation writes a UID as the dictionary it reads back as one.
                append("<dict>\n")
                indent(depth + 1)
                append("<key>CF$UID</key>\n")
                indent(depth + 1)
                append("<integer>")
                appendInteger(PlistInteger(UInt64(uid)))
                append("</integer>\n")
                indent(depth)
                append("</dict>\n")
            case .array, .dictionary:
                // Containers are emitted by the caller (`emit`), which knows their children.
                preconditionFailure("emitScalar given a container")
            }
        }

        /// A key list sorted recently: its sorted order, whether it holds a key twice (found
        /// from the sorted order, where equal keys are neighbours), and, once the list has been
        /// met twice, each key's line. A class of constants: the cache hands out one
        /// reference, and the writer reads the arrays without copying them.
        final class KeyOrder {
            let keys: [String]
            let sorted: [Int]
            let hasRepeatedKey: Bool
            /// Each key's `<key>…</key>` line (escaped, with its newline, without its indent),
            /// in stored order: key `i` is `lines[lineStarts[i] ..< lineStarts[i + 1]]`. Empty
            /// until the list is met a second time, and when a key cannot be written: then
            /// each key is escaped as it is written, and the one XML cannot hold throws there.
            let lines: [UInt8]
            let lineStarts: [Int]
            /// Whether making the lines was tried (they are made once, on the second meeting).
            let linesTried: Bool

            init(keys: [String], sorted: [Int], hasRepeatedKey: Bool, lines: [UInt8] = [], lineStarts: [Int] = [], linesTried: Bool = false) {
                self.keys = keys
                self.sorted = sorted
                self.hasRepeatedKey = hasRepeatedKey
                self.lines = lines
                self.lineStarts = lineStarts
                self.linesTried = linesTried
            }
        }

        /// Key lists sorted recently.
        private var recentSorts = RecentItems<KeyOrder>(capacity: 8)

        /// The positions of `keys` in sorted order, whether a key is repeated, and the keys'
        /// lines. Trees often repeat a few sets of keys in the same order across thousands of
        /// dictionaries (records, encoded models); what was found for one of the last few key
        /// lists is reused when the keys are exactly the same, one comparison per key instead
        /// of a sort and escaping every key again. The lines are made only when a list comes
        /// back: trees whose optional keys make nearly every list new escape each key once.
        mutating func keyOrder(of keys: [String]) -> KeyOrder {
            let recents = recentSorts.items
            for index in recents.indices where ExactKey.sameKeyList(recents[index].keys, keys) {
                guard !recents[index].linesTried else { return recents[index] }
                let order = withLines(recents[index])
                recentSorts.replace(at: index, with: order)
                return order
            }
            let (sorted, hasRepeatedKey) = Self.sortedPositions(of: keys)
            let found = KeyOrder(keys: keys, sorted: sorted, hasRepeatedKey: hasRepeatedKey)
            recentSorts.insert(found)
            return found
        }

        /// `order` with each key's line, or without lines when a key cannot be written.
        private mutating func withLines(_ order: KeyOrder) -> KeyOrder {
            // The lines are written at the end of the output, then taken back out of it.
            let mark = out.count
            var lineStarts = [0]
            lineStarts.reserveCapacity(order.keys.count + 1)
            do {
                for key in order.keys {
                    try appendKeyLine(key)
                    lineStarts.append(out.count - mark)
                }
            } catch {
                lineStarts = []
            }
            var lines = out.removeBytes(from: mark)
            // A failed output (out of memory) kept none of the lines.
            if lineStarts.isEmpty || out.hasOverflowed { (lines, lineStarts) = ([], []) }
            return KeyOrder(
                keys: order.keys, sorted: order.sorted, hasRepeatedKey: order.hasRepeatedKey,
                lines: lines, lineStarts: lineStarts, linesTried: true)
        }

        /// The positions of `keys` in the order the writer sorts them, and whether a key is
        /// repeated.
        static func sortedPositions(of keys: [String]) -> (sorted: [Int], hasRepeatedKey: Bool) {
            // Each key becomes one integer, its sort prefix with the lowest bits replaced by
            // its position: one sort of plain integers orders every key whose prefix differs
            // above those bits, without a closure or a look at the keys. Runs of keys tied
            // there (rare: most keys differ in their first bytes) are then ordered by the keys.
            let positionBits = Int.bitWidth - (keys.count - 1).leadingZeroBitCount
            let positionMask: UInt64 = positionBits == 0 ? 0 : UInt64.max >> (UInt64.bitWidth - positionBits)
            var packed = keys.indices.map { PlistDictionary.keyOrderPrefix(keys[$0]) & ~positionMask | UInt64($0) }
            packed.sort()
            var sorted = packed.map { Int($0 & positionMask) }
            // Equal keys have equal prefixes, so a repeated key can only be in a tied run.
            var hasRepeatedKey = false
            var start = 0
            while start < packed.count {
                var end = start + 1
                while end < packed.count, packed[end] & ~positionMask == packed[start] & ~positionMask { end += 1 }
                if end - start > 1 {
                    // Equal keys keep their stored order, as a stable sort would leave them.
                    sorted[start..<end].sort { a, b in
                        PlistDictionary.keyPrecedes(keys[a], keys[b]) || (a < b && !PlistDictionary.keyPrecedes(keys[b], keys[a]))
                    }
                    hasRepeatedKey = hasRepeatedKey
                        || zip(sorted[start..<end], sorted[start + 1 ..< end]).contains { ExactKey.exactlyEqual(keys[$0], keys[$1]) }
                }
                start = end
            }
            return (sorted, hasRepeatedKey)
        }

        /// Writes key `index` of `order`'s key list at `depth`: its line made once for the key
        /// list, or, when some key of the list cannot be written, the key escaped here.
        @inline(__always)
        mutating func emitKey(_ index: Int, of order: KeyOrder, depth: Int) throws {
            guard order.lineStarts.count > index + 1 else {
                try emitKey(order.keys[index], depth: depth)
                return
            }
            indent(depth)
            let start = order.lineStarts[index], end = order.lineStarts[index + 1]
            ByteCursor.withBytes(of: order.lines) { $0.copyBytes(from: start, to: end, into: &out) }
        }

        private mutating func emitEntry(_ key: String, _ value: PlistValue, depth: Int) throws {
            try emitKey(key, depth: depth)
            try emit(value, depth: depth)
        }

        /// Writes a dictionary key at `depth` (its value follows at the same depth).
        mutating func emitKey(_ key: String, depth: Int) throws {
            indent(depth)
            try appendKeyLine(key)
        }

        private mutating func appendKeyLine(_ key: String) throws {
            append("<key>")
            try appendEscaped(key, kind: .dictionary)
            append("</key>\n")
        }
    }
}
