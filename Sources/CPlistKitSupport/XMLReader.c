#include "plistkit_xml_reader.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Bytes the tape holds before it is handed to its consumer: enough that the crossing into Swift
// is rare, small enough to stay in cache.
#define DEFAULT_FLUSH_SIZE (64 * 1024)
// Pages of a mapping are dropped in runs of at least this many bytes, so that the system call
// costs nothing next to the parse.
#define RELEASE_STEP (1u << 20)
// Parsers kept for reuse, and the sizes beyond which one is freed rather than kept: a hostile
// document may grow libxml2's dictionary (every name it holds) and stacks (every level of
// nesting), and a kept parser would hold that memory until the process ends.
#define POOL_SIZE 4
#define KEPT_DICTIONARY_NAMES 256
#define KEPT_STACK_DEPTH 1024
#define KEPT_TAPE_BYTES (4u << 20)

static const char *const element_names[PLISTKIT_XML_ELEMENT_COUNT] = {
    "plist", "dict", "array", "key", "string", "integer", "real", "date", "data", "true", "false",
};

const char *plistkit_xml_element_name(unsigned char kind) {
    return kind < PLISTKIT_XML_ELEMENT_COUNT ? element_names[kind] : NULL;
}

// The elements, most frequent first.
static const unsigned char by_frequency[PLISTKIT_XML_ELEMENT_COUNT] = {
    PLISTKIT_XML_KEY, PLISTKIT_XML_STRING, PLISTKIT_XML_INTEGER, PLISTKIT_XML_DICT, PLISTKIT_XML_ARRAY, PLISTKIT_XML_DATE,
    PLISTKIT_XML_TRUE, PLISTKIT_XML_FALSE, PLISTKIT_XML_REAL, PLISTKIT_XML_DATA, PLISTKIT_XML_PLIST,
};

// Whether an element's content is text that makes its value: key, string, integer, real, date
// and data.
static int holds_text(int kind) {
    return kind >= PLISTKIT_XML_KEY && kind <= PLISTKIT_XML_DATA;
}

// A libxml2 parser with its SAX state: the context (reused from parse to parse, with the
// element names interned in its dictionary once), the tape, and the input being read.
typedef struct reader {
    xmlParserCtxtPtr context;
    // Each element's name as the context's dictionary holds it: libxml2 hands over element
    // names from its dictionary, so a start tag is recognised by comparing pointers.
    const xmlChar *interned[PLISTKIT_XML_ELEMENT_COUNT];

    unsigned char *tape;
    size_t count;
    size_t capacity;
    size_t flush_size;
    // The offset of the open text record's length, or 0 when no text record is open.
    size_t open_text;
    // Whether the innermost element seen holds text (its start was the last event).
    int in_text;
    // Set when the tape could not grow: nothing more is recorded and the parse is stopped.
    int out_of_memory;
    // Set once the parser is stopped (by the consumer, or here).
    int stopped;
    // Set once libxml2's first error is on the tape.
    int error_recorded;
    void *owner;
    plistkit_xml_consumer consume;

    const unsigned char *input;
    size_t input_count;
    // How many input bytes libxml2 has read, and how many from the start have been dropped
    // (a multiple of the page size).
    size_t input_offset;
    size_t released;
    int releases_read_pages;
} reader;

// MARK: - The tape

static void stop(reader *r) {
    if (!r->stopped) {
        r->stopped = 1;
        xmlStopParser(r->context);
    }
}

// Grows the tape to take `extra` more bytes; on failure marks the reader and returns 0. Sizes
// are checked against overflow before they are added.
__attribute__((noinline)) static int grow(reader *r, size_t extra) {
    if (extra > SIZE_MAX / 4 - r->count) {
        r->out_of_memory = 1;
        return 0;
    }
    size_t wanted = r->count + extra;
    size_t capacity = r->capacity ? r->capacity : 4096;
    while (capacity < wanted) capacity *= 2;
    unsigned char *grown = realloc(r->tape, capacity);
    if (grown == NULL) {
        r->out_of_memory = 1;
        return 0;
    }
    r->tape = grown;
    r->capacity = capacity;
    return 1;
}

