// libxml2's I/O callback over bytes in memory.
#ifndef PLISTKIT_MEMORY_READER_H
#define PLISTKIT_MEMORY_READER_H

#include <stddef.h>

/// Bytes in memory read from the start by libxml2's I/O callback.
typedef struct plistkit_memory_reader {
    const unsigned char *bytes;
    size_t count;
    /// How many bytes were read (at most `count`).
    size_t offset;
    /// Nonzero when `bytes` is the start of a private read-only file mapping whose pages may be
    /// dropped once read (they fault back in from the file if read again): a large file is
    /// then never resident whole. Zero for any other memory, which dropping would destroy.
    int releases_read_pages;
    /// How many bytes from the start have been dropped (a multiple of the page size).
    size_t released;
} plistkit_memory_reader;

/// libxml2's xmlInputReadCallback over a plistkit_memory_reader: copies up to `length` of the
/// bytes not yet read into `buffer` and returns how many (0 at the end).
int plistkit_memory_reader_read(void *context, char *buffer, int length);

#endif
