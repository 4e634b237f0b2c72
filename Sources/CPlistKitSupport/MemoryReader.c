#include "plistkit_memory_reader.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// Pages of a mapping are dropped in runs of at least this many bytes, so that the system
/// call costs nothing next to the parse.
static const size_t release_step = 1u << 20;

int plistkit_memory_reader_read(void *context, char *buffer, int length) {
    plistkit_memory_reader *reader = context;
    if (reader == NULL || buffer == NULL || length <= 0) return 0;
    if (reader->releases_read_pages && reader->offset == 0 && reader->count > release_step) {
        // The checks that scan the input before the parse have loaded all of it: drop it,
        // and the parse loads each page once more as it reads.
        madvise((void *)reader->bytes, reader->count, MADV_DONTNEED);
    }
    size_t left = reader->count - reader->offset;
    size_t count = (size_t)length < left ? (size_t)length : left;
    if (count > 0) memcpy(buffer, reader->bytes + reader->offset, count);
    reader->offset += count;
    if (reader->releases_read_pages && reader->offset - reader->released >= release_step) {
        // libxml2 keeps what it still needs in its own buffer; the mapping's pages behind
        // the read position are only file cache from here on.
        long page = sysconf(_SC_PAGESIZE);
        size_t end = page > 0 ? reader->offset / (size_t)page * (size_t)page : reader->released;
        if (end > reader->released) {
            madvise((void *)(reader->bytes + reader->released), end - reader->released, MADV_DONTNEED);
            reader->released = end;
        }
    }
    return (int)count;
}
