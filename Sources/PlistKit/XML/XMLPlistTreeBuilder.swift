import FoundationEssentials

/// Builds a ``PlistValue`` from the element and text events of an XML parser, checking the
/// structure of Apple's property-list DTD as it goes.
///
/// The parser (``XMLSAXParser``) calls ``startElement(name:prefix:line:column:)``,
/// ``endElement(line:column:)`` and ``characters(_:line:column:)`` with its position; the first
/// problem is kept in ``failure`` and the parser stops. Text is gathered into one reused byte buffer and
/// element names are never turned into strings.
final class XMLPlistTreeBuilder {
    /// An open array or dictionary. Its elements (and a dictionary's keys) sit on the shared
    /// ``values`` and ``keys`` stacks from these positions up; when it ends they are moved
    /// into one array of exactly their count, so no array grows element by element.
    private struct Frame {
        var isDictionary: Bool
        var valueStart: Int
        var keyStart: Int
    }

    private let options: PlistReadingOptions
    /// Recent keys and short strings, reused when the same text comes again.
    private let strings = XMLStringCache()

    /// Everything the events change, in one value.
    ///
    /// The stacks are manually managed buffers: every index used is below the matching count,
    /// which only push and pop change.
    private struct State: ~Copyable {
        /// The open elements, outermost first.
        var openElements = UnsafeStack<XMLPlistElement>()
        /// The open arrays and dictionaries, outermost first.
        var frames = UnsafeStack<Frame>()
        /// The finished values of all open containers, each container's above its parent's.
        var values = UnsafeStack<PlistValue>()
        /// The keys of all open dictionaries. A dictionary has a key waiting for its value when
        /// it holds more keys than values.
        var keys = UnsafeStack<String>()
        /// Beside each key on ``keys``, the identity of its bytes from ``XMLStringCache`` (0 when
        /// it has none): keys whose identities are all different and not 0 are all different,
        /// which spares a dictionary the check for repeated keys.
        var keyIdentities = UnsafeStack<UInt64>()
        /// Marks that check a dictionary's key identities for repeats in one pass.
        var identityMarks = SlotMarks()
        /// The text of the open text element.
        var text = UnsafeStack<UInt8>()
        var scratch: [UInt8] = []
        /// Where the parser was when the open text element started: the `>` ending its start tag.
        var textStart = (line: 1, column: 1)
        var objectCount = 0
        /// Key lists of dictionaries read recently, each proven distinct and small enough to
        /// need no index.
        var recentKeyLists = RecentItems<[String]>(capacity: 8)
        /// The finished root value.
        var root: PlistValue?
        /// The first problem found; once set, no more events are taken.
        var failure: PlistError?

        /// Whether the keys on ``keys`` from `start` up are distinct by their identities
        /// (see ``UnsafeStack/holdsDistinctNonZero(from:limit:marks:)``).
        mutating func keyIdentitiesAreDistinct(from start: Int) -> Bool {
            keyIdentities.holdsDistinctNonZero(from: start, limit: PlistDictionary.indexThreshold, marks: &identityMarks)
        }
    }

    // The parser calls in one at a time on one thread and nothing else touches the state, so
    // the per-access exclusivity checks (measured at 14% of reading time) are switched off.
    @exclusivity(unchecked) private var state = State()
    /// Whether ``failure`` is set: the parser asks after every event, and a Bool is cheaper to
    /// test than the optional error.
    private(set) var hasFailed = false

    /// What was repaired while reading (dates rolled over), in document order.
    private(set) var warnings: [PlistWarning] = []

    /// The finished root value.
    var root: PlistValue? { state.root }
    /// The first problem found; once set, no more events are taken.
    var failure: PlistError? { state.failure }

    init(options: PlistReadingOptions) {
        self.options = options
    }

    private func fail(_ reason: String, _ line: Int, _ column: Int, code: PlistError.Code = .corruptData) {
        fail(with: PlistError(code, reason, at: .line(line, column: column)))
    }

    /// Records a failure found by the XML parser itself.
    func fail(with error: PlistError) {
        guard !hasFailed else { return }
        state.failure = error
        hasFailed = true
    }

