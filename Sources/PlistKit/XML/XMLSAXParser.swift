import CLibXML2
import CPlistKitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// This file must not import FoundationEssentials or Foundation: libxml2 is built with ICU here,
// and its ICU headers clash with Foundation's own copy of ICU when one file sees both.

/// Drives libxml2's SAX2 push parser (or its SAX1 pull parser) over a buffer and feeds an
/// ``XMLPlistTreeBuilder``; the only code that sees libxml2 (see ``XMLPlistReader``).
///
/// Safety: the parser runs with `XML_PARSE_NONET` and without `XML_PARSE_NOENT` or
/// `XML_PARSE_DTDLOAD`, so no external DTD or entity is fetched; any entity declaration stops
/// the parse (Apple's reader refuses every internal DTD subset), so no entity is ever expanded
/// and entity-expansion bombs fail at their first declaration; a reference to an undeclared
/// entity stops it too. `XML_PARSE_HUGE` lifts libxml2's fixed limits (256 levels, 10 MB text
/// nodes and look-ahead) because the builder enforces ``PlistReadingOptions`` itself. Errors
/// arrive through the per-context structured error handler and stop the parser at the first.
enum XMLSAXParser {
    /// Bytes handed to libxml2 per call; the push parser keeps only what it has not consumed.
    static let chunkSize = 1 << 20

    private static let libraryInitialized: Void = { xmlInitParser() }()

    /// How libxml2 is fed.
    enum Feed {
        /// The push parser, in ``chunkSize`` pieces: the reference whose errors (messages and
        /// positions) the tests pin down.
        case push
        /// The whole buffer by libxml2's pull parser (`xmlParseDocument`, reading the buffer
        /// through an I/O callback):
        /// libxml2's pull parser skips the push parser's look-ahead scans and buffer
        /// bookkeeping, about a third of its instructions on a large plist. Its error messages
        /// and positions differ from the push parser's in places (a truncated document, for
        /// one), so ``XMLPlistReader`` keeps only its successes and parses anything it
        /// refuses again with ``push``.
        ///
        /// Since only successes count, its events need no position, and the hot ones (element
        /// starts and ends, text) are C functions that record them on an event tape
        /// (`plistkit_xml_tape` in CPlistKitSupport) which the session hands to the builder
        /// every 64 KB: a Swift call per event cost more than the builder's work for it, and
        /// whitespace between elements, about one text event per element, never reaches Swift.
        /// It runs in SAX1 mode, which skips namespace processing; documents that use
        /// namespace attributes are refused, for the push parser (see ``Session/tapeHandler``).
        case memory
    }

    /// Parses `bytes` into `builder`; problems are left in `builder.failure`.
    /// `ignoringDeclaredEncoding` is for input already converted to UTF-8 whose XML declaration
    /// still names its original encoding. `releasesReadPages` is for bytes that are a whole
    /// ``MappedFile``: a ``Feed/memory`` parse then drops the pages it has read (`madvise` in
    /// the input callback, `plistkit_memory_reader_read`).
    static func parse(
        _ bytes: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool, feed: Feed = .push, releasesReadPages: Bool = false,
        into builder: XMLPlistTreeBuilder
    ) {
        _ = libraryInitialized
        switch feed {
        case .push:
            Session.run(builder: builder, tracksPositions: true) {
                Session.parse($0, bytes, ignoringDeclaredEncoding: ignoringDeclaredEncoding)
            }
        case .memory:
            Session.run(builder: builder, tracksPositions: false) {
                Session.parseWhole($0, bytes, ignoringDeclaredEncoding: ignoringDeclaredEncoding, releasesReadPages: releasesReadPages)
            }
        }
    }

