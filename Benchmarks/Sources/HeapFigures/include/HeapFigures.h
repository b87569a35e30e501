#ifndef CONTACTCORE_HEAP_FIGURES_H
#define CONTACTCORE_HEAP_FIGURES_H

#include <stddef.h>

/// Bytes malloc holds for the process's live allocations (glibc's mallinfo2: in-use chunks
/// plus mmapped ones), chunk headers included; 0 where there is no mallinfo2. Unlike resident
/// memory it follows the allocations alone, not page residency or the host: the same code and
/// data give the same figure.
size_t contactcore_heap_bytes_in_use(void);

#endif