    /// Whether the innermost container is a dictionary with a key waiting for its value (then
    /// that key is `keys.last`).
    @inline(__always)
    private var hasPendingKey: Bool {
        guard let frame = state.frames.last else { return false }
        return frame.isDictionary && state.keys.count - frame.keyStart > state.values.count - frame.valueStart
    }

    // MARK: - Events

    /// The innermost open element's name, if any.
    var innermostOpenElement: String? { state.openElements.last?.name }

    /// An element starts; `name` is its local name and `prefix` its namespace prefix, if any
    /// (no plist element has one).
    func startElement(name: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?, line: Int, column: Int) {
        guard !hasFailed else { return }
        guard prefix == nil, let element = XMLPlistElement(name: name) else {
            let written = (prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? "") + String(decoding: name, as: UTF8.self)
            fail("Unknown element <\(written)>, which is not part of a property list", line, column)
            return
        }
        startElement(element, line: line, column: column)
    }

    /// A plist element starts.
    func startElement(_ element: XMLPlistElement, line: Int, column: Int) {
        guard !hasFailed, admits(element, line: line, column: column) else { return }
        state.openElements.push(element)
        if element.holdsText {
            state.text.removeAll()
            state.textStart = (line, column)
        }
        if element == .plist || element == .key { return }
        guard countsObject(line: line, column: column) else { return }
        if element.isContainer {
            if state.frames.count >= options.maximumDepth {
                fail("Arrays and dictionaries nest deeper than \(options.maximumDepth) levels, the limit", line, column, code: .limitExceeded)
                return
            }
            state.frames.push(Frame(isDictionary: element == .dict, valueStart: state.values.count, keyStart: state.keys.count))
        }
    }

    /// A whole text element (`element.holdsText`) whose text is `content`: the same as
    /// ``startElement(_:line:column:)`` followed by ``endElement(content:line:column:)``, for
    /// a caller that has both at once. The element is never put on ``openElements``: nothing
    /// can happen between its start and its end.
    func textElement(_ element: XMLPlistElement, content: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        guard !hasFailed, admits(element, line: line, column: column) else { return }
        state.textStart = (line, column)
        if element != .key {
            guard countsObject(line: line, column: column) else { return }
        }
        finishText(element, content: content)
    }

    /// One more value; fails and returns `false` when that exceeds the object limit.
    @inline(__always)
    private func countsObject(line: Int, column: Int) -> Bool {
        state.objectCount += 1
        if state.objectCount > options.maximumObjectCount {
            fail("The document holds more than \(options.maximumObjectCount) values, the limit", line, column, code: .limitExceeded)
            return false
        }
        return true
    }

    /// Whether `element` may start inside the innermost open element; fails when not.
    @inline(__always)
    private func admits(_ element: XMLPlistElement, line: Int, column: Int) -> Bool {
        // Read once: every event of a text element asks.
        let innermost = state.openElements.last
        if element == .key && innermost != .dict {
            fail("A <key> outside a <dict>; keys belong in a dictionary", line, column)
            return false
        }
        if let parent = innermost {
            switch parent {
            case .plist:
                if state.root != nil {
                    fail("A second value <\(element.name)> in <plist>, which holds one value", line, column)
                    return false
                }
            case .dict:
                let hasPendingKey = self.hasPendingKey
                if element == .key {
                    if hasPendingKey {
                        fail("The key '\(state.keys.last ?? "")' has no value before the next <key>", line, column)
                        return false
                    }
                } else if !hasPendingKey {
                    fail("A <\(element.name)> in a <dict> without a <key> before it", line, column)
                    return false
                }
            case .array:
                break
            default:
                fail("An element <\(element.name)> inside <\(parent.name)>, which holds only text", line, column)
                return false
            }
            if element == .plist {
                fail("A <plist> inside <\(parent.name)>; <plist> can only be the document element", line, column)
                return false
            }
        }
        return true
    }

    /// The innermost open element ends; a text element's text is what ``characters(_:line:column:)``
    /// gathered.
    func endElement(line: Int, column: Int) {
        // The text's buffer, not the state, is read while the element ends (which changes no text).
        endElement(content: state.text.buffer, line: line, column: column)
    }