    /// One parse: the libxml2 context and the tree builder its callbacks feed.
    ///
    /// A session lives in memory of its own for the length of one parse (``run(builder:tracksPositions:_:)``),
    /// because libxml2 and the tape's C callbacks take their context as a plain pointer: the
    /// user data of every callback is the session's ``tape``, whose `owner` is the session's
    /// address (the C callbacks of a ``Feed/memory`` parse need the tape; the Swift ones find
    /// the session through it). The parse functions take the session's address rather than
    /// being mutating methods, so that no access to the session is open while libxml2 calls
    /// back into it; the callbacks only read it.
    private struct Session {
        let builder: XMLPlistTreeBuilder
        /// The event tape of a ``Feed/memory`` parse (unused by a ``Feed/push`` one).
        let tape: UnsafeMutablePointer<plistkit_xml_tape>
        /// The libxml2 context while a parse runs.
        var context: xmlParserCtxtPtr?

        /// Whether events carry the parser's position. A ``Feed/memory`` parse keeps only its
        /// successes, which never show a position, so its events skip reading it.
        let tracksPositions: Bool

        /// Runs `body` with a new session for `builder` and its tape, both allocated for the
        /// call and freed when it returns (the parse never outlives it).
        static func run(builder: XMLPlistTreeBuilder, tracksPositions: Bool, _ body: (UnsafeMutablePointer<Session>) -> Void) {
            let tape = UnsafeMutablePointer<plistkit_xml_tape>.allocate(capacity: 1)
            let session = UnsafeMutablePointer<Session>.allocate(capacity: 1)
            session.initialize(to: Session(builder: builder, tape: tape, context: nil, tracksPositions: tracksPositions))
            // Initializes every field of the tape.
            plistkit_xml_tape_init(tape, UnsafeMutableRawPointer(session), Session.consumeTapeCallback)
            defer {
                plistkit_xml_tape_destroy(tape)
                tape.deallocate()
                session.deinitialize(count: 1)
                session.deallocate()
            }
            body(session)
        }

        /// Hands the tape's records to the builder in order and empties the tape; stops the
        /// parse when the builder has failed. Called by the tape's C callbacks when it is
        /// full and by ``parseWhole(_:_:ignoringDeclaredEncoding:releasesReadPages:)`` after the parse.
        func consumeTape() {
            defer { tape.pointee.count = 0 }
            if tape.pointee.out_of_memory != 0 {
                builder.fail(with: PlistError(.corruptData, "The XML reader ran out of memory", at: .byteOffset(0)))
                stop()
                return
            }
            guard let base = tape.pointee.bytes else { return }
            Session.feed(base, count: tape.pointee.count, into: builder)
            if builder.hasFailed { stop() }
        }

