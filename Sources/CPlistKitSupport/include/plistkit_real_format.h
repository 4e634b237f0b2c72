// printf-style real formatting, which Swift cannot call directly.
#ifndef PLISTKIT_REAL_FORMAT_H
#define PLISTKIT_REAL_FORMAT_H

#include <stddef.h>

/// Formats `value` with printf's "%.17g" (the 17 significant digits CoreFoundation's XML
/// writer uses) into `buffer`, returning the length printf reports.
///
/// Swift imports no variadic C function, and calling `vsnprintf` through `withVaList` built
/// an array, an argument builder object and a dynamic cast for every real written: more than
/// the formatting itself. The decimal separator follows the calling thread's LC_NUMERIC
/// locale, as printf's does.
int plistkit_format_real_17g(char *buffer, size_t size, double value);

#endif