    /// The innermost open element ends, and `content` is all of its text if it holds text:
    /// for a caller that has the text in one piece and skips ``characters(_:line:column:)``.
    func endElement(content: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        guard !hasFailed, let element = state.openElements.pop() else { return }
        switch element {
        case .plist:
            if state.root == nil { fail("The <plist> holds no value", line, column) }
        case .key, .string, .integer, .real, .date, .data:
            finishText(element, content: content)
        case .true:
            deliver(.boolean(true))
        case .false:
            deliver(.boolean(false))
        case .array:
            guard let frame = state.frames.pop() else { return }
            deliver(.array(state.values.popArray(from: frame.valueStart)))
        case .dict:
            guard let frame = state.frames.pop() else { return }
            let keyCount = state.keys.count - frame.keyStart
            if keyCount > state.values.count - frame.valueStart, let key = state.keys.last {
                fail("The key '\(key)' has no value before </dict>", line, column)
                return
            }
            if keyCount == 1, let uid = Self.uid(key: state.keys[frame.keyStart], value: state.values[frame.valueStart]) {
                state.keys.removeAll(from: frame.keyStart)
                state.keyIdentities.removeAll(from: frame.keyStart)
                state.values.removeAll(from: frame.valueStart)
                deliver(.uid(uid))
                return
            }
            let dictionaryValues = state.values.popArray(from: frame.valueStart)
            if let shared = recentKeyList(matchingKeysFrom: frame.keyStart) {
                // The same keys, as the same strings, as a dictionary read just before: its key
                // list (already proven distinct) is shared rather than copied again.
                state.keys.removeAll(from: frame.keyStart)
                state.keyIdentities.removeAll(from: frame.keyStart)
                var dictionary = PlistDictionary()
                dictionary.orderedKeys = shared
                dictionary.orderedValues = dictionaryValues
                deliver(.dictionary(dictionary))
                return
            }
            let dictionaryKeys = state.keys.popArray(from: frame.keyStart)
            let distinct = state.keyIdentitiesAreDistinct(from: frame.keyStart)
            state.keyIdentities.removeAll(from: frame.keyStart)
            if distinct {
                remember(keyList: dictionaryKeys)
                // What PlistDictionary(readingKeys:values:) makes of distinct keys this few (no
                // index), without comparing them again: their identities showed them distinct.
                var dictionary = PlistDictionary()
                dictionary.orderedKeys = dictionaryKeys
                dictionary.orderedValues = dictionaryValues
                deliver(.dictionary(dictionary))
            } else {
                deliver(.dictionary(PlistDictionary(readingKeys: dictionaryKeys, values: dictionaryValues)))
            }
        }
    }

    /// A recent key list holding exactly the keys on ``keys`` from `start` up (the records of
    /// a file repeat the same few lists), or `nil`.
    ///
    /// Sharing one array among thousands of records saves an allocation and a distinct-key
    /// check per record, a sixth of the memory of a library's tree, and cache misses when
    /// the tree is read: a decoder looking up keys finds one array already in the cache.
    private func recentKeyList(matchingKeysFrom start: Int) -> [String]? {
        let count = state.keys.count - start
        guard count > 0 else { return nil }
        // Lists of one model differ mostly in their optional keys, which come last: the last
        // key is compared first.
        for list in state.recentKeyLists.items where list.count == count && ExactKey.exactlyEqualExpectingMatch(list[count - 1], state.keys[state.keys.count - 1]) {
            var same = true
            for offset in 0..<(count - 1) where !ExactKey.exactlyEqualExpectingMatch(list[offset], state.keys[start + offset]) {
                same = false
                break
            }
            if same { return list }
        }
        return nil
    }

    /// Keeps `keyList`, a distinct, unindexed dictionary's keys, for ``recentKeyList(matchingKeysFrom:)``.
    private func remember(keyList: [String]) {
        guard !keyList.isEmpty else { return }
        state.recentKeyLists.insert(keyList)
    }

