import CPlistKitSupport
import FoundationEssentials

/// Writes XML property lists whose bytes equal those of Apple's writer (CoreFoundation's
/// `CFPropertyListCreateData`, which `PropertyListSerialization` uses), with two deliberate
/// exceptions where that writer loses information (see Docs/XML.md):
///
/// - a carriage return in text is written as `&#13;`, because every conforming XML parser
///   (libxml2, expat, and so this package's reader) turns a raw CR into LF;
/// - the real `-0.0` is written as `-0.0`, where CoreFoundation writes `0.0`.
///
/// The byte rules: the header and DOCTYPE, one tab per level of nesting, keys sorted by UTF-16
/// code units (CoreFoundation sorts with `CFStringCompare`, a literal UTF-16 comparison), `<dict/>`
/// and `<array/>` for empty containers, base64 lines of `76 - 8 × min(depth, 8)` characters
/// indented by `min(depth, 8)` tabs, reals as `%.17g` with `nan`, `+infinity`, `-infinity` and
/// `0.0`, dates in whole seconds (rounded down) as `%04d-%02d-%02dT%02d:%02d:%02dZ` on the
/// proleptic Gregorian calendar, only `&`, `<` and `>` escaped, and a UID as a one-key
/// `CF$UID` dictionary.
enum XMLPlistWriter {
    static let header = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    /// The largest date magnitude written, in seconds from 2001: 2⁵³, the last whole second a
    /// `Double` holds exactly (about 285 million years); the reader accepts the same range.
    static let dateLimit: Double = 9_007_199_254_740_992

