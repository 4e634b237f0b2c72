#include "plistkit_real_format.h"

#include <stdio.h>

int plistkit_format_real_17g(char *buffer, size_t size, double value) {
    return snprintf(buffer, size, "%.17g", value);
}
