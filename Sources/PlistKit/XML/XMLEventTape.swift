import CPlistKitSupport

/// Reads the records of the XML reader's event tape into an ``XMLPlistTreeBuilder``.
///
/// The tape is written by the reader's C half (`XMLReader.c`; its header defines the records):
/// element starts and ends with libxml2's position, the text of text elements (its pieces
/// joined), stray text, refused entities and libxml2's first error, in document order, so the
/// first problem in the document is the first one the builder meets. The usual text element,
/// its start, its text and its end, goes to the builder in one step.
///
/// The records come whole from C; every field is still read through a checked cursor, and a
/// record that does not fit the tape fails the document rather than read outside it.
enum XMLEventTape {
    private static let end = UInt8(PLISTKIT_XML_TAPE_END)
    private static let text = UInt8(PLISTKIT_XML_TAPE_TEXT)

    /// Hands the records of `tape` to `builder`, in order, until it fails.
    static func read(_ tape: Span<UInt8>, into builder: inout XMLPlistTreeBuilder) {
        // The fields are read through a cursor (one checked load each), the text as spans.
        ByteCursor.withBytes(of: tape) { fields in
            var offset = 0
            while let kind = fields.byte(at: offset), !builder.hasFailed {
                if kind == text {
                    // Text that does not follow its element's start directly: the element was
                    // refused already (something else came first), so the text is not read.
                    guard let text = run(in: fields, at: offset + 1) else { return malformed(&builder) }
                    offset = text.upperBound
                    continue
                }
                // Every other record has a position after its kind.
                guard let (line, column) = position(in: fields, at: offset + 1) else { return malformed(&builder) }
                if let element = XMLPlistElement(rawValue: kind) {
                    offset += 9
                    if element.holdsText, let (content, next) = wholeText(in: fields, at: offset) {
                        builder.textElement(element, content: tape.extracting(content), line: line, column: column)
                        offset = next
                    } else {
                        builder.startElement(element, line: line, column: column)
                    }
                    continue
                }
                switch Int(kind) {
                case PLISTKIT_XML_TAPE_END:
                    offset += 9
                    builder.endElement(line: line, column: column)
                case PLISTKIT_XML_TAPE_UNKNOWN_ELEMENT:
                    guard let name = run(in: fields, at: offset + 9) else { return malformed(&builder) }
                    offset = name.upperBound
                    builder.unknownElement(name: tape.extracting(name), line: line, column: column)
                case PLISTKIT_XML_TAPE_STRAY_TEXT:
                    guard let text = run(in: fields, at: offset + 9) else { return malformed(&builder) }
                    offset = text.upperBound
                    builder.strayText(tape.extracting(text), line: line, column: column)
                case PLISTKIT_XML_TAPE_ENTITY_DECLARATION, PLISTKIT_XML_TAPE_ENTITY_REFERENCE:
                    guard let name = run(in: fields, at: offset + 9) else { return malformed(&builder) }
                    offset = name.upperBound
                    let entity = String(utf8: tape.extracting(name))
                    let reason = Int(kind) == PLISTKIT_XML_TAPE_ENTITY_DECLARATION
                        ? "The document declares the entity '\(entity)'; property lists may not declare entities, so none is expanded or loaded"
                        : "The entity reference '&\(entity);' names no entity; only &lt; &gt; &amp; &quot; &apos; and character references are allowed"
                    builder.fail(with: PlistError(.corruptData, reason, at: .line(line, column: column)))
                case PLISTKIT_XML_TAPE_ERROR:
                    guard let errorKind = try? fields.peekUInt(at: offset + 9, size: 4), let message = run(in: fields, at: offset + 13) else {
                        return malformed(&builder)
                    }
                    offset = message.upperBound
                    builder.fail(with: libxml2Error(
                        Int(errorKind), message: String(utf8: tape.extracting(message)),
                        openElement: builder.innermostOpenElement, line: line, column: column))
                default:
                    return malformed(&builder)
                }
            }
        }
    }

    /// The error for libxml2's error of `kind` (a `PLISTKIT_XML_ERROR_` value) saying
    /// `message`, met while `openElement` (started on line `line`) was the innermost open
    /// element.
    static func libxml2Error(
        _ kind: Int, message: String, openElement: (name: String, line: Int)?, line: Int, column: Int
    ) -> PlistError {
        var message = message
        while message.last == "\n" || message.last == " " { message.removeLast() }
        message = message.split(separator: "\n").joined(separator: "; ")
        let location = PlistError.Location.line(max(1, line), column: max(1, column))
        if kind == PLISTKIT_XML_ERROR_CUT_SHORT, let openElement {
            return PlistError(.corruptData, "The document ends inside <\(openElement.name)>, before its end tag", at: location)
        }
        if kind == PLISTKIT_XML_ERROR_TAG_MISMATCH {
            // libxml2's own words, with the open element's line, which its pull parser gives as 0.
            let open = openElement.map { "\($0.name) line \($0.line)" } ?? "an element"
            message = "Opening and ending tag mismatch: \(open) and \(message)"
        }
        if message.isEmpty {
            return PlistError(.corruptData, "The XML is not well-formed", at: location)
        }
        let code: PlistError.Code = kind == PLISTKIT_XML_ERROR_LIMIT ? .limitExceeded : .corruptData
        return PlistError(code, "The XML is not well-formed: libxml2 reports \"\(message)\"", at: location)
    }

    /// The text of a text element whose start record ends at `offset`: the range of its text
    /// (empty when it has none) and the offset past its end record, when its text (if any) and
    /// its end follow directly; `nil` otherwise.
    @inline(__always)
    private static func wholeText(in fields: borrowing ByteCursor, at offset: Int) -> (content: Range<Int>, next: Int)? {
        var next = offset
        var content = offset..<offset
        if fields.byte(at: next) == text {
            guard let run = run(in: fields, at: next + 1) else { return nil }
            content = run
            next = run.upperBound
        }
        guard fields.byte(at: next) == end, fields.contains(next, 9) else { return nil }
        return (content, next + 9)
    }

    /// The position stored at `offset` (the line, then the column), or `nil` when it does not
    /// fit the tape.
    @inline(__always)
    private static func position(in fields: borrowing ByteCursor, at offset: Int) -> (line: Int, column: Int)? {
        guard let both = try? fields.peekUInt(at: offset, size: 8) else { return nil }
        return (Int(both >> 32), Int(both & 0xFFFF_FFFF))
    }

    /// The range of the run (a 4-byte length, then that many bytes) at `offset`, or `nil`
    /// when it does not fit the tape.
    @inline(__always)
    private static func run(in fields: borrowing ByteCursor, at offset: Int) -> Range<Int>? {
        guard let length = try? fields.peekUInt(at: offset, size: 4) else { return nil }
        let start = offset + 4
        guard fields.contains(start, Int(length)) else { return nil }
        return start..<(start + Int(length))
    }

    /// A tape whose records do not add up: a bug in the C half, never a property of the input.
    private static func malformed(_ builder: inout XMLPlistTreeBuilder) {
        builder.fail(with: PlistError(.corruptData, "The XML reader's event tape is malformed", at: .byteOffset(0)))
    }
}