    /// Writes `value` as an XML property list.
    ///
    /// - Throws: ``PlistError/Code/unrepresentableValue`` with the key path when a string holds
    ///   a character XML 1.0 cannot carry or a date is not finite or beyond ±2⁵³ seconds
    ///   (``ConversionLossAnalyzer`` normally finds these first).
    /// - Complexity: O(n log n) in the size of the tree (sorting keys).
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        do {
            return try document(options: options) { try $0.emit(value, depth: 0) }
        } catch let failure as Unrepresentable {
            // Outside strict writing, ConversionLossAnalyzer leaves these checks to this
            // writer, which meets them anyway while escaping (scanning every string twice
            // cost a tenth of a write). The error is rebuilt exactly as the analyzer words it,
            // for the first such value in the analyzer's walking order.
            guard let (path, found, reason) = firstUnrepresentable(in: value) else {
                throw PlistError(.unrepresentableValue, "Cannot write \(failure.kind.nameWithArticle) as XML: \(failure.reason)")
            }
            throw unrepresentableError(path: path, value: found, reason: reason)
        }
    }

    /// Writes `value` as an XML property list, handing the bytes to `sink` in pieces of about
    /// ``drainSize`` bytes as they are made, so that the whole document is never held in
    /// memory (a binary input's XML is several times its size).
    ///
    /// Nothing reaches `sink` before the whole tree is known to be writable: the check for
    /// what XML cannot hold, which ``write(_:options:)`` leaves to the escaping, runs first.
    ///
    /// - Throws: as ``write(_:options:)``, or what `sink` throws.
    static func write(_ value: PlistValue, options: PlistWritingOptions, to sink: (Data) throws -> Void) throws {
        if let (path, found, reason) = firstUnrepresentable(in: value) {
            throw unrepresentableError(path: path, value: found, reason: reason)
        }
        try withoutActuallyEscaping(sink) { sink in
            _ = try document(options: options, sink: sink) { try $0.emit(value, depth: 0) }
        }
    }

    /// The output a streaming write (``write(_:options:to:)``) collects before handing it on.
    static let drainSize = 1 << 20

    /// The error for `value` at `path`, which XML cannot hold for `reason`, worded as
    /// ``ConversionLossAnalyzer`` words it.
    private static func unrepresentableError(path: [String], value: PlistValue, reason: String) -> PlistError {
        PlistError(
            .unrepresentableValue,
            "Cannot write \(value.kind.nameWithArticle) as \(PlistFormat.xml.plutilName): \(reason)",
            at: .keyPath(PlistKeyPath(components: path)))
    }

    /// A whole document: the header, what `body` emits as the root (at depth 0) with an
    /// emitter set up for `options`, and the closing tag; also for writers that emit the root
    /// from a tree of their own.
    ///
    /// With a `sink`, the output goes there in pieces as it is made (see
    /// ``Emitter/drainIfFull()``) and the `Data` returned is empty.
    ///
    /// - Throws: what `body` or `sink` throws (the emitter's ``Unrepresentable``, for one),
    ///   or ``PlistError`` with ``PlistError/Code/limitExceeded`` when the memory for the
    ///   output could not be had.
    static func document(
        options: PlistWritingOptions, sink: ((Data) throws -> Void)? = nil, _ body: (inout Emitter) throws -> Void
    ) throws -> Data {
        var emitter = Emitter(sortsKeys: options.sortsKeys(for: .xml), realStyle: options.xmlRealStyle, sink: sink)
        header.withUnsafeBytes { emitter.out.append($0) }
        // `%.17g` must not take the host program's decimal separator from its locale.
        try CNumericLocale.withCNumericLocale { try body(&emitter) }
        emitter.out.append("</plist>\n")
        if emitter.out.hasFailed {
            throw PlistError(
                .limitExceeded,
                "The XML writer could not get the memory for \(emitter.out.failedCapacity) bytes of output",
                at: .keyPath(.root))
        }
        if let sink {
            try emitter.out.drain(into: sink)
            return Data()
        }
        return emitter.out.takeData()
    }

    // MARK: - What XML cannot hold

    /// Why XML cannot hold `value` itself (not its children), or `nil` when it can.
    ///
    /// XML 1.0 allows only tab, LF and CR below U+0020 and excludes U+FFFE and U+FFFF, even as
    /// character references, so no XML parser reads them back; Apple's writer emits them raw
    /// and produces a file libxml2 rejects. Dates must be finite and within ±2⁵³ seconds.
    static func unrepresentableReason(for value: PlistValue) -> String? {
        switch value {
        case .string(let string):
            guard let scalar = firstNonXMLScalar(in: string) else { return nil }
            return "the string holds \(name(of: scalar)), which XML 1.0 cannot carry (binary and JSON can)"
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            if !seconds.isFinite { return "the date is \(seconds) seconds from 2001, not a moment XML can write" }
            if abs(seconds) > dateLimit {
                return "the date is \(seconds) seconds from 2001, beyond the ±2^53 seconds XML dates are written for"
            }
            return nil
        case .dictionary(let dictionary):
            for key in dictionary.keys {
                if let scalar = firstNonXMLScalar(in: key) {
                    return "the key '\(printable(key))' holds \(name(of: scalar)), which XML 1.0 cannot carry (binary and JSON can)"
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The first scalar of `text` that XML 1.0 cannot hold, or `nil`.
    static func firstNonXMLScalar(in text: String) -> Unicode.Scalar? {
        // Fast path: only bytes below 0x20 (controls) and 0xEF (lead byte of U+FFFE/U+FFFF)
        // can start a character XML cannot hold.
        // (Scanned as a byte buffer: iterating the UTF8View is several times slower, and every
        // string and key of a tree written as XML passes through here.)
        let suspect = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            for i in 0..<bytes.count where base[i] < 0x20 || base[i] == 0xEF { return true }
            return false
        } ?? text.utf8.contains { $0 < 0x20 || $0 == 0xEF }
        guard suspect else { return nil }
        return text.unicodeScalars.first { !isXMLCharacter($0.value) }
    }

    /// `U+0001` style name of a scalar.
    static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
    }

    /// `text` with each character XML cannot hold shown as `\u{…}`, for messages.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isXMLCharacter(scalar.value) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether XML 1.0 (production `Char`) allows the scalar.
    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        if scalar >= 0x20 { return scalar != 0xFFFE && scalar != 0xFFFF }
        return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D
    }

    /// The first value XML cannot hold, in stored order (arrays by index, dictionaries in key
    /// order as stored, a container before its children: `ConversionLossAnalyzer`'s order),
    /// with its key path and the reason.
    private static func firstUnrepresentable(in value: PlistValue) -> (path: [String], value: PlistValue, reason: String)? {
        if let reason = unrepresentableReason(for: value) { return ([], value, reason) }
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstUnrepresentable(in: element) { return ([String(index)] + found.path, found.value, found.reason) }
            }
        case .dictionary(let dictionary):
            for (key, child) in zip(dictionary.keys, dictionary.values) {
                if let found = firstUnrepresentable(in: child) { return ([key] + found.path, found.value, found.reason) }
            }
        default:
            break
        }
        return nil
    }

    // MARK: - Emitting

    /// A value the emitter met that XML cannot hold; turned into a ``PlistError`` with a key
    /// path by ``write(_:options:)``.
    struct Unrepresentable: Error {
        let kind: PlistValue.Kind
        let reason: String
    }

    struct Emitter {
        let out: XMLOutputBuffer
        let sortsKeys: Bool
        let realStyle: PlistWritingOptions.XMLRealStyle
        /// Where the output goes in pieces during the write, or `nil` to keep it all in `out`.
        let sink: ((Data) throws -> Void)?

        /// An emitter writing into `out` (by default a new buffer), and from there into `sink`
        /// when one is given.
        init(
            sortsKeys: Bool, realStyle: PlistWritingOptions.XMLRealStyle, out: XMLOutputBuffer = XMLOutputBuffer(),
            sink: ((Data) throws -> Void)? = nil
        ) {
            self.sortsKeys = sortsKeys
            self.realStyle = realStyle
            self.out = out
            self.sink = sink
        }

        /// Hands the output to the sink once it holds ``XMLPlistWriter/drainSize`` bytes.
        /// Called only between two values of a container, where no piece of output is
        /// pending (a key list's lines are written and taken back within ``keyOrder(of:)``).
        @inline(__always)
        func drainIfFull() throws {
            if out.count >= XMLPlistWriter.drainSize, let sink { try out.drain(into: sink) }
        }

        /// An emitter with this one's settings and an empty output, for part of a document
        /// written elsewhere and appended (see ``append(_:)``).
        func freshEmitter() -> Emitter {
            Emitter(sortsKeys: sortsKeys, realStyle: realStyle)
        }

        /// Appends what `other` wrote.
        func append(_ other: Emitter) {
            out.append(contentsOf: other.out)
        }

        @inline(__always)
        func indent(_ depth: Int) {
            out.appendTabs(depth)
        }

        @inline(__always)
        private func append(_ text: StaticString) {
            out.append(text)
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
        func open(_ container: Container, isEmpty: Bool, depth: Int) -> Bool {
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
        func close(_ container: Container, depth: Int) {
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
        /// from the sorted order, where equal keys are neighbours), and each key's line.
        struct KeyOrder {
            let keys: [String]
            let sorted: [Int]
            let hasRepeatedKey: Bool
            /// Each key's `<key>…</key>` line (escaped, with its newline, without its indent),
            /// in stored order: key `i` is `lines[lineStarts[i] ..< lineStarts[i + 1]]`. Empty
            /// when a key cannot be written: then each key is escaped as it is written, and the
            /// one XML cannot hold throws there.
            let lines: [UInt8]
            let lineStarts: [Int]
        }

        /// Key lists sorted recently.
        private var recentSorts = RecentItems<KeyOrder>(capacity: 8)

        /// The positions of `keys` in sorted order, whether a key is repeated, and the keys'
        /// lines. Trees often repeat a few sets of keys in the same order across thousands of
        /// dictionaries (records, encoded models, with and without their optional keys); what
        /// was found for one of the last few key lists is reused when the keys are exactly the
        /// same, one comparison per key instead of a sort and escaping every key again.
        mutating func keyOrder(of keys: [String]) -> KeyOrder {
            // Lists of one model differ mostly in their optional keys, which come last: the
            // last key is compared first, so most lists that differ are told apart at once.
            for recent in recentSorts.items
            where recent.keys.count == keys.count
                && (keys.isEmpty || ExactKey.exactlyEqual(keys[keys.count - 1], recent.keys[keys.count - 1]))
                && zip(keys, recent.keys).allSatisfy({ ExactKey.exactlyEqualExpectingMatch($0, $1) }) {
                return recent
            }
            let (sorted, hasRepeatedKey) = Self.sortedPositions(of: keys)
            // The lines are written at the end of the output, then taken back out of it.
            let mark = out.count
            var lineStarts = [0]
            lineStarts.reserveCapacity(keys.count + 1)
            do {
                for key in keys {
                    try appendKeyLine(key)
                    lineStarts.append(out.count - mark)
                }
            } catch {
                lineStarts = []
            }
            var lines = out.takeBytes(from: mark)
            // A failed output (out of memory) kept none of the lines.
            if lineStarts.isEmpty || out.hasFailed { lines = [] }
            if out.hasFailed { lineStarts = [] }
            let found = KeyOrder(keys: keys, sorted: sorted, hasRepeatedKey: hasRepeatedKey, lines: lines, lineStarts: lineStarts)
            recentSorts.insert(found)
            return found
        }

        /// The positions of `keys` in the order the writer sorts them, and whether a key is
        /// repeated.
        static func sortedPositions(of keys: [String]) -> (sorted: [Int], hasRepeatedKey: Bool) {
            // Most keys differ in their first eight bytes, which one integer comparison of
            // their sort prefixes orders; only equal prefixes compare the keys themselves.
            // Sorted as (prefix, position) pairs, so that most comparisons read only the pairs.
            var pairs = keys.indices.map { (prefix: Self.sortPrefix(keys[$0]), position: $0) }
            pairs.sort { a, b in
                a.prefix != b.prefix ? a.prefix < b.prefix : PlistDictionary.keyPrecedes(keys[a.position], keys[b.position])
            }
            let sorted = pairs.map(\.position)
            let hasRepeatedKey = zip(sorted, sorted.dropFirst()).contains { ExactKey.exactlyEqual(keys[$0], keys[$1]) }
            return (sorted, hasRepeatedKey)
        }

        /// The first eight UTF-8 bytes of `key` (zeros past its end) as a big-endian integer
        /// that orders as ``PlistDictionary/keyPrecedes(_:_:)`` (UTF-16 code units) orders the
        /// keys whenever two prefixes differ: a shorter key's padding is below any byte but
        /// NUL (and a NUL ties, leaving the comparison to the keys), and the lead bytes of
        /// four-byte sequences (0xF0–0xF4, surrogate pairs in UTF-16) are moved below those of
        /// U+E000–U+FFFF (0xEE, 0xEF); bytes from 0xEE up are only ever lead bytes.
        static func sortPrefix(_ key: String) -> UInt64 {
            // Native strings (all but bridged ones) hand over their bytes at once; stepping
            // through `utf8` cost more than the rest of a sort.
            if let prefix = key.utf8.withContiguousStorageIfAvailable({ sortPrefix(utf8: $0) }) { return prefix }
            var key = key
            return key.withUTF8 { sortPrefix(utf8: $0) }
        }

        private static func sortPrefix(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var prefix: UInt64 = 0
            let taken = Swift.min(8, bytes.count)
            for byte in bytes[..<taken] {
                let ordered: UInt8 = byte < 0xEE ? byte : byte >= 0xF0 ? byte &- 2 : byte &+ 5
                prefix = prefix << 8 | UInt64(ordered)
            }
            return taken == 8 ? prefix : prefix << (8 * UInt64(8 - taken))
        }

        /// Writes key `index` of `order`'s key list at `depth`: its line made once for the key
        /// list, or, when some key of the list cannot be written, the key escaped here.
        @inline(__always)
        func emitKey(_ index: Int, of order: KeyOrder, depth: Int) throws {
            guard order.lineStarts.count > index + 1 else {
                try emitKey(order.keys[index], depth: depth)
                return
            }
            indent(depth)
            let start = order.lineStarts[index], end = order.lineStarts[index + 1]
            order.lines.withUnsafeBytes { out.append(UnsafeRawBufferPointer(rebasing: $0[start ..< end])) }
        }

        private mutating func emitEntry(_ key: String, _ value: PlistValue, depth: Int) throws {
            try emitKey(key, depth: depth)
            try emit(value, depth: depth)
        }

        /// Writes a dictionary key at `depth` (its value follows at the same depth).
        func emitKey(_ key: String, depth: Int) throws {
            indent(depth)
            try appendKeyLine(key)
        }

        private func appendKeyLine(_ key: String) throws {
            append("<key>")
            try appendEscaped(key, kind: .dictionary)
            append("</key>\n")
        }

        /// Bit n is set when byte n (below 0x40) needs escaping or checking: C0 controls but
        /// tab and LF, `&` (0x26), `<` (0x3C) and `>` (0x3E).
        private static let attentionBelow0x40: UInt64 = 0x5000_0040_FFFF_F9FF

        /// Whether any of the eight bytes of `word` may need attention: one below 0x20 (tab
        /// and LF included, which the byte-by-byte test then lets through), `&`, `<`, `>` or
        /// 0xEF. Each test is the classic "some byte is zero / below n" word trick, exact for
        /// the word as a whole; `<` (0x3C) and `>` (0x3E) differ only in bit 1.
        @inline(__always)
        private static func wordNeedsAttention(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let below0x20 = (word &- ones &* 0x20) & ~word
            let ampersand = (word ^ (ones &* 0x26)), angle = ((word | (ones &* 0x02)) ^ (ones &* 0x3E)), ef = (word ^ (ones &* 0xEF))
            let zeros = ((ampersand &- ones) & ~ampersand) | ((angle &- ones) & ~angle) | ((ef &- ones) & ~ef)
            return (below0x20 | zeros) & highs != 0
        }

        /// Appends text with `&`, `<` and `>` escaped as Apple's writer does, CR as `&#13;`,
        /// and refuses characters XML 1.0 cannot hold.
        private func appendEscaped(_ text: String, kind: PlistValue.Kind) throws {
            // Native and small strings lend their UTF-8 in place; only others (bridged) are
            // copied into a native string first (`withUTF8` is mutating, and its copy cost a
            // retain and release per string).
            if try text.utf8.withContiguousStorageIfAvailable({ try appendEscaped(utf8: $0, kind: kind) }) != nil { return }
            var text = text
            try text.withUTF8 { try appendEscaped(utf8: $0, kind: kind) }
        }

        private func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, kind: PlistValue.Kind) throws {
            // Read through the base pointer: `i < count` bounds every read.
            guard let base = bytes.baseAddress else { return }
            var start = 0
            var i = 0
            let count = bytes.count
            var stop = 0
            while i < count {
                if i >= stop {
                    // Eight bytes at a time while none needs attention (`i + 8 <= count`
                    // bounds the unaligned load); then the next eight one by one.
                    if count - i >= 8 && !Self.wordNeedsAttention(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                        i += 8
                        continue
                    }
                    stop = i + 8
                }
                let byte = base[i]
                // Most bytes need nothing: one test finds the few that do (controls, `&`,
                // `<`, `>`, and 0xEF, which may start U+FFFE or U+FFFF).
                if byte >= 0x40 ? byte != 0xEF : (Self.attentionBelow0x40 >> UInt64(byte)) & 1 == 0 {
                    i += 1
                    continue
                }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case 0x09, 0x0A:
                    i += 1
                    continue
                case 0x00..<0x20:
                    throw Unrepresentable(kind: kind, reason: "a string holds the control character U+00\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true)), which XML 1.0 cannot carry (binary and JSON can)")
                case 0xEF:
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                    if i + 2 < count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF) {
                        throw Unrepresentable(kind: kind, reason: "a string holds U+FFF\(bytes[i + 2] == 0xBE ? "E" : "F"), which XML 1.0 cannot carry (binary and JSON can)")
                    }
                    i += 1
                    continue
                default:
                    i += 1
                    continue
                }
                out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<i]))
                out.append(replacement)
                i += 1
                start = i
            }
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<count]))
        }

        private func appendInteger(_ integer: PlistInteger) {
            if let signed = integer.int64Value {
                if signed < 0 {
                    out.append(UInt8(ascii: "-"))
                    appendDecimal(signed.magnitude)
                } else {
                    appendDecimal(UInt64(signed))
                }
            } else if let unsigned = integer.uint64Value {
                appendDecimal(unsigned)
            }
        }

        /// The decimal digits of `value`, zero-padded to `minimumDigits`, written last digits
        /// first straight into their place, two per division.
        private func appendDecimal(_ value: UInt64, minimumDigits: Int = 1) {
            var digits = 1
            var power: UInt64 = 10
            while digits < 20 && value >= power {
                digits += 1
                power = power &* 10
            }
            digits = max(digits, minimumDigits)
            out.reserve(digits)
            let end = out.end
            var rest = value
            var position = digits
            while position >= 2 {
                let pair = UInt8(truncatingIfNeeded: rest % 100)
                rest /= 100
                position -= 2
                end[position] = UInt8(ascii: "0") + pair / 10
                end[position + 1] = UInt8(ascii: "0") + pair % 10
            }
            // One digit left at most: `digits` counts every digit of `value`.
            if position == 1 { end[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
            out.advance(by: digits)
        }

        /// CoreFoundation's `__CFNumberCopyFormattingDescriptionAsFloat64`: `nan`, `±infinity`,
        /// `0.0` for zero, otherwise `%.17g` (DBL_DIG + 2 significant digits). Unlike it, the
        /// sign of negative zero is kept (`-0.0`).
        private func appendReal(_ real: Double) {
            if real.isNaN {
                append("nan")
            } else if real.isInfinite {
                if real < 0 { append("-infinity") } else { append("+infinity") }
            } else if realStyle == .shortest {
                // PropertyListEncoder's spelling: Swift's shortest round-trip text, less ".0".
                // (Its text is ASCII, so the suffix is checked byte by byte: `hasSuffix`
                // compares grapheme clusters.)
                var text = real.description
                text.withUTF8 { bytes in
                    var count = bytes.count
                    if count >= 2 && bytes[count - 2] == UInt8(ascii: ".") && bytes[count - 1] == UInt8(ascii: "0") { count -= 2 }
                    out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[0 ..< count]))
                }
            } else if real == 0 {
                if real.sign == .minus { append("-0.0") } else { append("0.0") }
            } else {
                // At most 24 characters ("-2.2250738585072014e-308"); printf stores a NUL after.
                let room = 32
                out.reserve(room)
                let written = out.end.withMemoryRebound(to: CChar.self, capacity: room) {
                    plistkit_format_real_17g($0, room, real)
                }
                out.advance(by: Int(max(0, min(Int32(room - 1), written))))
            }
        }

        /// CoreFoundation's `CFAbsoluteTimeGetGregorianDate` rounded down to the second, printed
        /// with `%04d-%02d-%02dT%02d:%02d:%02dZ` (so year -1 is `-001`).
        private func appendDate(_ date: Date) throws {
            let seconds = date.timeIntervalSinceReferenceDate
            guard seconds.isFinite, abs(seconds) <= XMLPlistWriter.dateLimit,
                  let civil = CivilDate(secondsSinceReference: Int64(seconds.rounded(.down)))
            else {
                throw Unrepresentable(kind: .date, reason: XMLPlistWriter.unrepresentableReason(for: .date(date)) ?? "the date cannot be written")
            }
            if civil.year >= 0 && civil.year <= 9999 {
                // The usual case, twenty bytes of fixed layout written in place (six padded
                // numbers written one by one cost as much as the rest of the date).
                out.reserve(20)
                let field = out.end
                // Two digits of a field known to be in 0 ... 99 (a year in two halves).
                func put(_ value: Int, at position: Int) {
                    field[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
                    field[position + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                }
                let year = Int(civil.year)
                put(year / 100, at: 0)
                put(year % 100, at: 2)
                field[4] = UInt8(ascii: "-")
                put(civil.month, at: 5)
                field[7] = UInt8(ascii: "-")
                put(civil.day, at: 8)
                field[10] = UInt8(ascii: "T")
                put(civil.hour, at: 11)
                field[13] = UInt8(ascii: ":")
                put(civil.minute, at: 14)
                field[16] = UInt8(ascii: ":")
                put(civil.second, at: 17)
                field[19] = UInt8(ascii: "Z")
                out.advance(by: 20)
                return
            }
            if civil.year < 0 {
                out.append(UInt8(ascii: "-"))
                appendDecimal(civil.year.magnitude, minimumDigits: 3)
            } else {
                appendDecimal(UInt64(civil.year), minimumDigits: 4)
            }
            out.append(UInt8(ascii: "-"))
            appendDecimal(UInt64(civil.month), minimumDigits: 2)
            out.append(UInt8(ascii: "-"))
            appendDecimal(UInt64(civil.day), minimumDigits: 2)
            out.append(UInt8(ascii: "T"))
            appendDecimal(UInt64(civil.hour), minimumDigits: 2)
            out.append(UInt8(ascii: ":"))
            appendDecimal(UInt64(civil.minute), minimumDigits: 2)
            out.append(UInt8(ascii: ":"))
            appendDecimal(UInt64(civil.second), minimumDigits: 2)
            out.append(UInt8(ascii: "Z"))
        }

        private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

        /// CoreFoundation's `_XMLPlistAppendDataUsingBase64`: lines of `76 - 8 × indent`
        /// characters (tabs count as 8), indent capped at 8 tabs, each line ending in LF.
        private func appendBase64(_ data: Data, depth: Int) {
            let lineIndent = min(depth, 8)
            let bytesPerLine = (76 - 8 * lineIndent) / 4 * 3
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                Self.alphabet.withUnsafeBufferPointer { alphabet in
                    var lineStart = 0
                    while lineStart < bytes.count {
                        let lineEnd = min(lineStart + bytesPerLine, bytes.count)
                        indent(lineIndent)
                        // Room for the whole line: four characters per three bytes (the last
                        // group padded), then the LF.
                        out.reserve((lineEnd - lineStart + 2) / 3 * 4 + 1)
                        let line = out.end
                        var o = 0
                        var i = lineStart
                        while i + 3 <= lineEnd {
                            let b0 = Int(bytes[i]), b1 = Int(bytes[i + 1]), b2 = Int(bytes[i + 2])
                            line[o] = alphabet[b0 >> 2]
                            line[o + 1] = alphabet[(b0 & 0x03) << 4 | b1 >> 4]
                            line[o + 2] = alphabet[(b1 & 0x0F) << 2 | b2 >> 6]
                            line[o + 3] = alphabet[b2 & 0x3F]
                            o += 4
                            i += 3
                        }
                        switch lineEnd - i {
                        case 1:
                            let b0 = Int(bytes[i])
                            line[o] = alphabet[b0 >> 2]
                            line[o + 1] = alphabet[(b0 & 0x03) << 4]
                            line[o + 2] = UInt8(ascii: "=")
                            line[o + 3] = UInt8(ascii: "=")
                            o += 4
                        case 2:
                            let b0 = Int(bytes[i]), b1 = Int(bytes[i + 1])
                            line[o] = alphabet[b0 >> 2]
                            line[o + 1] = alphabet[(b0 & 0x03) << 4 | b1 >> 4]
                            line[o + 2] = alphabet[(b1 & 0x0F) << 2]
                            line[o + 3] = UInt8(ascii: "=")
                            o += 4
                        default:
                            break
                        }
                        line[o] = 0x0A
                        out.advance(by: o + 1)
                        lineStart = lineEnd
                    }
                }
            }
        }
    }
}