// Makes room for `extra` more bytes, or returns 0 (and records nothing more) once the tape
// could not grow.
static inline int reserve(reader *r, size_t extra) {
    if (r->out_of_memory) return 0;
    if (r->capacity - r->count >= extra) return 1;
    return grow(r, extra);
}

// `value` in big-endian byte order (the order of the tape's fields, which its reader loads
// whole) from the host's, and back.
static inline uint32_t swap_to_big_endian(uint32_t value) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return __builtin_bswap32(value);
#else
    return value;
#endif
}

static inline void put32(unsigned char *at, uint32_t value) {
    value = swap_to_big_endian(value);
    memcpy(at, &value, sizeof value);
}

static inline uint32_t get32(const unsigned char *at) {
    uint32_t value;
    memcpy(&value, at, sizeof value);
    return swap_to_big_endian(value);
}

static inline uint32_t clamped(int value) {
    return value > 0 ? (uint32_t)value : 0;
}

// Appends `kind` and libxml2's current position (9 bytes, reserved by the caller).
static inline void put_kind_and_position(reader *r, unsigned char kind) {
    unsigned char *at = r->tape + r->count;
    xmlParserInputPtr input = r->context->input;
    at[0] = kind;
    put32(at + 1, input ? clamped(input->line) : 0);
    put32(at + 5, input ? clamped(input->col) : 0);
    r->count += 9;
}

// Appends a record of `kind` with a position and a run of `length` bytes; `line` and `column`
// of 0 take libxml2's current position.
__attribute__((noinline)) static void record_run(
    reader *r, unsigned char kind, int line, int column, const unsigned char *bytes, size_t length, int has_code, int code) {
    r->open_text = 0;
    r->in_text = 0;
    if (length > UINT32_MAX) length = UINT32_MAX;
    if (!reserve(r, 9 + 4 + 4 + length)) return;
    put_kind_and_position(r, kind);
    if (line > 0) put32(r->tape + r->count - 8, (uint32_t)line);
    if (column > 0) put32(r->tape + r->count - 4, (uint32_t)column);
    if (has_code) {
        put32(r->tape + r->count, (uint32_t)code);
        r->count += 4;
    }
    put32(r->tape + r->count, (uint32_t)length);
    r->count += 4;
    if (length > 0) memcpy(r->tape + r->count, bytes, length);
    r->count += length;
}

// Hands the tape to the consumer and empties it; stops the parse when the consumer has failed.
static void flush(reader *r) {
    if (r->count == 0) return;
    if (r->consume(r->owner, r->tape, r->count) != 0) stop(r);
    r->count = 0;
    r->open_text = 0;
}

// Hands the tape over at an element boundary once it is full enough. No text record is open
// here (starts and ends close it), so the consumer sees whole records only.
static inline void flush_if_full(reader *r) {
    if (r->count >= r->flush_size) flush(r);
}

// Copies the `count` bytes at `from` to `to` as two pieces of `width` bytes (a constant once
// inlined, width <= count <= 2 * width <= 16): the first and the last `width` bytes, which
// overlap in the middle and stay inside both buffers.
static inline void copy_overlapping(unsigned char *to, const unsigned char *from, size_t count, size_t width) {
    unsigned char head[8], tail[8];
    memcpy(head, from, width);
    memcpy(tail, from + count - width, width);
    memcpy(to, head, width);
    memcpy(to + count - width, tail, width);
}

// Copies `count` bytes (at least 1) to `to`: text up to 16 bytes (most keys and values) as
// two overlapping pieces of 8 or 4 bytes, or byte by byte below 4; longer text by memcpy,
// whose call costs more than such a copy.
static inline void copy_text(unsigned char *to, const unsigned char *from, size_t count) {
    if (count > 16) {
        memcpy(to, from, count);
    } else if (count >= 8) {
        copy_overlapping(to, from, count, 8);
    } else if (count >= 4) {
        copy_overlapping(to, from, count, 4);
    } else {
        for (size_t i = 0; i < count; i++) to[i] = from[i];
    }
}