        /// Hands the `count` bytes of tape records at `base` to `builder`, in order, until it
        /// fails.
        ///
        /// The records were written by CPlistKitSupport, each whole; every length is still
        /// checked against the count before its bytes are read.
        private static func feed(_ base: UnsafeMutablePointer<UInt8>, count: Int, into builder: XMLPlistTreeBuilder) {
            var offset = 0
            /// The run of bytes at `offset`: a 4-byte length, then the bytes; `nil` when it
            /// does not fit the tape.
            func run() -> UnsafeBufferPointer<UInt8>? {
                guard count - offset >= 4 else { return nil }
                let length = Int(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
                offset += 4
                guard count - offset >= length else { return nil }
                defer { offset += length }
                return UnsafeBufferPointer(start: base + offset, count: length)
            }
            let end = UInt8(PLISTKIT_TAPE_END), text = UInt8(PLISTKIT_TAPE_TEXT)
            while offset < count && !builder.hasFailed {
                let kind = base[offset]
                offset += 1
                if let element = XMLPlistElement(rawValue: kind) {
                    // The usual text element, its start, one text record (none when empty)
                    // and its end, goes to the builder in one step, its text read in place.
                    if element.holdsText, offset < count {
                        if base[offset] == end {
                            offset += 1
                            builder.textElement(element, content: UnsafeBufferPointer(start: nil, count: 0), line: 0, column: 0)
                            continue
                        }
                        if base[offset] == text {
                            let mark = offset
                            offset += 1
                            if let content = run(), offset < count, base[offset] == end {
                                offset += 1
                                builder.textElement(element, content: content, line: 0, column: 0)
                                continue
                            }
                            offset = mark
                        }
                    }
                    builder.startElement(element, line: 0, column: 0)
                    continue
                }
                switch kind {
                case end:
                    builder.endElement(line: 0, column: 0)
                case text, UInt8(PLISTKIT_TAPE_CHARACTERS):
                    guard let bytes = run() else { return malformedTape(builder) }
                    builder.characters(bytes, line: 0, column: 0)
                case UInt8(PLISTKIT_TAPE_UNKNOWN):
                    guard offset < count else { return malformedTape(builder) }
                    let hasPrefix = base[offset] != 0
                    offset += 1
                    var prefix: UnsafeBufferPointer<UInt8>?
                    if hasPrefix {
                        guard let stored = run() else { return malformedTape(builder) }
                        prefix = stored
                    }
                    guard let name = run() else { return malformedTape(builder) }
                    builder.startElement(name: name, prefix: prefix, line: 0, column: 0)
                case UInt8(PLISTKIT_TAPE_NAMESPACES):
                    // Never shown: the push parser reads the document again and decides it.
                    builder.fail(with: PlistError(
                        .corruptData, "The document uses namespace attributes, which only the push parser checks", at: .byteOffset(0)))
                default:
                    return malformedTape(builder)
                }
            }
        }

        /// A tape whose records do not add up: a bug in the C side, never a property of the
        /// input; the parse fails (and the push parser reads the document again).
        private static func malformedTape(_ builder: XMLPlistTreeBuilder) {
            builder.fail(with: PlistError(.corruptData, "The XML reader's event tape is malformed", at: .byteOffset(0)))
        }

        /// The position passed with an event: ``position``, or (0, 0) when it is not tracked.
        @inline(__always)
        var eventPosition: (line: Int, column: Int) {
            tracksPositions ? position : (0, 0)
        }

        /// The parser's position: the line, and the column in characters, both 1-based.
        var position: (line: Int, column: Int) {
            guard let input = context?.pointee.input else { return (1, 1) }
            return (Int(max(1, input.pointee.line)), Int(max(1, input.pointee.col)))
        }

        /// Fails the parse at the current position with `reason` and stops libxml2.
        func refuse(_ reason: String) {
            let (line, column) = position
            builder.fail(with: PlistError(.corruptData, reason, at: .line(line, column: column)))
            stop()
        }

        /// Refuses an entity declaration, internal or unparsed: Apple's reader accepts none, and
        /// refusing them at the declaration is what keeps entity bombs and external entities out.
        func refuseEntityDeclaration(named name: UnsafePointer<xmlChar>?) {
            refuse("The document declares the entity '\(Self.text(name))'; property lists may not declare entities, so none is expanded or loaded")
        }

        /// A libxml2 name as a Swift string (empty when absent).
        static func text(_ name: UnsafePointer<xmlChar>?) -> String {
            name.map { String(cString: $0) } ?? ""
        }

        func stop() {
            if let context { xmlStopParser(context) }
        }

        /// Runs `body` with the error routing of `session` in place and its `context` (made by
        /// `makeContext` from the session's user-data pointer) set up with the parse options,
        /// then frees the context.
        private static func withContext(
            _ session: UnsafeMutablePointer<Session>,
            ignoringDeclaredEncoding: Bool,
            _ makeContext: (UnsafeMutableRawPointer) -> xmlParserCtxtPtr?,
            _ body: (xmlParserCtxtPtr) -> Void
        ) {
            let me = UnsafeMutableRawPointer(session.pointee.tape)
            // Errors raised without a parser context (character conversion) go to the thread's
            // structured handler; route them here for this parse instead of to stderr.
            let savedHandler = __xmlStructuredError().pointee
            let savedContext = __xmlStructuredErrorContext().pointee
            xmlSetStructuredErrorFunc(me, Session.contextlessErrorCallback)
            defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }

            guard let context = makeContext(me) else {
                session.pointee.builder.fail(with: PlistError(.corruptData, "libxml2 could not create a parser", at: .byteOffset(0)))
                return
            }
            session.pointee.context = context
            defer {
                session.pointee.context = nil
                xmlFreeParserCtxt(context)
            }
            var flags = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue)
            if ignoringDeclaredEncoding { flags |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
            xmlCtxtUseOptions(context, flags)
            body(context)
        }

