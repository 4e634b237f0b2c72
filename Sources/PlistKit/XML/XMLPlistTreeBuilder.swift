import FoundationEssentials

/// Builds a ``PlistValue`` from the element and text events of the XML parser, checking the
/// structure of Apple's property-list DTD as it goes.
///
/// ``XMLEventTape`` calls ``startElement(_:line:column:)``, ``textElement(_:content:line:column:)``,
/// ``endElement(line:column:)`` and the other events with the parser's position; the first
/// problem is kept in ``failure`` and every later event is ignored. Text arrives whole, as a
/// span of the tape, and element names are never turned into strings.
struct XMLPlistTreeBuilder {
    /// An open array or dictionary. Its elements (and a dictionary's keys) sit on the shared
    /// ``values`` and ``keys`` stacks from these positions up; when it ends they are taken
    /// into one array of exactly their count, so no container's array grows element by element.
    private struct Frame {
        var isDictionary: Bool
        var valueStart: Int
        var keyStart: Int
    }

    private let options: PlistReadingOptions
    /// Recent keys and short strings, reused when the same text comes again.
    private var strings: XMLStringCache
    /// The open elements, outermost first, and the line each started on.
    private var openElements: [(element: XMLPlistElement, line: Int)] = []
    /// The open arrays and dictionaries, outermost first.
    private var frames: [Frame] = []
    /// The finished values of all open containers, each container's above its parent's.
    private var values: [PlistValue] = []
    /// The keys of all open dictionaries. A dictionary has a key waiting for its value when it
    /// holds more keys than values.
    private var keys: [String] = []
    /// Where the parser was when the text element being read started: the `>` ending its
    /// start tag.
    private var textStart = (line: 1, column: 1)
    private var objectCount = 0
    /// Key lists of dictionaries read recently, each proven distinct and small enough to need
    /// no index.
    private var recentKeyLists = RecentItems<[String]>(capacity: 8)

    /// The finished root value.
    private(set) var root: PlistValue?
    /// The first problem found; once set, no more events are taken.
    private(set) var failure: PlistError?
    /// Whether ``failure`` is set: asked after every event, and a Bool is cheaper to test than
    /// the optional error.
    private(set) var hasFailed = false
    /// What was repaired while reading (dates rolled over), in document order.
    private(set) var warnings: [PlistWarning] = []

    /// A builder for a document of `documentSize` bytes (which sizes its string cache).
    init(options: PlistReadingOptions, documentSize: Int) {
        self.options = options
        strings = XMLStringCache(documentSize: documentSize)
    }

    private mutating func fail(_ reason: String, _ line: Int, _ column: Int, code: PlistError.Code = .corruptData) {
        fail(with: PlistError(code, reason, at: .line(line, column: column)))
    }

    /// Records a failure; only the first counts.
    mutating func fail(with error: PlistError) {
        guard !hasFailed else { return }
        failure = error
        hasFailed = true
    }

    /// Whether the innermost container is a dictionary with a key waiting for its value (then
    /// that key is `keys.last`).
    @inline(__always)
    private var hasPendingKey: Bool {
        guard let frame = frames.last else { return false }
        return frame.isDictionary && keys.count - frame.keyStart > values.count - frame.valueStart
    }

    // MARK: - Events

    /// The innermost open element's name and the line it started on, if any.
    var innermostOpenElement: (name: String, line: Int)? {
        openElements.last.map { ($0.element.name, $0.line) }
    }

    /// An element that is no property-list element starts; `name` is its name as written,
    /// prefix included.
    mutating func unknownElement(name: Span<UInt8>, line: Int, column: Int) {
        guard !hasFailed else { return }
        fail("Unknown element <\(String(utf8: name))>, which is not part of a property list", line, column)
    }

    /// A plist element starts. A text element started this way (rather than whole, by
    /// ``textElement(_:content:line:column:)``) is followed by something other than its text
    /// and end, which fails the document.
    mutating func startElement(_ element: XMLPlistElement, line: Int, column: Int) {
        guard !hasFailed, admits(element, line: line, column: column) else { return }
        openElements.append((element, line))
        if element.holdsText { textStart = (line, column) }
        if element == .plist || element == .key { return }
        guard countsObject(line: line, column: column) else { return }
        if element.isContainer {
            if frames.count >= options.maximumDepth {
                fail("Arrays and dictionaries nest deeper than \(options.maximumDepth) levels, the limit", line, column, code: .limitExceeded)
                return
            }
            frames.append(Frame(isDictionary: element == .dict, valueStart: values.count, keyStart: keys.count))
        }
    }