// Records a piece of a text element's text. libxml2 hands over an element's text in pieces
// (300 bytes at most, and split at references); the pieces of one element join one record,
// whose length is updated.
__attribute__((noinline)) static void record_text(reader *r, const unsigned char *bytes, size_t count) {
    if (r->open_text != 0) {
        uint32_t so_far = get32(r->tape + r->open_text);
        if (count <= UINT32_MAX - so_far) {
            if (!reserve(r, count)) return;
            // reserve() may have moved the tape: the length is found again from its offset.
            memcpy(r->tape + r->count, bytes, count);
            r->count += count;
            put32(r->tape + r->open_text, so_far + (uint32_t)count);
            return;
        }
    }
    if (count > UINT32_MAX) {
        r->out_of_memory = 1;
        return;
    }
    if (!reserve(r, 1 + 4 + count)) return;
    unsigned char *at = r->tape + r->count;
    *at = PLISTKIT_XML_TAPE_TEXT;
    r->open_text = r->count + 1;
    put32(at + 1, (uint32_t)count);
    copy_text(at + 5, bytes, count);
    r->count += 5 + count;
}

// MARK: - SAX callbacks (SAX1: libxml2 skips its namespace processing of every tag)

// The reader behind an element callback's context, which ends any text run (a tag separates
// texts); NULL, with the parse stopped, once an allocation has failed.
static inline reader *element_callback_reader(void *context) {
    reader *r = context;
    if (r->out_of_memory) {
        stop(r);
        return NULL;
    }
    r->open_text = 0;
    return r;
}

// Records the start of plist element `kind`. A text element's start stays on the tape with its
// text and end, which the consumer takes in one step.
static inline void record_element_start(reader *r, int kind) {
    if (!reserve(r, 9)) return;
    put_kind_and_position(r, (unsigned char)kind);
    r->in_text = holds_text(kind);
    if (!r->in_text) flush_if_full(r);
}

// Records the start of an element whose name is not one of the interned pointers: a plist
// element named by other memory (compared by its bytes, which decides alone) or an unknown
// element. Out of line, so that start_element's common case saves no registers.
__attribute__((noinline)) static void record_other_element(reader *r, const xmlChar *name) {
    for (int i = 0; i < PLISTKIT_XML_ELEMENT_COUNT; i++) {
        if (strcmp(element_names[i], (const char *)name) == 0) {
            record_element_start(r, i);
            return;
        }
    }
    record_run(r, PLISTKIT_XML_TAPE_UNKNOWN_ELEMENT, 0, 0, name, strlen((const char *)name), 0, 0);
    flush_if_full(r);
}

static void start_element(void *context, const xmlChar *name, const xmlChar **attributes) {
    (void)attributes;
    reader *r = element_callback_reader(context);
    if (!r) return;
    // The elements in the order of their frequency in real property lists (a constant count
    // the compiler unrolls): one comparison for a <key>. name is never NULL here.
    int kind = -1;
    for (int i = 0; i < PLISTKIT_XML_ELEMENT_COUNT; i++) {
        if (r->interned[by_frequency[i]] == name) {
            kind = by_frequency[i];
            break;
        }
    }
    if (kind < 0) {
        record_other_element(r, name);
        return;
    }
    record_element_start(r, kind);
}

static void end_element(void *context, const xmlChar *name) {
    (void)name;
    reader *r = element_callback_reader(context);
    if (!r) return;
    r->in_text = 0;
    if (!reserve(r, 9)) return;
    put_kind_and_position(r, PLISTKIT_XML_TAPE_END);
    flush_if_full(r);
}