    /// The value of the text element `element`, whose text is `content`, ends.
    @inline(__always)
    private func finishText(_ element: XMLPlistElement, content: UnsafeBufferPointer<UInt8>) {
        switch element {
        case .key:
            // A <key> only starts inside a <dict>, so there is a container.
            guard !state.frames.isEmpty else { return }
            let (key, identity) = strings.stringAndIdentity(content)
            state.keys.push(key)
            state.keyIdentities.push(identity)
        case .string:
            deliver(.string(strings.string(content)))
        case .integer:
            if let plain = XMLScalarParser.plainDecimal(content) {
                deliver(.integer(PlistInteger(plain)))
            } else {
                scalar(content, XMLScalarParser.integer) { .integer($0) }
            }
        case .real:
            let result = XMLScalarParser.real(content, scratch: &state.scratch)
            switch result {
            case .success(let real): deliver(.real(real))
            case .failure(let reason): fail(reason.text, state.textStart.line, state.textStart.column)
            }
        case .date:
            switch XMLScalarParser.date(content, rollsOver: !options.isStrict) {
            case .success(let parsed):
                if parsed.rolledOver { reportRolledOverDate(content, as: parsed.date) }
                deliver(.date(parsed.date))
            case .failure(let reason): fail(reason.text, state.textStart.line, state.textStart.column)
            }
        case .data:
            scalar(content, { XMLScalarParser.data($0) }) { .data($0) }
        case .plist, .dict, .array, .true, .false:
            // Not text elements: never passed here.
            break
        }
    }

    private func scalar<T>(
        _ content: UnsafeBufferPointer<UInt8>,
        _ parse: (UnsafeBufferPointer<UInt8>) -> Result<T, XMLScalarParser.Reason>, _ make: (T) -> PlistValue
    ) {
        switch parse(content) {
        case .success(let value): deliver(make(value))
        case .failure(let reason): fail(reason.text, state.textStart.line, state.textStart.column)
        }
    }

    /// Records that the date `text` was read as `date`, the instant its out-of-range fields
    /// roll over to.
    private func reportRolledOverDate(_ text: UnsafeBufferPointer<UInt8>, as date: Date) {
        let written = CivilDate.rfc3339(ofSeconds: date.timeIntervalSinceReferenceDate)
        warnings.append(PlistWarning(
            .dateRolledOver, at: keyPathOfPendingValue,
            "The <date> \(XMLScalarParser.quoted(text)) names no existing day and time; it was read as \(written), as Apple's reader rolls it over."))
    }

    /// The key path of the value being read: in each open container, the key waiting for its
    /// value or the index the next element takes.
    private var keyPathOfPendingValue: PlistKeyPath {
        var components: [String] = []
        for index in 0..<state.frames.count {
            let frame = state.frames[index]
            let valueEnd = index + 1 < state.frames.count ? state.frames[index + 1].valueStart : state.values.count
            let position = valueEnd - frame.valueStart
            components.append(frame.isDictionary ? state.keys[frame.keyStart + position] : String(position))
        }
        return PlistKeyPath(components: components)
    }

    /// The UID that a dictionary whose only key is `key` stands for: a dictionary whose only key
    /// is `CF$UID` with an integer in `0...UInt32.max` is a UID, as Apple's reader has it (which
    /// also takes other numbers and truncates them; such dictionaries stay dictionaries here, so
    /// nothing is lost).
    private static func uid(key: String, value: PlistValue) -> UInt32? {
        guard key == "CF$UID", case .integer(let integer) = value else { return nil }
        return integer.exactly(UInt32.self)
    }

    /// Puts a finished value in the innermost container (its key is already on ``keys``), or
    /// makes it the root.
    @inline(__always)
    private func deliver(_ value: consuming PlistValue) {
        if state.frames.isEmpty {
            state.root = value
        } else {
            state.values.push(value)
        }
    }

    /// Character data (after entity and character-reference replacement, and CDATA sections).
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        guard !hasFailed else { return }
        if let element = state.openElements.last, element.holdsText {
            state.text.append(bytes)
            return
        }
        for byte in bytes where !XMLScalarParser.isWhitespace(byte) {
            let quoted = XMLScalarParser.quoted(XMLScalarParser.trimmed(bytes))
            if let element = state.openElements.last {
                fail("Text \(quoted) in <\(element.name)>, which holds \(element.isContainer || element == .plist ? "only elements" : "nothing")", line, column)
            } else {
                fail("Text \(quoted) outside the document element", line, column)
            }
            return
        }
    }
}
