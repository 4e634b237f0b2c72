// The XML reader's half in C: libxml2 driven over a buffer, its events recorded on a tape.
#ifndef PLISTKIT_XML_READER_H
#define PLISTKIT_XML_READER_H

#include <stddef.h>

/// The elements of Apple's property-list DTD, as the tape records their starts: a start's
/// record kind is the element's number here. XMLPlistElement's raw values are these numbers.
enum {
    PLISTKIT_XML_PLIST = 0,
    PLISTKIT_XML_DICT,
    PLISTKIT_XML_ARRAY,
    PLISTKIT_XML_KEY,
    PLISTKIT_XML_STRING,
    PLISTKIT_XML_INTEGER,
    PLISTKIT_XML_REAL,
    PLISTKIT_XML_DATE,
    PLISTKIT_XML_DATA,
    PLISTKIT_XML_TRUE,
    PLISTKIT_XML_FALSE,
    /// How many elements there are.
    PLISTKIT_XML_ELEMENT_COUNT
};

/// The name of element `kind` as written in a tag (NUL-terminated), or NULL for a number that
/// names no element.
const char *plistkit_xml_element_name(unsigned char kind);

/// The kinds of the tape's records. Each record is its kind (one byte) and the fields listed.
/// Every multi-byte field is big-endian and unaligned; a "position" is the line and the
/// column (in characters) libxml2 was at, 4 bytes each, 1-based (0 when unknown); a "run" is a
/// 4-byte length and that many bytes.
///
/// A property-list element's start has the element's number as its kind, and a position
/// (the `>`, or the `/` of `/>`, that ends the start tag).
enum {
    /// A start of an element that is no property-list element: a position and its name as a
    /// run (a prefix included, colon and all).
    PLISTKIT_XML_TAPE_UNKNOWN_ELEMENT = PLISTKIT_XML_ELEMENT_COUNT,
    /// The innermost element ends: a position (just past the end tag, or the `/>`).
    PLISTKIT_XML_TAPE_END,
    /// The text of the innermost element, which holds text: a run, all of its character data
    /// up to the next record of another kind, joined.
    PLISTKIT_XML_TAPE_TEXT,
    /// Character data that is not whitespace where only elements (or nothing) belong: a
    /// position (just past the text) and the text as a run. Whitespace there is dropped.
    PLISTKIT_XML_TAPE_STRAY_TEXT,
    /// An entity declaration (which the reader refuses): a position and the name as a run.
    PLISTKIT_XML_TAPE_ENTITY_DECLARATION,
    /// A reference to an entity that is not declared (which the reader refuses): a position
    /// and the name as a run.
    PLISTKIT_XML_TAPE_ENTITY_REFERENCE,
    /// libxml2's first error (of level error or fatal): a position, what kind of error it is
    /// (4 bytes, one of the PLISTKIT_XML_ERROR_ values) and libxml2's message as a run (empty
    /// when libxml2 gave none).
    PLISTKIT_XML_TAPE_ERROR,
};

/// The kinds of libxml2 error the reader words in its own way.
enum {
    /// Any other error.
    PLISTKIT_XML_ERROR_OTHER = 0,
    /// The input ends before the document does.
    PLISTKIT_XML_ERROR_CUT_SHORT = 1,
    /// A limit of libxml2's own was reached.
    PLISTKIT_XML_ERROR_LIMIT = 2,
    /// An end tag names another element than the innermost open one; the record's run is the
    /// end tag's name (libxml2 2.9's pull parser gives the open element's line as 0 in its
    /// message, so the consumer words it from what it knows).
    PLISTKIT_XML_ERROR_TAG_MISMATCH = 3,
};

/// Receives the records on the tape, `count` bytes of whole records at `records` (valid for
/// the call), in order: whenever the tape holds the flush size, at the end of an element, and
/// once after the parse. Returns nonzero to stop the parse (the consumer has failed).
typedef int (*plistkit_xml_consumer)(void *owner, const unsigned char *records, size_t count);

/// What ``plistkit_xml_parse`` returns.
enum {
    /// libxml2 read the document to its end without an error.
    PLISTKIT_XML_PARSED = 0,
    /// The parse failed: libxml2 refused the document (its error is on the tape) or the
    /// consumer stopped it.
    PLISTKIT_XML_FAILED = 1,
    /// The memory for the tape or for libxml2's parser could not be had.
    PLISTKIT_XML_OUT_OF_MEMORY = 2,
};

/// Options of ``plistkit_xml_parse``.
enum {
    /// The bytes are UTF-8 whatever their XML declaration names (input transcoded to UTF-8).
    PLISTKIT_XML_IGNORE_DECLARED_ENCODING = 1,
    /// The bytes are a whole private read-only file mapping: the pages libxml2 has read are
    /// dropped as it goes (they fault back in from the file if read again).
    PLISTKIT_XML_RELEASE_READ_PAGES = 2,
};

/// Parses the `count` bytes at `bytes` as XML with libxml2's pull parser (SAX1, options
/// XML_PARSE_NONET, XML_PARSE_HUGE and XML_PARSE_NOCDATA; no entity is ever loaded or
/// expanded) and hands its events to `consume` as records. `flush_size` is the tape's size
/// between two calls of `consume` (0 for the usual 64 KB). Safe to call from several threads
/// at once: each call uses a parser of its own (parsers are reused from call to call).
int plistkit_xml_parse(
    const unsigned char *bytes, size_t count, int options, size_t flush_size, void *owner, plistkit_xml_consumer consume);

#endif