// Whether the `count` bytes at `bytes` are all XML whitespace. The usual run between elements,
// a line break and two to eight tabs (or spaces), is checked as two overlapping words of 2 or
// 4 bytes: bytes 1...count-1, all inside the text. Long runs (deeply nested documents are
// mostly indentation) are checked eight bytes at a time.
static int is_whitespace(const unsigned char *bytes, size_t count) {
    if (count >= 3 && count <= 9 && bytes[0] == '\n') {
        if (count >= 5) {
            uint32_t head, tail;
            memcpy(&head, bytes + 1, sizeof head);
            memcpy(&tail, bytes + count - 4, sizeof tail);
            if ((head == 0x09090909u && tail == 0x09090909u) || (head == 0x20202020u && tail == 0x20202020u)) return 1;
        } else {
            uint16_t head, tail;
            memcpy(&head, bytes + 1, sizeof head);
            memcpy(&tail, bytes + count - 2, sizeof tail);
            if ((head == 0x0909u && tail == 0x0909u) || (head == 0x2020u && tail == 0x2020u)) return 1;
        }
    }
    size_t i = 0;
    if (count >= 16) {
        while (count - i >= 8) {
            uint64_t word;
            memcpy(&word, bytes + i, sizeof word);
            if (word == 0x0909090909090909ULL || word == 0x2020202020202020ULL) {
                i += 8;
                continue;
            }
            unsigned char byte = bytes[i];
            if (byte != ' ' && byte != '\n' && byte != '\t' && byte != '\r') return 0;
            i++;
        }
    }
    for (; i < count; i++) {
        unsigned char byte = bytes[i];
        if (byte != ' ' && byte != '\n' && byte != '\t' && byte != '\r') return 0;
    }
    return 1;
}

// Character data, also libxml2's ignorableWhitespace and cdataBlock callback. Text of a text
// element is recorded; between elements only whitespace is allowed, and it is dropped here,
// before the consumer ever sees it; anything else is recorded as stray text.
static void characters(void *context, const xmlChar *bytes, int length) {
    reader *r = context;
    if (bytes == NULL || length <= 0) return;
    size_t count = (size_t)length;
    if (r->in_text) {
        record_text(r, bytes, count);
        return;
    }
    if (!is_whitespace(bytes, count)) record_run(r, PLISTKIT_XML_TAPE_STRAY_TEXT, 0, 0, bytes, count, 0, 0);
}

// An entity declaration or an undeclared entity's reference: recorded for the consumer to
// refuse, and the parse stops (this is a SAX callback, where stopping is safe).
static void refuse(reader *r, unsigned char kind, const xmlChar *name) {
    const unsigned char *bytes = name ? name : (const unsigned char *)"";
    record_run(r, kind, 0, 0, bytes, strlen((const char *)bytes), 0, 0);
    stop(r);
}

static void entity_declaration(
    void *context, const xmlChar *name, int type, const xmlChar *public_id, const xmlChar *system_id, xmlChar *content) {
    (void)type; (void)public_id; (void)system_id; (void)content;
    refuse(context, PLISTKIT_XML_TAPE_ENTITY_DECLARATION, name);
}

static void unparsed_entity_declaration(
    void *context, const xmlChar *name, const xmlChar *public_id, const xmlChar *system_id, const xmlChar *notation) {
    (void)public_id; (void)system_id; (void)notation;
    refuse(context, PLISTKIT_XML_TAPE_ENTITY_DECLARATION, name);
}

static void reference(void *context, const xmlChar *name) {
    refuse(context, PLISTKIT_XML_TAPE_ENTITY_REFERENCE, name);
}

static xmlEntityPtr no_entity(void *context, const xmlChar *name) {
    (void)context; (void)name;
    return NULL;
}

static xmlParserInputPtr no_input(void *context, const xmlChar *public_id, const xmlChar *system_id) {
    (void)context; (void)public_id; (void)system_id;
    return NULL;
}

// The thread's structured error handler for the length of a parse: in SAX1 mode libxml2 sends
// every error there (errors of character conversion too, which have no parser context). The
// first error is recorded; the parser is never stopped here, because stopping libxml2 2.9 in
// the middle of its input conversion makes it read freed memory (it stops delivering events
// after a fatal error by itself).
static void record_error(void *context, xmlErrorPtr error) {
    reader *r = context;
    if (r == NULL || error == NULL || error->level < XML_ERR_ERROR || r->error_recorded) return;
    r->error_recorded = 1;
    const char *message = error->message ? error->message : "";
    int kind = PLISTKIT_XML_ERROR_OTHER;
    if (error->code == XML_ERR_DOCUMENT_END || error->code == XML_ERR_TAG_NOT_FINISHED) {
        kind = PLISTKIT_XML_ERROR_CUT_SHORT;
    } else if (error->code == XML_ERR_INTERNAL_ERROR && strstr(message, "depth") != NULL) {
        kind = PLISTKIT_XML_ERROR_LIMIT;
    } else if (error->code == XML_ERR_TAG_NAME_MISMATCH && error->str2 != NULL) {
        kind = PLISTKIT_XML_ERROR_TAG_MISMATCH;
        message = error->str2;
    }
    record_run(r, PLISTKIT_XML_TAPE_ERROR, error->line, error->int2, (const unsigned char *)message, strlen(message), 1, kind);
}

