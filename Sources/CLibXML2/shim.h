// The parts of libxml2 that PlistKit's XML reader uses (SAX2 push/memory parsing).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
