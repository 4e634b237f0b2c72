// Small C helpers for PlistKit: calls Swift cannot make directly, and the XML reader's half
// that drives libxml2. One header per concern, each with its C file.
#ifndef CPLISTKIT_SUPPORT_H
#define CPLISTKIT_SUPPORT_H

#include "plistkit_free_memory.h"
#include "plistkit_prefetch.h"
#include "plistkit_real_format.h"
#include "plistkit_xml_reader.h"

#endif