        /// Parses `raw` with libxml2's push parser, in ``XMLSAXParser/chunkSize`` pieces.
        static func parse(_ session: UnsafeMutablePointer<Session>, _ raw: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool) {
            var handler = Session.handler
            let builder = session.pointee.builder
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            // The first bytes let libxml2 detect UTF-16/32 and the BOM.
            let head = min(4, raw.count)
            withContext(session, ignoringDeclaredEncoding: ignoringDeclaredEncoding, { me in
                xmlCreatePushParserCtxt(&handler, me, base, Int32(head), nil)
            }, { context in
                var offset = head
                repeat {
                    let count = min(XMLSAXParser.chunkSize, raw.count - offset)
                    let last = offset + count == raw.count
                    let status = xmlParseChunk(context, base.map { $0 + offset }, Int32(count), last ? 1 : 0)
                    offset += count
                    if builder.failure != nil { break }
                    if status != 0 || context.pointee.wellFormed == 0 {
                        session.pointee.reportLastError(context)
                        break
                    }
                    if last { break }
                } while true
            })
        }

        /// Whether ``parseWhole(_:_:ignoringDeclaredEncoding:releasesReadPages:)`` gives `raw` to the pull parser
        /// rather than the push parser.
        private static func pullParserTakes(_ raw: UnsafeRawBufferPointer) -> Bool {
            guard let base = raw.baseAddress, raw.count > 0, raw.count <= Int(Int32.max) else { return false }
            return memchr(base, 0, raw.count) == nil
        }

        /// Parses the whole buffer with libxml2's pull parser.
        static func parseWhole(
            _ session: UnsafeMutablePointer<Session>, _ raw: UnsafeRawBufferPointer, ignoringDeclaredEncoding: Bool, releasesReadPages: Bool
        ) {
            // Documents beyond an Int32 length go through the push parser (as libxml2's memory
            // inputs take no more; kept for the same verdicts as before). So do
            // documents with a NUL byte: the pull parser takes NUL for the end of its input,
            // so it would accept a document followed by a NUL and anything, which the push
            // parser refuses.
            guard Session.pullParserTakes(raw), let base = raw.baseAddress else {
                parse(session, raw, ignoringDeclaredEncoding: ignoringDeclaredEncoding)
                return
            }
            let builder = session.pointee.builder, tape = session.pointee.tape
            let reader = UnsafeMutablePointer<plistkit_memory_reader>.allocate(capacity: 1)
            reader.initialize(to: plistkit_memory_reader(
                bytes: base.assumingMemoryBound(to: UInt8.self), count: raw.count, offset: 0,
                releases_read_pages: releasesReadPages ? 1 : 0, released: 0))
            defer { reader.deallocate() }
            withContext(session, ignoringDeclaredEncoding: ignoringDeclaredEncoding, { me in
                // libxml2 reads the bytes through a callback, a few KB at a time, into a small
                // buffer it reuses. Its memory input copied the whole document first (a fresh,
                // page-faulting allocation as large as the input, every parse: about 6% of the
                // wall-clock time of the 45 MB library); its static (uncopied) input is no use:
                // libxml2 2.9 expects a NUL after the last byte, which a caller's Data does not
                // have, and rewinds a static buffer when it shrinks it near the end.
                guard let context = xmlCreateIOParserCtxt(nil, nil, plistkit_memory_reader_read, nil, reader, XML_CHAR_ENCODING_NONE) else {
                    return nil
                }
                // The context owns the handler block it allocated (and frees it); it gets a copy
                // of this parser's callbacks and this session as their user data, as
                // xmlCreatePushParserCtxt does for the push parser.
                guard let sax = context.pointee.sax else {
                    xmlFreeParserCtxt(context)
                    return nil
                }
                sax.pointee = Session.tapeHandler
                context.pointee.userData = me
                // The tape learns the plist elements from XMLPlistElement, and recognises them
                // by the pointers to their names in the context's dictionary, where libxml2
                // interns element names.
                for element in XMLPlistElement.byFrequency {
                    let name = element.spelling.utf8Start
                    let interned = context.pointee.dict.flatMap { xmlDictLookup($0, name, -1) }
                    plistkit_xml_tape_define_element(tape, element.rawValue, name, interned, element.holdsText ? 1 : 0)
                }
                return context
            }, { context in
                let status = xmlParseDocument(context)
                // The last records, short of a full tape (or a tape whose consumption failed).
                if !builder.hasFailed { session.pointee.consumeTape() }
                if builder.failure == nil && (status != 0 || context.pointee.wellFormed == 0) {
                    session.pointee.reportLastError(context)
                }
            })
        }

