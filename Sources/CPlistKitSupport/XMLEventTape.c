#include "plistkit_xml_tape.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Bytes a tape holds before it is handed to its consumer: enough that the crossing into Swift
// is rare, small enough to stay in cache.
#define PLISTKIT_TAPE_FLUSH_SIZE (64 * 1024)

void plistkit_xml_tape_init(plistkit_xml_tape *tape, void *owner, void (*consume)(void *owner)) {
    memset(tape, 0, sizeof *tape);
    tape->owner = owner;
    tape->consume = consume;
    tape->flush_size = PLISTKIT_TAPE_FLUSH_SIZE;
}

void plistkit_xml_tape_define_element(
    plistkit_xml_tape *tape, unsigned char kind, const unsigned char *name, const unsigned char *interned_name, int holds_text) {
    if (tape->element_count >= PLISTKIT_TAPE_ELEMENT_COUNT || kind >= PLISTKIT_TAPE_ELEMENT_COUNT || name == NULL) return;
    int i = tape->element_count++;
    tape->names[i] = name;
    tape->interned_names[i] = interned_name;
    tape->kinds[i] = kind;
    tape->holds_text[i] = holds_text != 0;
}

void plistkit_xml_tape_destroy(plistkit_xml_tape *tape) {
    free(tape->bytes);
    tape->bytes = NULL;
    tape->count = 0;
    tape->capacity = 0;
}

// Grows the tape to take `extra` more bytes; on failure marks the tape (its consumer then
// fails the parse) and returns 0. Sizes are checked against overflow before they are added.
__attribute__((noinline)) static int grow(plistkit_xml_tape *tape, size_t extra) {
    if (extra > SIZE_MAX / 2 - tape->count) {
        tape->out_of_memory = 1;
        return 0;
    }
    size_t wanted = tape->count + extra;
    size_t capacity = tape->capacity ? tape->capacity : tape->flush_size + 256;
    while (capacity < wanted) capacity *= 2;
    unsigned char *grown = realloc(tape->bytes, capacity);
    if (grown == NULL) {
        tape->out_of_memory = 1;
        return 0;
    }
    tape->bytes = grown;
    tape->capacity = capacity;
    return 1;
}

// Makes room for `extra` more bytes, or returns 0 (and writes nothing more) once the tape
// could not grow.
static inline int reserve(plistkit_xml_tape *tape, size_t extra) {
    if (tape->out_of_memory) return 0;
    if (tape->capacity - tape->count >= extra) return 1;
    return grow(tape, extra);
}

static void put_length(unsigned char *at, uint32_t length) {
    memcpy(at, &length, sizeof length);
}

// Appends a length-prefixed run of bytes (the length already checked to fit 32 bits).
static void put_run(plistkit_xml_tape *tape, const unsigned char *bytes, uint32_t length) {
    put_length(tape->bytes + tape->count, length);
    tape->count += 4;
    if (length > 0) memcpy(tape->bytes + tape->count, bytes, length);
    tape->count += length;
}

// Hands the tape to its consumer at an element boundary once it is full enough. A text record
// is never open here (starts and ends close it), so the consumer sees whole records only.
static void consume_if_full(plistkit_xml_tape *tape) {
    if (tape->count >= tape->flush_size) tape->consume(tape->owner);
}

// Records the start of the element defined at `index`.
static inline void record_element(plistkit_xml_tape *tape, int index) {
    if (!reserve(tape, 1)) return;
    tape->bytes[tape->count++] = tape->kinds[index];
    tape->in_text = tape->holds_text[index];
    consume_if_full(tape);
}

