#include "plistkit_memory_reader.h"

#include <string.h>

int plistkit_memory_reader_read(void *context, char *buffer, int length) {
    plistkit_memory_reader *reader = context;
    if (reader == NULL || buffer == NULL || length <= 0) return 0;
    size_t left = reader->count - reader->offset;
    size_t count = (size_t)length < left ? (size_t)length : left;
    if (count > 0) memcpy(buffer, reader->bytes + reader->offset, count);
    reader->offset += count;
    return (int)count;
}