// libxml2's input callback: copies up to `length` of the bytes not yet read into `buffer`
// and returns how many (0 at the end).
static int read_input(void *context, char *buffer, int length) {
    reader *r = context;
    if (buffer == NULL || length <= 0) return 0;
    if (r->releases_read_pages && r->input_offset == 0 && r->input_count > RELEASE_STEP) {
        // The checks that scan the input before the parse have loaded all of it: drop it,
        // and the parse loads each page once more as it reads.
        madvise((void *)r->input, r->input_count, MADV_DONTNEED);
    }
    size_t left = r->input_count - r->input_offset;
    size_t count = (size_t)length < left ? (size_t)length : left;
    if (count > 0) memcpy(buffer, r->input + r->input_offset, count);
    r->input_offset += count;
    if (r->releases_read_pages && r->input_offset - r->released >= RELEASE_STEP) {
        // libxml2 keeps what it still needs in its own buffer; the mapping's pages behind the
        // read position are only file cache from here on.
        long page = sysconf(_SC_PAGESIZE);
        size_t end = page > 0 ? r->input_offset / (size_t)page * (size_t)page : r->released;
        if (end > r->released) {
            madvise((void *)(r->input + r->released), end - r->released, MADV_DONTNEED);
            r->released = end;
        }
    }
    return (int)count;
}

// MARK: - Parsers, made once and reused

static void free_reader(reader *r) {
    if (r == NULL) return;
    if (r->context) xmlFreeParserCtxt(r->context);
    free(r->tape);
    free(r);
}

static reader *make_reader(void) {
    xmlInitParser();
    reader *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->context = xmlNewParserCtxt();
    if (r->context == NULL || r->context->sax == NULL || r->context->dict == NULL) {
        free_reader(r);
        return NULL;
    }
    xmlSAXHandler *sax = r->context->sax;
    memset(sax, 0, sizeof *sax);
    // Not XML_SAX2_MAGIC: SAX1, with startElement and endElement.
    sax->initialized = 1;
    sax->startElement = start_element;
    sax->endElement = end_element;
    sax->characters = characters;
    sax->ignorableWhitespace = characters;
    sax->cdataBlock = characters;
    sax->entityDecl = entity_declaration;
    sax->unparsedEntityDecl = unparsed_entity_declaration;
    sax->reference = reference;
    sax->getEntity = no_entity;
    sax->getParameterEntity = no_entity;
    sax->resolveEntity = no_input;
    r->context->userData = r;
    for (int i = 0; i < PLISTKIT_XML_ELEMENT_COUNT; i++) {
        r->interned[i] = xmlDictLookup(r->context->dict, (const xmlChar *)element_names[i], -1);
    }
    return r;
}

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static reader *pool[POOL_SIZE];
static int pooled;

static reader *acquire(void) {
    reader *r = NULL;
    pthread_mutex_lock(&pool_lock);
    if (pooled > 0) r = pool[--pooled];
    pthread_mutex_unlock(&pool_lock);
    return r ? r : make_reader();
}