// Records the start of an element that is no plist element, with its names, so that the
// consumer reports it as the push parser's path does. Out of line: it is never the common case.
__attribute__((noinline)) static void record_unknown_element(
    plistkit_xml_tape *tape, const unsigned char *local_name, const unsigned char *prefix) {
    tape->in_text = 0;
    size_t name_length = strlen((const char *)local_name);
    size_t prefix_length = prefix ? strlen((const char *)prefix) : 0;
    if (name_length > UINT32_MAX - 1 || prefix_length > UINT32_MAX - 1) {
        tape->out_of_memory = 1;
        return;
    }
    if (!reserve(tape, 2 + 4 + prefix_length + 4 + name_length)) return;
    tape->bytes[tape->count++] = PLISTKIT_TAPE_UNKNOWN;
    tape->bytes[tape->count++] = prefix != NULL;
    if (prefix != NULL) put_run(tape, prefix, (uint32_t)prefix_length);
    put_run(tape, local_name, (uint32_t)name_length);
}

// Records the start of an element whose name is not one of the interned pointers: a plist
// element named by other memory (compared by its bytes, which decides alone), a prefixed name
// or an unknown element. Out of line, so that plistkit_xml_tape_start_element's common case
// (an interned name) saves no registers.
__attribute__((noinline)) static void record_other_element(
    plistkit_xml_tape *tape, const unsigned char *local_name, const unsigned char *prefix) {
    if (prefix == NULL) {
        for (int i = 0; i < tape->element_count; i++) {
            if (strcmp((const char *)tape->names[i], (const char *)local_name) == 0) {
                record_element(tape, i);
                return;
            }
        }
    }
    record_unknown_element(tape, local_name, prefix);
    consume_if_full(tape);
}

void plistkit_xml_tape_start_element(
    void *context, const unsigned char *local_name, const unsigned char *prefix, const unsigned char *uri,
    int namespace_count, const unsigned char **namespaces, int attribute_count, int defaulted_count,
    const unsigned char **attributes) {
    (void)uri; (void)namespace_count; (void)namespaces; (void)attribute_count; (void)defaulted_count; (void)attributes;
    plistkit_xml_tape *tape = context;
    if (tape == NULL || local_name == NULL) return;
    tape->open_text = 0;
    if (prefix == NULL) {
        // libxml2 hands over names from its dictionary, so a plist element's name is usually
        // one of the interned pointers: one comparison for a <key>.
        // Every slot is tried (a constant count the compiler unrolls); local_name is not NULL,
        // so a slot without an interned name never matches.
        for (int i = 0; i < PLISTKIT_TAPE_ELEMENT_COUNT; i++) {
            if (tape->interned_names[i] == local_name) {
                record_element(tape, i);
                return;
            }
        }
    }
    record_other_element(tape, local_name, prefix);
}

void plistkit_xml_tape_end_element(
    void *context, const unsigned char *local_name, const unsigned char *prefix, const unsigned char *uri) {
    (void)local_name; (void)prefix; (void)uri;
    plistkit_xml_tape *tape = context;
    if (tape == NULL) return;
    tape->open_text = 0;
    tape->in_text = 0;
    if (!reserve(tape, 1)) return;
    tape->bytes[tape->count++] = PLISTKIT_TAPE_END;
    consume_if_full(tape);
}

// Whether SAX2 would look at an attribute named `name` for namespaces: a declaration
// (`xmlns`, `xmlns:p`) or a prefixed name (any colon, malformed ones included).
static int is_namespace_attribute(const unsigned char *name) {
    if (strncmp((const char *)name, "xmlns", 5) == 0) return 1;
    return strchr((const char *)name, ':') != NULL;
}

void plistkit_xml_tape_start_element_sax1(void *context, const unsigned char *name, const unsigned char **attributes) {
    plistkit_xml_tape *tape = context;
    if (tape == NULL || name == NULL) return;
    if (attributes != NULL) {
        // Name and value pairs, ended by a NULL name.
        for (const unsigned char **attribute = attributes; *attribute != NULL; attribute += 2) {
            if (is_namespace_attribute(*attribute)) {
                tape->open_text = 0;
                tape->in_text = 0;
                if (!reserve(tape, 1)) return;
                tape->bytes[tape->count++] = PLISTKIT_TAPE_NAMESPACES;
                consume_if_full(tape);
                return;
            }
        }
    }
    // A prefixed element name holds a colon, which no plist element's name does: it is
    // recorded as unknown, and refused.
    plistkit_xml_tape_start_element(context, name, NULL, NULL, 0, NULL, 0, 0, NULL);
}