        /// A libxml2 failure that did not come through the error callback.
        private func reportLastError(_ context: xmlParserCtxtPtr) {
            guard builder.failure == nil else { return }
            let error = context.pointee.lastError
            if error.code != 0 {
                var copy = error
                record(&copy)
            } else {
                let (line, column) = position
                builder.fail(with: PlistError(.corruptData, "The XML is not well-formed", at: .line(line, column: column)))
            }
        }

        /// Turns a libxml2 error into the builder's failure and, when `stopping`, stops the
        /// parse; warnings pass. Errors without a parser context come from character conversion,
        /// in the middle of libxml2's input handling: stopping there makes libxml2 2.9 read a
        /// freed input, so those only record, and the chunk loop stops after the call returns.
        func record(_ error: inout xmlError, stopping: Bool = true) {
            guard error.level.rawValue >= XML_ERR_ERROR.rawValue, builder.failure == nil else { return }
            var message = error.message.map { String(cString: $0) } ?? "unknown error"
            while message.last == "\n" || message.last == " " { message.removeLast() }
            message = message.split(separator: "\n").joined(separator: "; ")
            let line = error.line > 0 ? Int(error.line) : position.line
            let column = error.int2 > 0 ? Int(error.int2) : position.column
            if error.code == Int32(XML_ERR_DOCUMENT_END.rawValue), let open = builder.innermostOpenElement {
                // libxml2's push parser calls a truncated document "Extra content at the end".
                builder.fail(with: PlistError(
                    .corruptData, "The document ends inside <\(open)>, before its end tag", at: .line(line, column: column)))
                if stopping { stop() }
                return
            }
            let code: PlistError.Code
            if error.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue) && message.contains("depth") {
                code = .limitExceeded
            } else {
                code = .corruptData
            }
            builder.fail(with: PlistError(code, "The XML is not well-formed: libxml2 reports \"\(message)\"", at: .line(line, column: column)))
            if stopping { stop() }
        }

        /// The session whose tape is the callbacks' user data `pointer`: the tape's `owner` is
        /// the session's address (see ``run(builder:tracksPositions:_:)``), valid for the parse.
        private static func session(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Session>? {
            guard let owner = pointer?.assumingMemoryBound(to: plistkit_xml_tape.self).pointee.owner else { return nil }
            return owner.assumingMemoryBound(to: Session.self)
        }

        /// The tape's consumer: `owner` is the session's address.
        private static let consumeTapeCallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
            owner?.assumingMemoryBound(to: Session.self).pointee.consumeTape()
        }

        private func afterEvent() {
            if builder.hasFailed { stop() }
        }

        // MARK: - Callbacks (plain C functions: no captures; the session comes as user data)

        private static let contextlessErrorCallback: xmlStructuredErrorFunc = { userData, error in
            guard let session = Session.session(userData), let error else { return }
            session.pointee.record(&error.pointee, stopping: false)
        }

