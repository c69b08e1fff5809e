#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H

#include <stddef.h>

/// The bytes the C allocator holds for the process's live allocations (glibc's mallinfo2: in-use chunks of every
/// arena plus directly mapped ones; Apple's malloc zones: their size in use). Free memory the allocator keeps, and
/// memory that is not the allocator's (code, stacks, SQLite's memory-mapped I/O), is not counted. 0 elsewhere.
size_t heap_stats_in_use(void);

#endif
