import CPlistKitSupport
import FoundationEssentials

/// Runs libxml2 over a document through the reader's C half (`XMLReader.c` in
/// CPlistKitSupport) and hands the events it records, a tape at a time, to the tree builder.
///
/// This is the one Swift file that handles the C half's pointers: the document's bytes go to C
/// as a pointer and a count, the builder as the consumer's context, and each tape comes back
/// as a pointer and a count, read from here on as a checked span (``XMLEventTape``).
///
/// Safety: libxml2 runs with `XML_PARSE_NONET` and without `XML_PARSE_NOENT` or
/// `XML_PARSE_DTDLOAD`, so no external DTD or entity is fetched; any entity declaration stops
/// the parse (Apple's reader refuses every internal DTD subset), so no entity is ever expanded
/// and entity-expansion bombs fail at their first declaration; a reference to an undeclared
/// entity stops it too. `XML_PARSE_HUGE` lifts libxml2's fixed limits (256 levels, 10 MB text
/// nodes and look-ahead) because the builder enforces ``PlistReadingOptions`` itself.
enum XMLEventParser {
    /// Parses `bytes` (UTF-8, or an encoding their XML declaration names) into `builder`;
    /// problems are left in `builder.failure`.
    ///
    /// `ignoringDeclaredEncoding` is for input already converted to UTF-8 whose declaration
    /// still names its original encoding. `releasesReadPages` is for bytes that are a whole
    /// ``MappedFile``: the parse then drops the pages it has read. `tapeFlushSize` is how many
    /// bytes of records the builder is handed at a time (0 for the usual 64 KB; tests make it
    /// small, which changes nothing but where the tape is cut).
    static func parse(
        _ bytes: Data, ignoringDeclaredEncoding: Bool, releasesReadPages: Bool, tapeFlushSize: Int = 0,
        into builder: inout XMLPlistTreeBuilder
    ) {
        var options: Int32 = 0
        if ignoringDeclaredEncoding { options |= Int32(PLISTKIT_XML_IGNORE_DECLARED_ENCODING) }
        if releasesReadPages { options |= Int32(PLISTKIT_XML_RELEASE_READ_PAGES) }
        let status = bytes.withUnsafeBytes { raw -> Int in
            // The builder is lent to the consumer for the call, which alone touches it meanwhile.
            withUnsafeMutablePointer(to: &builder) { target in
                Int(plistkit_xml_parse(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, options, max(0, tapeFlushSize),
                    UnsafeMutableRawPointer(target)
                ) { owner, records, count in
                    guard let owner, let records else { return 1 }
                    let builder = owner.assumingMemoryBound(to: XMLPlistTreeBuilder.self)
                    XMLEventTape.read(UnsafeBufferPointer(start: records, count: count).span, into: &builder.pointee)
                    return builder.pointee.hasFailed ? 1 : 0
                })
            }
        }
        switch status {
        case PLISTKIT_XML_OUT_OF_MEMORY:
            builder.fail(with: PlistError(.limitExceeded, "The XML reader could not get the memory to parse the document", at: .byteOffset(0)))
        case PLISTKIT_XML_FAILED where !builder.hasFailed:
            builder.fail(with: PlistError(.corruptData, "The XML is not well-formed", at: .line(1, column: 1)))
        default:
            break
        }
    }
}