    /// A whole text element (`element.holdsText`) whose text is `content`, started at `line`
    /// and `column`: its start and its end in one step. The element is never put on
    /// ``openElements``: nothing happens between its start and its end.
    mutating func textElement(_ element: XMLPlistElement, content: Span<UInt8>, line: Int, column: Int) {
        guard !hasFailed, admits(element, line: line, column: column) else { return }
        textStart = (line, column)
        if element != .key {
            guard countsObject(line: line, column: column) else { return }
        }
        finishText(element, content: content)
    }

    /// One more value; fails and returns `false` when that exceeds the object limit.
    @inline(__always)
    private mutating func countsObject(line: Int, column: Int) -> Bool {
        objectCount += 1
        if objectCount > options.maximumObjectCount {
            fail("The document holds more than \(options.maximumObjectCount) values, the limit", line, column, code: .limitExceeded)
            return false
        }
        return true
    }

    /// Whether `element` may start inside the innermost open element; fails when not.
    @inline(__always)
    private mutating func admits(_ element: XMLPlistElement, line: Int, column: Int) -> Bool {
        let innermost = openElements.last?.element
        if element == .key && innermost != .dict {
            fail("A <key> outside a <dict>; keys belong in a dictionary", line, column)
            return false
        }
        if let parent = innermost {
            switch parent {
            case .plist:
                if root != nil {
                    fail("A second value <\(element.name)> in <plist>, which holds one value", line, column)
                    return false
                }
            case .dict:
                let hasPendingKey = self.hasPendingKey
                if element == .key {
                    if hasPendingKey {
                        fail("The key '\(keys.last ?? "")' has no value before the next <key>", line, column)
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

    /// The innermost open element ends.
    mutating func endElement(line: Int, column: Int) {
        guard !hasFailed, let element = openElements.popLast()?.element else { return }
        switch element {
        case .plist:
            if root == nil { fail("The <plist> holds no value", line, column) }
        case .key, .string, .integer, .real, .date, .data:
            // Only a text element started alone ends here, and only after what followed its
            // start failed the document; finished as empty all the same.
            let empty: [UInt8] = []
            finishText(element, content: empty.span)
        case .true:
            deliver(.boolean(true))
        case .false:
            deliver(.boolean(false))
        case .array:
            guard let frame = frames.popLast() else { return }
            deliver(.array(values.removeSuffix(from: frame.valueStart, placeholder: .boolean(false))))
        case .dict:
            guard let frame = frames.popLast() else { return }
            endDictionary(frame, line: line, column: column)
        }
    }

    private mutating func endDictionary(_ frame: Frame, line: Int, column: Int) {
        let keyCount = keys.count - frame.keyStart
        if keyCount > values.count - frame.valueStart, let key = keys.last {
            fail("The key '\(key)' has no value before </dict>", line, column)
            return
        }
        if keyCount == 1, let uid = Self.uid(key: keys[frame.keyStart], value: values[frame.valueStart]) {
            keys.removeSubrange(frame.keyStart...)
            values.removeSubrange(frame.valueStart...)
            deliver(.uid(uid))
            return
        }
        let dictionaryValues = values.removeSuffix(from: frame.valueStart, placeholder: .boolean(false))
        if let shared = recentKeyList(matchingKeysFrom: frame.keyStart) {
            // The same keys, as the same strings, as a dictionary read just before: its key
            // list (already proven distinct) is shared rather than copied again.
            keys.removeSubrange(frame.keyStart...)
            deliver(.dictionary(PlistDictionary(readingKeys: shared, values: dictionaryValues, keysKnownDistinct: true)))
            return
        }
        let dictionaryKeys = keys.removeSuffix(from: frame.keyStart, placeholder: "")
        let dictionary = PlistDictionary(readingKeys: dictionaryKeys, values: dictionaryValues)
        // Kept only when distinct (no key was dropped) and small enough to need no index.
        if dictionary.count == dictionaryKeys.count && dictionaryKeys.count <= PlistDictionary.indexThreshold {
            remember(keyList: dictionary.keys)
        }
        deliver(.dictionary(dictionary))
    }

    /// A recent key list holding exactly the keys on ``keys`` from `start` up (the records of
    /// a file repeat the same few lists), or `nil`.
    ///
    /// Sharing one array among thousands of records saves an allocation and a distinct-key
    /// check per record, a sixth of the memory of a library's tree, and cache misses when the
    /// tree is read: a decoder looking up keys finds one array already in the cache.
    private func recentKeyList(matchingKeysFrom start: Int) -> [String]? {
        let count = keys.count - start
        guard count > 0 else { return nil }
        // Lists of one model differ mostly in their optional keys, which come last: the last
        // key is compared first.
        for list in recentKeyLists.items where list.count == count && ExactKey.exactlyEqualExpectingMatch(list[count - 1], keys[keys.count - 1]) {
            var same = true
            for offset in 0..<(count - 1) where !ExactKey.exactlyEqualExpectingMatch(list[offset], keys[start + offset]) {
                same = false
                break
            }
            if same { return list }
        }
        return nil
    }

    /// Keeps `keyList`, a distinct, unindexed dictionary's keys, for ``recentKeyList(matchingKeysFrom:)``.
    private mutating func remember(keyList: [String]) {
        guard !keyList.isEmpty else { return }
        recentKeyLists.insert(keyList)
    }

    /// The value of the text element `element`, whose text is `content`, ends.
    @inline(__always)
    private mutating func finishText(_ element: XMLPlistElement, content: Span<UInt8>) {
        switch element {
        case .key:
            // A <key> only starts inside a <dict>, so there is a container.
            guard !frames.isEmpty else { return }
            keys.append(strings.string(content))
        case .string:
            deliver(.string(strings.string(content)))
        case .integer:
            if let plain = XMLScalarParser.plainDecimal(content) {
                deliver(.integer(PlistInteger(plain)))
            } else {
                switch XMLScalarParser.integer(content) {
                case .success(let integer): deliver(.integer(integer))
                case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
                }
            }
        case .real:
            switch XMLScalarParser.real(content) {
            case .success(let real): deliver(.real(real))
            case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
            }
        case .date:
            switch XMLScalarParser.date(content, rollsOver: !options.isStrict) {
            case .success(let parsed):
                if parsed.rolledOver { reportRolledOverDate(content, as: parsed.date) }
                deliver(.date(parsed.date))
            case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
            }
        case .data:
            switch XMLScalarParser.data(content) {
            case .success(let data): deliver(.data(data))
            case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
            }
        case .plist, .dict, .array, .true, .false:
            // Not text elements: never passed here.
            break
        }
    }

    /// Records that the date `text` was read as `date`, the instant its out-of-range fields
    /// roll over to.
    private mutating func reportRolledOverDate(_ text: Span<UInt8>, as date: Date) {
        let written = CivilDate.rfc3339(ofSeconds: date.timeIntervalSinceReferenceDate)
        warnings.append(PlistWarning(
            .dateRolledOver, at: keyPathOfPendingValue,
            "The <date> \(XMLScalarParser.quoted(text)) names no existing day and time; it was read as \(written), as Apple's reader rolls it over."))
    }

    /// The key path of the value being read: in each open container, the key waiting for its
    /// value or the index the next element takes.
    private var keyPathOfPendingValue: PlistKeyPath {
        var components: [String] = []
        for index in frames.indices {
            let frame = frames[index]
            let valueEnd = index + 1 < frames.count ? frames[index + 1].valueStart : values.count
            let position = valueEnd - frame.valueStart
            components.append(frame.isDictionary ? keys[frame.keyStart + position] : String(position))
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
    private mutating func deliver(_ value: consuming PlistValue) {
        if frames.isEmpty {
            root = value
        } else {
            values.append(value)
        }
    }

    /// Character data where only elements belong (or nothing, in `<true>` and `<false>`), not
    /// only whitespace; `line` and `column` are just past it.
    mutating func strayText(_ text: Span<UInt8>, line: Int, column: Int) {
        guard !hasFailed else { return }
        let quoted = XMLScalarParser.quoted(text.extracting(XMLScalarParser.trimmed(text)))
        if let element = openElements.last?.element {
            fail("Text \(quoted) in <\(element.name)>, which holds \(element.isContainer || element == .plist ? "only elements" : "nothing")", line, column)
        } else {
            fail("Text \(quoted) outside the document element", line, column)
        }
    }
}

extension Array {
    /// Removes the elements from `start` up and returns them, in order, as an array of exactly
    /// their count. Each is moved out, `placeholder` taking its place until the slots are
    /// removed, so that nothing is retained and released again (`placeholder` should hold no
    /// reference).
    mutating func removeSuffix(from start: Int, placeholder: Element) -> [Element] {
        var suffix: [Element] = []
        suffix.reserveCapacity(count - start)
        for index in start..<count { suffix.append(exchange(&self[index], with: placeholder)) }
        removeSubrange(start...)
        return suffix
    }
}
