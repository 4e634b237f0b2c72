// Small C helpers for PlistKit: calls Swift cannot make directly, and the XML reader's hot
// SAX callbacks. One header per concern, each with its C file.
#ifndef CPLISTKIT_SUPPORT_H
#define CPLISTKIT_SUPPORT_H

#include "plistkit_free_memory.h"
#include "plistkit_memory_reader.h"
#include "plistkit_prefetch.h"
#include "plistkit_real_format.h"
#include "plistkit_xml_tape.h"

#endif
