import FoundationEssentials

/// Builds a ``PlistValue`` from the element and text events of an XML parser, checking the
/// structure of Apple's property-list DTD as it goes.
///
/// The parser (``XMLSAXParser``) calls ``startElement(name:prefix:line:column:)``,
/// ``endElement(line:column:)`` and ``characters(_:line:column:)`` with its position; the first
/// problem is kept in ``failure`` and the parser stops. Text is gathered into one reused byte buffer and
/// element names are never turned into strings.
final class XMLPlistTreeBuilder {
    private struct Container {
        var isDictionary: Bool
        /// The array's elements, or the dictionary's values.
        var values: [PlistValue] = []
        /// The dictionary's keys in document order, repeats included.
        var keys: [String] = []
        var pendingKey: String?
    }

    // The parser calls in one at a time on one thread and nothing else touches these, so the
    // per-access exclusivity checks (measured at 14% of reading time) are switched off.
    private let options: PlistReadingOptions
    /// The open elements, outermost first.
    @exclusivity(unchecked) private var openElements: [XMLPlistElement] = []
    /// The open arrays and dictionaries, outermost first.
    @exclusivity(unchecked) private var containers: [Container] = []
    /// The text of the open text element.
    @exclusivity(unchecked) private var text: [UInt8] = []
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// Where the parser was when the open text element started: the `>` ending its start tag.
    @exclusivity(unchecked) private var textStart = (line: 1, column: 1)
    @exclusivity(unchecked) private var objectCount = 0
    /// The finished root value.
    @exclusivity(unchecked) private(set) var root: PlistValue?
    /// The first problem found; once set, no more events are taken.
    @exclusivity(unchecked) private(set) var failure: PlistError?

    init(options: PlistReadingOptions) {
        self.options = options
        openElements.reserveCapacity(32)
        containers.reserveCapacity(32)
        text.reserveCapacity(256)
    }

    private func fail(_ reason: String, _ line: Int, _ column: Int, code: PlistError.Code = .corruptData) {
        if failure == nil { failure = PlistError(code, reason, at: .line(line, column: column)) }
    }

    /// Records a failure found by the XML parser itself.
    func fail(with error: PlistError) {
        if failure == nil { failure = error }
    }

    // MARK: - Events

    /// The innermost open element's name, if any.
    var innermostOpenElement: String? { openElements.last?.name }

    /// An element starts; `name` is its local name and `prefix` its namespace prefix, if any
    /// (no plist element has one).
    func startElement(name: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?, line: Int, column: Int) {
        guard failure == nil else { return }
        guard prefix == nil, let element = XMLPlistElement(name: name) else {
            let written = (prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? "") + String(decoding: name, as: UTF8.self)
            fail("Unknown element <\(written)>, which is not part of a property list", line, column)
            return
        }
        startElement(element, line: line, column: column)
    }

    private func startElement(_ element: XMLPlistElement, line: Int, column: Int) {
        if element == .key && openElements.last != .dict {
            fail("A <key> outside a <dict>; keys belong in a dictionary", line, column)
            return
        }
        if let parent = openElements.last {
            switch parent {
            case .plist:
                if root != nil {
                    fail("A second value <\(element.name)> in <plist>, which holds one value", line, column)
                    return
                }
            case .dict:
                let pendingKey = containers.last?.pendingKey
                if element == .key {
                    if let pendingKey {
                        fail("The key '\(pendingKey)' has no value before the next <key>", line, column)
                        return
                    }
                } else if pendingKey == nil {
                    fail("A <\(element.name)> in a <dict> without a <key> before it", line, column)
                    return
                }
            case .array:
                break
            default:
                fail("An element <\(element.name)> inside <\(parent.name)>, which holds only text", line, column)
                return
            }
            if element == .plist {
                fail("A <plist> inside <\(parent.name)>; <plist> can only be the document element", line, column)
                return
            }
        }
        openElements.append(element)
        if element.holdsText {
            text.removeAll(keepingCapacity: true)
            textStart = (line, column)
        }
        if element == .plist || element == .key { return }
        objectCount += 1
        if objectCount > options.maximumObjectCount {
            fail("The document holds more than \(options.maximumObjectCount) values, the limit", line, column, code: .limitExceeded)
            return
        }
        if element.isContainer {
            if containers.count >= options.maximumDepth {
                fail("Arrays and dictionaries nest deeper than \(options.maximumDepth) levels, the limit", line, column, code: .limitExceeded)
                return
            }
            containers.append(Container(isDictionary: element == .dict))
        }
    }

