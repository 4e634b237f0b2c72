// The XML reader's SAX callbacks, which record libxml2's events on a tape.
#ifndef PLISTKIT_XML_TAPE_H
#define PLISTKIT_XML_TAPE_H

#include <stddef.h>

/// The most elements a tape knows (plistkit_xml_tape_define_element); their kinds are below
/// the record kinds that follow.
enum { PLISTKIT_TAPE_ELEMENT_COUNT = 11 };

/// Record kinds on an event tape besides element starts, whose kind byte is the one the
/// element was defined with (XMLPlistElement's raw value, below PLISTKIT_TAPE_ELEMENT_COUNT).
/// The tape knows nothing of property lists beyond what its definitions tell it.
enum {
    /// A start of an element that is no plist element: a byte saying whether it has a prefix,
    /// then the prefix (a 4-byte length, the bytes) if it has one, then the local name (the same).
    PLISTKIT_TAPE_UNKNOWN = 11,
    /// The innermost element ends.
    PLISTKIT_TAPE_END = 12,
    /// Text inside a text-holding element: a 4-byte length, then the bytes (all of the
    /// element's text up to the next start or end).
    PLISTKIT_TAPE_TEXT = 13,
    /// Text that is not whitespace outside a text-holding element: a 4-byte length, the bytes.
    PLISTKIT_TAPE_CHARACTERS = 14,
    /// An element with an attribute the SAX1 pull parse does not check for namespaces (an
    /// `xmlns` declaration, a prefixed or malformed name): no payload. The consumer refuses
    /// the document, so that the push parser, which is SAX2 and checks them, decides it.
    PLISTKIT_TAPE_NAMESPACES = 15,
};

/// The SAX state of one libxml2 parse that records its events on a tape instead of calling
/// into Swift for each: one call per element and per text piece cost more than the work they
/// carried. The tape is handed to `consume` at element boundaries once it holds
/// `flush_size` bytes (64 KB unless changed after plistkit_xml_tape_init), and once more by the
/// owner after the parse; `consume` empties it (sets `count` to 0). Lengths are
/// native-endian, unaligned 32-bit integers.
///
/// This is also the user data of the parse: `owner` is the consumer's object.
typedef struct plistkit_xml_tape {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    /// The count at which the tape is handed to `consume`.
    size_t flush_size;
    /// The offset of the open text record's length, or 0 when no text record is open.
    size_t open_text;
    /// Whether the innermost element seen holds text (its start was the last event).
    int in_text;
    /// Set when the tape could not grow; no more records are written.
    int out_of_memory;
    void *owner;
    void (*consume)(void *owner);
    /// How many elements are defined, in the order start tags try them.
    int element_count;
    /// Each defined element's name as the parser's dictionary holds it, or NULL; its name;
    /// its kind; whether its content is text.
    const unsigned char *interned_names[PLISTKIT_TAPE_ELEMENT_COUNT];
    const unsigned char *names[PLISTKIT_TAPE_ELEMENT_COUNT];
    unsigned char kinds[PLISTKIT_TAPE_ELEMENT_COUNT];
    unsigned char holds_text[PLISTKIT_TAPE_ELEMENT_COUNT];
} plistkit_xml_tape;

/// Prepares an empty tape.
void plistkit_xml_tape_init(plistkit_xml_tape *tape, void *owner, void (*consume)(void *owner));
/// Defines the property-list element named `name` (NUL-terminated; it must outlive the tape):
/// its starts are recorded as `kind` (below PLISTKIT_TAPE_ELEMENT_COUNT), and `holds_text`
/// says whether its content is text. `interned_name` is the parser's dictionary copy of the
/// name, or NULL: starts whose local name is that pointer are recognised without reading the
/// name. Start tags try the elements in the order they were defined; a definition beyond
/// PLISTKIT_TAPE_ELEMENT_COUNT is ignored.
void plistkit_xml_tape_define_element(
    plistkit_xml_tape *tape, unsigned char kind, const unsigned char *name, const unsigned char *interned_name, int holds_text);
/// Frees the tape's bytes.
void plistkit_xml_tape_destroy(plistkit_xml_tape *tape);

/// libxml2's startElementNsSAX2Func: records the element's kind.
void plistkit_xml_tape_start_element(
    void *context, const unsigned char *local_name, const unsigned char *prefix, const unsigned char *uri,
    int namespace_count, const unsigned char **namespaces, int attribute_count, int defaulted_count,
    const unsigned char **attributes);
/// libxml2's endElementNsSAX2Func.
void plistkit_xml_tape_end_element(
    void *context, const unsigned char *local_name, const unsigned char *prefix, const unsigned char *uri);
/// libxml2's SAX1 startElementSAXFunc, which the pull parse uses (SAX1 skips the namespace
/// processing of every tag, a tenth of a large plist's parse): records the element's kind as
/// plistkit_xml_tape_start_element does. SAX1 knows no namespaces, so an element or attribute
/// that SAX2 would check for them (a name with a colon, an `xmlns` declaration) is recorded as
/// an element the tape refuses, and the push parser, which is SAX2, decides the document.
void plistkit_xml_tape_start_element_sax1(void *context, const unsigned char *name, const unsigned char **attributes);
/// libxml2's SAX1 endElementSAXFunc.
void plistkit_xml_tape_end_element_sax1(void *context, const unsigned char *name);
/// libxml2's charactersSAXFunc (also its ignorableWhitespace and cdataBlock): copies the text,
/// whose pointer libxml2 reuses after the call; drops whitespace between elements.
void plistkit_xml_tape_characters(void *context, const unsigned char *bytes, int length);

#endif