        nonisolated(unsafe) private static let handler: xmlSAXHandler = {
            var sax = xmlSAXHandler()
            sax.initialized = UInt32(XML_SAX2_MAGIC)
            sax.startElementNs = { userData, localName, prefix, _, _, _, _, _, _ in
                guard let session = Session.session(userData), let localName else { return }
                let (line, column) = session.pointee.eventPosition
                // Plist elements have no prefix; their names are recognised without
                // measuring them first. Anything else takes the general path, which reports it.
                if prefix == nil, let element = XMLPlistElement(cString: localName) {
                    session.pointee.builder.startElement(element, line: line, column: column)
                } else {
                    let name = UnsafeBufferPointer(start: localName, count: Int(max(0, xmlStrlen(localName))))
                    let prefixBytes = prefix.map { UnsafeBufferPointer(start: $0, count: Int(max(0, xmlStrlen($0)))) }
                    session.pointee.builder.startElement(name: name, prefix: prefixBytes, line: line, column: column)
                }
                session.pointee.afterEvent()
            }
            sax.endElementNs = { userData, _, _, _ in
                guard let session = Session.session(userData) else { return }
                let (line, column) = session.pointee.eventPosition
                session.pointee.builder.endElement(line: line, column: column)
                session.pointee.afterEvent()
            }
            let characters: charactersSAXFunc = { userData, bytes, count in
                guard let session = Session.session(userData), let bytes, count > 0 else { return }
                let (line, column) = session.pointee.eventPosition
                session.pointee.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)), line: line, column: column)
                session.pointee.afterEvent()
            }
            sax.characters = characters
            sax.ignorableWhitespace = characters
            sax.cdataBlock = characters
            sax.serror = { userData, error in
                guard let session = Session.session(userData), let error else { return }
                session.pointee.record(&error.pointee)
            }
            sax.entityDecl = { userData, name, _, _, _, _ in
                Session.session(userData)?.pointee.refuseEntityDeclaration(named: name)
            }
            sax.unparsedEntityDecl = { userData, name, _, _, _ in
                Session.session(userData)?.pointee.refuseEntityDeclaration(named: name)
            }
            sax.reference = { userData, name in
                guard let session = Session.session(userData) else { return }
                session.pointee.refuse("The entity reference '&\(Session.text(name));' names no entity; only &lt; &gt; &amp; &quot; &apos; and character references are allowed")
            }
            sax.getEntity = { _, _ in nil }
            sax.getParameterEntity = { _, _ in nil }
            sax.resolveEntity = { _, _, _ in nil }
            return sax
        }()

        /// ``handler`` with the hot events recorded on the session's tape by C functions, in
        /// SAX1 mode.
        ///
        /// SAX1 (a handler not marked `XML_SAX2_MAGIC`, with `startElement`/`endElement`) skips
        /// libxml2's namespace processing of every start and end tag: 7 % of the library's
        /// reading instructions, 10 % of its time. The tape's SAX1 callbacks refuse what SAX2
        /// would check for namespaces (a colon in an element or attribute name, an `xmlns`
        /// declaration), so the push parser, which is SAX2, decides those documents. In SAX1
        /// mode libxml2 sends errors to the thread's structured handler rather than the
        /// handler's `serror`; ``withContext(_:ignoringDeclaredEncoding:_:_:)`` routes that
        /// handler to this session for the parse, so every error still fails it.
        nonisolated(unsafe) private static let tapeHandler: xmlSAXHandler = {
            var sax = handler
            sax.initialized = 1
            sax.startElementNs = nil
            sax.endElementNs = nil
            sax.startElement = plistkit_xml_tape_start_element_sax1
            sax.endElement = plistkit_xml_tape_end_element_sax1
            sax.characters = plistkit_xml_tape_characters
            sax.ignorableWhitespace = plistkit_xml_tape_characters
            sax.cdataBlock = plistkit_xml_tape_characters
            return sax
        }()
    }
}
