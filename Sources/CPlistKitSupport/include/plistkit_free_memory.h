// Returning free heap memory to the kernel, which Swift cannot ask glibc for (<malloc.h> is
// not part of the Glibc module).
#ifndef PLISTKIT_FREE_MEMORY_H
#define PLISTKIT_FREE_MEMORY_H

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Gives the pages of freed heap memory back to the kernel (glibc's `malloc_trim`), so that
/// they stop counting as resident; elsewhere it does nothing. glibc keeps the pages of freed
/// small blocks, which only later small allocations reuse: a writer that frees a large tree
/// while it fills large arrays of its own would otherwise hold both.
static inline void plistkit_return_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

#endif
