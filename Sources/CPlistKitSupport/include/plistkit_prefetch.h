// A cache prefetch hint, which Swift has no spelling for.
#ifndef PLISTKIT_PREFETCH_H
#define PLISTKIT_PREFETCH_H


/// Asks the processor to start loading the cache line at `address` for reading, without
/// waiting for it (a hint: it never faults, whatever the address).
static inline void plistkit_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
