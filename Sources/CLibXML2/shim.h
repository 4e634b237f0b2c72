// The parts of libxml2 that PlistKit's XML reader uses (SAX2 push/memory parsing).
#include <libxml/xmlversion.h>
// libxml2's encoding.h includes the system ICU headers when libxml2 was built with ICU; their
// UErrorCode clashes with Foundation's own ICU module in any file that sees both. PlistKit
// uses none of libxml2's ICU converters (it never touches xmlCharEncodingHandler's fields).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