void plistkit_xml_tape_end_element_sax1(void *context, const unsigned char *name) {
    plistkit_xml_tape_end_element(context, name, NULL, NULL);
}

// Records text that is not whitespace found between elements; the consumer refuses it.
// Out of line (as record_text is) so that plistkit_xml_tape_characters stays a small function
// that saves no registers for its common case, whitespace between elements.
__attribute__((noinline)) static void record_stray_text(plistkit_xml_tape *tape, const unsigned char *bytes, size_t count) {
    if (count > UINT32_MAX) {
        tape->out_of_memory = 1;
        return;
    }
    if (!reserve(tape, 1 + 4 + count)) return;
    tape->bytes[tape->count++] = PLISTKIT_TAPE_CHARACTERS;
    put_run(tape, bytes, (uint32_t)count);
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
__attribute__((noinline)) static void record_text(plistkit_xml_tape *tape, const unsigned char *bytes, size_t count) {
    if (tape->open_text != 0) {
        uint32_t so_far;
        memcpy(&so_far, tape->bytes + tape->open_text, sizeof so_far);
        if (count <= UINT32_MAX - so_far) {
            if (!reserve(tape, count)) return;
            // reserve() may have moved the buffer: the length is found again from its offset.
            memcpy(tape->bytes + tape->count, bytes, count);
            tape->count += count;
            put_length(tape->bytes + tape->open_text, so_far + (uint32_t)count);
            return;
        }
    }
    if (count > UINT32_MAX) {
        tape->out_of_memory = 1;
        return;
    }
    if (!reserve(tape, 1 + 4 + count)) return;
    unsigned char *at = tape->bytes + tape->count;
    *at = PLISTKIT_TAPE_TEXT;
    tape->open_text = tape->count + 1;
    put_length(at + 1, (uint32_t)count);
    copy_text(at + 5, bytes, count);
    tape->count += 5 + count;
}

void plistkit_xml_tape_characters(void *context, const unsigned char *bytes, int length) {
    plistkit_xml_tape *tape = context;
    if (tape == NULL || bytes == NULL || length <= 0) return;
    size_t count = (size_t)length;
    if (tape->in_text) {
        record_text(tape, bytes, count);
        return;
    }
    // Between elements only whitespace is allowed, and the builder ignores it there: it is
    // dropped here, before the consumer ever sees it. Anything else goes to the consumer.
    // Long runs (deeply nested documents are mostly indentation) are mostly tabs or spaces,
    // checked eight at a time; short ones (the usual few bytes) byte by byte.
    // The usual run, a line break and two to eight tabs (or spaces) of indentation, is
    // checked as two overlapping words of 2 or 4 bytes: bytes 1...count-1, all inside the text.
    if (count >= 3 && count <= 9 && bytes[0] == '\n') {
        if (count >= 5) {
            uint32_t head, tail;
            memcpy(&head, bytes + 1, sizeof head);
            memcpy(&tail, bytes + count - 4, sizeof tail);
            if ((head == 0x09090909u && tail == 0x09090909u) || (head == 0x20202020u && tail == 0x20202020u)) return;
        } else {
            uint16_t head, tail;
            memcpy(&head, bytes + 1, sizeof head);
            memcpy(&tail, bytes + count - 2, sizeof tail);
            if ((head == 0x0909u && tail == 0x0909u) || (head == 0x2020u && tail == 0x2020u)) return;
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
            if (byte != ' ' && byte != '\n' && byte != '\t' && byte != '\r') break;
            i++;
        }
    }
    for (; i < count; i++) {
        unsigned char byte = bytes[i];
        if (byte != ' ' && byte != '\n' && byte != '\t' && byte != '\r') {
            record_stray_text(tape, bytes, count);
            return;
        }
    }
}
