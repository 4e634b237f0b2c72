// The parts of libxml2 that PlistKit's XML reader uses (SAX2 push/memory parsing).
//
// Debian builds libxml2 with ICU, so its encoding.h includes the system's <unicode/ucnv.h>.
// Foundation ships its own, different ICU (_FoundationICU); when both reach one Swift module
// the compiler reports conflicting definitions of UErrorCode. PlistKit never touches the
// ICU-only fields (they sit at the end of xmlCharEncodingHandler, which it only ever sees
// through a pointer), so the ICU part of the headers is switched off here.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