    /// The innermost open element ends.
    func endElement(line: Int, column: Int) {
        guard failure == nil, let element = openElements.popLast() else { return }
        switch element {
        case .plist:
            if root == nil { fail("The <plist> holds no value", line, column) }
        case .key:
            // A <key> only starts inside a <dict>, so there is a container.
            guard !containers.isEmpty else { return }
            containers[containers.count - 1].pendingKey = String(decoding: text, as: UTF8.self)
        case .string:
            deliver(.string(String(decoding: text, as: UTF8.self)), line, column)
        case .true:
            deliver(.boolean(true), line, column)
        case .false:
            deliver(.boolean(false), line, column)
        case .integer:
            scalar(XMLScalarParser.integer, line, column) { .integer($0) }
        case .real:
            let result = text.withUnsafeBufferPointer { XMLScalarParser.real($0, scratch: &scratch) }
            switch result {
            case .success(let real): deliver(.real(real), line, column)
            case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
            }
        case .date:
            scalar(XMLScalarParser.date, line, column) { .date($0) }
        case .data:
            scalar(XMLScalarParser.data, line, column) { .data($0) }
        case .array:
            guard let container = containers.popLast() else { return }
            deliver(.array(container.values), line, column)
        case .dict:
            guard let container = containers.popLast() else { return }
            if let key = container.pendingKey {
                fail("The key '\(key)' has no value before </dict>", line, column)
                return
            }
            deliver(Self.uidOrDictionary(keys: container.keys, values: container.values), line, column)
        }
    }

    private func scalar<T>(
        _ parse: (UnsafeBufferPointer<UInt8>) -> Result<T, XMLScalarParser.Reason>,
        _ line: Int, _ column: Int, _ make: (T) -> PlistValue
    ) {
        switch text.withUnsafeBufferPointer(parse) {
        case .success(let value): deliver(make(value), line, column)
        case .failure(let reason): fail(reason.text, textStart.line, textStart.column)
        }
    }

    /// A dictionary whose only key is `CF$UID` with an integer in `0...UInt32.max` is a UID, as
    /// Apple's reader has it (which also takes other numbers and truncates them; such
    /// dictionaries stay dictionaries here, so nothing is lost).
    private static func uidOrDictionary(keys: [String], values: [PlistValue]) -> PlistValue {
        if keys.count == 1, keys[0] == "CF$UID", case .integer(let integer) = values[0],
           let uid = integer.exactly(UInt32.self) {
            return .uid(uid)
        }
        return .dictionary(PlistDictionary(readingKeys: keys, values: values))
    }

    private func deliver(_ value: PlistValue, _ line: Int, _ column: Int) {
        guard !containers.isEmpty else {
            root = value
            return
        }
        let top = containers.count - 1
        if containers[top].isDictionary {
            guard let key = containers[top].pendingKey else { return }
            containers[top].keys.append(key)
            containers[top].pendingKey = nil
        }
        containers[top].values.append(value)
    }

    /// Character data (after entity and character-reference replacement, and CDATA sections).
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        guard failure == nil else { return }
        if let element = openElements.last, element.holdsText {
            text.append(contentsOf: bytes)
            return
        }
        for byte in bytes where !XMLScalarParser.isWhitespace(byte) {
            let quoted = XMLScalarParser.quoted(XMLScalarParser.trimmed(bytes))
            if let element = openElements.last {
                fail("Text \(quoted) in <\(element.name)>, which holds \(element.isContainer || element == .plist ? "only elements" : "nothing")", line, column)
            } else {
                fail("Text \(quoted) outside the document element", line, column)
            }
            return
        }
    }
}