// Keeps `r` for the next parse, unless the document grew it beyond what a property list needs
// or the pool is full.
static void release(reader *r) {
    xmlParserCtxtPtr context = r->context;
    r->owner = NULL;
    r->consume = NULL;
    r->input = NULL;
    // libxml2 makes a document of its own to hold the declarations of a DTD's internal subset
    // (an entity declaration, before the SAX handler refuses it), and neither the end of a
    // parse nor xmlFreeParserCtxt frees it: a parser freed below would leak it, one kept
    // would hold it until its next parse.
    if (context->myDoc != NULL) {
        xmlFreeDoc(context->myDoc);
        context->myDoc = NULL;
    }
    if (xmlDictSize(context->dict) > KEPT_DICTIONARY_NAMES || context->nameMax > KEPT_STACK_DEPTH
        || context->nodeMax > KEPT_STACK_DEPTH || context->spaceMax > KEPT_STACK_DEPTH || context->inputMax > 8) {
        free_reader(r);
        return;
    }
    if (r->capacity > KEPT_TAPE_BYTES) {
        free(r->tape);
        r->tape = NULL;
        r->capacity = 0;
    }
    pthread_mutex_lock(&pool_lock);
    if (pooled < POOL_SIZE) {
        pool[pooled++] = r;
        r = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    free_reader(r);
}

int plistkit_xml_parse(
    const unsigned char *bytes, size_t count, int options, size_t flush_size, void *owner, plistkit_xml_consumer consume) {
    reader *r = acquire();
    if (r == NULL) return PLISTKIT_XML_OUT_OF_MEMORY;
    xmlParserCtxtPtr context = r->context;
    xmlCtxtReset(context);
    r->count = 0;
    r->flush_size = flush_size > 0 ? flush_size : DEFAULT_FLUSH_SIZE;
    r->open_text = 0;
    r->in_text = 0;
    r->out_of_memory = 0;
    r->stopped = 0;
    r->error_recorded = 0;
    r->owner = owner;
    r->consume = consume;
    r->input = bytes;
    r->input_count = bytes ? count : 0;
    r->input_offset = 0;
    r->released = 0;
    r->releases_read_pages = (options & PLISTKIT_XML_RELEASE_READ_PAGES) != 0;

    // libxml2 reads the bytes through the callback, a few KB at a time, into a small buffer it
    // reuses: its memory input would copy the whole document first, and its static input
    // expects a NUL after the last byte.
    xmlParserInputBufferPtr buffer = xmlParserInputBufferCreateIO(read_input, NULL, r, XML_CHAR_ENCODING_NONE);
    xmlParserInputPtr stream = buffer ? xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) : NULL;
    if (stream == NULL) {
        if (buffer) xmlFreeParserInputBuffer(buffer);
        release(r);
        return PLISTKIT_XML_OUT_OF_MEMORY;
    }
    inputPush(context, stream);
    // A reused context keeps options set by an earlier parse; this one is set or not each time.
    context->options &= ~XML_PARSE_IGNORE_ENC;
    int flags = XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOCDATA;
    if (options & PLISTKIT_XML_IGNORE_DECLARED_ENCODING) flags |= XML_PARSE_IGNORE_ENC;
    xmlCtxtUseOptions(context, flags);

    xmlStructuredErrorFunc saved_handler = xmlStructuredError;
    void *saved_context = xmlStructuredErrorContext;
    xmlSetStructuredErrorFunc(r, record_error);
    int status = xmlParseDocument(context);
    int parsed = status == 0 && context->wellFormed && !r->stopped && !r->error_recorded;
    if (parsed && (r->input_offset < r->input_count || (context->input && context->input->cur < context->input->end))) {
        // The pull parser takes a NUL byte for the end of its input: a document followed by a
        // NUL and anything at all would pass. What follows the document element is refused as
        // libxml2 refuses other bytes there.
        static const char extra[] = "Extra content at the end of the document";
        record_run(r, PLISTKIT_XML_TAPE_ERROR, 0, 0, (const unsigned char *)extra, sizeof extra - 1, 1, PLISTKIT_XML_ERROR_OTHER);
        parsed = 0;
    } else if (!parsed && !r->stopped && !r->error_recorded) {
        // Refused without an error reported: the consumer words it from the position.
        record_run(r, PLISTKIT_XML_TAPE_ERROR, 0, 0, NULL, 0, 1, PLISTKIT_XML_ERROR_OTHER);
    }
    xmlSetStructuredErrorFunc(saved_context, saved_handler);

    // The last records, short of a full tape; the parse is over, so nothing is stopped.
    int out_of_memory = r->out_of_memory;
    if (!out_of_memory && r->count > 0) r->consume(r->owner, r->tape, r->count);
    release(r);
    if (out_of_memory) return PLISTKIT_XML_OUT_OF_MEMORY;
    return parsed ? PLISTKIT_XML_PARSED : PLISTKIT_XML_FAILED;
}
